#include "db/sessionworker.h"

#include "db/conninfo.h"
#include "db/connkeywords.h"
#include "db/migrator.h"
#include "support/logging.h"

#include <QElapsedTimer>
#include <libpq-fe.h>
#include <poll.h>
#include <spdlog/spdlog.h>

namespace inbox {

namespace {

// libpq's failure text split for DbError: the first line is the message, the rest (a hint
// such as "Is the server running locally...?", or further hosts tried) the detail.
DbError connectError(const QString &text, const QString &sqlstate)
{
    DbError e;
    QStringList lines = text.trimmed().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (QString &line : lines)
        line = line.trimmed();
    e.message = lines.isEmpty() ? QStringLiteral("connection failed") : lines.takeFirst();
    e.detail = lines.join(QLatin1Char(' '));
    e.sqlstate = sqlstate;
    e.connectionLost = true;
    return e;
}

bool execSimple(PGconn *conn, const char *sql, const QByteArray &param, DbError *error)
{
    const char *values[1] = {param.constData()};
    PGresult *r = PQexecParams(conn, sql, param.isNull() ? 0 : 1, nullptr,
                               param.isNull() ? nullptr : values, nullptr, nullptr, 0);
    const bool ok =
        r && (PQresultStatus(r) == PGRES_TUPLES_OK || PQresultStatus(r) == PGRES_COMMAND_OK);
    if (!ok && error)
        *error = DbError::fromResult(r, conn);
    PQclear(r);
    return ok;
}

bool setStatementTimeout(PGconn *conn, int ms, DbError *error)
{
    return execSimple(conn, "SELECT set_config('statement_timeout', $1, false)",
                      QByteArray::number(ms), error);
}

} // namespace

SessionWorker::SessionWorker(std::shared_ptr<std::atomic<quint64>> latest)
    : m_latest(std::move(latest))
{}

SessionWorker::~SessionWorker()
{
    close();
}

PGconn *SessionWorker::connect(const ConnectOptions &options, quint64 generation, DbError *error,
                               ConnectProblem *problem)
{
    ConnectFacts facts;
    DbError parseError;
    std::optional<ConnInfo> info = ConnInfo::parse(options.conninfo, &parseError);
    if (!info) {
        *error = parseError;
        facts.parseFailed = true;
        *problem = classifyConnectFailure(facts);
        return nullptr;
    }
    if (!info->contains(QStringLiteral("application_name")))
        info->set(QStringLiteral("application_name"), options.applicationName);
    int timeoutS = options.connectTimeoutS;
    if (info->contains(QStringLiteral("connect_timeout")))
        timeoutS = info->value(QStringLiteral("connect_timeout")).toInt();
    if (timeoutS > 0 && timeoutS < 2)
        timeoutS = 2; // as libpq does: one second is too short to mean anything
    // The password typed in the window wins over one in the string; it stays in memory.
    if (!options.password.isEmpty())
        info->set(QStringLiteral("password"), options.password);

    const ConnKeywords keywords(*info);
    PGconn *conn = PQconnectStartParams(keywords.keys(), keywords.values(), 0);
    if (!conn) {
        *error = DbError::plain(QStringLiteral("out of memory"));
        *problem = ConnectProblem::Other;
        return nullptr;
    }
    // Verbose errors carry the server's SQLSTATE in the text: the only way to tell a wrong
    // password from a missing database whatever language the server speaks.
    PQsetErrorVerbosity(conn, PQERRORS_VERBOSE);

    QElapsedTimer timer;
    timer.start();
    bool timedOut = false;
    PostgresPollingStatusType polling = PGRES_POLLING_WRITING;
    while (PQstatus(conn) != CONNECTION_BAD && polling != PGRES_POLLING_OK &&
           polling != PGRES_POLLING_FAILED) {
        const ConnStatusType status = PQstatus(conn);
        if (status != CONNECTION_STARTED && status != CONNECTION_NEEDED)
            facts.reachedServer = true;
        pollfd fd{PQsocket(conn), short(polling == PGRES_POLLING_READING ? POLLIN : POLLOUT), 0};
        const int ready = fd.fd < 0 ? 1 : ::poll(&fd, 1, 100);
        if (m_latest->load() != generation) {
            facts.cancelled = true;
            break;
        }
        if (timeoutS > 0 && timer.elapsed() > qint64(timeoutS) * 1000) {
            timedOut = true;
            break;
        }
        if (ready != 0)
            polling = PQconnectPoll(conn);
    }
    if (PQstatus(conn) == CONNECTION_OK && polling == PGRES_POLLING_OK) {
        *problem = ConnectProblem::None;
        return conn;
    }

    if (facts.cancelled) {
        *error = DbError::plain(QStringLiteral("connection attempt cancelled"));
    } else if (timedOut) {
        *error = connectError(
            QStringLiteral("no answer within %1 s (connect_timeout)").arg(timeoutS), QString());
    } else {
        facts.needsPassword = PQconnectionNeedsPassword(conn) != 0;
        facts.usedPassword = PQconnectionUsedPassword(conn) != 0;
        QString text = QString::fromUtf8(PQerrorMessage(conn));
        facts.certificateRejected = isCertificateFailure(text);
        facts.sqlstate = takeSqlstate(&text);
        *error = connectError(text, facts.sqlstate);
    }
    *problem = classifyConnectFailure(facts);
    PQfinish(conn);
    return nullptr;
}

void SessionWorker::open(const ConnectOptions &options, quint64 generation)
{
    close();
    DbError error;
    ConnectProblem problem = ConnectProblem::None;
    PGconn *conn = connect(options, generation, &error, &problem);
    if (!conn) {
        logger("db")->warn("connect failed: {}", error.oneLine().toStdString());
        emit openFailed(error, problem, generation);
        return;
    }
    m_conn = conn;
    m_statementTimeoutMs = options.statementTimeoutMs;
    // Server notices go to the log, not to whoever's terminal started the program.
    PQsetNoticeProcessor(
        m_conn,
        [](void *, const char *message) {
            logger("db")->info("server notice: {}", QByteArray(message).trimmed().toStdString());
        },
        nullptr);
    PQsetErrorVerbosity(m_conn, PQERRORS_DEFAULT);
    std::optional<ServerInfo> info;
    if (setStatementTimeout(m_conn, m_statementTimeoutMs, &error))
        info = readServerInfo(m_conn, &error);
    if (!info) {
        close();
        emit openFailed(error, ConnectProblem::Other, generation);
        return;
    }
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
