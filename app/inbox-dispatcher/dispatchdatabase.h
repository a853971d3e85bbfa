#pragma once
// The dispatcher's one working connection, used from its one thread: every contract call of
// every destination goes through it, one statement at a time (each call is short; the HTTP
// requests are what takes time, and they run concurrently on the event loop). A lost
// connection is opened again at the next call, at most once a second, so a restarted database
// costs the calls of that second and nothing else.

#include "db/connectoptions.h"
#include "db/pgconnection.h"

#include <QElapsedTimer>
#include <QString>

#include <optional>

namespace inbox::dispatch {

class DispatchDatabase final
{
public:
    explicit DispatchDatabase(ConnectOptions options) : m_options(std::move(options)) {}
    Q_DISABLE_COPY_MOVE(DispatchDatabase)

    // One statement; nullopt (and the reason in *error, never a password) when it failed or
    // the database cannot be reached now.
    std::optional<PgRows> exec(const QString &sql, const QVector<PgParam> &params, QString *error);
    bool up() const { return m_conn.isOpen() && !m_conn.isBroken(); }

private:
    bool ensureOpen(QString *error);

    ConnectOptions m_options;
    PgConnection m_conn;
    QElapsedTimer m_lastAttempt;
};

} // namespace inbox::dispatch
