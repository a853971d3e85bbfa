#pragma once

#include "database.h"
#include "dberror.h"
#include "serverinfo.h"

#include <QObject>
#include <QThread>
#include <QVector>

namespace inbox {

// Lives in the database thread and owns that thread's connection. Slots are only ever
// invoked through queued calls from Session; results leave as plain values.
class SessionWorker final : public QObject
{
    Q_OBJECT
public:
    explicit SessionWorker(const QString &connectionName);
    ~SessionWorker() override;

public slots:
    void open(const inbox::ConnectOptions &options, quint64 generation);
    void applyMigrations(quint64 generation);
    void close();

signals:
    void opened(const inbox::ServerInfo &info, quint64 generation);
    void openFailed(const inbox::DbError &error, quint64 generation);
    void migrated(const inbox::ServerInfo &info, const QVector<int> &applied, quint64 generation);
    void migrateFailed(const inbox::DbError &error, quint64 generation);

private:
    QString m_name;
};

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

    void open(const ConnectOptions &options);
    void applyMigrations();
    void close();
    bool isOpen() const { return m_open; }
    const ServerInfo &info() const { return m_info; }
    // The options of the last successful open (password included, in memory only).
    const ConnectOptions &options() const { return m_options; }

signals:
    void busyChanged(bool busy);
    void opened(const inbox::ServerInfo &info);
    void failed(const inbox::DbError &error);
    void migrated(const inbox::ServerInfo &info, const QVector<int> &applied);
    void closed();

private:
    void setBusy(bool busy);

    QThread m_thread;
    SessionWorker *m_worker = nullptr;
    quint64 m_generation = 0;
    bool m_open = false;
    bool m_busy = false;
    ServerInfo m_info;
    ConnectOptions m_options;
    ConnectOptions m_pending;
};

} // namespace inbox
