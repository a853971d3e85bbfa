#include "connection/connectionpage.h"

#include "common/theme.h"
#include "db/conninfo.h"
#include "db/readroute.h"
#include "db/session.h"
#include "settings/connectionprofiles.h"
#include "support/logging.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <spdlog/spdlog.h>

namespace inbox {

namespace {
const QString kBoxRules = QStringLiteral("padding: 6px; border-radius: 4px;");
constexpr int kReadFromRole = Qt::UserRole + 1; // beside the connection string (Qt::UserRole)
} // namespace

ConnectionPage::ConnectionPage(Session *session, QWidget *parent)
    : QWidget(parent), m_session(session), m_profiles(std::make_unique<ConnectionProfiles>()),
      m_profile(new QComboBox(this)), m_saveProfile(new QPushButton(tr("Sa&ve profile"), this)),
      m_deleteProfile(new QPushButton(tr("&Delete profile"), this)),
      m_conninfo(new QLineEdit(this)), m_readFrom(new QLineEdit(this)),
      m_password(new QLineEdit(this)), m_connect(new QPushButton(tr("&Connect"), this)),
      m_cancel(new QPushButton(tr("Cance&l"), this)), m_progress(new QProgressBar(this)),
      m_error(new QLabel(this)), m_notice(new QLabel(this)), m_server(new QLabel(this)),
      m_database(new QLabel(this)), m_address(new QLabel(this)), m_user(new QLabel(this)),
      m_roles(new QLabel(this)), m_encryption(new QLabel(this)), m_schema(new QLabel(this)),
      m_migrate(new QPushButton(tr("&Apply migrations"), this))
{
    m_profile->setEditable(true);
    m_profile->setInsertPolicy(QComboBox::NoInsert);
    m_profile->setMinimumContentsLength(24);
    m_profile->lineEdit()->setPlaceholderText(tr("a name, to save this connection"));
    m_profile->setAccessibleName(tr("Profile"));
    m_conninfo->setPlaceholderText(
        tr("host=db.example.com dbname=inbox user=alice sslmode=verify-full, or service=inbox"));
    m_conninfo->setAccessibleName(tr("Connection string"));
    m_conninfo->setClearButtonEnabled(true);
    m_readFrom->setPlaceholderText(
        tr("optional: a hot standby for the screens to read from, e.g. host=db2 port=5432"));
    m_readFrom->setAccessibleName(tr("Read from"));
    m_readFrom->setToolTip(
        tr("The screens read from this standby; every action still goes to the connection "
           "string above. Keys left out (dbname, user...) are taken from it. If the standby "
           "does not answer, reads go to the primary, unless target_session_attrs is given "
           "here."));
    m_readFrom->setClearButtonEnabled(true);
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("only if .pgpass or the service file has none"));
    m_password->setAccessibleName(tr("Password"));
    m_password->setToolTip(tr("Kept in memory only, never saved"));
    // Object names: for tests and accessibility tools.
    m_profile->setObjectName(QStringLiteral("profile"));
    m_saveProfile->setObjectName(QStringLiteral("saveProfile"));
    m_deleteProfile->setObjectName(QStringLiteral("deleteProfile"));
    m_conninfo->setObjectName(QStringLiteral("conninfo"));
    m_readFrom->setObjectName(QStringLiteral("readFrom"));
    m_password->setObjectName(QStringLiteral("password"));
    m_connect->setObjectName(QStringLiteral("connect"));
    m_cancel->setObjectName(QStringLiteral("cancelConnect"));
    m_error->setObjectName(QStringLiteral("error"));
    m_notice->setObjectName(QStringLiteral("notice"));
    m_server->setObjectName(QStringLiteral("server"));
    m_address->setObjectName(QStringLiteral("address"));
    m_user->setObjectName(QStringLiteral("user"));
    m_roles->setObjectName(QStringLiteral("roles"));
    m_encryption->setObjectName(QStringLiteral("encryption"));
    m_schema->setObjectName(QStringLiteral("schema"));
    m_migrate->setObjectName(QStringLiteral("migrate"));
    m_progress->setRange(0, 0); // "working", no percentage: a connect has no steps to count
    m_progress->setMaximumWidth(120);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_cancel->hide();
    for (QLabel *l : {m_error, m_notice}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->hide();
    }
    Theme::setLook(m_error, Theme::Look::ProblemBanner, kBoxRules);
    Theme::setLook(m_notice, Theme::Look::NoticeBanner, kBoxRules);
    m_migrate->hide();

