#pragma once

#include "testdatabase.h"

#include <QObject>

#include <initializer_list>

// The base of a test program against the private PostgreSQL: its TestDatabase started once and a
// fresh database per test function (or, with Databases::OneForAll, one for the whole program).
// QtTest finds initTestCase() and init() by name in the base too (they are never taken for test
// functions); a test class that needs more in them defines its own and calls these first.
class DatabaseTestCase : public QObject
{
    Q_OBJECT

public:
    enum class Databases {
        FreshPerTest, // a new copy of the migrated template before each test function
        OneForAll,    // one copy, taken in initTestCase(), for every test function
    };

    explicit DatabaseTestCase(std::initializer_list<TestDatabase::Login> logins = {},
                              Databases databases = Databases::FreshPerTest);

protected slots:
    void initTestCase();
    void init();

protected:
    TestDatabase m_db;

private:
    const Databases m_databases;
};
