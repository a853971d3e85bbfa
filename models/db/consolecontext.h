#pragma once

#include "db/database.h"
#include "db/dberror.h"
#include "db/serverinfo.h"

#include <QObject>
#include <QSet>

#include <type_traits>

namespace inbox {

class NotificationListener;

// What every screen shares: where the console is connected, who the user is, and the live
// signals. Screens own their QueryChannels and (re)point them at options() on connected();
// on reread() they re-read everything they show (after a reconnect, or F5).
class ConsoleContext final : public QObject
{
    Q_OBJECT
public:
    explicit ConsoleContext(QObject *parent = nullptr);
    ~ConsoleContext() override;

    bool isConnected() const { return m_connected; }
    bool isOnline() const { return m_online; }
    const ConnectOptions &options() const { return m_options; }
    const ServerInfo &info() const { return m_info; }

    // Called by the main window once Session has opened and the schema is current.
    void setConnected(const ConnectOptions &options, const ServerInfo &info);
    void setDisconnected();
    // F5: every screen re-reads.
    void requestReread() { emit reread(); }
    // A screen saw an error that may mean the connection is gone: check at once.
    void reportPossibleLoss();
    // A read failed with `error`: a lost connection is reported (reportPossibleLoss).
    void readFailed(const DbError &error);
    // As readFailed, and true when the read is worth sending once more: the connection was
    // lost and `*retried` was still false (it is set now). The channel reopens its connection
    // on the next batch, so one more try covers a server that came back (the reread after a
    // reconnect lands here too).
    bool retryAfter(const DbError &error, bool *retried);

    // `slot` (a member function of `receiver`, or a functor) on every connected(), and at once
    // when the context is connected already: a model made after the connection points its
    // channels at options() just as one that was there before.
    template<typename Receiver, typename Slot> void whenConnected(Receiver *receiver, Slot slot)
    {
        connect(this, &ConsoleContext::connected, receiver, slot);
        if (m_connected)
            call(receiver, slot);
    }
    // `slot` (as for whenConnected) when a change names any of `topics`.
    template<typename Receiver, typename Slot>
    void whenChanged(Receiver *receiver, const QSet<QString> &topics, Slot slot)
    {
        connect(this, &ConsoleContext::changed, receiver,
                [receiver, topics, slot](const QSet<QString> &named) {
                    if (named.intersects(topics))
                        call(receiver, slot);
                });
    }

signals:
    void connected();
    void disconnected();
    void reread();
    void changed(const QSet<QString> &topics); // coalesced NOTIFY payloads: events, duplicates...
    void connectionDown(const inbox::DbError &error, int retryInSeconds);
    void connectionUp();

private:
    template<typename Receiver, typename Slot> static void call(Receiver *receiver, Slot slot)
    {
        if constexpr (std::is_member_function_pointer_v<Slot>)
            (receiver->*slot)();
        else
            slot();
    }

    NotificationListener *m_listener;
    ConnectOptions m_options;
    ServerInfo m_info;
    bool m_connected = false;
    bool m_online = false;
};

} // namespace inbox
