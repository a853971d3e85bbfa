#include "audit/auditeventsmodel.h"

#include "audit/auditquery.h"
#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "journal/journalmodel.h"
#include "journal/journalquery.h"

namespace inbox {

AuditEventsModel::AuditEventsModel(ConsoleContext *context, QObject *parent)
    : QAbstractTableModel(parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("audit-events"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &AuditEventsModel::onReply);
    connect(m_context, &ConsoleContext::connected, this,
            [this] { m_channel->setConnectOptions(m_context->options()); });
    if (m_context->isConnected())
        m_channel->setConnectOptions(m_context->options());
}

AuditEventsModel::~AuditEventsModel() = default;

int AuditEventsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AuditEventsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AuditEventsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Item &it = m_rows.at(index.row());
    if (role == EventIdRole)
        return it.eventId;
    if (role == RawRole) {
        switch (index.column()) {
        case Event:
            return it.eventId;
        case Source:
            return it.source;
        case ExternalId:
            return it.externalId;
        case StatusNow:
            return it.status;
        case Before:
            return it.leadId ? QVariant(it.leadId) : QVariant(it.previousStatus);
        case Error:
            return it.previousError;
        }
        return {};
    }
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Event:
            return it.eventId ? QVariant(it.eventId) : QVariant(tr("pruned"));
        case Source:
            return it.source;
        case ExternalId:
            return it.externalId;
        case StatusNow:
            return JournalModel::statusText(it.status);
        case Before:
            if (it.leadId)
                return tr("lead %1").arg(it.leadId);
            return JournalModel::statusText(it.previousStatus);
        case Error:
            return it.previousError;
        }
    }
    return {};
}

QVariant AuditEventsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Event:
        return tr("Event");
    case Source:
        return tr("Source");
    case ExternalId:
        return tr("External id");
    case StatusNow:
        return tr("Status now");
    case Before:
        return tr("Before / lead");
    case Error:
        return tr("Error before");
    }
    return {};
}

void AuditEventsModel::setJournalIds(const QVector<qint64> &journalIds)
{
    if (journalIds == m_wanted && !m_rows.isEmpty())
        return;
    m_wanted = journalIds;
    if (journalIds.isEmpty() || !m_context->isConnected()) {
        m_channel->cancel();
        beginResetModel();
        m_rows.clear();
        endResetModel();
        emit loaded();
        return;
    }
    m_channel->submit(AuditQuery::events(journalIds));
}

void AuditEventsModel::onReply(const QueryReply &reply)
{
    if (!reply.ok()) {
        if (reply.error.connectionLost)
            m_context->reportPossibleLoss();
        emit errorOccurred(reply.error);
        return;
    }
    if (reply.results.isEmpty())
        return;
    const Rows &r = reply.results.first();
    QVector<Item> items;
    items.reserve(r.rows.size());
    for (const QVariantList &v : r.rows) {
        Item it;
        it.journalId = v.value(0).toLongLong();
        it.eventId = v.value(1).toLongLong();
        it.source = v.value(2).toString();
        it.externalId = v.value(3).toString();
        it.status = v.value(4).toString();
        it.previousStatus = v.value(5).toString();
        it.previousError = v.value(6).toString();
        it.leadId = v.value(7).toLongLong();
        items << it;
    }
    beginResetModel();
    m_rows = items;
    endResetModel();
    emit loaded();
}

} // namespace inbox
