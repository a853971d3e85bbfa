#include "alerts/alertrulesmodel.h"

#include "alerts/alertreply.h"
#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "support/timetext.h"
#include "table/codetexts.h"

#include <QLocale>

namespace inbox {

namespace {

QStringList lines(const QVariant &v)
{
    return v.isNull() ? QStringList() : v.toString().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

bool AlertRule::operator==(const AlertRule &o) const
{
    return id == o.id && name == o.name && kind == o.kind && severity == o.severity &&
           params == o.params && sources == o.sources && chatIds == o.chatIds &&
           repeatSeconds == o.repeatSeconds && sendResolved == o.sendResolved &&
           enabled == o.enabled && silencedUntil == o.silencedUntil &&
           silenceNote == o.silenceNote && changedBy == o.changedBy && changedAt == o.changedAt;
}

AlertRulesModel::AlertRulesModel(ConsoleContext *context, QObject *parent)
    : RowTableModel(headers(), parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("alert-rules"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &AlertRulesModel::onReply);
    connect(m_context, &ConsoleContext::reread, this, &AlertRulesModel::refresh);
    connect(m_context, &ConsoleContext::disconnected, m_channel, &QueryChannel::cancel);
    m_context->whenChanged(this, {QStringLiteral("alerts")}, &AlertRulesModel::refresh);
    m_context->whenConnected(this, [this] {
        m_channel->setConnectOptions(m_context->readOptions());
        refresh();
    });
}

AlertRulesModel::~AlertRulesModel() = default;

ColumnHeaders AlertRulesModel::headers()
{
    return ColumnHeaders(
        staticMetaObject.className(),
        {{QT_TR_NOOP("Name")},
         {QT_TR_NOOP("Kind")},
         {QT_TR_NOOP("Severity")},
         {QT_TR_NOOP("Sources"), QT_TR_NOOP("The sources the rule watches; all when none named")},
         {QT_TR_NOOP("Chats"), QT_TR_NOOP("The Telegram chats that hear the rule")},
         {QT_TR_NOOP("Repeat"), QT_TR_NOOP("How often a firing alert is sent again")},
         {QT_TR_NOOP("Resolved message"),
          QT_TR_NOOP("Whether a message is sent when the alert clears")},
         {QT_TR_NOOP("Enabled")},
         {QT_TR_NOOP("Silenced until")},
         {QT_TR_NOOP("Changed by"), QT_TR_NOOP("Who changed the rule last, and when")}});
}

QString AlertRulesModel::kindText(const QString &kind)
{
    static const CodeTexts words(staticMetaObject.className(),
                                 {{"stuck", QT_TR_NOOP("stuck events")},
                                  {"failed", QT_TR_NOOP("failed events")},
                                  {"repeat_share", QT_TR_NOOP("repeat share jump")},
                                  {"failure_share", QT_TR_NOOP("failure share jump")},
                                  {"silent_source", QT_TR_NOOP("silent source")},
                                  {"duplicates_age", QT_TR_NOOP("old duplicate pairs")},
                                  {"destination", QT_TR_NOOP("destination paused or behind")},
                                  {"poll_source", QT_TR_NOOP("polling stalled or stopped")}});
    return words.text(kind);
}

QString AlertRulesModel::severityText(const QString &severity)
{
    static const CodeTexts words(staticMetaObject.className(),
                                 {{"info", QT_TR_NOOP("info")},
                                  {"warning", QT_TR_NOOP("warning")},
                                  {"critical", QT_TR_NOOP("critical")}});
    return words.text(severity);
}

QString AlertRulesModel::intervalText(qint64 seconds)
{
    const qint64 minutes = seconds / 60;
    const qint64 d = minutes / 1440, h = minutes % 1440 / 60, m = minutes % 60;
    QStringList parts;
    if (d > 0)
        parts << tr("%1 d").arg(d);
    if (h > 0)
        parts << tr("%1 h").arg(h);
    if (m > 0 || parts.isEmpty())
        parts << tr("%1 min").arg(m);
    return parts.join(QLatin1Char(' '));
}

int AlertRulesModel::rowOf(qint64 id) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).id == id)
            return i;
    return -1;
}

void AlertRulesModel::refresh()
{
    if (!m_context->isConnected())
        return;
    m_ticket = m_channel->submit(Query{
        QStringLiteral(
            "SELECT r.id, r.name, r.kind, r.params::text AS params, r.severity,"
            " array_to_string(r.sources, E'\\n') AS sources,"
            " array_to_string(r.chat_ids, E'\\n') AS chat_ids,"
            " extract(epoch FROM r.repeat_interval)::int8 AS repeat_s, r.send_resolved,"
            " r.enabled, CASE WHEN r.silenced_until > now() THEN r.silenced_until END AS until,"
            " CASE WHEN r.silenced_until > now() THEN r.silence_note END AS note,"
            " r.updated_by, r.updated_at"
            " FROM inbox.alert_rules r WHERE r.removed_at IS NULL"
            " ORDER BY r.name, r.id LIMIT $1::int4"),
        {kMaxRules}});
}

void AlertRulesModel::onReply(const QueryReply &reply)
{
    if (reply.ticket != m_ticket)
        return;
    if (!takeAlertReply(
            m_context, reply, &m_retried, &m_error, [this] { refresh(); },
            [this] { emit errorOccurred(m_error); }))
        return;
    QVector<AlertRule> rules;
    for (const QVariantList &v : reply.results.value(0).rows) {
        AlertRule r;
        r.id = v.value(0).toLongLong();
        r.name = v.value(1).toString();
        r.kind = v.value(2).toString();
        r.params = v.value(3).toString();
        r.severity = v.value(4).toString();
        r.sources = lines(v.value(5));
        r.chatIds = lines(v.value(6));
        r.repeatSeconds = v.value(7).toLongLong();
        r.sendResolved = v.value(8).toBool();
        r.enabled = v.value(9).toBool();
        r.silencedUntil = v.value(10).isNull() ? QDateTime() : v.value(10).toDateTime();
        r.silenceNote = v.value(11).toString();
        r.changedBy = v.value(12).toString();
        r.changedAt = v.value(13).toDateTime();
        rules << r;
    }
    updateRowsByKey(std::move(rules), &AlertRule::id);
    emit loaded();
}

QVariant AlertRulesModel::cell(const AlertRule &r, const QModelIndex &index, int role) const
{
    if (role == IdRole)
        return r.id;
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case Name:
        return r.name;
    case Kind:
        return role == Qt::ToolTipRole ? QVariant(r.params) : QVariant(kindText(r.kind));
    case Severity:
        return severityText(r.severity);
    case Scope:
        return r.sources.isEmpty() ? tr("all sources") : r.sources.join(QStringLiteral(", "));
    case Chats:
        return r.chatIds.join(QStringLiteral(", "));
    case Repeat:
        return intervalText(r.repeatSeconds);
    case Resolved:
        return r.sendResolved ? tr("yes") : tr("no");
    case Enabled:
        return r.enabled ? tr("yes") : tr("no");
    case Silenced:
        if (!r.isSilenced())
            return QString();
        return role == Qt::ToolTipRole ? QVariant(r.silenceNote)
                                       : QVariant(timeText(r.silencedUntil));
    case ChangedBy:
        return tr("%1, %2").arg(r.changedBy, timeText(r.changedAt));
    }
    return {};
}

} // namespace inbox
