#pragma once

#include "report/csvreader.h"
#include "report/exportlayout.h"
#include "report/exportrow.h"
#include "report/importproblem.h"

#include <QTimeZone>

namespace inbox {

// A CRM export read as rows for the baseline: the CSV reader below, the layout recognised from
// the header (or set by the caller), every record mapped. Streams: one row at a time, so the
// caller decides what to keep.
class ExportReader final
{
public:
    explicit ExportReader(QIODevice *device, CsvOptions options = {});

    // Opens the CSV and recognises the layout; false with errorString() when the file has no
    // readable header.
    bool open();
    QString errorString() const { return m_csv.errorString(); }

    const CsvReader &csv() const { return m_csv; }
    QStringList header() const { return m_csv.header(); }
    QString layoutKey() const { return ExportLayout::layoutKey(m_csv.header()); }

    ExportLayout layout() const { return m_layout; }
    void setLayout(const ExportLayout &layout) { m_layout = layout; }
    QTimeZone timeZone() const { return m_zone; }
    // The zone of times written without an offset; an invalid zone keeps Europe/Moscow.
    void setTimeZone(const QTimeZone &zone);

    enum class Next { Row, Problems, End };
    // The next row, or the problems of the record that stood in its place (one for a record
    // the CSV reader could not read, all of them for a record the layout could not map), or
    // the end. `cells`, when given, receives the record's fields (empty for an unreadable one).
    Next next(ExportRow *row, QVector<ImportProblem> *problems, QStringList *cells = nullptr);

private:
    CsvReader m_csv;
    ExportLayout m_layout;
    QTimeZone m_zone;
};

} // namespace inbox
