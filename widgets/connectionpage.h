#pragma once

#include "dberror.h"
#include "serverinfo.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QProgressBar;

namespace inbox {

class Session;

// Screen 1: where to connect, and what the connection turned out to be: server, schema
// version, user and inbox roles, with pending migrations offered to a user who may apply them.
class ConnectionPage final : public QWidget
{
    Q_OBJECT
public:
    explicit ConnectionPage(Session *session, QWidget *parent = nullptr);

    void setConnInfo(const QString &conninfo);
    void connectNow();

private:
    void showInfo(const ServerInfo &info);
    void showError(const DbError &error);
    void setBusy(bool busy);

    Session *m_session;
    QLineEdit *m_conninfo;
    QLineEdit *m_password;
    QPushButton *m_connect;
    QProgressBar *m_progress;
    QLabel *m_error;
    QLabel *m_server;
    QLabel *m_database;
    QLabel *m_user;
    QLabel *m_roles;
    QLabel *m_schema;
    QPushButton *m_migrate;
};

} // namespace inbox
