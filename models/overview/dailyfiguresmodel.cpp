#include "overview/dailyfiguresmodel.h"

#include <QLocale>

namespace inbox {

DailyFiguresModel::DailyFiguresModel(QObject *parent) : QAbstractTableModel(parent) {}

void DailyFiguresModel::setDays(const QVector<DayFigures> &days, bool repeatAlert,
                                bool failureAlert)
{
    if (days.size() != m_days.size()) {
        beginResetModel();
        m_days = days;
        m_repeatAlert = repeatAlert;
        m_failureAlert = failureAlert;
        endResetModel();
        return;
    }
    m_days = days;
    m_repeatAlert = repeatAlert;
    m_failureAlert = failureAlert;
    if (!m_days.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int DailyFiguresModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_days.size());
}

int DailyFiguresModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
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

QVariant DailyFiguresModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const DayFigures &d = m_days.at(index.row());
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
            return tr("%1 repeats out of %2 deliveries").arg(d.repeats).arg(d.deliveries());
        if (column == FailureShare)
            return tr("%1 failed out of %2 finished (done or failed)")
                .arg(d.failed)
                .arg(d.outcomes());
        return {};
    default:
        return {};
    }
}

QVariant DailyFiguresModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Received:
            return tr("New events: first deliveries of a key");
        case Repeats:
            return tr("Repeat deliveries of a known key (the sender sent it again)");
        case RepeatShare:
            return tr("Repeats out of all deliveries; normally a few percent");
        case Conflicts:
            return tr("Repeats of a known key with a different body: marked for review");
        case Failed:
            return tr("Events that failed for good and wait for a person");
        case FailureShare:
            return tr("Failed out of the events finished that day (done or failed)");
        case Requeued:
            return tr("Events a person put back in the queue");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Day:
        return tr("Day (UTC)");
    case Received:
        return tr("Received");
    case Repeats:
        return tr("Repeats");
    case RepeatShare:
        return tr("Repeat share");
    case Conflicts:
        return tr("Conflicts");
    case Done:
        return tr("Done");
    case Failed:
        return tr("Failed");
    case FailureShare:
        return tr("Failure share");
    case Requeued:
        return tr("Requeued");
    default:
        return {};
    }
}

} // namespace inbox
