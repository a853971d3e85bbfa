#pragma once

#include <QString>

// Keeps a test program's settings, logs and state out of the person's own: QStandardPaths in
// test mode and an organization and application name of the test's own.
class TestSettings final
{
public:
    static void isolate(const QString &applicationName);
};
