#include "testsettings.h"

#include <QCoreApplication>
#include <QStandardPaths>

void TestSettings::isolate(const QString &applicationName)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("inbox-console-test"));
    QCoreApplication::setApplicationName(applicationName);
}
