#include "alerts/alertepisodesmodel.h"

#include "alerts/alertreply.h"
#include "alerts/alertrulesmodel.h"
#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "support/timetext.h"
#include "table/codetexts.h"

#include <QLocale>

namespace inbox {

namespace {

// The episode with its rule and its messages' outcomes (one action per message and chat). A
// message recorded as {"outcome": "unknown"} (the evaluator gave up on an answer) or still
// `started` is unknown: Telegram cannot be asked whether it arrived (§4.14).
const char *const kSelect =
    "SELECT e.id, e.rule_id, r.name, r.kind, r.severity, e.scope_key, e.fired_at,"
    " e.resolved_at, e.resolved_reason, e.message_no,"
    " coalesce(m.sent, 0) AS sent, coalesce(m.failed, 0) AS failed,"
    " coalesce(m.unknown, 0) AS unknown, m.last_outcome,"
    " CASE WHEN r.silenced_until > now() THEN r.silenced_until END AS silenced_until"
    " FROM inbox.alert_episodes e JOIN inbox.alert_rules r ON r.id = e.rule_id"
    " LEFT JOIN LATERAL (SELECT"
    "  count(*) FILTER (WHERE o.outcome = 'sent') AS sent,"
    "  count(*) FILTER (WHERE o.outcome = 'failed') AS failed,"
    "  count(*) FILTER (WHERE o.outcome = 'unknown') AS unknown,"
    "  (array_agg(o.outcome ORDER BY o.id DESC))[1] AS last_outcome"
    "  FROM (SELECT a.id, CASE WHEN a.state = 'failed' THEN 'failed'"
    "   WHEN a.state = 'done' AND a.result ->> 'outcome' IS DISTINCT FROM 'unknown' THEN 'sent'"
    "   ELSE 'unknown' END AS outcome"
    "   FROM inbox.actions a WHERE a.episode_id = e.id) o) m ON true";

int severityRank(const QString &severity)
{
    return severity == QLatin1String("critical") ? 0 : severity == QLatin1String("warning") ? 1 : 2;
}

} // namespace

AlertEpisode AlertEpisode::fromRuleColumns(const QVariantList &row)
{
    AlertEpisode e;
    e.id = row.value(0).toLongLong();
    e.ruleId = row.value(1).toLongLong();
    e.ruleName = row.value(2).toString();
    e.kind = row.value(3).toString();
    e.severity = row.value(4).toString();
    e.scopeKey = row.value(5).toString();
    return e;
}

QString AlertEpisode::source() const
{
    if (scopeKey == QLatin1String("*") || kind == QLatin1String("destination"))
        return {};
    if (kind == QLatin1String("poll_source"))
        return scopeKey; // the whole name: a source's name may hold a '|'
    const qsizetype bar = scopeKey.indexOf(QLatin1Char('|'));
    return bar < 0 ? scopeKey : scopeKey.left(bar);
}

QString AlertEpisode::destination() const
{
    return kind == QLatin1String("destination") ? scopeKey : QString();
}

QString AlertEpisode::errorGroup() const
{
    if (kind == QLatin1String("destination") || kind == QLatin1String("poll_source"))
        return {}; // a destination's or a source's name may hold a '|'
    const qsizetype bar = scopeKey.indexOf(QLatin1Char('|'));
    return bar < 0 ? QString() : scopeKey.mid(bar + 1);
}

bool AlertEpisode::operator==(const AlertEpisode &o) const
{
    return id == o.id && ruleId == o.ruleId && ruleName == o.ruleName && kind == o.kind &&
           severity == o.severity && scopeKey == o.scopeKey && firedAt == o.firedAt &&
           resolvedAt == o.resolvedAt && resolvedReason == o.resolvedReason &&
           messageNo == o.messageNo && sent == o.sent && failed == o.failed &&
           unknown == o.unknown && lastOutcome == o.lastOutcome && silencedUntil == o.silencedUntil;
}

AlertEpisodesModel::AlertEpisodesModel(ConsoleContext *context, Mode mode, QObject *parent)
    : RowTableModel(headers(mode), parent), m_context(context), m_mode(mode),
      m_channel(new QueryChannel(mode == Mode::Firing ? QStringLiteral("alerts-firing")
                                                      : QStringLiteral("alerts-history"),
                                 this))
{
    connect(m_channel, &QueryChannel::replied, this, &AlertEpisodesModel::onReply);
    connect(m_context, &ConsoleContext::reread, this, &AlertEpisodesModel::refresh);
    connect(m_context, &ConsoleContext::disconnected, m_channel, &QueryChannel::cancel);
    m_context->whenChanged(this, {QStringLiteral("alerts")}, &AlertEpisodesModel::refresh);
    m_context->whenConnected(this, [this] {
        m_channel->setConnectOptions(m_context->readOptions());
        resetRows({});
        m_atEnd = true;
        refresh();
    });
}

AlertEpisodesModel::~AlertEpisodesModel() = default;

ColumnHeaders AlertEpisodesModel::headers(Mode mode)
{
    const char *context = staticMetaObject.className();
    if (mode == Mode::Firing)
        return ColumnHeaders(context, {{QT_TR_NOOP("Rule")},
                                       {QT_TR_NOOP("Severity")},
                                       {QT_TR_NOOP("About")},
                                       {QT_TR_NOOP("Firing since")},
                                       {QT_TR_NOOP("Resolved")},
                                       {QT_TR_NOOP("Messages")},
                                       {QT_TR_NOOP("Last message"),
                                        QT_TR_NOOP("What Telegram answered to the latest "
                                                   "message")}});
    return ColumnHeaders(
        context,
        {{QT_TR_NOOP("Rule")},
         {QT_TR_NOOP("Severity")},
         {QT_TR_NOOP("About")},
         {QT_TR_NOOP("Fired")},
         {QT_TR_NOOP("Resolved")},
         {QT_TR_NOOP("Messages"), QT_TR_NOOP("Messages to chats: sent, failed, unknown")},
         {QT_TR_NOOP("Last message"), QT_TR_NOOP("What Telegram answered to the latest message")}});
}

QString AlertEpisodesModel::outcomeText(const QString &outcome)
{
    static const CodeTexts words(staticMetaObject.className(),
                                 {{"sent", QT_TR_NOOP("sent")},
                                  {"failed", QT_TR_NOOP("failed")},
                                  {"unknown", QT_TR_NOOP("unknown")}});
    return outcome.isEmpty() ? tr("not sent yet") : words.text(outcome);
}

QString AlertEpisodesModel::lastMessageText(const AlertEpisode &e)
{
    if (!e.lastOutcome.isEmpty())
        return outcomeText(e.lastOutcome);
    // No message begun: say whether one is still coming (docs/contract.md §4.14: an episode
    // resolved before its first message, or closed with its rule, sends nothing).
    if (e.isOpen()) {
        if (e.silencedUntil.isValid())
            return tr("held back by the silence until %1").arg(timeText(e.silencedUntil));
        return outcomeText(QString());
    }
    if (e.resolvedReason == QLatin1String("rule_disabled"))
        return tr("none sent: the rule was turned off");
    if (e.resolvedReason == QLatin1String("rule_removed"))
        return tr("none sent: the rule was removed");
    return tr("none sent: resolved before the first message");
}

QString AlertEpisodesModel::reasonText(const QString &reason)
{
    static const CodeTexts words(staticMetaObject.className(),
                                 {{"cleared", QT_TR_NOOP("cleared")},
                                  {"rule_disabled", QT_TR_NOOP("rule turned off")},
                                  {"rule_removed", QT_TR_NOOP("rule removed")}});
    return words.text(reason);
}

QString AlertEpisodesModel::scopeText(const AlertEpisode &e)
{
    if (!e.destination().isEmpty())
        return tr("destination %1").arg(e.destination());
    if (e.source().isEmpty())
        return tr("the whole inbox");
    if (e.kind == QLatin1String("poll_source"))
        return tr("polled source %1").arg(e.source());
    if (!e.errorGroup().isEmpty())
        return tr("%1, error %2").arg(e.source(), e.errorGroup());
    return e.source();
}

bool AlertEpisodesModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_mode == Mode::History && !m_atEnd && !m_fetchingMore &&
           m_context->isConnected();
}

