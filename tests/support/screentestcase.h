#pragma once

#include "contexttestcase.h"

#include <initializer_list>

// The base of a test program of the console's screens: a ContextTestCase in QtTest's test mode
// (the screens remember their filters in the settings), each test function starting unfiltered.
// A screen test builds its page in prepare(), which runs once the database and context are ready.
class ScreenTestCase : public ContextTestCase
{
    Q_OBJECT

public:
    explicit ScreenTestCase(std::initializer_list<TestDatabase::Login> logins = {});

protected slots:
    void initTestCase();
    void init();

protected:
    virtual void prepare() {}
};
