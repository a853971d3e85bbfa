#pragma once
// inbox.poll_store on a thread of its own, with a connection of its own, for one source.
// While a page is stored (about a tenth of a second for 1,000 items, most of it PostgreSQL's
// work), the source's thread sends the next request and reads its answer: a window of ten
// pages takes the time of its stores, not of its stores plus its requests plus its reading.
// At most one page is stored at a time, so pages are committed in their order.

#include "polldatabase.h"

#include <QObject>
#include <QThread>

#include <functional>
#include <optional>

namespace inbox::poll {

struct StoreOutcome
{
    std::optional<StoredPage> stored; // empty: not stored (error says why)
    DbError error;
    bool databaseUp = false;
};

class PageStore final : public QObject
{
    Q_OBJECT

public:
    PageStore(const ConnectOptions &options, const QString &poller, QObject *parent = nullptr);
    // Waits for the page being stored: it is committed or not, never cut off half-way.
    ~PageStore() override;
    Q_DISABLE_COPY_MOVE(PageStore)

    // Stores `page` of `source`; `done` runs on this object's thread once it is committed or
    // refused. Call it again only after `done` ran.
    void store(const QString &source, const PolledPage &page,
               std::function<void(const StoreOutcome &)> done);

private:
    QThread m_thread;
    QObject *m_worker; // lives in m_thread: the store's calls run there
    PollDatabase m_db; // used on m_thread only
};

} // namespace inbox::poll
