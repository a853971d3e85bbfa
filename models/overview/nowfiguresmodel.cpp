#include "overview/nowfiguresmodel.h"

#include <QLocale>

namespace inbox {

NowFiguresModel::NowFiguresModel(QObject *parent) : QAbstractTableModel(parent) {}

void NowFiguresModel::setFigures(const QVector<NowFigures> &figures, const QDateTime &serverNow)
{
    bool sameSources = figures.size() == m_rows.size();
    for (qsizetype i = 0; sameSources && i < figures.size(); ++i)
        sameSources = figures.at(i).source == m_rows.at(i).source;
    if (!sameSources) {
        beginResetModel();
        m_rows = figures;
        m_serverNow = serverNow;
        endResetModel();
        return;
    }
    m_rows = figures;
    m_serverNow = serverNow;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int NowFiguresModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int NowFiguresModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant NowFiguresModel::raw(const NowFigures &n, int column) const
{
    switch (column) {
    case Source:
        return n.source;
    case Waiting:
        return n.waiting;
    case Due:
        return n.due;
    case Processing:
        return n.processing;
    case Stuck:
        return n.stuck;
    case Failed:
        return n.failed;
    case OldestWaiting:
        return n.oldestWaiting;
    default:
        return {};
    }
}

QVariant NowFiguresModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const NowFigures &n = m_rows.at(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        if (column == Source)
            return n.source;
        if (column == OldestWaiting) {
            if (!n.oldestWaiting.isValid())
                return QStringLiteral("\u2014");
            return formatAge(qMax<qint64>(0, n.oldestWaiting.secsTo(m_serverNow)));
        }
        return QLocale().toString(raw(n, column).toLongLong());
    case RawRole:
        return raw(n, column);
    case AlertRole:
        return (column == Stuck && n.stuck > 0) || (column == Failed && n.failed > 0);
    case Qt::TextAlignmentRole:
        return column == Source ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (column == OldestWaiting && n.oldestWaiting.isValid())
            return tr("Due since %1")
                .arg(QLocale().toString(n.oldestWaiting.toLocalTime(), QLocale::ShortFormat));
        return {};
    default:
        return {};
    }
}

QVariant NowFiguresModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Waiting:
            return tr("Received and not yet processed: due now or scheduled for a retry");
        case Due:
            return tr("Waiting and due now: a worker may take them");
        case Stuck:
            return tr("Processing, but the worker's lock is older than 5 minutes");
        case Failed:
            return tr("Failed for good: waiting for a person");
        case OldestWaiting:
            return tr("How long the longest-due event has waited");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Source:
        return tr("Source");
    case Waiting:
        return tr("Waiting");
    case Due:
        return tr("Due");
    case Processing:
        return tr("Processing");
    case Stuck:
        return tr("Stuck");
    case Failed:
        return tr("Failed");
    case OldestWaiting:
        return tr("Longest wait");
    default:
        return {};
    }
}

} // namespace inbox
