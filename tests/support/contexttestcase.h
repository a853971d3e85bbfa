#pragma once

#include "consoleharness.h"
#include "testdatabase.h"

#include "db/consolecontext.h"

#include <QObject>

#include <initializer_list>
#include <memory>

// The base of a test program of the console's models: its TestDatabase, a fresh database and a
// new, unconnected ConsoleContext per test function. QtTest finds initTestCase(), init() and
// cleanup() by name in the base too (they are never taken for test functions), so a test class
// needs them only when it does more, and then calls these first.
class ContextTestCase : public QObject
{
    Q_OBJECT

public:
    explicit ContextTestCase(std::initializer_list<TestDatabase::Login> logins = {});

protected slots:
    void initTestCase();
    void init();
    void cleanup();

protected:
    TestDatabase m_db;
    const ConsoleHarness m_harness{m_db};
    std::unique_ptr<inbox::ConsoleContext> m_context;
};
