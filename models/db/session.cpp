#include "db/session.h"

#include "db/sessionworker.h"

namespace inbox {

Session::Session(QObject *parent)
    : QObject(parent), m_latest(std::make_shared<std::atomic<quint64>>(0)),
      m_worker(new SessionWorker(m_latest))
{
    qRegisterMetaType<inbox::ConnectOptions>();
    qRegisterMetaType<inbox::ServerInfo>();
    qRegisterMetaType<inbox::DbError>();
    qRegisterMetaType<inbox::ConnectProblem>();
    m_thread.setObjectName(QStringLiteral("db-session"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);

    connect(m_worker, &SessionWorker::opened, this, [this](const ServerInfo &info, quint64 gen) {
        if (gen != m_generation)
            return;
        m_open = true;
        m_connecting = false;
        m_info = info;
        m_options = m_pending;
        setBusy(false);
        emit opened(info);
    });
    connect(m_worker, &SessionWorker::openFailed, this,
            [this](const DbError &e, ConnectProblem problem, quint64 gen) {
                if (gen != m_generation)
                    return;
                // The worker kept the connection it had: m_open, m_info and m_options still
                // describe it.
                m_connecting = false;
                setBusy(false);
                emit openFailed(e, problem);
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
    m_latest->store(0); // an attempt in progress stops polling
    QMetaObject::invokeMethod(m_worker, &SessionWorker::close, Qt::QueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

quint64 Session::nextGeneration()
{
    const quint64 gen = ++m_generation;
    m_latest->store(gen);
    return gen;
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
    const quint64 gen = nextGeneration();
    m_connecting = true;
    m_pending = options;
    setBusy(true);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, options, gen] { w->open(options, gen); }, Qt::QueuedConnection);
}

void Session::cancelOpen()
{
    if (!m_connecting)
        return;
    nextGeneration();
    m_connecting = false;
    setBusy(false);
    const DbError error = DbError::plain(tr("connection attempt cancelled"));
    emit openFailed(error, ConnectProblem::Cancelled);
    emit failed(error);
}

void Session::applyMigrations()
{
    const quint64 gen = nextGeneration();
    setBusy(true);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, gen] { w->applyMigrations(gen); }, Qt::QueuedConnection);
}

void Session::close()
{
    nextGeneration();
    m_open = false;
    m_connecting = false;
    setBusy(false);
    QMetaObject::invokeMethod(m_worker, &SessionWorker::close, Qt::QueuedConnection);
    emit closed();
}

} // namespace inbox