void AlertEpisodesModel::fetchMore(const QModelIndex &parent)
{
    if (canFetchMore(parent))
        send(true);
}

void AlertEpisodesModel::refresh()
{
    if (m_context->isConnected())
        send(false);
}

void AlertEpisodesModel::send(bool more)
{
    Query q;
    const QString select = QString::fromLatin1(kSelect);
    if (m_mode == Mode::Firing) {
        q.sql = select + QStringLiteral(" WHERE e.resolved_at IS NULL"
                                        " ORDER BY CASE r.severity WHEN 'critical' THEN 0"
                                        " WHEN 'warning' THEN 1 ELSE 2 END, e.fired_at, e.id"
                                        " LIMIT $1::int4");
        q.params = {kMaxFiring};
    } else if (more && !m_rows.isEmpty()) {
        q.sql = select + QStringLiteral(" WHERE e.id < $1::int8 ORDER BY e.id DESC"
                                        " LIMIT $2::int4");
        q.params = {m_rows.last().id, kPageSize};
    } else if (!m_rows.isEmpty()) {
        // What is shown, and anything new above it: the list stays where the reader is.
        q.sql = select + QStringLiteral(" WHERE e.id >= $1::int8 ORDER BY e.id DESC");
        q.params = {m_rows.last().id};
    } else {
        q.sql = select + QStringLiteral(" ORDER BY e.id DESC LIMIT $1::int4");
        q.params = {kPageSize};
    }
    m_fetchingMore = more;
    m_ticket =
        m_channel->submit(q, more ? QueryChannel::Mode::Queue : QueryChannel::Mode::Supersede);
}

