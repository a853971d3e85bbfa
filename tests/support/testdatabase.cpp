#include "testdatabase.h"

TestDatabase::Login::Login(const char *loginName, std::initializer_list<const char *> groupRoles)
    : Login(QString::fromLatin1(loginName), groupRoles)
{}

TestDatabase::Login::Login(const QString &loginName, std::initializer_list<const char *> groupRoles)
    : name(loginName)
{
    for (const char *group : groupRoles)
        groups << QString::fromLatin1(group);
}

TestDatabase::Login::Login(const QString &loginName, const QStringList &groupRoles)
    : name(loginName), groups(groupRoles)
{}

TestDatabase::TestDatabase(std::initializer_list<Login> logins) : m_logins(logins) {}

TestDatabase::~TestDatabase()
{
    stop();
}

bool TestDatabase::start(QString *error)
{
    if (!m_cluster.start(error))
        return false;
    for (const Login &login : std::as_const(m_logins)) {
        if (!m_cluster.createLogin(login.name, login.groups, error))
            return false;
    }
    return true;
}

bool TestDatabase::fresh(QString *error)
{
    m_su.reset(); // its database is left behind
    m_name = m_cluster.createDatabase(error);
    return !m_name.isEmpty();
}

void TestDatabase::stop()
{
    m_su.reset();
    m_cluster.stop();
}

QString TestDatabase::conninfo(const QString &user) const
{
    return m_cluster.conninfo(m_name, user);
}

inbox::ConnectOptions TestDatabase::options(const QString &user) const
{
    inbox::ConnectOptions o;
    o.conninfo = conninfo(user);
    return o;
}

PgSession &TestDatabase::su()
{
    if (!m_su)
        m_su = std::make_unique<PgSession>(conninfo());
    return *m_su;
}
