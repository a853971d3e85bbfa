#pragma once
// inbox-alerts' configuration, read from one file ([alerts] section, `key = value`, the
// receiver's ConfigParser) and validated before anything connects or listens: the database,
// the Telegram token (from a file, never logged), the Bot API base URL (Telegram's unless a
// fake is named), the evaluation interval, the group wait, the send limits and the metrics
// listener. Every error names file:line. See installer/inbox-alerts.conf.example.

#include "receiverconfig.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace inbox::alerts {

struct AlertsConfig
{
    QString file;
    QString conninfo; // empty: libpq's PG* environment and service file
    QString password; // from database_password_file; never logged
    QByteArray token; // from telegram_token_file; never logged
    QString apiBase = QStringLiteral("https://api.telegram.org");
    front::ListenAddress metricsListen;
    int intervalS = 30;      // one evaluation pass every this long
    int groupWaitS = 10;     // a new episode's first message waits this long for others
    int resolveAfterS = 60;  // an episode resolves once its condition stayed false this long
    int sendTimeoutS = 10;   // one HTTP attempt's transfer timeout
    int sendAttempts = 4;    // tries of one message on 429 / 5xx / refused connections
    int maxRetryAfterS = 60; // a longer 429 retry_after gives up (failed, tried again later)
    int failedBackoffS = 60; // a failed message is begun again after this long
    int statementTimeoutMs = 10000;
    int shutdownTimeoutS = 20; // SIGTERM: the message in flight may take this long

    // The longest one message can take with its retries: an action begun longer ago than this
    // and never finished is recorded as unknown (docs/contract.md §4.14).
    int longestSendS() const
    {
        return sendAttempts * sendTimeoutS + (sendAttempts - 1) * maxRetryAfterS + 5;
    }

    static std::optional<AlertsConfig> load(const QString &path, QStringList *errors,
                                            QStringList *warnings);
};

} // namespace inbox::alerts
