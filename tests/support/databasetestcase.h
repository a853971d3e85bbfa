#pragma once

#include "testdatabase.h"

#include <QObject>

#include <initializer_list>

// The base of a test program against the private PostgreSQL: its TestDatabase started once and a
// fresh database per test function. QtTest finds initTestCase() and init() by name in the base
// too (they are never taken for test functions); a test class that needs more in them defines
// its own and calls these first.
class DatabaseTestCase : public QObject
{
    Q_OBJECT

public:
    explicit DatabaseTestCase(std::initializer_list<TestDatabase::Login> logins = {});

protected slots:
    void initTestCase();
    void init();

protected:
    TestDatabase m_db;
};
