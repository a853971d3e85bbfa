#include "connectionpage.h"

#include "sessionworker.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace inbox {

ConnectionPage::ConnectionPage(Session *session, QWidget *parent)
    : QWidget(parent), m_session(session), m_conninfo(new QLineEdit(this)),
      m_password(new QLineEdit(this)), m_connect(new QPushButton(tr("&Connect"), this)),
      m_progress(new QProgressBar(this)), m_error(new QLabel(this)), m_server(new QLabel(this)),
      m_database(new QLabel(this)), m_user(new QLabel(this)), m_roles(new QLabel(this)),
      m_schema(new QLabel(this)), m_migrate(new QPushButton(this))
{
    m_conninfo->setPlaceholderText(
        tr("host=db.example.com dbname=inbox user=alice sslmode=verify-full, or service=inbox"));
    m_conninfo->setAccessibleName(tr("Connection string"));
    m_conninfo->setClearButtonEnabled(true);
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("only if .pgpass or the service file has none"));
    m_password->setAccessibleName(tr("Password"));
    // Object names: for tests and accessibility tools.
    m_conninfo->setObjectName(QStringLiteral("conninfo"));
    m_password->setObjectName(QStringLiteral("password"));
    m_connect->setObjectName(QStringLiteral("connect"));
    m_error->setObjectName(QStringLiteral("error"));
    m_server->setObjectName(QStringLiteral("server"));
    m_user->setObjectName(QStringLiteral("user"));
    m_roles->setObjectName(QStringLiteral("roles"));
    m_schema->setObjectName(QStringLiteral("schema"));
    m_migrate->setObjectName(QStringLiteral("migrate"));
    m_progress->setRange(0, 0); // "working", no percentage: a connect has no steps to count
    m_progress->setMaximumWidth(120);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("color: palette(bright-text); background: #b3261e; "
                                          "padding: 6px; border-radius: 4px;"));
    m_error->hide();
    m_migrate->hide();

    auto *form = new QFormLayout;
    form->addRow(tr("Connection &string:"), m_conninfo);
    form->addRow(tr("&Password:"), m_password);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_connect);
    buttons->addWidget(m_progress);
    buttons->addStretch();
    form->addRow(QString(), buttons);

    auto *infoBox = new QGroupBox(tr("Connection"), this);
    auto *info = new QFormLayout(infoBox);
    for (QLabel *l : {m_server, m_database, m_user, m_roles, m_schema})
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    info->addRow(tr("Server:"), m_server);
    info->addRow(tr("Database:"), m_database);
    info->addRow(tr("User:"), m_user);
    info->addRow(tr("Inbox roles:"), m_roles);
    info->addRow(tr("Schema version:"), m_schema);
    auto *migrateRow = new QHBoxLayout;
    migrateRow->addWidget(m_migrate);
    migrateRow->addStretch();
    info->addRow(QString(), migrateRow);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(infoBox);
    layout->addStretch();

    connect(m_connect, &QPushButton::clicked, this, &ConnectionPage::connectNow);
    connect(m_conninfo, &QLineEdit::returnPressed, this, &ConnectionPage::connectNow);
    connect(m_password, &QLineEdit::returnPressed, this, &ConnectionPage::connectNow);
    connect(m_migrate, &QPushButton::clicked, this, [this] {
        m_error->hide();
        m_session->applyMigrations();
    });
    connect(m_session, &Session::busyChanged, this, &ConnectionPage::setBusy);
    connect(m_session, &Session::opened, this, &ConnectionPage::showInfo);
    connect(m_session, &Session::migrated, this, &ConnectionPage::showInfo);
    connect(m_session, &Session::failed, this, &ConnectionPage::showError);
    showInfo(ServerInfo());
}

void ConnectionPage::setConnInfo(const QString &conninfo)
{
    m_conninfo->setText(conninfo);
}

void ConnectionPage::connectNow()
{
    ConnectOptions options;
    options.conninfo = m_conninfo->text().trimmed();
    options.password = m_password->text();
    m_error->hide();
    m_session->open(options);
}

void ConnectionPage::setBusy(bool busy)
{
    m_progress->setVisible(busy);
    m_connect->setEnabled(!busy);
    m_migrate->setEnabled(!busy);
}

void ConnectionPage::showInfo(const ServerInfo &info)
{
    const QString none = tr("not connected");
    m_server->setText(info.serverVersion.isEmpty() ? none : info.serverVersion);
    m_database->setText(info.database.isEmpty() ? none : info.database);
    m_user->setText(info.user.isEmpty()
                        ? none
                        : (info.superuser ? tr("%1 (superuser)").arg(info.user) : info.user));
    if (info.user.isEmpty())
        m_roles->setText(none);
    else if (info.roles.isEmpty())
        m_roles->setText(tr("none: this user can see nothing in the inbox"));
    else
        m_roles->setText(info.roles.join(QStringLiteral(", ")));

    m_migrate->hide();
    if (info.user.isEmpty()) {
        m_schema->setText(none);
    } else if (info.schemaNewer()) {
        m_schema->setText(tr("%1, newer than this program (%2): use a newer Inbox Console")
                              .arg(info.schemaVersion)
                              .arg(info.programSchemaVersion));
    } else if (info.schemaBehind()) {
        const int pending = info.programSchemaVersion - info.schemaVersion;
        m_schema->setText(info.schemaMissing()
                              ? tr("no inbox schema in this database")
                              : tr("%1, %n pending migration(s) to version %2", "", pending)
                                    .arg(info.schemaVersion)
                                    .arg(info.programSchemaVersion));
        if (info.canMigrate) {
            m_migrate->setText(tr("&Apply %n migration(s)", "", pending));
            m_migrate->show();
        } else {
            m_schema->setText(m_schema->text() +
                              tr(" (ask the schema owner to run: inbox-console migrate)"));
        }
    } else {
        m_schema->setText(tr("%1 (current)").arg(info.schemaVersion));
    }
}

void ConnectionPage::showError(const DbError &error)
{
    m_error->setText(error.oneLine());
    m_error->show();
}

} // namespace inbox
