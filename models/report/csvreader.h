#pragma once

#include "report/importproblem.h"

#include <QByteArray>
#include <QString>
#include <QStringDecoder>
#include <QStringList>
#include <QVector>

class QIODevice;

namespace inbox {

// How an export's bytes are text: CRMs give UTF-8 (with or without a BOM) or, from older
// installs and Excel round trips, Windows-1251.
enum class CsvEncoding { Auto, Utf8, Windows1251 };

struct CsvOptions
{
    CsvEncoding encoding = CsvEncoding::Auto; // Auto: valid UTF-8 is UTF-8, else Windows-1251
    char delimiter = 0;                       // 0: detected from the header line
};

// One record of the file: its fields as text, and the line of the file where it starts.
struct CsvRecord
{
    qint64 line = 0;
    QStringList fields;
};

// Reads a CSV export record by record, as CRMs really give it: RFC 4180 quoting ("" inside a
// quoted field, line breaks inside quotes), CRLF, LF or CR line ends, blank lines ignored,
// ';', ',' or tab as the separator. The file is read in blocks, so memory stays flat however
// long the file is (only the record being read is held). A record that cannot be read becomes
// an ImportProblem at the line where it starts and reading goes on with the next line: a broken
// quote costs its own row, not the rest of the file.
class CsvReader final
{
public:
    explicit CsvReader(QIODevice *device, CsvOptions options = {});

    // Detects the encoding (a pass over a seekable device, which is then rewound to its start)
    // and reads the header. False, with errorString(), when there is no header to read.
    bool open();

    QStringList header() const { return m_header; }
    CsvEncoding encoding() const { return m_encoding; } // never Auto after open()
    char delimiter() const { return m_delimiter; }
    bool hadBom() const { return m_bom; }
    QString errorString() const { return m_error; }
    // Records with no text in any field (";;;;" lines a spreadsheet leaves, lines of spaces)
    // read so far: not rows, not problems, but not hidden either.
    qint64 emptyRecords() const { return m_emptyRecords; }

    enum class Next { Record, Problem, End };
    // The next record, or the problem that stood in its place, or the end. A record has as many
    // fields as the header (a row with another count is a problem).
    Next next(CsvRecord *record, ImportProblem *problem);

    // "UTF-8" or "Windows-1251": how problems name the encoding.
    static QString encodingName(CsvEncoding encoding);
    // Whether bytes are valid UTF-8, for the detection (public for the tests).
    static bool isUtf8(const QByteArray &bytes);

private:
    enum class Parse { Record, Blank, NeedMore, Error };
    struct RawRecord
    {
        QVector<QByteArray> fields;
        qint64 line = 0;
        ImportProblem::Code error = ImportProblem::Code::UnclosedQuote;
        qint64 errorLine = 0;
    };

    bool fill();
    Parse parse(RawRecord *out);
    void skipLine(qint64 startLine);
    bool decodeField(const QByteArray &bytes, QString *text);
    bool detectEncoding();

    QIODevice *m_device;
    CsvOptions m_options;
    CsvEncoding m_encoding = CsvEncoding::Utf8;
    char m_delimiter = ';';
    bool m_bom = false;
    QStringList m_header;
    QString m_error;

    QByteArray m_buffer;
    qsizetype m_pos = 0;
    qint64 m_line = 1; // the line of m_pos
    bool m_atEnd = false;
    bool m_started = false;
    qint64 m_emptyRecords = 0;
    QStringDecoder m_decoder;
};

} // namespace inbox
