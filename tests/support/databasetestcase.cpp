#include "databasetestcase.h"

#include <QtTest>

DatabaseTestCase::DatabaseTestCase(std::initializer_list<TestDatabase::Login> logins) : m_db(logins)
{}

void DatabaseTestCase::initTestCase()
{
    QVERIFY_TEST_DATABASE_STARTED(m_db);
}

void DatabaseTestCase::init()
{
    QVERIFY_FRESH_TEST_DATABASE(m_db);
}