    auto *profileRow = new QHBoxLayout;
    profileRow->addWidget(m_profile, 1);
    profileRow->addWidget(m_saveProfile);
    profileRow->addWidget(m_deleteProfile);
    auto *form = new QFormLayout;
    // addRow(text, layout) makes a label without a buddy: the mnemonic needs one.
    auto *profileLabel = new QLabel(tr("P&rofile:"), this);
    profileLabel->setBuddy(m_profile);
    form->addRow(profileLabel, profileRow);
    form->addRow(tr("Connection &string:"), m_conninfo);
    form->addRow(tr("Read fro&m:"), m_readFrom);
    form->addRow(tr("&Password:"), m_password);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_connect);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_progress);
    buttons->addStretch();
    form->addRow(QString(), buttons);

    auto *infoBox = new QGroupBox(tr("Connection"), this);
    auto *infoForm = new QFormLayout(infoBox);
    for (QLabel *l : {m_server, m_database, m_address, m_user, m_roles, m_encryption, m_schema}) {
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setWordWrap(true);
    }
    infoForm->addRow(tr("Server:"), m_server);
    infoForm->addRow(tr("Database:"), m_database);
    infoForm->addRow(tr("Address:"), m_address);
    infoForm->addRow(tr("User:"), m_user);
    infoForm->addRow(tr("Inbox roles:"), m_roles);
    infoForm->addRow(tr("Encryption:"), m_encryption);
    infoForm->addRow(tr("Schema version:"), m_schema);
    auto *migrateRow = new QHBoxLayout;
    migrateRow->addWidget(m_migrate);
    migrateRow->addStretch();
    infoForm->addRow(QString(), migrateRow);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(m_notice);
    layout->addWidget(infoBox);
    layout->addStretch();

    connect(m_connect, &QPushButton::clicked, this, &ConnectionPage::connectNow);
    connect(m_cancel, &QPushButton::clicked, m_session, &Session::cancelOpen);
    connect(m_conninfo, &QLineEdit::returnPressed, this, &ConnectionPage::connectNow);
    connect(m_readFrom, &QLineEdit::returnPressed, this, &ConnectionPage::connectNow);
    connect(m_password, &QLineEdit::returnPressed, this, &ConnectionPage::connectNow);
    connect(m_profile, &QComboBox::activated, this, &ConnectionPage::loadProfile);
    connect(m_saveProfile, &QPushButton::clicked, this, &ConnectionPage::saveProfile);
    connect(m_deleteProfile, &QPushButton::clicked, this, &ConnectionPage::deleteProfile);
    connect(m_migrate, &QPushButton::clicked, this, [this] {
        m_error->hide();
        m_notice->hide();
        m_migrating = true;
        m_session->applyMigrations();
    });
    connect(m_session, &Session::busyChanged, this, &ConnectionPage::setBusy);
    connect(m_session, &Session::opened, this, [this](const ServerInfo &info) {
        if (!m_attemptProfile.isEmpty())
            m_profiles->setLastUsed(m_attemptProfile);
        showInfo(info);
    });
    connect(m_session, &Session::migrated, this, [this](const ServerInfo &info) {
        m_migrating = false;
        showInfo(info);
    });
    connect(m_session, &Session::openFailed, this, &ConnectionPage::showConnectFailure);
    connect(m_session, &Session::failed, this, [this](const DbError &error) {
        // Connection failures were explained by openFailed (and may leave the previous
        // connection open): only a failed migration is shown here.
        if (!m_migrating)
            return;
        m_migrating = false;
        showError(error);
    });

    const QString last = m_profiles->lastUsed();
    reloadProfiles(last);
    if (const std::optional<ConnectionProfile> p = m_profiles->find(last)) {
        m_conninfo->setText(p->conninfo);
        m_readFrom->setText(p->readFrom);
    }
    showInfo(ServerInfo());
}

