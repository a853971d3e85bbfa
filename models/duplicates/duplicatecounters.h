#pragma once

#include "db/database.h"
#include "db/dberror.h"

#include <QObject>

namespace inbox {

class QueryChannel;
struct QueryReply;

// The duplicate queue's counters: open pairs (the partial open index), and decisions since
// the start of the user's local day, by this user and by everyone (an index range on
// duplicate_candidates_decided_idx, migration 0005). One small statement per refresh.
class DuplicateCounters final : public QObject
{
    Q_OBJECT
public:
    explicit DuplicateCounters(QObject *parent = nullptr);
    ~DuplicateCounters() override;

    void setConnectOptions(const ConnectOptions &options);
    void refresh();
    void clear();

    bool isValid() const { return m_valid; }
    qint64 open() const { return m_open; }
    qint64 decidedTodayByMe() const { return m_mine; }
    qint64 decidedTodayByAll() const { return m_all; }
    QStringList channels() const { return m_channels; }

signals:
    void changed();
    void failed(const inbox::DbError &error);

private:
    void onReply(const QueryReply &reply);

    QueryChannel *m_channel;
    bool m_haveOptions = false;
    bool m_valid = false;
    qint64 m_open = 0;
    qint64 m_mine = 0;
    qint64 m_all = 0;
    QStringList m_channels;
};

} // namespace inbox
