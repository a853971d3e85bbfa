#include "db/libpqconnect.h"

#include "db/connkeywords.h"
#include "support/logging.h"

#include <QElapsedTimer>
#include <QStringList>
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

// Polls a started attempt until it is made, fails, runs out of time or is cancelled.
bool finishAttempt(PGconn *conn, int timeoutS, const std::function<bool()> &cancelled,
                   ConnectFacts *facts, bool *timedOut)
{
    QElapsedTimer timer;
    timer.start();
    PostgresPollingStatusType polling = PGRES_POLLING_WRITING;
    while (PQstatus(conn) != CONNECTION_BAD && polling != PGRES_POLLING_OK &&
           polling != PGRES_POLLING_FAILED) {
        const ConnStatusType status = PQstatus(conn);
        if (status != CONNECTION_STARTED && status != CONNECTION_NEEDED)
            facts->reachedServer = true;
        pollfd fd{PQsocket(conn), short(polling == PGRES_POLLING_READING ? POLLIN : POLLOUT), 0};
        const int ready = fd.fd < 0 ? 1 : ::poll(&fd, 1, 100);
        if (cancelled && cancelled()) {
            facts->cancelled = true;
            return false;
        }
        if (timeoutS > 0 && timer.elapsed() > qint64(timeoutS) * 1000) {
            *timedOut = true;
            return false;
        }
        if (ready != 0)
            polling = PQconnectPoll(conn);
    }
    return PQstatus(conn) == CONNECTION_OK && polling == PGRES_POLLING_OK;
}

} // namespace

bool setStatementTimeout(PGconn *conn, int ms, DbError *error)
{
    const QByteArray value = QByteArray::number(ms);
    const char *values[1] = {value.constData()};
    PGresult *r = PQexecParams(conn, "SELECT set_config('statement_timeout', $1, false)", 1,
                               nullptr, values, nullptr, nullptr, 0);
    const bool ok = r && PQresultStatus(r) == PGRES_TUPLES_OK;
    if (!ok && error)
        *error = DbError::fromResult(r, conn);
    PQclear(r);
    return ok;
}

void logServerNotices(PGconn *conn)
{
    PQsetNoticeProcessor(
        conn,
        [](void *, const char *message) {
            logger("db")->info("server notice: {}", QByteArray(message).trimmed().toStdString());
        },
        nullptr);
}

PGconn *connectLibpq(const ConnectPlan &plan, const std::function<bool()> &cancelled,
                     DbError *error, ConnectProblem *problem)
{
    DbError ignoredError;
    ConnectProblem ignoredProblem = ConnectProblem::None;
    error = error ? error : &ignoredError;
    problem = problem ? problem : &ignoredProblem;

    const ConnKeywords keywords(plan.info());
    PGconn *conn = PQconnectStartParams(keywords.keys(), keywords.values(), 0);
    if (!conn) {
        *error = DbError::plain(QStringLiteral("out of memory"));
        *problem = ConnectProblem::Other;
        return nullptr;
    }
    // Verbose errors carry the server's SQLSTATE in the text: the only way to tell a wrong
    // password from a missing database whatever language the server speaks.
    PQsetErrorVerbosity(conn, PQERRORS_VERBOSE);

    ConnectFacts facts;
    bool timedOut = false;
    if (finishAttempt(conn, plan.connectTimeoutS(), cancelled, &facts, &timedOut)) {
        PQsetErrorVerbosity(conn, PQERRORS_DEFAULT);
        logServerNotices(conn);
        if (!setStatementTimeout(conn, plan.statementTimeoutMs(), error)) {
            PQfinish(conn);
            *problem = ConnectProblem::Other;
            return nullptr;
        }
        *problem = ConnectProblem::None;
        return conn;
    }

    if (facts.cancelled) {
        *error = DbError::plain(QStringLiteral("connection attempt cancelled"));
    } else if (timedOut) {
        *error = connectError(
            QStringLiteral("no answer within %1 s (connect_timeout)").arg(plan.connectTimeoutS()),
            QString());
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

} // namespace inbox