ConnectionPage::~ConnectionPage() = default;

void ConnectionPage::setConnInfo(const QString &conninfo)
{
    m_conninfo->setText(conninfo);
}

void ConnectionPage::setReadFrom(const QString &readFrom)
{
    m_readFrom->setText(readFrom);
}

bool ConnectionPage::useProfile(const QString &name, const QString &notice)
{
    if (name.isEmpty()) {
        showMessage(m_notice, notice);
        return false;
    }
    reloadProfiles(name);
    const int index = m_profile->findText(name);
    loadProfile(index);
    if (index < 0) {
        // A name no profile has: what the fields held belongs to another server, and Save
        // would store it under this name.
        m_conninfo->clear();
        m_readFrom->clear();
        m_password->clear();
    }
    showMessage(m_notice, notice);
    return index >= 0;
}

void ConnectionPage::reloadProfiles(const QString &select)
{
    const QSignalBlocker block(m_profile);
    m_profile->clear();
    for (const ConnectionProfile &p : m_profiles->profiles()) {
        m_profile->addItem(p.name, p.conninfo);
        m_profile->setItemData(m_profile->count() - 1, p.readFrom, kReadFromRole);
    }
    const int index = select.isEmpty() ? -1 : m_profile->findText(select);
    m_profile->setCurrentIndex(index);
    if (index < 0)
        m_profile->setEditText(select);
    m_deleteProfile->setEnabled(m_profile->count() > 0);
}

void ConnectionPage::loadProfile(int index)
{
    if (index < 0)
        return;
    m_conninfo->setText(m_profile->itemData(index).toString());
    m_readFrom->setText(m_profile->itemData(index, kReadFromRole).toString());
    m_password->clear(); // a password typed for another server must not go to this one
    m_error->hide();
    m_notice->hide();
}

void ConnectionPage::saveProfile()
{
    const QString name = m_profile->currentText().trimmed();
    if (name.isEmpty()) {
        showMessage(m_error, tr("Type a name for the profile in the Profile box, then save."));
        m_profile->setFocus();
        return;
    }
    const ConnectionProfiles::Saved saved =
        m_profiles->save(name, m_conninfo->text(), m_readFrom->text());
    if (!saved.ok) {
        showMessage(m_error, tr("The profile was not saved: %1").arg(saved.error.oneLine()));
        return;
    }
    m_error->hide();
    reloadProfiles(name);
    if (saved.passwordRemoved) {
        // Shown without the password, which moves to the in-memory field.
        m_conninfo->setText(saved.conninfo);
        m_readFrom->setText(saved.readFrom);
        if (m_password->text().isEmpty())
            m_password->setText(saved.password);
        showMessage(m_notice,
                    tr("Profile \"%1\" saved WITHOUT the password: passwords are never written "
                       "to settings. Keep it in ~/.pgpass (or the service file), or type it "
                       "each time; for now it is kept in memory only.")
                        .arg(name));
    } else {
        showMessage(m_notice, tr("Profile \"%1\" saved.").arg(name));
    }
    logger("ui")->info("connection profile saved: {}", name.toStdString());
}

void ConnectionPage::deleteProfile()
{
    const QString name = m_profile->currentText().trimmed();
    if (!m_profiles->remove(name)) {
        showMessage(m_error, tr("There is no saved profile \"%1\".").arg(name));
        return;
    }
    m_error->hide();
    reloadProfiles(QString());
    showMessage(m_notice, tr("Profile \"%1\" deleted.").arg(name));
}

