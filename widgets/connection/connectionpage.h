#pragma once

#include "db/connectproblem.h"
#include "db/dberror.h"
#include "db/serverinfo.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QProgressBar;

namespace inbox {

class ConnectionProfiles;
class Session;

// Screen 1: where to connect, and what the connection turned out to be: server, schema
// version, user and inbox roles, encryption, with pending migrations offered to a user who
// may apply them. Saved profiles keep the connection string, never a password: that comes
// from ~/.pgpass or the service file, or is typed here and kept in memory only. Every
// failure says what to do next (connectproblem.h); the attempt runs on the session thread
// and can be cancelled.
class ConnectionPage final : public QWidget
{
    Q_OBJECT
public:
    explicit ConnectionPage(Session *session, QWidget *parent = nullptr);
    ~ConnectionPage() override;

    void setConnInfo(const QString &conninfo);
    // The standby the screens read from ("" for none): db/readroute.h.
    void setReadFrom(const QString &readFrom);
    void connectNow();
    // For a link (navigation/consolelink.h): chooses the saved profile `name` (its string, no
    // password) and shows `notice`; false, with only the notice shown, when it is not saved
    // (or `name` is empty).
    bool useProfile(const QString &name, const QString &notice);

private:
    void showInfo(const ServerInfo &info);
    void showSchemaAdvice(const ServerInfo &info);
    void showConnectFailure(const DbError &error, ConnectProblem problem);
    void showError(const DbError &error);
    void showMessage(QLabel *label, const QString &text);
    void setBusy(bool busy);
    void reloadProfiles(const QString &select);
    void loadProfile(int index);
    void saveProfile();
    void deleteProfile();
    QString userAndDatabase(QString *database = nullptr) const;

    Session *m_session;
    std::unique_ptr<ConnectionProfiles> m_profiles;
    QComboBox *m_profile;
    QPushButton *m_saveProfile;
    QPushButton *m_deleteProfile;
    QLineEdit *m_conninfo;
    QLineEdit *m_readFrom;
    QLineEdit *m_password;
    QPushButton *m_connect;
    QPushButton *m_cancel;
    QProgressBar *m_progress;
    QLabel *m_error;
    QLabel *m_notice;
    QLabel *m_server;
    QLabel *m_database;
    QLabel *m_address;
    QLabel *m_user;
    QLabel *m_roles;
    QLabel *m_encryption;
    QLabel *m_schema;
    QPushButton *m_migrate;
    QString m_attemptProfile; // the profile whose string the current attempt uses
    bool m_migrating = false; // Session::failed then reports the migration, not a connect
};

} // namespace inbox
