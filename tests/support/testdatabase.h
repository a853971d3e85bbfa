#pragma once

#include "pgcluster.h"
#include "pgsession.h"

#include "db/connectoptions.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <initializer_list>
#include <memory>

// The database side of one test program: its private cluster, the logins it needs and a fresh
// copy of the migrated template per test function. A member of the test class, not a base:
// QtTest finds initTestCase() and init() by name, so they stay in the test class and call
// QVERIFY_TEST_DATABASE_STARTED and QVERIFY_FRESH_TEST_DATABASE.
class TestDatabase final
{
public:
    struct Login
    {
        Login(const char *login, std::initializer_list<const char *> groupRoles = {});
        Login(const QString &login, std::initializer_list<const char *> groupRoles);
        Login(const QString &login, const QStringList &groupRoles = {});
        QString name;
        QStringList groups;
    };

    TestDatabase(std::initializer_list<Login> logins = {});
    ~TestDatabase();
    Q_DISABLE_COPY_MOVE(TestDatabase)

    // The cluster started and every login made (a login's roles are cluster-wide).
    bool start(QString *error);
    // A new copy of the template; su() then speaks to it.
    bool fresh(QString *error);
    void stop();

    PgCluster &cluster() { return m_cluster; }
    const PgCluster &cluster() const { return m_cluster; }
    const QString &name() const { return m_name; }
    QString conninfo(const QString &user = QStringLiteral("postgres")) const;
    inbox::ConnectOptions options(const QString &user = QStringLiteral("postgres")) const;
    // The superuser's session on the current database, opened on first use after fresh().
    PgSession &su();

private:
    PgCluster m_cluster;
    QVector<Login> m_logins;
    QString m_name;
    std::unique_ptr<PgSession> m_su;
};

// For initTestCase() and init(): the test fails with the reason when either step fails.
#define QVERIFY_TEST_DATABASE_STARTED(db)                                                          \
    do {                                                                                           \
        QString databaseError_;                                                                    \
        QVERIFY2((db).start(&databaseError_), qPrintable(databaseError_));                         \
    } while (false)
#define QVERIFY_FRESH_TEST_DATABASE(db)                                                            \
    do {                                                                                           \
        QString databaseError_;                                                                    \
        QVERIFY2((db).fresh(&databaseError_), qPrintable(databaseError_));                         \
    } while (false)