void ConnectionPage::connectNow()
{
    ConnectOptions options;
    options.conninfo = m_conninfo->text().trimmed();
    options.password = m_password->text();
    options.readFrom = m_readFrom->text().trimmed();
    DbError readError;
    if (!readRouteFor(options, &readError)) {
        showMessage(m_error, tr("The Read from string cannot be used: %1. Correct it, or "
                                "clear it to read from the connection string's server.")
                                 .arg(readError.oneLine()));
        m_readFrom->setFocus();
        return;
    }
    const int index = m_profile->currentIndex();
    m_attemptProfile = index >= 0 && m_profile->itemData(index).toString() == options.conninfo
                           ? m_profile->itemText(index)
                           : QString();
    m_error->hide();
    m_notice->hide();
    m_migrating = false; // a new attempt supersedes a migration's reply
    m_session->open(options);
}

void ConnectionPage::setBusy(bool busy)
{
    m_progress->setVisible(busy);
    m_connect->setEnabled(!busy);
    m_migrate->setEnabled(!busy);
    m_cancel->setVisible(busy && m_session->isConnecting());
}

void ConnectionPage::showMessage(QLabel *label, const QString &text)
{
    label->setText(text);
    label->show();
}

QString ConnectionPage::userAndDatabase(QString *database) const
{
    const std::optional<ConnInfo> info = ConnInfo::parse(m_conninfo->text().trimmed(), nullptr);
    QString user = info ? info->value(QStringLiteral("user")) : QString();
    if (user.isEmpty())
        user = qEnvironmentVariable("PGUSER");
    if (database) {
        *database = info ? info->value(QStringLiteral("dbname")) : QString();
        if (database->isEmpty())
            *database = qEnvironmentVariable("PGDATABASE", user);
    }
    return user.isEmpty() ? tr("this user") : QStringLiteral("\"%1\"").arg(user);
}

void ConnectionPage::showConnectFailure(const DbError &error, ConnectProblem problem)
{
    // Session keeps the connection it had through a failed attempt: the box shows that one.
    const bool kept = m_session->isOpen();
    showInfo(kept ? m_session->info() : ServerInfo());
    QString database;
    const QString user = userAndDatabase(&database);
    QString advice;
    switch (problem) {
    case ConnectProblem::PasswordNeeded:
        advice = tr("The server asks for a password for %1, and there is none in ~/.pgpass or "
                    "the service file. Type it in the Password box and press Connect; it is "
                    "kept in memory only.")
                     .arg(user);
        break;
    case ConnectProblem::PasswordRejected:
        advice = m_password->text().isEmpty()
                     ? tr("The server refused the password for %1 that libpq found in "
                          "~/.pgpass or the service file. Type the right one in the Password "
                          "box and press Connect, and correct the file.")
                           .arg(user)
                     : tr("The server refused the password for %1. Type it again and press "
                          "Connect.")
                           .arg(user);
        m_password->selectAll();
        break;
    case ConnectProblem::Unreachable:
        advice = tr("No database server answered. Check the host and port (or the socket "
                    "directory) in the connection string, that the server is running, and the "
                    "network or VPN; then press Connect to try again.");
        break;
    case ConnectProblem::NotAllowed:
        advice = tr("The server does not let %1 in: the role may not exist or may not log in, "
                    "or pg_hba.conf has no entry for this connection (check sslmode too). Ask "
                    "the database administrator.")
                     .arg(user);
        break;
    case ConnectProblem::DatabaseMissing:
        advice = tr("There is no database \"%1\" on this server. Check dbname in the "
                    "connection string, or ask the administrator to create it.")
                     .arg(database);
        break;
    case ConnectProblem::ServerBusy:
        advice = tr("The server is starting up, shutting down, or has no free connections. "
                    "Try again in a moment.");
        break;
    case ConnectProblem::Certificate:
        advice = tr("The server's certificate was not accepted (sslmode=verify-ca or "
                    "verify-full): it is not signed by the CA in sslrootcert (or that file is "
                    "missing), or it does not name the host you connect to. Check the host name "
                    "and the root certificate with the database administrator; do not turn "
                    "verification off.");
        break;
    case ConnectProblem::Cancelled:
        advice = tr("The connection attempt was cancelled.");
        break;
    case ConnectProblem::BadConnectionString:
        advice = tr("The connection string is not valid: use key=value pairs (host=... "
                    "dbname=... user=...), a postgresql:// URI, or service=NAME.");
        break;
    case ConnectProblem::None:
    case ConnectProblem::Other:
        advice = tr("Could not connect.");
        break;
    }
    QString text = advice;
    if (problem != ConnectProblem::Cancelled)
        text += QLatin1Char('\n') + tr("Details: %1").arg(error.oneLine());
    if (kept) {
        const ServerInfo &current = m_session->info();
        text += QLatin1Char('\n') +
                tr("The current connection was kept: still connected as %1 to \"%2\", and the "
                   "other screens keep working on it.")
                    .arg(current.user, current.database);
    }
    showMessage(m_error, text);
    if (problem == ConnectProblem::PasswordNeeded || problem == ConnectProblem::PasswordRejected)
        m_password->setFocus();
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

    if (info.user.isEmpty()) {
        m_address->setText(none);
        m_encryption->setText(none);
    } else {
        m_address->setText(info.unixSocket
                               ? tr("local socket in %1 (port %2)").arg(info.host, info.port)
                               : QStringLiteral("%1:%2").arg(info.host, info.port));
        if (info.unixSocket)
            m_encryption->setText(tr("none needed: local Unix socket (sslmode=%1 applies to "
                                     "network connections)")
                                      .arg(info.sslMode));
        else if (info.encrypted)
            m_encryption->setText(
                tr("encrypted, %1 (sslmode=%2)").arg(info.sslVersion, info.sslMode));
        else
            m_encryption->setText(tr("NOT encrypted (sslmode=%1): use sslmode=verify-full "
                                     "over untrusted networks")
                                      .arg(info.sslMode));
    }
    showSchemaAdvice(info);
}

