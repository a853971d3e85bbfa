#include "overview/dailyfiguresmodel.h"

#include <QLocale>

namespace inbox {

DailyFiguresModel::DailyFiguresModel(QObject *parent) : RowTableModel(headers(), parent) {}

ColumnHeaders DailyFiguresModel::headers()
{
    return ColumnHeaders(
        staticMetaObject.className(),
        {{QT_TR_NOOP("Day (UTC)")},
         {QT_TR_NOOP("Received"), QT_TR_NOOP("New events: first deliveries of a key")},
         {QT_TR_NOOP("Repeats"),
          QT_TR_NOOP("Repeat deliveries of a known key (the sender sent it again)")},
         {QT_TR_NOOP("Repeat share"),
          QT_TR_NOOP("Repeats out of all deliveries; normally a few percent")},
         {QT_TR_NOOP("Conflicts"),
          QT_TR_NOOP("Repeats of a known key with a different body: marked for review")},
         {QT_TR_NOOP("Done")},
         {QT_TR_NOOP("Failed"), QT_TR_NOOP("Events that failed for good and wait for a person")},
         {QT_TR_NOOP("Failure share"),
          QT_TR_NOOP("Failed out of the events finished that day (done or failed)")},
         {QT_TR_NOOP("Requeued"), QT_TR_NOOP("Events a person put back in the queue")}});
}

void DailyFiguresModel::setDays(const QVector<DayFigures> &days, bool repeatAlert,
                                bool failureAlert)
{
    m_repeatAlert = repeatAlert;
    m_failureAlert = failureAlert;
    updateRows(days, days.size() == m_rows.size());
}

QVariant DailyFiguresModel::raw(const DayFigures &d, int column) const
{
    switch (column) {
    case Day:
        return d.day;
    case Received:
        return d.received;
    case Repeats:
        return d.repeats;
    case RepeatShare:
        return d.repeatShare();
    case Conflicts:
        return d.conflicts;
    case Done:
        return d.done;
    case Failed:
        return d.failed;
    case FailureShare:
        return d.failureShare();
    case Requeued:
        return d.requeued;
    default:
        return {};
    }
}

QVariant DailyFiguresModel::cell(const DayFigures &d, const QModelIndex &index, int role) const
{
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole: {
        if (column == Day) {
            const QString date = QLocale().toString(d.day, QStringLiteral("ddd dd.MM"));
            return index.row() == 0 ? tr("Today (%1)").arg(date) : date;
        }
        if (column == RepeatShare || column == FailureShare)
            return formatShare(raw(d, column).toDouble());
        return QLocale().toString(raw(d, column).toLongLong());
    }
    case RawRole:
        return raw(d, column);
    case AlertRole:
        return index.row() == 0 && ((column == RepeatShare && m_repeatAlert) ||
                                    (column == FailureShare && m_failureAlert));
    case Qt::TextAlignmentRole:
        return column == Day ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                             : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (column == RepeatShare)
            return tr("%1 repeats out of %2 deliveries")
                .arg(QLocale().toString(d.repeats), QLocale().toString(d.deliveries()));
        if (column == FailureShare)
            return tr("%1 failed out of %2 finished (done or failed)")
                .arg(QLocale().toString(d.failed), QLocale().toString(d.outcomes()));
        return {};
    default:
        return {};
    }
}

} // namespace inbox
