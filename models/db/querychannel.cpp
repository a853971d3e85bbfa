#include "db/querychannel.h"

#include "db/queryworker.h"

#include <QAtomicInt>

namespace inbox {

QueryChannel::QueryChannel(const QString &purpose, QObject *parent) : QObject(parent)
{
    static QAtomicInt counter;
    qRegisterMetaType<inbox::QueryReply>();
    qRegisterMetaType<inbox::DbError>();
    qRegisterMetaType<inbox::ConnectOptions>();
    m_worker = new QueryWorker(
        QStringLiteral("inbox-%1-%2").arg(purpose).arg(counter.fetchAndAddRelaxed(1)));
    m_thread.setObjectName(QStringLiteral("db-") + purpose);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &QueryWorker::replied, this, &QueryChannel::onReply);
    connect(m_worker, &QueryWorker::connectionLost, this, &QueryChannel::connectionLost);
    m_thread.start();
}

QueryChannel::~QueryChannel()
{
    cancel();
    m_thread.quit();
    m_thread.wait();
}

void QueryChannel::setConnectOptions(const ConnectOptions &options)
{
    cancel();
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, options] { w->setOptions(options); }, Qt::QueuedConnection);
}

quint64 QueryChannel::submit(const QVector<Query> &batch, Mode mode)
{
    if (mode == Mode::Supersede)
        cancelRunning();
    const quint64 ticket = ++m_nextTicket;
    if (m_outstanding++ == 0)
        emit busyChanged(true);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, batch, ticket] { w->run(batch, ticket); }, Qt::QueuedConnection);
    return ticket;
}

void QueryChannel::cancelRunning()
{
    // Everything submitted so far becomes stale; the worker skips what it has not started
    // and the server cancels what it is running.
    m_oldestWanted = m_nextTicket + 1;
    m_worker->dropBelow(m_oldestWanted);
}

void QueryChannel::cancel()
{
    cancelRunning();
}

void QueryChannel::onReply(const QueryReply &reply)
{
    if (--m_outstanding == 0)
        emit busyChanged(false);
    if (reply.ticket < m_oldestWanted)
        return; // superseded or cancelled: nobody is waiting for it
    emit replied(reply);
}

} // namespace inbox
