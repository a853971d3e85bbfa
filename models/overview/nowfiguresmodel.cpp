#include "overview/nowfiguresmodel.h"

#include "support/timetext.h"

#include <QLocale>

namespace inbox {

NowFiguresModel::NowFiguresModel(QObject *parent) : RowTableModel(headers(), parent) {}

ColumnHeaders NowFiguresModel::headers()
{
    return ColumnHeaders(
        staticMetaObject.className(),
        {{QT_TR_NOOP("Source")},
         {QT_TR_NOOP("Waiting"),
          QT_TR_NOOP("Received and not yet processed: due now or scheduled for a retry")},
         {QT_TR_NOOP("Due"), QT_TR_NOOP("Waiting and due now: a worker may take them")},
         {QT_TR_NOOP("Processing")},
         {QT_TR_NOOP("Stuck"),
          QT_TR_NOOP("Processing, but the worker's lock is older than the lock timeout (5 minutes "
                     "unless the deployment set another)")},
         {QT_TR_NOOP("Failed"), QT_TR_NOOP("Failed for good: waiting for a person")},
         {QT_TR_NOOP("Longest wait"), QT_TR_NOOP("How long the longest-due event has waited")}});
}

void NowFiguresModel::setFigures(const QVector<NowFigures> &figures, const QDateTime &serverNow)
{
    m_serverNow = serverNow;
    updateRowsByKey(figures, &NowFigures::source);
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

QVariant NowFiguresModel::cell(const NowFigures &n, const QModelIndex &index, int role) const
{
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
            return tr("Due since %1").arg(timeText(n.oldestWaiting));
        return {};
    default:
        return {};
    }
}

} // namespace inbox
