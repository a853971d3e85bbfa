#pragma once

#include "db/connectproblem.h"
#include "db/database.h"
#include "db/dberror.h"
#include "db/serverinfo.h"

#include <QObject>
#include <QThread>
#include <QVector>

#include <atomic>
#include <memory>

namespace inbox {

class SessionWorker;

// The GUI thread's handle on the database thread. Every request gets a generation number;
// a reply to an older request than the latest is dropped, so a slow answer to a connection
// the user has already abandoned never overwrites the current one.
class Session final : public QObject
{
    Q_OBJECT
public:
    explicit Session(QObject *parent = nullptr);
    ~Session() override;
    Q_DISABLE_COPY_MOVE(Session)

    // Opens a connection with `options`. The current one, if any, stays open (isOpen(), info()
    // and options() keep describing it) until the new one has succeeded: a failed or
    // cancelled attempt leaves it in place.
    void open(const ConnectOptions &options);
    // Gives up on a connection attempt in progress (the worker stops within ~0.1 s).
    void cancelOpen();
    void applyMigrations();
    void close();
    bool isOpen() const { return m_open; }
    bool isBusy() const { return m_busy; }
    bool isConnecting() const { return m_connecting; }
    const ServerInfo &info() const { return m_info; }
    // The options of the last successful open (password included, in memory only).
    const ConnectOptions &options() const { return m_options; }

signals:
    void busyChanged(bool busy);
    void opened(const inbox::ServerInfo &info);
    // A connection attempt failed: why, for the connect screen. `failed` follows it.
    void openFailed(const inbox::DbError &error, inbox::ConnectProblem problem);
    void failed(const inbox::DbError &error);
    void migrated(const inbox::ServerInfo &info, const QVector<int> &applied);
    void closed();

private:
    void setBusy(bool busy);
    quint64 nextGeneration();

    QThread m_thread;
    std::shared_ptr<std::atomic<quint64>> m_latest;
    SessionWorker *m_worker = nullptr;
    quint64 m_generation = 0;
    bool m_open = false;
    bool m_busy = false;
    bool m_connecting = false;
    ServerInfo m_info;
    ConnectOptions m_options;
    ConnectOptions m_pending;
};

} // namespace inbox
