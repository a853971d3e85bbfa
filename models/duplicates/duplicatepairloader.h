#pragma once

#include "db/database.h"
#include "db/dberror.h"
#include "duplicates/duplicatepair.h"

#include <QHash>
#include <QObject>

namespace inbox {

class QueryChannel;
struct QueryReply;

// Loads pairs with both leads for the comparison. One request reads the pair asked for and
// the next few in the queue, so after a decision the next pair is shown from memory at once;
// invalidate() drops the copies when a notification says pairs or leads changed.
class DuplicatePairLoader final : public QObject
{
    Q_OBJECT
public:
    explicit DuplicatePairLoader(QObject *parent = nullptr);
    ~DuplicatePairLoader() override;

    void setConnectOptions(const ConnectOptions &options);
    // Emits loaded() (at once when a fresh copy is held) or missing(). `prefetch`: ids the
    // user is likely to open next, read in the same statement when they are not held.
    void load(qint64 id, const QVector<qint64> &prefetch = {});
    // Reads `id` again from the database even if held (after a change to it).
    void reload(qint64 id);
    void invalidate();
    void forget(qint64 id) { m_cache.remove(id); }
    bool holds(qint64 id) const { return m_cache.contains(id); }

    static Query query(const QVector<qint64> &ids);

signals:
    void loaded(const inbox::DuplicatePair &pair);
    void missing(qint64 id);
    void failed(const inbox::DbError &error);

private:
    void onReply(const QueryReply &reply);

    QueryChannel *m_channel;
    QHash<qint64, DuplicatePair> m_cache;
    qint64 m_wanted = 0;
    bool m_answered = true;
    quint64 m_ticket = 0;
    bool m_haveOptions = false;
};

} // namespace inbox
