#include "screentestcase.h"

#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

ScreenTestCase::ScreenTestCase(std::initializer_list<TestDatabase::Login> logins)
    : ContextTestCase(logins)
{}

void ScreenTestCase::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    ContextTestCase::initTestCase();
}

void ScreenTestCase::init()
{
    ContextTestCase::init();
    if (QTest::currentTestFailed())
        return;
    QSettings().remove(QStringLiteral("filters"));
    prepare();
}
