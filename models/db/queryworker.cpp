#include "db/queryworker.h"

#include "db/pgexec.h"
#include "db/replaywait.h"
#include "support/logging.h"

#include <QElapsedTimer>
#include <QMutexLocker>
#include <libpq-fe.h>
#include <spdlog/spdlog.h>

namespace inbox {

QueryWorker::QueryWorker(const QString &connectionName) : m_name(connectionName) {}

QueryWorker::~QueryWorker()
{
    close();
}

void QueryWorker::setOptions(const ConnectOptions &options)
{
    close();
    m_options = options;
}

bool QueryWorker::ensureOpen(DbError *error)
{
    if (m_open) {
        const PGconn *conn = nativeConnection(QSqlDatabase::database(m_name, false));
        if (conn && PQstatus(conn) == CONNECTION_OK)
            return true;
        close();
    }
    if (!openDatabase(m_name, m_options, error))
        return false;
    m_open = true;
    QMutexLocker lock(&m_cancelMutex);
    m_cancel = PQgetCancel(nativeConnection(QSqlDatabase::database(m_name, false)));
    return true;
}

void QueryWorker::close()
{
    {
        QMutexLocker lock(&m_cancelMutex);
        if (m_cancel)
            PQfreeCancel(m_cancel);
        m_cancel = nullptr;
    }
    if (m_open)
        closeDatabase(m_name);
    m_open = false;
    m_replayed = 0; // the next connection may reach another server
}

void QueryWorker::dropBelow(quint64 ticket)
{
    QMutexLocker lock(&m_cancelMutex);
    m_oldestWanted.store(ticket);
    const quint64 running = m_running.load();
    if (!m_cancel || running == 0 || running >= ticket)
        return;
    char message[256];
    if (!PQcancel(m_cancel, message, sizeof message))
        logger("db")->warn("cancel request failed: {}", message);
}

bool QueryWorker::runOne(const Query &query, Rows *rows, DbError *error)
{
    PGconn *conn = nativeConnection(QSqlDatabase::database(m_name, false));
    if (!conn) {
        *error = DbError::plain(QStringLiteral("not connected"));
        error->connectionLost = true;
        return false;
    }
    return execParams(conn, query, rows, error);
}

bool QueryWorker::awaitReplay(DbError *error)
{
    if (m_options.fenceRole != ConnectOptions::FenceRole::Wait || !m_options.fence)
        return true;
    const qint64 target = m_options.fence->lsn();
    if (target <= m_replayed)
        return true;
    Rows rows;
    if (!runOne(replaywait::untilReplayed(target, replaywait::kReadBoundMs), &rows, error))
        return false;
    const bool caughtUp = !rows.rows.isEmpty() && rows.rows.first().at(1).toBool();
    if (caughtUp) {
        m_replayed = target;
    } else {
        // Reading what the standby has beats not reading: the screen's next re-read (its
        // poll, a notification, F5) shows the rest.
        logger("db")->warn("{}: the standby had not replayed up to the console's last change "
                           "after {} ms; reading what it has",
                           m_name.toStdString(), replaywait::kReadBoundMs);
    }
    return true;
}

void QueryWorker::advanceFence()
{
    if (m_options.fenceRole != ConnectOptions::FenceRole::Advance || !m_options.fence)
        return;
    Rows rows;
    DbError error;
    if (runOne(replaywait::primaryPosition(), &rows, &error) && !rows.rows.isEmpty())
        m_options.fence->advanceTo(rows.rows.first().first().toLongLong());
    else
        logger("db")->debug("{}: no WAL position ({})", m_name.toStdString(),
                            error.oneLine().toStdString());
}

void QueryWorker::run(const QVector<Query> &batch, quint64 ticket)
{
    QueryReply reply;
    reply.ticket = ticket;
    {
        // Under the lock, so dropBelow() either sees this batch running or we see its mark.
        QMutexLocker lock(&m_cancelMutex);
        if (ticket < m_oldestWanted.load()) {
            reply.error = DbError::plain(QStringLiteral("superseded"));
            emit replied(reply);
            return;
        }
        m_running.store(ticket);
    }
    QElapsedTimer timer;
    timer.start();
    for (int attempt = 0; attempt < 2; ++attempt) {
        reply.results.clear();
        reply.error = DbError();
        if (!ensureOpen(&reply.error))
            reply.error.connectionLost = true;
        else
            awaitReplay(&reply.error);
        for (const Query &query : batch) {
            if (!reply.error.isEmpty())
                break;
            Rows rows;
            if (runOne(query, &rows, &reply.error))
                reply.results << rows;
        }
        // A cancel meant for an older batch can land on this one in the instant between the
        // two; a batch still wanted that was cancelled well before the timeout is rerun once.
        const bool strayCancel = reply.error.isCanceled() && ticket >= m_oldestWanted.load() &&
                                 timer.elapsed() < m_options.statementTimeoutMs * 9 / 10;
        if (!strayCancel)
            break;
    }
    // Before the reply: a read its sender starts on receiving it must see this batch's changes.
    if (reply.ok())
        advanceFence();
    m_running.store(0);
    // Our own cancels are dropped by the channel; one that lasted the whole timeout was the
    // server's statement_timeout, told as such.
    if (reply.error.isCanceled() && timer.elapsed() >= m_options.statementTimeoutMs * 9 / 10)
        reply.error = DbError::timedOut(reply.error, m_options.statementTimeoutMs);
    reply.elapsedUs = timer.nsecsElapsed() / 1000;
    if (reply.error.connectionLost) {
        close();
        emit connectionLost(reply.error);
    }
    emit replied(reply);
}

} // namespace inbox
