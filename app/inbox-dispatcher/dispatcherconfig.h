#pragma once
// inbox-dispatcher's configuration, read from one file with the receiver's conventions
// (ConfigParser, `key = value`, every error as file:line): a [dispatcher] section (database,
// worker name, metrics listener, timings) and one [destination NAME] section per HTTP handler
// (URL, route, timeout, concurrency, rate, headers, signing secret, breaker). Secrets come from
// a file or the environment and are never logged. See installer/inbox-dispatcher.conf.example.

#include "receiverconfig.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace inbox::dispatch {

struct DestinationConfig
{
    QString name;
    int line = 0;
    QUrl url;            // may carry a secret in its query: never logged
    QStringList sources; // empty: any source
    QStringList kinds;   // empty: any kind
    // One character: the events of a source whose external ids share the part before it go
    // out one at a time, in order (claim_routed's p_order_separator). Empty: no order.
    QString orderSeparator;
    int timeoutMs = 10000;
    int concurrency = 4; // requests in flight
    int rate = 0;        // requests started per second; 0: no limit
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray signingKey; // decoded from whsec_...; empty: unsigned
    int answerLimit = 500; // bytes of an answer kept for the operator
    int breakerFailures = 5;
    int breakerIntervalMs = 30000;
    int maxRetryAfterS = 3600;
};

struct DispatcherConfig
{
    QString file;
    QString conninfo;
    QString password;
    QString worker; // p_worker of every call; default inbox-dispatcher@<host>
    front::ListenAddress metricsListen;
    int pollIntervalMs = 1000; // a claim pass without a notification, at the latest
    // While events are arriving (a notification or a claim that found some, in the last
    // 1.5 s), a claim pass this often: the contract announces a topic at most once a second
    // per session, so a steady stream from one receiver wakes the dispatcher once a second
    // and the rest would wait for it. 0: only notifications and the poll.
    int busyPollMs = 5;
    int heartbeatIntervalMs = 30000;
    int shutdownTimeoutS = 20;
    int statementTimeoutMs = 10000;
    QList<DestinationConfig> destinations;

    static std::optional<DispatcherConfig> load(const QString &path, QStringList *errors,
                                                QStringList *warnings);
};

} // namespace inbox::dispatch
