#pragma once
// The receiver's whole configuration, read from one file and validated before anything
// listens: where to listen, how to reach the database, the global limits, and each source
// (its path, adapter rules, secrets, body limit and allowed networks). Every error names
// file:line. Secrets are read here, from files or the environment, and are never logged.
// See installer/inbox-receiver.conf.example for every key.

#include "networklist.h"
#include "request.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <sys/socket.h>

#include <optional>

namespace inbox::front {

struct ListenAddress
{
    QString text; // as written, for logs
    sockaddr_storage address{};
    bool v6 = false;
};

struct SourceConfig
{
    ::receiver::SourceRules rules;
    QByteArray path;            // starts with '/', no trailing '/'
    bool takesPathRest = false; // path/<rest> also routes here (a secret in the URL path)
    qint64 bodyLimit = 1024 * 1024;
    NetworkList networks;
    int line = 0;
};

struct ReceiverConfig
{
    QString file;
    ListenAddress listen;
    ListenAddress metricsListen;
    QString conninfo; // empty: libpq's PG* environment and service file
    QString password; // from database_password_file; never logged
    int maxConnections = 1024;
    int maxConnectionsPerIp = 128;
    int headerMemory = 32 * 1024; // bytes per connection for the request line and headers
    int connectionTimeoutS = 15;  // an idle connection is closed after this
    // Whole-request deadlines (nginx's client_header_timeout and client_body_timeout, but
    // counted from the phase's start, not reset by each byte): the request line and headers
    // within headerTimeoutS of the connection's opening (or of the previous answer on a
    // kept-alive connection), the body within bodyTimeoutS of the headers' end. Past either,
    // the connection is closed without an answer.
    int headerTimeoutS = 10;
    int bodyTimeoutS = 30;
    // Bytes of request bodies buffered at once, over all connections; a body that would go
    // beyond it is answered 503 with Retry-After. At least the largest body_limit.
    qint64 bodyMemory = 64 * 1024 * 1024;
    int threads = 2;       // the HTTP side's polling threads
    int writers = 1;       // database connections storing groups
    int groupMax = 500;    // deliveries per inbox.accept_many call
    int queueLimit = 5000; // deliveries waiting for a writer; beyond: 503
    int statementTimeoutMs = 10000;
    int retryAfterS = 5;
    int shutdownTimeoutS = 10;
    // Proxies (TLS in front) whose X-Forwarded-For names the real peer; empty: none.
    NetworkList trustedProxies;
    QList<SourceConfig> sources;

    // Reads and validates `path`. nullopt with every error found in *errors; *warnings
    // holds what is allowed but doubtful.
    static std::optional<ReceiverConfig> load(const QString &path, QStringList *errors,
                                              QStringList *warnings);

    // The source a request path belongs to: its path exactly, or, for a source that takes
    // a path secret, its path followed by '/' and the rest (returned in *rest).
    const SourceConfig *route(const QByteArray &requestPath, QByteArray *rest) const;
};

// "127.0.0.1:8080" or "[::1]:8080", numeric only (names are not resolved). Also used by
// inbox-alerts.
bool parseListen(const QString &text, ListenAddress *out, QString *error);

// True for 127.0.0.1 only. The services warn about any other metrics address, [::1] included:
// /metrics may then be read from the network.
bool isIpv4Loopback(const ListenAddress &address);

// A secret file: relative names are beside the configuration (so $CREDENTIALS_DIRECTORY
// works); readable by others is refused, since a secret anyone on the host can read is not one.
// Trailing newline dropped; never logged. Also used by inbox-alerts (the Telegram token).
bool readSecretFile(const QString &configDir, const QString &name, QByteArray *secret,
                    QString *error);

// Adapters whose secret travels in the URL path (amoCRM): only they route path/<rest>.
bool adapterTakesPathRest(const QString &adapter);

} // namespace inbox::front
