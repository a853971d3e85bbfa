#include "audit/auditeventsmodel.h"

#include "audit/auditquery.h"
#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "db/rowcolumns.h"
#include "journal/journalmodel.h"
#include "journal/journalquery.h"

namespace inbox {

AuditEventsModel::AuditEventsModel(ConsoleContext *context, QObject *parent)
    : RowTableModel(headers(), parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("audit-events"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &AuditEventsModel::onReply);
    m_context->readThrough(m_channel);
}

AuditEventsModel::~AuditEventsModel() = default;

ColumnHeaders AuditEventsModel::headers()
{
    return ColumnHeaders(staticMetaObject.className(),
                         {QT_TR_NOOP("Event"), QT_TR_NOOP("Source"), QT_TR_NOOP("External id"),
                          QT_TR_NOOP("Status now"), QT_TR_NOOP("Before / lead"),
                          QT_TR_NOOP("Error before")});
}

QVariant AuditEventsModel::cell(const AuditEvent &it, const QModelIndex &index, int role) const
{
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

void AuditEventsModel::setJournalIds(const QVector<qint64> &journalIds)
{
    if (journalIds == m_wanted && !m_rows.isEmpty())
        return;
    m_wanted = journalIds;
    if (journalIds.isEmpty() || !m_context->isConnected()) {
        m_channel->cancel();
        resetRows({});
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
    QVector<AuditEvent> items;
    items.reserve(r.rows.size());
    for (const QVariantList &v : r.rows) {
        AuditEvent it;
        readColumns(v, it.journalId, it.eventId, it.source, it.externalId, it.status,
                    it.previousStatus, it.previousError, it.leadId);
        items << it;
    }
    resetRows(items);
    emit loaded();
}

} // namespace inbox
