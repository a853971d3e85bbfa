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

struct pg_conn;

namespace inbox {

// Lives in the database thread and owns that thread's libpq connection. Slots are only ever
// invoked through queued calls from Session; results leave as plain values.
//
// The connection is made with libpq's non-blocking calls, so an attempt that hangs (an
// unreachable host, a firewall that drops packets) can be abandoned at once when the person
// cancels or connects elsewhere, and so the failure can be told apart: no server, a password
// needed or refused, no such database (see connectproblem.h).
class SessionWorker final : public QObject
{
    Q_OBJECT
public:
    // `latest` is the newest generation Session asked for; an attempt for an older one stops.
    explicit SessionWorker(std::shared_ptr<std::atomic<quint64>> latest);
    ~SessionWorker() override;

public slots:
    void open(const inbox::ConnectOptions &options, quint64 generation);
    void applyMigrations(quint64 generation);
    void close();

signals:
    void opened(const inbox::ServerInfo &info, quint64 generation);
    void openFailed(const inbox::DbError &error, inbox::ConnectProblem problem, quint64 generation);
    void migrated(const inbox::ServerInfo &info, const QVector<int> &applied, quint64 generation);
    void migrateFailed(const inbox::DbError &error, quint64 generation);

private:
    std::shared_ptr<std::atomic<quint64>> m_latest;
    pg_conn *m_conn = nullptr;
    int m_statementTimeoutMs = 30000;
};

} // namespace inbox
