#pragma once

#include "db/database.h"
#include "db/dberror.h"

#include <QObject>
#include <QSqlDriver>
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

    QString m_name;
    ConnectOptions m_options;
    QTimer *m_health = nullptr;
    QTimer *m_retry = nullptr;
    int m_retryDelayS = 0;
    bool m_open = false;
    bool m_everUp = false;
    bool m_stopped = true;
};

} // namespace inbox
