#include "report/grouprowsmodel.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "report/duplicategroupsmodel.h"
#include "support/logging.h"
#include "support/timetext.h"

#include <spdlog/spdlog.h>

namespace inbox {

GroupRowsModel::GroupRowsModel(ConsoleContext *context, QObject *parent)
    : RowTableModel(headers(), parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("baseline group rows"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &GroupRowsModel::onReply);
    connect(m_context, &ConsoleContext::disconnected, this, &GroupRowsModel::clear);
    m_context->readThrough(m_channel);
}

GroupRowsModel::~GroupRowsModel() = default;

ColumnHeaders GroupRowsModel::headers()
{
    return ColumnHeaders(staticMetaObject.className(),
                         {{QT_TR_NOOP("Line"), QT_TR_NOOP("The line of the imported file")},
                          {QT_TR_NOOP("Source")},
                          {QT_TR_NOOP("External id")},
                          {QT_TR_NOOP("Created")},
                          {QT_TR_NOOP("Phones")},
                          {QT_TR_NOOP("E-mails")},
                          {QT_TR_NOOP("Name")}});
}

void GroupRowsModel::load(qint64 baselineId, int windowHours, const DuplicateGroup &group)
{
    if (!m_context->isConnected())
        return;
    m_channel->submit(
        Query{QStringLiteral("SELECT line, source, external_id, created_at, "
                             "array_to_string(phones, '; '), array_to_string(emails, '; '), name "
                             "FROM inbox.baseline_group_rows($1, $2, $3, $4, "
                             "make_interval(hours => $5::int))"),
              {baselineId, group.kind, group.key, group.firstLine, windowHours}});
}

void GroupRowsModel::clear()
{
    m_channel->cancel();
    resetRows({});
    emit updated();
}

void GroupRowsModel::onReply(const QueryReply &reply)
{
    if (!reply.ok() || reply.results.size() != 1) {
        const DbError error =
            reply.ok() ? DbError::plain(QStringLiteral("unexpected reply")) : reply.error;
        logger("ui")->warn("baseline group rows read failed: {}", error.oneLine().toStdString());
        m_context->readFailed(error);
        emit failed(error);
        return;
    }
    QVector<BaselineRow> rows;
    for (const QVariantList &r : reply.results.first().rows)
        rows.append({r.value(0).toInt(), r.value(1).toString(), r.value(2).toString(),
                     r.value(3).toDateTime(), r.value(4).toString(), r.value(5).toString(),
                     r.value(6).toString()});
    resetRows(rows);
    emit updated();
}

QVariant GroupRowsModel::cell(const BaselineRow &row, const QModelIndex &index, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Line:
        return row.line;
    case Source:
        return row.source;
    case ExternalId:
        return row.externalId;
    case Created:
        return timeText(row.createdAt);
    case Phones:
        return row.phones;
    case Emails:
        return row.emails;
    case Name:
        return row.name;
    default:
        return {};
    }
}

} // namespace inbox
