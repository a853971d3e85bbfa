#include "report/importproblem.h"

#include <QCoreApplication>

namespace inbox {

QString ImportProblem::text() const
{
    // Literal texts at each call, so lupdate finds them.
    switch (code) {
    case Code::UnclosedQuote:
        return QCoreApplication::translate("inbox::ImportProblem",
                                           "A quote opened in this row is never closed.");
    case Code::TextAfterQuote:
        return QCoreApplication::translate(
                   "inbox::ImportProblem",
                   "Text follows a closing quote on line %1: a quote is missing or not doubled.")
            .arg(arg1);
    case Code::FieldCount:
        return QCoreApplication::translate("inbox::ImportProblem",
                                           "The row has %1 fields, the header has %2.")
            .arg(arg1, arg2);
    case Code::InvalidBytes:
        return QCoreApplication::translate("inbox::ImportProblem",
                                           "Column \"%1\" has bytes that are not %2 text.")
            .arg(arg1, arg2);
    case Code::NoExternalId:
        return QCoreApplication::translate("inbox::ImportProblem",
                                           "No external id: column \"%1\" is empty.")
            .arg(arg1);
    case Code::NoCreatedAt:
        return QCoreApplication::translate("inbox::ImportProblem",
                                           "No creation date: column \"%1\" is empty.")
            .arg(arg1);
    case Code::BadCreatedAt:
        return QCoreApplication::translate(
                   "inbox::ImportProblem",
                   "\"%1\" is not a creation date this import reads (dd.MM.yyyy HH:mm:ss, "
                   "dd.MM.yyyy HH:mm, dd.MM.yyyy or ISO 8601).")
            .arg(arg1);
    case Code::NoSource:
        return QCoreApplication::translate(
                   "inbox::ImportProblem",
                   "No source: column \"%1\" is empty and no source was chosen for the file.")
            .arg(arg1);
    }
    return {};
}

} // namespace inbox
