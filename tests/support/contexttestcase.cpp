#include "contexttestcase.h"

#include <QtTest>

ContextTestCase::ContextTestCase(std::initializer_list<TestDatabase::Login> logins)
    : DatabaseTestCase(logins)
{}

void ContextTestCase::init()
{
    DatabaseTestCase::init();
    if (QTest::currentTestFailed())
        return;
    QVERIFY(m_db.su().ok());
    m_context = std::make_unique<inbox::ConsoleContext>();
}

void ContextTestCase::cleanup()
{
    m_context.reset();
}
