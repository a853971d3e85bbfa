#pragma once
// LISTEN inbox on a connection of its own: each notification ('events' from accept, fail,
// requeue ...; 'destinations' from a pause or resume) wakes the destinations at once, so an
// accepted event reaches an idle handler in milliseconds instead of after the poll interval.
// Notifications are not durable (docs/contract.md §6), so the dispatcher still polls; a lost
// listener connection is opened again every two seconds, and `notified` is emitted after each
// reopen, since whatever was sent meanwhile is lost.

#include "db/connectoptions.h"
#include "db/pgconnection.h"

#include <QObject>
#include <QTimer>

#include <memory>

class QSocketNotifier;

namespace inbox::dispatch {

class NotificationListener final : public QObject
{
    Q_OBJECT

public:
    explicit NotificationListener(ConnectOptions options, QObject *parent = nullptr);
    ~NotificationListener() override;
    Q_DISABLE_COPY_MOVE(NotificationListener)

    void start();

signals:
    void notified(const QString &topic);

private:
    void open();
    void readable();
    void drop();

    ConnectOptions m_options;
    PgConnection m_conn;
    std::unique_ptr<QSocketNotifier> m_notifier;
    QTimer m_retry;
};

} // namespace inbox::dispatch
