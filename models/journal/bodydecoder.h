#pragma once

#include <QByteArray>
#include <QPair>
#include <QString>
#include <QVector>

namespace inbox {

// A body made readable. Never the bytes themselves: those stay with the caller for "save".
struct DecodedBody
{
    enum class Format { Empty, Json, Form, Text, Hex };
    Format format = Format::Empty;
    QString text;                            // what to show, whatever the format
    QVector<QPair<QString, QString>> fields; // Form: decoded name/value pairs, in order
    qint64 totalBytes = 0;                   // the whole body
    qint64 decodedBytes = 0;                 // how many of them were decoded for display
    bool truncated = false;                  // decodedBytes < totalBytes, or the display was cut
    bool invalidUtf8 = false;                // text had bytes that are not UTF-8 (shown as U+FFFD)
    QString note; // why it is shown the way it is (English; see noteCode)
    enum class Note { None, InvalidJson, TooDeep, Binary, InvalidUtf8 };
    Note noteCode = Note::None;
};

// Decodes a body for display by its content type, and by sniffing when the type says little:
// JSON pretty-printed (tokens verbatim: key order, duplicate keys and big numbers stay as
// sent, \u escapes shown as characters), form fields, text (invalid UTF-8 and control
// characters made visible), otherwise a hex dump. Works on at most kDisplayLimit bytes, so a
// huge body is decoded quickly; any input, however malformed or deeply nested, is safe: the
// JSON printer has no recursion and gives up on nesting deeper than kMaxJsonDepth (shown as
// text then).
class BodyDecoder final
{
public:
    static constexpr int kDisplayLimit = 256 * 1024;
    static constexpr int kHexLimit = 64 * 1024;
    static constexpr int kMaxJsonDepth = 64;
    static constexpr int kMaxOutputChars = 4 * 1024 * 1024;

    // `bytes` may be only the head of the body; `totalBytes` is the whole size (-1: bytes is
    // the whole body).
    static DecodedBody decode(const QByteArray &bytes, const QString &contentType,
                              qint64 totalBytes = -1);

    // Pieces, public for the tests.
    struct JsonResult
    {
        bool ok = false;
        bool tooDeep = false;
        bool cut = false; // the input ended inside a value (allowed for a truncated body)
        qsizetype errorOffset = -1;
        QString error;
        QString text;
    };
    static JsonResult prettyJson(const QByteArray &bytes, bool inputTruncated);
    static QVector<QPair<QString, QString>> formFields(const QByteArray &bytes);
    static QString hexDump(const QByteArray &bytes);
    // UTF-8 with invalid sequences as U+FFFD and control characters as visible symbols.
    // `cut`: the bytes are a head, so an incomplete last character is dropped silently.
    static QString safeText(const QByteArray &bytes, bool *invalidUtf8 = nullptr, bool cut = false);
    // Whether the bytes look like binary data rather than text; a body declared as text
    // must look much worse before it is called binary.
    static bool looksBinary(const QByteArray &bytes, bool declaredText = false);
};

} // namespace inbox
