#include "contexttestcase.h"

#include <QtTest>

ContextTestCase::ContextTestCase(std::initializer_list<TestDatabase::Login> logins) : m_db(logins)
{}

void ContextTestCase::initTestCase()
{
    QVERIFY_TEST_DATABASE_STARTED(m_db);
}

void ContextTestCase::init()
{
    QVERIFY_FRESH_TEST_DATABASE(m_db);
    QVERIFY(m_db.su().ok());
    m_context = std::make_unique<inbox::ConsoleContext>();
}

void ContextTestCase::cleanup()
{
    m_context.reset();
}
