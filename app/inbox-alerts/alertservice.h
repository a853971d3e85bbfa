#pragma once
// inbox-alerts' loop on the program's own event loop: every interval one evaluation pass
// (RuleEvaluator), then the messages that are due (docs/contract.md §4.14, "Each message
// once", "What is owed"): inbox.due_alert_messages(); for each row begin_alert_message; on
// `started` the message is sent, on `done` or `unknown` it is not. A row still `started` whose
// begin is older than the longest send with its retries was begun by an evaluator that
// stopped: it is recorded as finish_alert_message(id, true, {"outcome": "unknown"}) and never
// sent again, whatever became of its episode. A `failed` row is tried again after
// failed_backoff, unless a later message of its episode to the same chat is begun in the same
// pass. Then inbox.prune_alerts() (settled episodes, 90 days on).
//
// Grouping: the begun messages of one chat in one pass travel together: their blocks are
// packed into as few Telegram messages as 4096 characters of text after entity parsing allow
// (split between alerts, never inside a tag), and each Telegram message finishes every action
// it carried with its outcome (the same message_id, "grouped": how many alerts it carried). A
// new episode's first message waits group_wait seconds after it fired, so alerts that fire
// together go together.
//
// The database is one libpq connection of this thread (blocking calls, statement_timeout);
// Telegram is asynchronous (TelegramClient), so a slow Bot API never holds a query open. An
// outcome whose finish_alert_message fails because the connection is gone is kept and
// recorded once the database is back (every second, and before the next pass); "sent" is
// logged only once it is recorded. A pass that cannot connect counts as a failed evaluation.

#include "alertsconfig.h"
#include "alertsmetrics.h"
#include "ruleevaluator.h"
#include "telegramclient.h"

#include "db/pgconnection.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <QVector>

namespace inbox::alerts {

class AlertService final : public QObject
{
    Q_OBJECT

public:
    AlertService(const AlertsConfig &config, AlertsMetrics &metrics, QObject *parent = nullptr);
    ~AlertService() override;
    Q_DISABLE_COPY_MOVE(AlertService)

    // Evaluates now and every interval after; with `once`, one pass, its messages, then
    // finished(code).
    void start(bool once);
    // SIGTERM: no new pass; the messages in flight are finished (or the shutdown timeout
    // passes), then finished(0).
    void stop();

signals:
    void finished(int code);

private:
    struct Begun
    {
        qint64 actionId = 0;
        QString block;
    };

    // A Telegram outcome waiting to be recorded (finish_alert_message) while the database is
    // away.
    struct Unrecorded
    {
        qint64 actionId = 0;
        bool ok = false;
        QString result;
        QByteArray counted;
    };

    void pass();
    bool connectDatabase();
    void recordUnrecorded();
    void prune();
    void sendDue();
    void finishAction(const QVector<qint64> &actions, const SendOutcome &outcome, int grouped);
    void maybeFinished();

    const AlertsConfig &m_config;
    AlertsMetrics &m_metrics;
    PgConnection m_db;
    RuleEvaluator m_evaluator;
    TelegramClient m_telegram;
    QTimer m_timer;
    QVector<Unrecorded> m_unrecorded;
    QElapsedTimer m_unrecordedSince;
    bool m_once = false;
    bool m_stopping = false;
    int m_exitCode = 0;
    bool m_finished = false;
};

} // namespace inbox::alerts
