#include "notificationlistener.h"

#include "support/logging.h"

#include <QSocketNotifier>

#include <spdlog/spdlog.h>

#include <libpq-fe.h>

namespace inbox::dispatch {

NotificationListener::NotificationListener(ConnectOptions options, QObject *parent)
    : QObject(parent), m_options(std::move(options))
{
    m_options.applicationName += QStringLiteral(" listener");
    m_options.statementTimeoutMs = 0;
    m_retry.setInterval(2000);
    connect(&m_retry, &QTimer::timeout, this, &NotificationListener::open);
}

NotificationListener::~NotificationListener() = default;

void NotificationListener::start()
{
    open();
    m_retry.start();
}

void NotificationListener::open()
{
    if (m_notifier)
        return;
    DbError error;
    if (!m_conn.connect(m_options, &error) || !m_conn.run(QStringLiteral("LISTEN inbox"), &error)) {
        m_conn.close();
        return;
    }
    m_notifier = std::make_unique<QSocketNotifier>(PQsocket(m_conn.raw()), QSocketNotifier::Read);
    connect(m_notifier.get(), &QSocketNotifier::activated, this, &NotificationListener::readable);
    logger("dispatcher")->info("listening for notifications");
    emit notified(QStringLiteral("events"));
}

void NotificationListener::drop()
{
    logger("dispatcher")->warn("notification connection lost; polling until it is back");
    m_notifier.reset();
    m_conn.close();
}

void NotificationListener::readable()
{
    pg_conn *conn = m_conn.raw();
    if (!PQconsumeInput(conn) || PQstatus(conn) != CONNECTION_OK) {
        drop();
        return;
    }
    while (PGnotify *n = PQnotifies(conn)) {
        const QString topic = QString::fromUtf8(n->extra);
        PQfreemem(n);
        emit notified(topic);
    }
}

} // namespace inbox::dispatch
