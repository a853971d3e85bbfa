#pragma once

#include "report/exportrow.h"
#include "report/importproblem.h"

#include <QJsonObject>
#include <QStringList>
#include <QTimeZone>
#include <QVector>

namespace inbox {

struct CsvRecord;

// What an export's columns mean for the baseline.
enum class ExportField { Source, ExternalId, CreatedAt, Phone, Email, Name };

// The column mapping of one export layout: which columns hold each field. Source, external id
// and created at take the first of their columns; a row's phones and e-mails are all of their
// columns (work and mobile phones both count); the name joins its columns with a space (first
// and last name). The source may be a constant the user chose ("bitrix24") instead of, or as
// the fallback for, a column.
class ExportLayout final
{
public:
    enum class Kind { Custom, Bitrix24Leads, Bitrix24Deals, AmoCrmDeals };

    // Recognises Bitrix24's lead and deal exports and amoCRM's deal export by their headers,
    // in Russian or English, and maps their columns. Any other header gives a Custom layout
    // with the columns whose names say what they are: a suggestion for the mapping dialog.
    static ExportLayout recognise(const QStringList &header);

    // A key of the header line, the same whatever the separator, case or spacing of the
    // names: the UI remembers a hand-made mapping under it for the next file of that layout.
    static QString layoutKey(const QStringList &header);
    static QString normalisedName(const QString &headerName);

    static QString fieldName(ExportField field); // translated
    static QString kindName(Kind kind);          // translated

    Kind kind() const { return m_kind; }
    QVector<int> columns(ExportField field) const { return m_columns[int(field)]; }
    void setColumns(ExportField field, const QVector<int> &columns);
    void addColumn(ExportField field, int column);
    // Maps the first column of `header` whose name is `name` (compared normalised).
    bool addColumnByName(ExportField field, const QString &name, const QStringList &header);
    QString constantSource() const { return m_source; }
    void setConstantSource(const QString &source) { m_source = source.trimmed(); }

    // The fields a row cannot do without that have no column (nor, for the source, a
    // constant): the import is offered only when this is empty.
    QVector<ExportField> missing(int columnCount) const;

    // One record as a row; false with the row's problems (all of them) when it lacks something
    // the baseline needs. Columns beyond the record are treated as empty.
    bool map(const CsvRecord &record, const QStringList &header, const QTimeZone &zone,
             ExportRow *row, QVector<ImportProblem> *problems) const;

    // For the settings the UI keeps per layoutKey().
    QJsonObject toJson() const;
    static ExportLayout fromJson(const QJsonObject &json);

    bool operator==(const ExportLayout &other) const;

private:
    static constexpr int kFields = 6;
    Kind m_kind = Kind::Custom;
    QVector<int> m_columns[kFields];
    QString m_source;
};

} // namespace inbox
