#pragma once

#include "db/database.h"
#include "db/dberror.h"
#include "db/readsourcemonitor.h"
#include "db/serverinfo.h"

#include <QObject>
#include <QSet>

#include <type_traits>

namespace inbox {

class NotificationListener;
class QueryChannel;

// What every screen shares: where the console is connected, who the user is, and the live
// signals. Screens own their QueryChannels and (re)point them on connected(): what only reads
// at readOptions(), every action (anything that writes) at options(), the primary; on
// reread() they re-read everything they show (after a reconnect, or F5).
//
// With a standby to read from (ConnectOptions::readFrom, db/readroute.h) the two differ. The
// notification listener stays on the primary (LISTEN does not work on a hot standby). Every
// batch on options() and every notification moves a shared replay fence to the primary's WAL
// position; a batch on readOptions() first waits until the standby has replayed that far, so
// a screen re-read after an action shows it. ReadSourceMonitor reports where reads land and
// the lag (readSource()).
class ConsoleContext final : public QObject
{
    Q_OBJECT
public:
    explicit ConsoleContext(QObject *parent = nullptr);
    ~ConsoleContext() override;

    bool isConnected() const { return m_connected; }
    bool isOnline() const { return m_online; }
    // The primary: actions, and reads that must see the present (a requeue's preview).
    const ConnectOptions &options() const { return m_options; }
    // Where screens read from: the standby when the profile names one, else options().
    const ConnectOptions &readOptions() const { return m_readOptions; }
    bool readsFromStandby() const { return m_readsElsewhere; }
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
    // `channel` only reads: on every connection (and at once when connected already) it is
    // pointed at readOptions(), the standby when one is set.
    void readThrough(QueryChannel *channel);
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
    // Where reads landed at the last measurement, and the lag (only with readsFromStandby()).
    void readSource(const inbox::ReadSource &source);

private:
    template<typename Receiver, typename Slot> static void call(Receiver *receiver, Slot slot)
    {
        if constexpr (std::is_member_function_pointer_v<Slot>)
            (receiver->*slot)();
        else
            slot();
    }

    void onReadSource(const ReadSource &source);

    NotificationListener *m_listener;
    ReadSourceMonitor *m_readMonitor;
    ConnectOptions m_options;
    ConnectOptions m_readOptions;
    bool m_readsElsewhere = false;
    ReadSource::Where m_readsWhere = ReadSource::Where::Standby;
    ServerInfo m_info;
    bool m_connected = false;
    bool m_online = false;
};

} // namespace inbox
