#include "sessionworker.h"

#include "logging.h"
#include "migrator.h"

#include <QAtomicInt>
#include <spdlog/spdlog.h>

namespace inbox {

namespace {
QString uniqueConnectionName()
{
    static QAtomicInt counter;
    return QStringLiteral("inbox-session-%1").arg(counter.fetchAndAddRelaxed(1));
}
} // namespace

SessionWorker::SessionWorker(const QString &connectionName) : m_name(connectionName) {}

SessionWorker::~SessionWorker()
{
    close();
}

void SessionWorker::open(const ConnectOptions &options, quint64 generation)
{
    close();
    DbError error;
    if (!openDatabase(m_name, options, &error)) {
        logger("db")->warn("connect failed: {}", error.oneLine().toStdString());
        emit openFailed(error, generation);
        return;
    }
    const std::optional<ServerInfo> info =
        readServerInfo(nativeConnection(QSqlDatabase::database(m_name, false)), &error);
    if (!info) {
        close();
        emit openFailed(error, generation);
        return;
    }
    logger("db")->info("connected as {} to {} (server {}, schema {})", info->user.toStdString(),
                       info->database.toStdString(), info->serverVersion.toStdString(),
                       info->schemaVersion);
    emit opened(*info, generation);
}

void SessionWorker::applyMigrations(quint64 generation)
{
    pg_conn *conn = nativeConnection(QSqlDatabase::database(m_name, false));
    DbError error;
    const std::optional<Migrator::Outcome> outcome = Migrator::apply(conn, &error);
    if (!outcome) {
        logger("db")->warn("migration failed: {}", error.oneLine().toStdString());
        emit migrateFailed(error, generation);
        return;
    }
    const std::optional<ServerInfo> info = readServerInfo(conn, &error);
    if (!info) {
        emit migrateFailed(error, generation);
        return;
    }
    logger("db")->info("schema migrated from {} to {}", outcome->before, outcome->after);
    emit migrated(*info, outcome->applied, generation);
}

void SessionWorker::close()
{
    if (QSqlDatabase::contains(m_name))
        closeDatabase(m_name);
}

Session::Session(QObject *parent)
    : QObject(parent), m_worker(new SessionWorker(uniqueConnectionName()))
{
    qRegisterMetaType<inbox::ConnectOptions>();
    qRegisterMetaType<inbox::ServerInfo>();
    qRegisterMetaType<inbox::DbError>();
    m_thread.setObjectName(QStringLiteral("db-session"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);

    connect(m_worker, &SessionWorker::opened, this, [this](const ServerInfo &info, quint64 gen) {
        if (gen != m_generation)
            return;
        m_open = true;
        m_info = info;
        m_options = m_pending;
        setBusy(false);
        emit opened(info);
    });
    connect(m_worker, &SessionWorker::openFailed, this, [this](const DbError &e, quint64 gen) {
        if (gen != m_generation)
            return;
        m_open = false;
        setBusy(false);
        emit failed(e);
    });
    connect(m_worker, &SessionWorker::migrated, this,
            [this](const ServerInfo &info, const QVector<int> &applied, quint64 gen) {
                if (gen != m_generation)
                    return;
                m_info = info;
                setBusy(false);
                emit migrated(info, applied);
            });
    connect(m_worker, &SessionWorker::migrateFailed, this, [this](const DbError &e, quint64 gen) {
        if (gen != m_generation)
            return;
        setBusy(false);
        emit failed(e);
    });
    m_thread.start();
}

Session::~Session()
{
    QMetaObject::invokeMethod(m_worker, &SessionWorker::close, Qt::QueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void Session::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

void Session::open(const ConnectOptions &options)
{
    const quint64 gen = ++m_generation;
    m_open = false;
    m_pending = options;
    setBusy(true);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, options, gen] { w->open(options, gen); }, Qt::QueuedConnection);
}

void Session::applyMigrations()
{
    const quint64 gen = ++m_generation;
    setBusy(true);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, gen] { w->applyMigrations(gen); }, Qt::QueuedConnection);
}

void Session::close()
{
    ++m_generation;
    m_open = false;
    setBusy(false);
    QMetaObject::invokeMethod(m_worker, &SessionWorker::close, Qt::QueuedConnection);
    emit closed();
}

} // namespace inbox
