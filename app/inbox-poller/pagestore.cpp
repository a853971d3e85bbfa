#include "pagestore.h"

namespace inbox::poll {

PageStore::PageStore(const ConnectOptions &options, const QString &poller, QObject *parent)
    : QObject(parent), m_worker(new QObject), m_db(options, poller)
{
    m_thread.setObjectName(QStringLiteral("page-store"));
    m_worker->moveToThread(&m_thread);
    m_thread.start();
}

PageStore::~PageStore()
{
    m_thread.quit();
    m_thread.wait();
    delete m_worker;
}

void PageStore::store(const QString &source, const PolledPage &page,
                      std::function<void(const StoreOutcome &)> done)
{
    QMetaObject::invokeMethod(
        m_worker,
        [this, source, page, done = std::move(done)] {
            StoreOutcome outcome;
            outcome.stored = m_db.store(source, page, &outcome.error);
            outcome.databaseUp = m_db.up();
            // Back on the source's thread; dropped with this object if it is gone by then.
            QMetaObject::invokeMethod(
                this, [done, outcome] { done(outcome); }, Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

} // namespace inbox::poll
