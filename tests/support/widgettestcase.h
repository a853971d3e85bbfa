#pragma once

#include "databasetestcase.h"

#include <initializer_list>

// The base of a widget test program that builds its own windows and contexts: a
// DatabaseTestCase in QtTest's test mode (nothing read from or written to the person's own
// settings) whose every test function starts, by default, with empty settings (no remembered
// filters or layout). A screen test that shares one context per test is a ScreenTestCase.
class WidgetTestCase : public DatabaseTestCase
{
    Q_OBJECT

public:
    enum class Settings {
        EmptyPerTest, // QSettings().clear() before each test function
        Kept,         // the settings as the test functions before left them
    };

    explicit WidgetTestCase(std::initializer_list<TestDatabase::Login> logins = {},
                            Settings settings = Settings::EmptyPerTest);

protected slots:
    void initTestCase();
    void init();

private:
    const Settings m_settings;
};
