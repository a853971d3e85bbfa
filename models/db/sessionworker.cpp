#include "db/sessionworker.h"

#include "db/libpqconnect.h"
#include "db/migrator.h"
#include "support/logging.h"

#include <libpq-fe.h>
#include <spdlog/spdlog.h>

namespace inbox {

SessionWorker::SessionWorker(std::shared_ptr<std::atomic<quint64>> latest)
    : m_latest(std::move(latest))
{}

SessionWorker::~SessionWorker()
{
    close();
}

void SessionWorker::open(const ConnectOptions &options, quint64 generation)
{
    // The current connection stays until the new one works: a failed attempt at another
    // profile must not leave the console without the one it had.
    DbError error;
    ConnectProblem problem = ConnectProblem::BadConnectionString;
    const std::optional<ConnectPlan> plan = ConnectPlan::make(options, &error);
    PGconn *conn =
        plan ? connectLibpq(
                   *plan, [&] { return m_latest->load() != generation; }, &error, &problem)
             : nullptr;
    if (!conn) {
        logger("db")->warn("connect failed: {}", error.oneLine().toStdString());
        emit openFailed(error, problem, generation);
        return;
    }
    const std::optional<ServerInfo> info = readServerInfo(conn, &error);
    if (!info) {
        PQfinish(conn);
        emit openFailed(error, ConnectProblem::Other, generation);
        return;
    }
    close();
    m_conn = conn;
    m_statementTimeoutMs = options.statementTimeoutMs;
    logger("db")->info("connected as {} to {} (server {}, schema {}, sslmode {}, {})",
                       info->user.toStdString(), info->database.toStdString(),
                       info->serverVersion.toStdString(), info->schemaVersion,
                       info->sslMode.toStdString(), info->encrypted ? "encrypted" : "plain");
    emit opened(*info, generation);
}

void SessionWorker::applyMigrations(quint64 generation)
{
    DbError error;
    if (m_conn && PQstatus(m_conn) != CONNECTION_OK)
        PQreset(m_conn); // the session sat idle; the server may have restarted since
    if (!m_conn || PQstatus(m_conn) != CONNECTION_OK) {
        error = m_conn ? DbError::fromConnection(m_conn)
                       : DbError::plain(QStringLiteral("not connected"));
        emit migrateFailed(error, generation);
        return;
    }
    // A migration may build an index over millions of rows: no statement timeout for it.
    setStatementTimeout(m_conn, 0, nullptr);
    const std::optional<Migrator::Outcome> outcome = Migrator::apply(m_conn, &error);
    setStatementTimeout(m_conn, m_statementTimeoutMs, nullptr);
    if (!outcome) {
        logger("db")->warn("migration failed: {}", error.oneLine().toStdString());
        emit migrateFailed(error, generation);
        return;
    }
    const std::optional<ServerInfo> info = readServerInfo(m_conn, &error);
    if (!info) {
        emit migrateFailed(error, generation);
        return;
    }
    logger("db")->info("schema migrated from {} to {}", outcome->before, outcome->after);
    emit migrated(*info, outcome->applied, generation);
}

void SessionWorker::close()
{
    if (m_conn)
        PQfinish(m_conn);
    m_conn = nullptr;
}

} // namespace inbox