void ConnectionPage::showSchemaAdvice(const ServerInfo &info)
{
    const QString none = tr("not connected");
    m_migrate->hide();
    if (info.user.isEmpty()) {
        m_schema->setText(none);
        return;
    }
    const QString command = QStringLiteral("inbox-console migrate --db \"%1\"")
                                .arg(QStringLiteral("dbname=%1").arg(info.database));
    if (info.schemaNewer()) {
        m_schema->setText(tr("%1, newer than this program (%2): use a newer Inbox Console")
                              .arg(info.schemaVersion)
                              .arg(info.programSchemaVersion));
        showMessage(m_notice,
                    tr("This database was upgraded by a newer Inbox Console (schema version "
                       "%1; this program knows up to %2). The other screens stay closed so "
                       "that they do not misread it: install the newer Inbox Console, or "
                       "connect to another database.")
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
            m_migrate->setText(
                info.schemaMissing()
                    ? tr("Create the inbox schema (&apply %n migration(s))", "", pending)
                    : tr("&Apply %n migration(s)", "", pending));
            m_migrate->show();
            showMessage(m_notice,
                        info.schemaMissing()
                            ? tr("This database has no inbox schema yet. You may create it: "
                                 "press the button below. Receivers and workers then use the "
                                 "same schema.")
                            : tr("The schema is older than this program. Apply the pending "
                                 "migrations (below) before using the other screens; other "
                                 "programs keep working while they run."));
        } else {
            m_schema->setText(m_schema->text() +
                              tr(" (ask the schema owner to run: inbox-console migrate)"));
            const QString owner =
                info.migrateOwner.isEmpty() ? tr("the database owner") : info.migrateOwner;
            showMessage(
                m_notice,
                tr("%1 may not change the schema. Ask %2 (who owns %3) to run:\n%4")
                    .arg(info.user, owner,
                         info.schemaMissing() ? tr("this database") : tr("the inbox schema"),
                         command));
        }
    } else {
        m_schema->setText(tr("%1 (current)").arg(info.schemaVersion));
        m_notice->hide();
    }
}

void ConnectionPage::showError(const DbError &error)
{
    showMessage(m_error, error.oneLine());
}

} // namespace inbox
