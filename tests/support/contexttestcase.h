#pragma once

#include "consoleharness.h"
#include "databasetestcase.h"

#include "db/consolecontext.h"

#include <initializer_list>
#include <memory>

// The base of a test program of the console's models: a DatabaseTestCase whose every test
// function also gets a new, unconnected ConsoleContext and a harness to connect it.
class ContextTestCase : public DatabaseTestCase
{
    Q_OBJECT

public:
    explicit ContextTestCase(std::initializer_list<TestDatabase::Login> logins = {});

protected slots:
    void init();
    void cleanup();

protected:
    const ConsoleHarness m_harness{m_db};
    std::unique_ptr<inbox::ConsoleContext> m_context;
};
