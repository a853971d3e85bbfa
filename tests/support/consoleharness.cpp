#include "consoleharness.h"

#include "pgsession.h"

#include <QApplication>
#include <QGuiApplication>
#include <QTest>
#include <QWidget>

inbox::ServerInfo ConsoleHarness::assumedInfo(const QString &user, const QStringList &roles)
{
    inbox::ServerInfo info;
    info.user = user;
    info.roles = roles;
    info.superuser = user == QLatin1String("postgres");
    return info;
}

void ConsoleHarness::connectAs(inbox::ConsoleContext &context, const QString &user,
                               const QStringList &roles) const
{
    connectAs(context, user, assumedInfo(user, roles));
}

void ConsoleHarness::connectAs(inbox::ConsoleContext &context, const QString &user,
                               const inbox::ServerInfo &info) const
{
    context.setConnected(m_db.options(user), info);
}

bool ConsoleHarness::connectReading(inbox::ConsoleContext &context, const QString &user,
                                    QString *error) const
{
    PgSession s(m_db.conninfo(user));
    inbox::DbError dbError;
    const auto info = inbox::readServerInfo(s.raw(), &dbError);
    if (!info) {
        if (error)
            *error = dbError.oneLine();
        return false;
    }
    connectAs(context, user, *info);
    return true;
}

bool ConsoleHarness::show(QWidget *screen, QSize size, bool activate)
{
    screen->resize(size);
    screen->show();
    if (!activate)
        return QTest::qWaitForWindowExposed(screen);
    // On X11 (tst_journalkeys_x11) a window is activated only once it is mapped.
    if (QGuiApplication::platformName() != QLatin1String("offscreen") &&
        !QTest::qWaitForWindowExposed(screen))
        return false;
    screen->activateWindow();
    QApplication::setActiveWindow(screen);
    return QTest::qWaitForWindowActive(screen);
}

bool ConsoleHarness::showReading(QWidget *screen, inbox::ConsoleContext &context,
                                 const QString &user, QSize size) const
{
    return show(screen, size, true) && connectReading(context, user, nullptr);
}
