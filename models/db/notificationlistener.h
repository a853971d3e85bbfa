#pragma once

#include "db/database.h"
#include "db/dberror.h"

#include <QObject>
#include <QSet>
#include <QThread>
#include <QTimer>

namespace inbox {

class ListenerWorker;

// LISTENs on channel 'inbox' over its own connection and thread, and watches that connection:
// a loss is reported at once, then it reconnects by itself with a growing pause (1, 2, 4 ...
// 30 s) and says so when it is back, because notifications are not durable and whatever the
// screens show must then be re-read. Notifications are coalesced into one signal per ~250 ms.
class NotificationListener final : public QObject
{
    Q_OBJECT
public:
    explicit NotificationListener(QObject *parent = nullptr);
    ~NotificationListener() override;
    Q_DISABLE_COPY_MOVE(NotificationListener)

    void start(const ConnectOptions &options);
    void stop();
    // Someone else saw an error that smells of a lost connection: check now, not at the tick.
    void checkNow();
    bool isUp() const { return m_up; }

signals:
    void changed(const QSet<QString> &topics);
    void connectionDown(const inbox::DbError &error, int retryInSeconds);
    void connectionUp(bool afterLoss);

private:
    QThread m_thread;
    ListenerWorker *m_worker = nullptr;
    QSet<QString> m_pending;
    QTimer m_coalesce;
    bool m_up = false;
};

} // namespace inbox
