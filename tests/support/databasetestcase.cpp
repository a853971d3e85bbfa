#include "databasetestcase.h"

#include <QtTest>

DatabaseTestCase::DatabaseTestCase(std::initializer_list<TestDatabase::Login> logins,
                                   Databases databases)
    : m_db(logins), m_databases(databases)
{}

void DatabaseTestCase::initTestCase()
{
    QVERIFY_TEST_DATABASE_STARTED(m_db);
    if (m_databases == Databases::OneForAll)
        QVERIFY_FRESH_TEST_DATABASE(m_db);
}

void DatabaseTestCase::init()
{
    if (m_databases == Databases::FreshPerTest)
        QVERIFY_FRESH_TEST_DATABASE(m_db);
}
