#pragma once
// Pictures of what a widget test shows, to look at: with INBOX_TEST_GRABS=DIR in the environment,
// saveTestGrab() writes the widget as DIR/<name>.png; without it, nothing. Never an assertion.

#include <QLatin1Char>
#include <QString>
#include <QWidget>

inline void saveTestGrab(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("INBOX_TEST_GRABS");
    if (!dir.isEmpty())
        w->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}
