#include "alertservice.h"

#include "alerttext.h"
#include "serviceconnectoptions.h"

#include "db/pgexec.h"
#include "support/logging.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>

#include <spdlog/spdlog.h>

#include <libpq-fe.h>

#include <csignal>

namespace inbox::alerts {

namespace {
QString json(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}
} // namespace

AlertService::AlertService(const AlertsConfig &config, AlertsMetrics &metrics, QObject *parent)
    : QObject(parent), m_config(config), m_metrics(metrics), m_evaluator(m_db),
      m_telegram(config, metrics)
{
    m_timer.setInterval(config.intervalS * 1000);
    m_evaluator.setResolveAfter(config.resolveAfterS);
    connect(&m_timer, &QTimer::timeout, this, &AlertService::pass);
    connect(&m_telegram, &TelegramClient::idle, this, &AlertService::maybeFinished);
}

AlertService::~AlertService() = default;

void AlertService::start(bool once)
{
    m_once = once;
    if (!once)
        m_timer.start();
    QTimer::singleShot(0, this, &AlertService::pass);
}

void AlertService::stop()
{
    m_stopping = true;
    m_timer.stop();
    logger("alerts")->info("stopping: {} messages in flight", m_telegram.pending());
    QTimer::singleShot(m_config.shutdownTimeoutS * 1000, this, [this] {
        logger("alerts")->warn("shutdown timeout: {} messages still in flight stay begun "
                               "(recorded as unknown by the next start)",
                               m_telegram.pending());
        m_finished = true;
        emit finished(0);
    });
    maybeFinished();
}

void AlertService::maybeFinished()
{
    if (m_finished || m_telegram.pending() > 0 || !m_unrecorded.isEmpty())
        return;
    if (m_stopping || m_once) {
        m_finished = true;
        emit finished(m_stopping ? 0 : m_exitCode);
    }
}

bool AlertService::connectDatabase()
{
    if (m_db.isOpen() && !m_db.isBroken() && PQstatus(m_db.raw()) == CONNECTION_OK)
        return true;
    m_db.close();
    DbError error;
    if (!m_db.connect(service::serviceConnectOptions(m_config, QStringLiteral("inbox-alerts")),
                      &error)) {
        logger("alerts")->warn("cannot reach the database: {}", error.oneLine().toStdString());
        m_metrics.setDatabaseUp(false);
        return false;
    }
    logger("alerts")->info("connected to the database");
    m_metrics.setDatabaseUp(true);
    return true;
}

void AlertService::pass()
{
    if (m_stopping)
        return;
    const auto log = logger("alerts");
    if (!connectDatabase()) {
        // A pass that cannot reach the database is a pass, and a failed one (/metrics).
        m_metrics.evaluated(0, false);
        m_exitCode = 1;
        maybeFinished();
        return;
    }
    recordUnrecorded();
    const EvaluationResult r = m_evaluator.evaluate();
    m_metrics.evaluated(r.seconds, r.ok);
    if (!r.ok) {
        log->warn("evaluation failed after {:.1f} ms: {}", r.seconds * 1000, r.error.toStdString());
        m_metrics.setDatabaseUp(PQstatus(m_db.raw()) == CONNECTION_OK);
        m_exitCode = 1;
        maybeFinished();
        return;
    }
    m_metrics.firing(r.firingByRule);
    int firing = 0;
    for (const int n : r.firingByRule)
        firing += n;
    log->info("evaluated {} rules in {:.1f} ms: {} opened, {} resolved, {} firing", r.rules,
              r.seconds * 1000, r.opened, r.resolved, firing);
    // The previous pass's messages still on the wire: their rows are `started`; leave them.
    if (m_telegram.pending() == 0 && m_unrecorded.isEmpty())
        sendDue();
    prune();
    maybeFinished();
}

void AlertService::prune()
{
    DbError error;
    Rows pruned;
    if (!execParams(m_db.raw(), {QStringLiteral("SELECT inbox.prune_alerts()"), {}}, &pruned,
                    &error)) {
        logger("alerts")->warn("prune_alerts failed: {}", error.oneLine().toStdString());
        return;
    }
    const qint64 n = pruned.rows.value(0).value(0).toLongLong();
    if (n > 0)
        logger("alerts")->info("pruned {} settled alert episodes", n);
}

void AlertService::sendDue()
{
    const auto log = logger("alerts");
    DbError error;
    Rows ignored;
    Rows due;
    const Query dueQuery{
        QStringLiteral("SELECT d.episode_id, d.message_no, d.message, d.chat_id, d.action_id,"
                       " d.action_state, extract(epoch FROM now() - d.action_at),"
                       " r.name, r.severity, r.kind, e.scope_key, e.summary::text,"
                       " to_char(e.fired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC',"
                       " e.fired_at > now() - make_interval(secs => $1),"
                       " to_char(e.resolved_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC',"
                       " e.resolved_reason, extract(epoch FROM e.resolved_at - e.last_seen_at),"
                       " CASE WHEN r.kind = 'failed' AND d.message = 'resolved' THEN"
                       " (SELECT sum(n) FROM inbox.status_counts c WHERE c.status = 'failed'"
                       " AND c.source = e.summary ->> 'source') END"
                       " FROM inbox.due_alert_messages() d"
                       " JOIN inbox.alert_episodes e ON e.id = d.episode_id"
                       " JOIN inbox.alert_rules r ON r.id = d.rule_id"
                       " ORDER BY d.chat_id, d.episode_id, d.message_no"),
        {m_config.groupWaitS}};
    if (!execParams(m_db.raw(), dueQuery, &due, &error)) {
        log->warn("due_alert_messages failed: {}", error.oneLine().toStdString());
        m_exitCode = 1;
        return;
    }
    // A failed message whose chat gets a later message of its episode in this pass is not
    // tried again: the later one carries the alert, and once begun the failed one is owed no
    // more.
    QSet<QString> later;
    for (const QVariantList &row : due.rows) {
        if (row.at(5).toString() != QLatin1String("failed"))
            later.insert(row.at(0).toString() + QLatin1Char('|') + row.at(3).toString() +
                         QLatin1Char('|') + row.at(1).toString());
    }
    const auto supersededInPass = [&](const QVariantList &row) {
        for (const QString &k : later) {
            const QStringList p = k.split(QLatin1Char('|'));
            if (p.at(0) == row.at(0).toString() && p.at(1) == row.at(3).toString() &&
                p.at(2).toInt() > row.at(1).toInt())
                return true;
        }
        return false;
    };
    QMap<QString, QVector<Begun>> byChat;
    for (const QVariantList &row : due.rows) {
        const qint64 episode = row.at(0).toLongLong();
        const int number = row.at(1).toInt();
        const QString message = row.at(2).toString();
        const QString chat = row.at(3).toString();
        const QString state = row.at(5).toString();
        const double age = row.at(6).toDouble();
        if (state == QLatin1String("started")) {
            if (age < m_config.longestSendS())
                continue; // in flight at another evaluator, or begun moments ago
            // Begun by an evaluator that stopped before it knew Telegram's answer: never sent
            // again (sendMessage cannot be looked up); the journal says so.
            const QJsonObject result{
                {QStringLiteral("outcome"), QStringLiteral("unknown")},
                {QStringLiteral("reason"),
                 QStringLiteral("begun %1 s ago and never finished").arg(qint64(age))}};
            if (execParams(
                    m_db.raw(),
                    {QStringLiteral("SELECT inbox.finish_alert_message($1, true, $2::jsonb)"),
                     {row.at(4).toLongLong(), json(result)}},
                    &ignored, &error)) {
                m_metrics.message("unknown");
                log->warn("episode {} message {} to chat {}: begun and never finished; recorded "
                          "as unknown, not sent again",
                          episode, number, chat.toStdString());
            } else {
                log->warn("finish_alert_message failed: {}", error.oneLine().toStdString());
            }
            continue;
        }
        if (state == QLatin1String("failed") &&
            (age < m_config.failedBackoffS || supersededInPass(row)))
            continue;
        if (message == QLatin1String("fired") && state.isEmpty() && row.at(13).toBool())
            continue; // group wait: others may fire with it
        Rows begun;
        if (!execParams(m_db.raw(),
                        {QStringLiteral("SELECT action_id, state FROM"
                                        " inbox.begin_alert_message($1, $2, $3)"),
                         {episode, number, chat}},
                        &begun, &error)) {
            log->warn("begin_alert_message({}, {}, {}) failed: {}", episode, number,
                      chat.toStdString(), error.oneLine().toStdString());
            continue;
        }
        const QString got = begun.rows.value(0).value(1).toString();
        if (got != QLatin1String("started")) {
            log->info("episode {} message {} to chat {}: {}, not sent", episode, number,
                      chat.toStdString(), got.toStdString());
            continue;
        }
        AlertFacts facts;
        facts.ruleName = row.at(7).toString();
        facts.severity = row.at(8).toString();
        facts.kind = row.at(9).toString();
        facts.scope = row.at(10).toString();
        facts.summary = QJsonDocument::fromJson(row.at(11).toString().toUtf8()).object();
        facts.firedAt = row.at(12).toString();
        facts.message = message;
        if (!row.at(14).isNull() && message != QLatin1String("resolved"))
            facts.resolvedAt = row.at(14).toString(); // begun late: it says it resolved since
        facts.quietMinutes = row.at(16).isNull() ? -1 : int(row.at(16).toDouble() / 60.0);
        facts.stillFailed = row.at(17).isNull() ? -1 : row.at(17).toLongLong();
        byChat[chat].append({begun.rows.value(0).value(0).toLongLong(), AlertText::block(facts)});
    }
    for (auto it = byChat.cbegin(); it != byChat.cend(); ++it) {
        QStringList blocks;
        for (const Begun &b : it.value())
            blocks.append(b.block);
        const QVector<QVector<int>> messages = AlertText::pack(blocks);
        for (const QVector<int> &indexes : messages) {
            QVector<qint64> actions;
            for (const int i : indexes)
                actions.append(it.value().at(i).actionId);
            const int grouped = int(indexes.size());
            m_telegram.send(it.key(), AlertText::join(blocks, indexes),
                            [this, actions, grouped](const SendOutcome &outcome) {
                                finishAction(actions, outcome, grouped);
                            });
        }
        log->info("chat {}: {} alerts in {} messages", it.key().toStdString(), blocks.size(),
                  messages.size());
    }
}

void AlertService::finishAction(const QVector<qint64> &actions, const SendOutcome &outcome,
                                int grouped)
{
    const auto log = logger("alerts");
    if (qEnvironmentVariableIsSet("INBOX_ALERTS_TEST_KILL_AFTER_ANSWER")) {
        // Tests only: die like SIGKILL between Telegram's answer and finish_alert_message.
        log->warn("INBOX_ALERTS_TEST_KILL_AFTER_ANSWER: killing myself before finishing");
        flushLogs();
        std::raise(SIGKILL);
    }
    bool ok = true;
    QJsonObject result{{QStringLiteral("status"), outcome.status},
                       {QStringLiteral("attempts"), outcome.attempts},
                       {QStringLiteral("grouped"), grouped}};
    QByteArray counted;
    switch (outcome.kind) {
    case SendOutcome::Kind::Delivered:
        result.insert(QStringLiteral("message_id"), outcome.messageId);
        counted = "sent";
        break;
    case SendOutcome::Kind::Unknown:
        // It may have been delivered: recorded as unknown (finished true, so it is never sent
        // again); the next repeat covers a message that was lost.
        result.insert(QStringLiteral("outcome"), QStringLiteral("unknown"));
        result.insert(QStringLiteral("error"), outcome.description);
        counted = "unknown";
        break;
    case SendOutcome::Kind::Refused:
    case SendOutcome::Kind::GaveUp:
        ok = false;
        result.insert(QStringLiteral("error"), outcome.description);
        result.insert(QStringLiteral("gave_up"), outcome.kind == SendOutcome::Kind::GaveUp);
        counted = "failed";
        break;
    }
    for (const qint64 action : actions)
        m_unrecorded.append({action, ok, json(result), counted});
    const qsizetype before = m_unrecorded.size();
    recordUnrecorded();
    if (m_unrecorded.size() < before) // some recorded now
        log->info("telegram: {} alerts {} (HTTP {}, {} attempts)", actions.size(),
                  counted.constData(), outcome.status, outcome.attempts);
}

void AlertService::recordUnrecorded()
{
    const auto log = logger("alerts");
    while (!m_unrecorded.isEmpty()) {
        const Unrecorded &u = m_unrecorded.first();
        DbError error;
        Rows ignored;
        if (connectDatabase() &&
            execParams(m_db.raw(),
                       {QStringLiteral("SELECT inbox.finish_alert_message($1, $2, $3::jsonb)"),
                        {u.actionId, u.ok, u.result}},
                       &ignored, &error)) {
            m_metrics.message(u.counted);
            if (m_unrecordedSince.isValid())
                log->info("action {}: {} recorded after the database came back", u.actionId,
                          u.counted.constData());
            m_unrecorded.removeFirst();
            continue;
        }
        const bool lost = !m_db.isOpen() || PQstatus(m_db.raw()) != CONNECTION_OK;
        if (!lost) {
            // The database refused it (not the connection): trying again will not help.
            log->warn("finish_alert_message({}) failed: {}", u.actionId,
                      error.oneLine().toStdString());
            m_unrecorded.removeFirst();
            continue;
        }
        // Telegram answered and the database is away: the outcome is kept and recorded once
        // it is back (the action stays begun meanwhile, so nobody sends it again).
        if (!m_unrecordedSince.isValid()) {
            m_unrecordedSince.start();
            log->warn("{} Telegram outcomes not recorded yet: the database is unreachable ({});"
                      " trying again every second",
                      m_unrecorded.size(), error.oneLine().toStdString());
        }
        if ((m_once || m_stopping) &&
            m_unrecordedSince.elapsed() > m_config.shutdownTimeoutS * 1000) {
            log->error("{} Telegram outcomes could not be recorded; their actions stay begun "
                       "(recorded as unknown by the next start)",
                       m_unrecorded.size());
            m_unrecorded.clear();
            m_unrecordedSince.invalidate();
            maybeFinished();
            return;
        }
        QTimer::singleShot(1000, this, [this] {
            recordUnrecorded();
            maybeFinished();
        });
        return;
    }
    m_unrecordedSince.invalidate();
}

} // namespace inbox::alerts
