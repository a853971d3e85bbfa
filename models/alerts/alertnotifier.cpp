#include "alerts/alertnotifier.h"

#include "alerts/alertepisodesmodel.h"
#include "alerts/alertrulesmodel.h"
#include "db/consolecontext.h"
#include "db/querychannel.h"

#include <QSettings>

namespace inbox {

AlertNotifier::AlertNotifier(ConsoleContext *context, QObject *parent)
    : QObject(parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("alerts-notify"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &AlertNotifier::onReply);
    connect(m_context, &ConsoleContext::disconnected, m_channel, &QueryChannel::cancel);
    m_context->whenChanged(this, {QStringLiteral("alerts")}, &AlertNotifier::poll);
    connect(m_context, &ConsoleContext::reread, this, &AlertNotifier::poll);
    m_context->whenConnected(this, [this] {
        m_channel->setConnectOptions(m_context->readOptions());
        m_seen = -1;
        poll();
    });
}

AlertNotifier::~AlertNotifier() = default;

QString AlertNotifier::settingsKey() const
{
    // A person is a login on a database; a group separator would break on '/' in either.
    QString who = m_context->info().database + QLatin1Char('@') + m_context->info().user;
    who.replace(QLatin1Char('/'), QLatin1Char('_'));
    return QStringLiteral("alerts/subscriptions/") + who;
}

QSet<qint64> AlertNotifier::subscriptions() const
{
    QSet<qint64> ids;
    const QStringList stored = QSettings().value(settingsKey()).toStringList();
    for (const QString &text : stored) {
        bool ok = false;
        const qint64 id = text.toLongLong(&ok);
        if (ok && id > 0)
            ids.insert(id);
    }
    return ids;
}

void AlertNotifier::setSubscribed(qint64 ruleId, bool subscribed)
{
    QSet<qint64> ids = subscriptions();
    if (subscribed == ids.contains(ruleId))
        return;
    if (subscribed)
        ids.insert(ruleId);
    else
        ids.remove(ruleId);
    QList<qint64> sorted = ids.values();
    std::sort(sorted.begin(), sorted.end());
    QStringList stored;
    for (const qint64 id : sorted)
        stored << QString::number(id);
    QSettings().setValue(settingsKey(), stored);
    emit subscriptionsChanged();
}

void AlertNotifier::poll()
{
    if (!m_context->isConnected())
        return;
    if (m_seen < 0) {
        m_ticket = m_channel->submit(
            Query{QStringLiteral("SELECT coalesce(max(e.id), 0) FROM inbox.alert_episodes e"), {}});
        return;
    }
    m_ticket = m_channel->submit(
        Query{QStringLiteral("SELECT e.id, e.rule_id, r.name, r.kind, r.severity, e.scope_key"
                             " FROM inbox.alert_episodes e"
                             " JOIN inbox.alert_rules r ON r.id = e.rule_id"
                             " WHERE e.id > $1::int8 ORDER BY e.id LIMIT $2::int4"),
              {m_seen, kBatch}},
        QueryChannel::Mode::Queue);
}

void AlertNotifier::onReply(const QueryReply &reply)
{
    if (reply.ticket != m_ticket || !reply.ok())
        return;
    const Rows &rows = reply.results.value(0);
    if (m_seen < 0) {
        m_seen = rows.rows.value(0).value(0).toLongLong();
        return;
    }
    const QSet<qint64> subscribed = subscriptions();
    for (const QVariantList &v : rows.rows) {
        const AlertEpisode e = AlertEpisode::fromRuleColumns(v);
        m_seen = qMax(m_seen, e.id);
        if (!subscribed.contains(e.ruleId))
            continue;
        emit notify(tr("Alert: %1").arg(e.ruleName),
                    tr("%1, %2: %3")
                        .arg(AlertRulesModel::severityText(e.severity),
                             AlertRulesModel::kindText(e.kind), AlertEpisodesModel::scopeText(e)),
                    e.severity, e.id);
    }
    if (rows.rows.size() == kBatch)
        poll(); // more opened since than one batch holds
}

} // namespace inbox
