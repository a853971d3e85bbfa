#include "report/exportreader.h"

#include "report/exportvalues.h"

namespace inbox {

ExportReader::ExportReader(QIODevice *device, CsvOptions options)
    : m_csv(device, options), m_zone(ExportValues::defaultZone())
{}

void ExportReader::setTimeZone(const QTimeZone &zone)
{
    m_zone = zone.isValid() ? zone : ExportValues::defaultZone();
}

bool ExportReader::open()
{
    if (!m_csv.open())
        return false;
    m_layout = ExportLayout::recognise(m_csv.header());
    return true;
}

ExportReader::Next ExportReader::next(ExportRow *row, QVector<ImportProblem> *problems,
                                      QStringList *cells)
{
    problems->clear();
    CsvRecord record;
    ImportProblem problem;
    switch (m_csv.next(&record, &problem)) {
    case CsvReader::Next::End:
        return Next::End;
    case CsvReader::Next::Problem:
        problems->append(problem);
        if (cells)
            cells->clear();
        return Next::Problems;
    case CsvReader::Next::Record:
        break;
    }
    if (cells)
        *cells = record.fields;
    return m_layout.map(record, m_csv.header(), m_zone, row, problems) ? Next::Row : Next::Problems;
}

} // namespace inbox
