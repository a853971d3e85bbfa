#pragma once

#include "db/serverinfo.h"

#include <QString>
#include <QStringList>

namespace inbox {

// What Help > Copy diagnostics puts on the clipboard for support: the program, Qt, the system,
// the display, the connection (never a password) and the end of the log. The widgets side
// fills what needs a QGuiApplication (platform, screens); the text is built here so a test can
// read it without a display.
struct DiagnosticsFacts
{
    QString programVersion;
    int programSchemaVersion = 0;
    QString qtRuntimeVersion; // qVersion()
    QString qtBuildVersion;   // QT_VERSION_STR
    QString os;               // QSysInfo::prettyProductName()
    QString kernel;           // kernel type and version
    QString cpu;              // build and current CPU architecture
    QString platform;         // the Qt platform plugin (xcb, wayland, offscreen...)
    QStringList screens;      // one line per screen: size, DPI, scale
    QString language;         // the interface language in use
    QString locale;           // the system locale
    QString theme;            // QSettings "ui/theme", empty when never set
    bool connected = false;
    QString conninfo;  // as typed; only its redacted form is written
    ServerInfo server; // meaningful when connected
    QString logPath;   // empty: no log file
    QStringList logTail;
};

// Fills what QtCore knows (versions, system, locale); the caller adds the rest.
DiagnosticsFacts basicDiagnosticsFacts();

// The plain-text report. Passwords are left out: the connection string is redacted and every
// line of the log tail goes through scrubSecrets().
QString diagnosticsText(const DiagnosticsFacts &facts);

// The last `lines` lines of a text file (the log); empty when it cannot be read. Reads only
// the end of a big file.
QStringList readLastLines(const QString &path, int lines);

// Replaces the value of password=..., "password": "...", and the password of a
// postgresql://user:password@host URI with ***. The log never should hold one; this makes sure
// a pasted report does not either.
QString scrubSecrets(const QString &text);

} // namespace inbox