void AlertEpisodesModel::onReply(const QueryReply &reply)
{
    if (reply.ticket != m_ticket)
        return;
    const bool more = std::exchange(m_fetchingMore, false);
    if (!takeAlertReply(
            m_context, reply, &m_retried, &m_error, [this, more] { send(more); },
            [this] { emit errorOccurred(m_error); }))
        return;
    QVector<AlertEpisode> read;
    for (const QVariantList &v : reply.results.value(0).rows) {
        AlertEpisode e = AlertEpisode::fromRuleColumns(v);
        e.firedAt = v.value(6).toDateTime();
        e.resolvedAt = v.value(7).isNull() ? QDateTime() : v.value(7).toDateTime();
        e.resolvedReason = v.value(8).toString();
        e.messageNo = v.value(9).toInt();
        e.sent = v.value(10).toInt();
        e.failed = v.value(11).toInt();
        e.unknown = v.value(12).toInt();
        e.lastOutcome = v.value(13).toString();
        e.silencedUntil = v.value(14).isNull() ? QDateTime() : v.value(14).toDateTime();
        read << e;
    }
    if (more) {
        m_atEnd = read.size() < kPageSize;
        if (!read.isEmpty()) {
            const int first = int(m_rows.size());
            beginInsertRows({}, first, first + int(read.size()) - 1);
            m_rows << read;
            endInsertRows();
        }
    } else {
        if (m_mode == Mode::History && (m_rows.isEmpty() || read.isEmpty()))
            m_atEnd = read.size() < kPageSize;
        updateRowsByKey(std::move(read), &AlertEpisode::id);
    }
    emit loaded();
}

QVariant AlertEpisodesModel::cell(const AlertEpisode &e, const QModelIndex &index, int role) const
{
    if (role == IdRole)
        return e.id;
    if (role == SeverityRole)
        return severityRank(e.severity);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case Rule:
        return role == Qt::ToolTipRole
                   ? QVariant(tr("%1 (%2)").arg(e.ruleName, AlertRulesModel::kindText(e.kind)))
                   : QVariant(e.ruleName);
    case Severity:
        return AlertRulesModel::severityText(e.severity);
    case Scope:
        return scopeText(e);
    case Fired:
        return timeText(e.firedAt);
    case Resolved:
        if (e.isOpen())
            return tr("firing");
        return tr("%1 (%2)").arg(timeText(e.resolvedAt), reasonText(e.resolvedReason));
    case Messages:
        if (role == Qt::ToolTipRole)
            return tr("%n message(s) begun", "", e.messageNo);
        return tr("%1 sent, %2 failed, %3 unknown").arg(e.sent).arg(e.failed).arg(e.unknown);
    case Outcome:
        return lastMessageText(e);
    }
    return {};
}

} // namespace inbox
