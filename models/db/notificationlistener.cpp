#include "db/notificationlistener.h"

#include "db/listenerworker.h"
#include "db/replaywait.h"
#include "support/logging.h"

#include <QAtomicInt>
#include <QSqlError>
#include <QSqlQuery>
#include <libpq-fe.h>
#include <spdlog/spdlog.h>

#include <utility>

namespace inbox {

namespace {
constexpr int kHealthIntervalMs = 2000;
constexpr int kMaxRetryDelayS = 30;
} // namespace

ListenerWorker::ListenerWorker(const QString &connectionName) : m_name(connectionName) {}

ListenerWorker::~ListenerWorker()
{
    close();
}

void ListenerWorker::start(const ConnectOptions &options)
{
    if (!m_health) { // created here, in the worker's thread, so their events arrive here
        m_health = new QTimer(this);
        m_health->setInterval(kHealthIntervalMs);
        connect(m_health, &QTimer::timeout, this, &ListenerWorker::check);
        m_retry = new QTimer(this);
        m_retry->setSingleShot(true);
        connect(m_retry, &QTimer::timeout, this, [this] {
            DbError error;
            if (connectAndListen(&error)) {
                m_retryDelayS = 0;
                emit up(true);
            } else {
                lost(error);
            }
        });
    }
    close();
    m_options = options;
    m_options.applicationName = options.applicationName + QStringLiteral(" listener");
    m_stopped = false;
    m_everUp = false;
    m_retryDelayS = 0;
    DbError error;
    if (connectAndListen(&error)) {
        m_everUp = true;
        emit up(false);
    } else {
        lost(error);
    }
}

void ListenerWorker::stop()
{
    m_stopped = true;
    if (m_health)
        m_health->stop();
    if (m_retry)
        m_retry->stop();
    close();
}

bool ListenerWorker::connectAndListen(DbError *error)
{
    close();
    if (!openDatabase(m_name, m_options, error))
        return false;
    m_open = true;
    QSqlDriver *driver = QSqlDatabase::database(m_name, false).driver();
    connect(driver, &QSqlDriver::notification, this,
            [this](const QString &, QSqlDriver::NotificationSource, const QVariant &payload) {
                if (!m_options.fence) {
                    emit notified(payload.toString());
                    return;
                }
                // Not inside the driver's handler: it is still reading the notifications.
                if (m_held.isEmpty())
                    QMetaObject::invokeMethod(this, &ListenerWorker::passOn, Qt::QueuedConnection);
                m_held << payload.toString();
            });
    if (!driver->subscribeToNotification(QStringLiteral("inbox"))) {
        *error = DbError::fromSql(driver->lastError());
        close();
        return false;
    }
    m_everUp = true;
    m_health->start();
    return true;
}

void ListenerWorker::close()
{
    if (m_open)
        closeDatabase(m_name);
    m_open = false;
}

void ListenerWorker::passOn()
{
    const QStringList topics = std::exchange(m_held, {});
    if (m_open && m_options.fence) {
        QSqlQuery q(QSqlDatabase::database(m_name, false));
        if (q.exec(replaywait::primaryPosition().sql) && q.next())
            m_options.fence->advanceTo(q.value(0).toLongLong());
    }
    for (const QString &topic : topics)
        emit notified(topic);
}

void ListenerWorker::check()
{
    if (m_stopped || !m_open)
        return;
    QSqlDatabase db = QSqlDatabase::database(m_name, false);
    QSqlQuery q(db);
    const PGconn *conn = nativeConnection(db);
    if (conn && PQstatus(conn) == CONNECTION_OK && q.exec(QStringLiteral("SELECT 1")))
        return;
    DbError error = q.lastError().isValid() ? DbError::fromSql(q.lastError())
                                            : DbError::plain(QStringLiteral("connection lost"));
    error.connectionLost = true;
    q = QSqlQuery();
    db = QSqlDatabase();
    lost(error);
}

void ListenerWorker::lost(const DbError &error)
{
    m_health->stop();
    close();
    if (m_stopped)
        return;
    m_retryDelayS = m_retryDelayS == 0 ? 1 : qMin(m_retryDelayS * 2, kMaxRetryDelayS);
    logger("db")->warn("listener connection down ({}), retrying in {} s",
                       error.oneLine().toStdString(), m_retryDelayS);
    emit down(error, m_retryDelayS);
    m_retry->start(m_retryDelayS * 1000);
}

NotificationListener::NotificationListener(QObject *parent) : QObject(parent)
{
    static QAtomicInt counter;
    qRegisterMetaType<inbox::DbError>();
    qRegisterMetaType<inbox::ConnectOptions>();
    m_worker =
        new ListenerWorker(QStringLiteral("inbox-listener-%1").arg(counter.fetchAndAddRelaxed(1)));
    m_thread.setObjectName(QStringLiteral("db-listener"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);

    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(250);
    connect(&m_coalesce, &QTimer::timeout, this, [this] {
        const QSet<QString> topics = std::exchange(m_pending, {});
        emit changed(topics);
    });
    connect(m_worker, &ListenerWorker::notified, this, [this](const QString &topic) {
        m_pending.insert(topic);
        if (!m_coalesce.isActive())
            m_coalesce.start();
    });
    connect(m_worker, &ListenerWorker::down, this, [this](const DbError &e, int retry) {
        m_up = false;
        emit connectionDown(e, retry);
    });
    connect(m_worker, &ListenerWorker::up, this, [this](bool afterLoss) {
        m_up = true;
        emit connectionUp(afterLoss);
    });
    m_thread.start();
}

NotificationListener::~NotificationListener()
{
    stop();
    m_thread.quit();
    m_thread.wait();
}

void NotificationListener::start(const ConnectOptions &options)
{
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, options] { w->start(options); }, Qt::QueuedConnection);
}

void NotificationListener::stop()
{
    QMetaObject::invokeMethod(m_worker, &ListenerWorker::stop, Qt::QueuedConnection);
}

void NotificationListener::checkNow()
{
    QMetaObject::invokeMethod(m_worker, &ListenerWorker::check, Qt::QueuedConnection);
}

} // namespace inbox
