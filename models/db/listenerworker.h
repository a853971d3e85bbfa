#pragma once

#include "db/database.h"
#include "db/dberror.h"

#include <QObject>
#include <QSqlDriver>
#include <QStringList>
#include <QTimer>

namespace inbox {

// Thread side of NotificationListener.
class ListenerWorker final : public QObject
{
    Q_OBJECT
public:
    explicit ListenerWorker(const QString &connectionName);
    ~ListenerWorker() override;

    void start(const ConnectOptions &options);
    void stop();
    void check();

signals:
    void notified(const QString &topic);
    void down(const inbox::DbError &error, int retryInSeconds);
    void up(bool afterLoss);

private:
    bool connectAndListen(DbError *error);
    void close();
    void lost(const DbError &error);
    // With a replay fence (reads on a standby): moves it to the WAL position after the
    // notified commits, then passes the topics on, so the re-reads they cause wait for them.
    void passOn();

    QString m_name;
    ConnectOptions m_options;
    QTimer *m_health = nullptr;
    QTimer *m_retry = nullptr;
    int m_retryDelayS = 0;
    bool m_open = false;
    bool m_everUp = false;
    bool m_stopped = true;
    QStringList m_held; // topics waiting for passOn()
};

} // namespace inbox
