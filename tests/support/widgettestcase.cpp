#include "widgettestcase.h"

#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

WidgetTestCase::WidgetTestCase(std::initializer_list<TestDatabase::Login> logins, Settings settings)
    : DatabaseTestCase(logins), m_settings(settings)
{}

void WidgetTestCase::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    DatabaseTestCase::initTestCase();
}

void WidgetTestCase::init()
{
    if (m_settings == Settings::EmptyPerTest)
        QSettings().clear();
    DatabaseTestCase::init();
}
