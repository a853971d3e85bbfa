#include "report/csvreader.h"

#include <QCoreApplication>
#include <QIODevice>

#include <cstring>

namespace inbox {

namespace {

constexpr qsizetype kBlock = 256 * 1024;

qint64 lineBreaks(const char *p, qsizetype n)
{
    // CRLF, LF and a lone CR each end one line, as the record parser counts them.
    qint64 count = 0;
    for (qsizetype i = 0; i < n; ++i) {
        if (p[i] == '\n')
            ++count;
        else if (p[i] == '\r' && (i + 1 >= n || p[i + 1] != '\n'))
            ++count;
    }
    return count;
}

// Control characters other than tab and line breaks: no CRM writes them into a text field,
// so they mean bytes of another encoding (or a binary file). C1 controls are what
// Windows-1251's one unassigned byte (0x98) and mis-decoded bytes turn into.
bool isForbidden(char16_t c)
{
    if (c < 0x20)
        return c != '\t' && c != '\n' && c != '\r';
    return c >= 0x7F && c <= 0x9F;
}

bool isBlank(const QVector<QByteArray> &fields)
{
    for (const QByteArray &field : fields) {
        for (const char c : field) {
            if (c != ' ' && c != '\t')
                return false;
        }
    }
    return true;
}

bool isEmptyRecord(const QStringList &fields)
{
    for (const QString &field : fields) {
        if (!field.trimmed().isEmpty())
            return false;
    }
    return true;
}

} // namespace

CsvReader::CsvReader(QIODevice *device, CsvOptions options) : m_device(device), m_options(options)
{}

QString CsvReader::encodingName(CsvEncoding encoding)
{
    return encoding == CsvEncoding::Windows1251 ? QStringLiteral("Windows-1251")
                                                : QStringLiteral("UTF-8");
}

bool CsvReader::isUtf8(const QByteArray &bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder.decode(bytes);
    Q_UNUSED(text);
    return !decoder.hasError();
}

bool CsvReader::fill()
{
    if (m_atEnd)
        return false;
    if (m_pos > 0) {
        // Only the record being read is kept: what is before it was handed out already.
        m_buffer.remove(0, m_pos);
        m_pos = 0;
    }
    // Blocks grow with a record that outgrows them (a quote that never closes), so rereading
    // that record from its start after each block stays linear overall.
    const qsizetype block = qMax(kBlock, m_buffer.size());
    const qsizetype old = m_buffer.size();
    m_buffer.resize(old + block);
    const qint64 got = m_device->read(m_buffer.data() + old, block);
    m_buffer.resize(old + qMax<qint64>(got, 0));
    if (got <= 0) {
        m_atEnd = true;
        return false;
    }
    return true;
}

bool CsvReader::detectEncoding()
{
    if (m_options.encoding != CsvEncoding::Auto) {
        m_encoding = m_options.encoding;
        return true;
    }
    // A BOM says UTF-8 whatever follows (a bad byte further down is that row's problem).
    const QByteArray head = m_buffer.isEmpty() ? m_device->peek(3) : m_buffer.left(3);
    if (head.startsWith("\xEF\xBB\xBF")) {
        m_encoding = CsvEncoding::Utf8;
        return true;
    }
    // The whole file decides: a Windows-1251 export whose first Cyrillic letter is on row
    // 50,000 must not be read as UTF-8 up to there. One pass, block by block, then back.
    QStringDecoder decoder(QStringDecoder::Utf8);
    if (!m_device->isSequential()) {
        const qint64 start = m_device->pos();
        QByteArray block;
        while (!decoder.hasError()) {
            block = m_device->read(1024 * 1024);
            if (block.isEmpty())
                break;
            const QString text = decoder.decode(block);
            Q_UNUSED(text);
        }
        m_device->seek(start);
    } else {
        // A stream cannot be read twice: its first block decides.
        const QString text = decoder.decode(m_buffer);
        Q_UNUSED(text);
    }
    m_encoding = decoder.hasError() ? CsvEncoding::Windows1251 : CsvEncoding::Utf8;
    return true;
}

bool CsvReader::open()
{
    m_buffer.clear();
    m_pos = 0;
    m_line = 1;
    m_atEnd = false;
    m_header.clear();
    m_error.clear();
    m_emptyRecords = 0;

    if (!m_device->isSequential()) {
        // Detection reads the device; the data starts again afterwards.
        if (!detectEncoding())
            return false;
        fill();
    } else {
        fill();
        detectEncoding();
    }
    if (m_buffer.startsWith("\xFF\xFE") || m_buffer.startsWith("\xFE\xFF")) {
        m_error = QCoreApplication::translate(
            "inbox::CsvReader",
            "The file is in UTF-16: save it as CSV in UTF-8 or Windows-1251 and import it again.");
        return false;
    }
    if (m_encoding == CsvEncoding::Utf8 && m_buffer.startsWith("\xEF\xBB\xBF")) {
        m_bom = true;
        m_pos = 3;
    }
    if (m_encoding == CsvEncoding::Windows1251) {
        m_decoder = QStringDecoder("windows-1251", QStringDecoder::Flag::Stateless);
        if (!m_decoder.isValid()) {
            m_error = QCoreApplication::translate(
                "inbox::CsvReader", "This build of Qt cannot read Windows-1251 (it has no ICU).");
            return false;
        }
    } else {
        m_decoder = QStringDecoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    }

    // The separator: the most frequent of ';', tab and ',' in the header line, outside quotes
    // (a header "Имя, Фамилия" in a ';' file has a comma inside its quotes).
    m_delimiter = m_options.delimiter;
    while (m_delimiter == 0) {
        int semicolons = 0, tabs = 0, commas = 0;
        bool inQuotes = false, content = false, complete = false;
        for (qsizetype i = m_pos; i < m_buffer.size(); ++i) {
            const char c = m_buffer.at(i);
            if (c == '"') {
                inQuotes = !inQuotes;
                content = true;
            } else if (!inQuotes && (c == '\n' || c == '\r')) {
                // Blank lines before the header are skipped, as the reader skips them.
                if (content) {
                    complete = true;
                    break;
                }
            } else if (!inQuotes) {
                content = true;
                semicolons += c == ';';
                tabs += c == '\t';
                commas += c == ',';
            }
        }
        if (!complete && fill())
            continue;
        if (semicolons >= commas && semicolons >= tabs && semicolons > 0)
            m_delimiter = ';';
        else if (tabs >= commas && tabs > 0)
            m_delimiter = '\t';
        else
            m_delimiter = ',';
    }

    CsvRecord record;
    ImportProblem problem;
    m_started = false;
    switch (next(&record, &problem)) {
    case Next::End:
        m_error = QCoreApplication::translate("inbox::CsvReader", "The file has no header line.");
        return false;
    case Next::Problem:
        m_error =
            QCoreApplication::translate("inbox::CsvReader", "The header line cannot be read: %1")
                .arg(problem.text());
        return false;
    case Next::Record:
        break;
    }
    for (QString &name : record.fields)
        name = name.trimmed();
    m_header = record.fields;
    m_started = true;
    return true;
}

CsvReader::Parse CsvReader::parse(RawRecord *out)
{
    const char *b = m_buffer.constData();
    const qsizetype n = m_buffer.size();
    const char d = m_delimiter;
    qsizetype i = m_pos;
    qint64 line = m_line;
    out->fields.clear();
    out->line = line;

    if (i < n && (b[i] == '\n' || b[i] == '\r')) {
        if (b[i] == '\r' && i + 1 >= n && !m_atEnd)
            return Parse::NeedMore;
        i += (b[i] == '\r' && i + 1 < n && b[i + 1] == '\n') ? 2 : 1;
        m_pos = i;
        m_line = line + 1;
        return Parse::Blank;
    }

    for (;;) {
        QByteArray field;
        if (i < n && b[i] == '"') {
            ++i;
            for (;;) {
                const void *found = std::memchr(b + i, '"', size_t(n - i));
                if (!found) {
                    if (!m_atEnd)
                        return Parse::NeedMore;
                    out->error = ImportProblem::Code::UnclosedQuote;
                    out->errorLine = line;
                    return Parse::Error;
                }
                const qsizetype q = static_cast<const char *>(found) - b;
                line += lineBreaks(b + i, q - i);
                field.append(b + i, q - i);
                if (q + 1 < n && b[q + 1] == '"') {
                    field.append('"');
                    i = q + 2;
                    continue;
                }
                if (q + 1 >= n && !m_atEnd)
                    return Parse::NeedMore;
                i = q + 1;
                break;
            }
            if (i < n && b[i] != d && b[i] != '\r' && b[i] != '\n') {
                out->error = ImportProblem::Code::TextAfterQuote;
                out->errorLine = line;
                return Parse::Error;
            }
        } else {
            qsizetype j = i;
            while (j < n && b[j] != d && b[j] != '\r' && b[j] != '\n')
                ++j;
            if (j >= n && !m_atEnd)
                return Parse::NeedMore;
            field = QByteArray(b + i, j - i);
            i = j;
        }
        out->fields.append(field);
        if (i < n && b[i] == d) {
            ++i;
            continue;
        }
        if (i >= n)
            break; // the last record, with no line break after it
        if (b[i] == '\r') {
            if (i + 1 >= n && !m_atEnd)
                return Parse::NeedMore;
            i += (i + 1 < n && b[i + 1] == '\n') ? 2 : 1;
        } else {
            ++i;
        }
        ++line;
        break;
    }
    m_pos = i;
    m_line = line;
    return Parse::Record;
}

void CsvReader::skipLine(qint64 startLine)
{
    // Reading goes on at the line after the broken record's first line: the rows a runaway
    // quote swallowed are read again on their own.
    qsizetype from = m_pos;
    for (;;) {
        const char *b = m_buffer.constData();
        const qsizetype n = m_buffer.size();
        qsizetype i = from;
        while (i < n && b[i] != '\n' && b[i] != '\r')
            ++i;
        if (i < n && (b[i] == '\n' || i + 1 < n || m_atEnd)) {
            i += (b[i] == '\r' && i + 1 < n && b[i + 1] == '\n') ? 2 : 1;
            m_pos = i;
            m_line = startLine + 1;
            return;
        }
        if (i >= n && m_atEnd) {
            m_pos = n;
            m_line = startLine + 1;
            return;
        }
        const qsizetype scanned = i - m_pos;
        fill(); // moves the kept bytes to the front
        from = m_pos + scanned;
    }
}

bool CsvReader::decodeField(const QByteArray &bytes, QString *text)
{
    const char *p = bytes.constData();
    const qsizetype n = bytes.size();
    bool ascii = true;
    bool forbidden = false;
    for (qsizetype i = 0; i < n; ++i) {
        const uchar c = uchar(p[i]);
        if (c >= 0x80) {
            ascii = false;
            break;
        }
        forbidden |= isForbidden(c);
    }
    if (ascii) {
        *text = QString::fromLatin1(bytes);
    } else {
        m_decoder.resetState();
        *text = m_decoder.decode(bytes);
        if (m_decoder.hasError())
            return false;
        for (const QChar c : std::as_const(*text))
            forbidden |= isForbidden(c.unicode());
    }
    if (text->contains(QLatin1Char('\r'))) {
        text->replace(QLatin1String("\r\n"), QLatin1String("\n"));
        text->replace(QLatin1Char('\r'), QLatin1Char('\n'));
    }
    return !forbidden;
}

CsvReader::Next CsvReader::next(CsvRecord *record, ImportProblem *problem)
{
    for (;;) {
        if (m_pos >= m_buffer.size() && !fill())
            return Next::End;
        RawRecord raw;
        const Parse result = parse(&raw);
        if (result == Parse::NeedMore) {
            fill();
            continue;
        }
        if (result == Parse::Blank)
            continue;
        if (result == Parse::Error) {
            *problem = ImportProblem{raw.line, raw.error, {}, {}};
            if (raw.error == ImportProblem::Code::TextAfterQuote)
                problem->arg1 = QString::number(raw.errorLine);
            skipLine(raw.line);
            return Next::Problem;
        }
        record->line = raw.line;
        record->fields.clear();
        record->fields.reserve(raw.fields.size());
        if (m_started && raw.fields.size() != m_header.size() && !isBlank(raw.fields)) {
            *problem =
                ImportProblem{raw.line, ImportProblem::Code::FieldCount,
                              QString::number(raw.fields.size()), QString::number(m_header.size())};
            return Next::Problem;
        }
        for (qsizetype f = 0; f < raw.fields.size(); ++f) {
            QString text;
            if (!decodeField(raw.fields.at(f), &text) && m_started) {
                *problem = ImportProblem{raw.line, ImportProblem::Code::InvalidBytes,
                                         m_header.at(f), encodingName(m_encoding)};
                return Next::Problem;
            }
            record->fields.append(text);
        }
        if (m_started && isEmptyRecord(record->fields)) {
            // ";;;;;" or spaces, as spreadsheets leave after the last row: no data to lose,
            // but counted, so the dialog can say so.
            ++m_emptyRecords;
            continue;
        }
        return Next::Record;
    }
}

} // namespace inbox
