#pragma once

#include <QString>

namespace inbox {

// A row of an imported export that was not taken, and why. Never a silent skip: the import
// dialog lists these, so a manager can fix the file or accept the loss knowingly.
struct ImportProblem
{
    enum class Code {
        UnclosedQuote,  // a quoted field runs to the end of the file
        TextAfterQuote, // a closing quote followed by something other than a separator
        FieldCount,     // not as many fields as the header
        InvalidBytes,   // bytes that are not text in the file's encoding
        NoExternalId,
        NoCreatedAt,
        BadCreatedAt,
        NoSource,
    };

    qint64 line = 0; // 1-based line of the file where the record starts
    Code code = Code::FieldCount;
    // What the reason names: a column's header, a value, a count (see text()).
    QString arg1;
    QString arg2;

    // The reason in the user's language.
    QString text() const;

    bool operator==(const ImportProblem &other) const
    {
        return line == other.line && code == other.code && arg1 == other.arg1 && arg2 == other.arg2;
    }
};

} // namespace inbox
