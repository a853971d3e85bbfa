#include "report/comparisonmodel.h"

#include <QLocale>
#include <QMap>

namespace inbox {

ComparisonModel::ComparisonModel(QObject *parent) : RowTableModel(headers(), parent) {}

ColumnHeaders ComparisonModel::headers()
{
    return ColumnHeaders(
        staticMetaObject.className(),
        {{QT_TR_NOOP("Source")},
         {QT_TR_NOOP("Rows before"), QT_TR_NOOP("Rows of the imported export")},
         {QT_TR_NOOP("Duplicates before"),
          QT_TR_NOOP("Rows beyond the first of a group: the same external id, or the same "
                     "phone or e-mail within the window")},
         {QT_TR_NOOP("Share before"), QT_TR_NOOP("Duplicates before as a share of the rows")},
         {QT_TR_NOOP("Deliveries after"),
          QT_TR_NOOP("Everything the senders delivered to the inbox in the period")},
         {QT_TR_NOOP("Repeats absorbed"),
          QT_TR_NOOP("Deliveries of a key the inbox already had: the duplicates that no longer "
                     "reach anyone")},
         {QT_TR_NOOP("Possible duplicates"),
          QT_TR_NOOP("Similar leads the inbox flagged for a manager in the period")},
         {QT_TR_NOOP("Merged")},
         {QT_TR_NOOP("Rejected"), QT_TR_NOOP("Flagged pairs a manager said were different")},
         {QT_TR_NOOP("Refused"), QT_TR_NOOP("Deliveries the receivers refused at the door")},
         {QT_TR_NOOP("Failed"), QT_TR_NOOP("Events of the period that failed")}});
}

void ComparisonModel::setFigures(const ReportFigures &figures)
{
    m_figures = figures;
    QMap<QString, ComparisonRow> bySource;
    for (const BeforeFigures &b : figures.before) {
        bySource[b.source].source = b.source;
        bySource[b.source].before = b;
    }
    for (const AfterFigures &a : figures.after) {
        bySource[a.source].source = a.source;
        bySource[a.source].after = a;
    }
    QVector<ComparisonRow> rows(bySource.cbegin(), bySource.cend());
    rows.append(ComparisonRow{tr("Total"), figures.beforeTotal(), figures.afterTotal(), true});
    resetRows(rows);
}

QVariant ComparisonModel::raw(const ComparisonRow &row, int column) const
{
    const auto before = [&row](qint64 BeforeFigures::*field) -> QVariant {
        return row.before ? QVariant((*row.before).*field) : QVariant();
    };
    const auto after = [&row](qint64 AfterFigures::*field) -> QVariant {
        return row.after ? QVariant((*row.after).*field) : QVariant();
    };
    switch (column) {
    case Source:
        return row.source;
    case RowsBefore:
        return before(&BeforeFigures::rows);
    case DuplicatesBefore:
        return before(&BeforeFigures::duplicates);
    case ShareBefore:
        return row.before && row.before->rows > 0
                   ? QVariant(double(row.before->duplicates) / double(row.before->rows))
                   : QVariant();
    case DeliveriesAfter:
        return after(&AfterFigures::deliveries);
    case RepeatsAfter:
        return after(&AfterFigures::repeats);
    case FlaggedAfter:
        return after(&AfterFigures::flagged);
    case MergedAfter:
        return after(&AfterFigures::merged);
    case RejectedAfter:
        return after(&AfterFigures::rejected);
    case RefusedAfter:
        return after(&AfterFigures::refused);
    case FailedAfter:
        return after(&AfterFigures::failed);
    default:
        return {};
    }
}

QString ComparisonModel::text(int row, int column) const
{
    if (row < 0 || row >= m_rows.size())
        return {};
    const QVariant v = raw(m_rows.at(row), column);
    if (!v.isValid())
        return QStringLiteral("\u2014");
    const QLocale locale;
    if (column == Source)
        return v.toString();
    if (column == ShareBefore)
        return locale.toString(v.toDouble() * 100, 'f', 1) + QLatin1Char('%');
    return locale.toString(v.toLongLong());
}

QVariant ComparisonModel::cell(const ComparisonRow &row, const QModelIndex &index, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        return text(index.row(), index.column());
    case Qt::TextAlignmentRole:
        return index.column() == Source ? QVariant()
                                        : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    case RawRole:
        return raw(row, index.column());
    case TotalRole:
        return row.total;
    default:
        return {};
    }
}

} // namespace inbox
