#include "support/diagnostics.h"

#include "db/conninfo.h"

#include <QFile>
#include <QLocale>
#include <QRegularExpression>
#include <QSysInfo>
#include <QtGlobal>

namespace inbox {

namespace {

// Enough for 200 log lines of any sane length, without reading a 5 MB file whole.
constexpr qint64 kTailBytes = 256 * 1024;

QString orNone(const QString &value)
{
    return value.isEmpty() ? QStringLiteral("(none)") : value;
}

} // namespace

DiagnosticsFacts basicDiagnosticsFacts()
{
    DiagnosticsFacts f;
    f.programVersion = QStringLiteral(INBOX_VERSION);
    f.qtRuntimeVersion = QString::fromLatin1(qVersion());
    f.qtBuildVersion = QStringLiteral(QT_VERSION_STR);
    f.os = QSysInfo::prettyProductName();
    f.kernel = QSysInfo::kernelType() + QLatin1Char(' ') + QSysInfo::kernelVersion();
    f.cpu = QSysInfo::currentCpuArchitecture() + QStringLiteral(" (built for ") +
            QSysInfo::buildAbi() + QLatin1Char(')');
    f.language = QLocale().name();
    f.locale = QLocale::system().name();
    return f;
}

QString scrubSecrets(const QString &text)
{
    static const QRegularExpression keyValue(
        QStringLiteral(R"((password\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s,;]+))"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression json(
        QStringLiteral(R"(("?password"?\s*:\s*)("(?:[^"\\]|\\.)*"|[^\s,;}]+))"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression uri(
        QStringLiteral(R"((postgres(?:ql)?://[^:/@\s]*:)([^@\s]*)(@))"),
        QRegularExpression::CaseInsensitiveOption);
    QString out = text;
    out.replace(keyValue, QStringLiteral("\\1***"));
    out.replace(json, QStringLiteral("\\1***"));
    out.replace(uri, QStringLiteral("\\1***\\3"));
    return out;
}

QStringList readLastLines(const QString &path, int lines)
{
    QFile file(path);
    if (lines <= 0 || !file.open(QIODevice::ReadOnly))
        return {};
    const qint64 size = file.size();
    const bool partial = size > kTailBytes;
    if (partial)
        file.seek(size - kTailBytes);
    QString text = QString::fromUtf8(file.readAll());
    QStringList all = text.split(QLatin1Char('\n'));
    if (partial && !all.isEmpty())
        all.removeFirst(); // cut in the middle of a line
    while (!all.isEmpty() && all.constLast().isEmpty())
        all.removeLast();
    if (all.size() > lines)
        all = all.mid(all.size() - lines);
    return all;
}

QString diagnosticsText(const DiagnosticsFacts &f)
{
    // Plain English on purpose: support reads it, whatever the interface language.
    QStringList out;
    out << QStringLiteral("Inbox Console diagnostics");
    out << QStringLiteral("Program version: %1 (schema version %2)")
               .arg(f.programVersion)
               .arg(f.programSchemaVersion);
    out << QStringLiteral("Qt: %1 at run time, built with %2")
               .arg(f.qtRuntimeVersion, f.qtBuildVersion);
    out << QStringLiteral("OS: %1; kernel %2; CPU %3").arg(f.os, f.kernel, f.cpu);
    out << QStringLiteral("Platform plugin: %1").arg(orNone(f.platform));
    if (f.screens.isEmpty())
        out << QStringLiteral("Screens: (none)");
    for (const QString &s : f.screens)
        out << QStringLiteral("Screen: %1").arg(s);
    out << QStringLiteral("Language: %1 (system locale %2)").arg(f.language, f.locale);
    out << QStringLiteral("Theme setting: %1")
               .arg(f.theme.isEmpty() ? QStringLiteral("(not set)") : f.theme);

    out << QString();
    if (!f.connected) {
        out << QStringLiteral("Connection: not connected");
    } else {
        const ServerInfo &s = f.server;
        out << QStringLiteral("Connection:");
        out << QStringLiteral("  host %1, port %2%3")
                   .arg(orNone(s.host), orNone(s.port),
                        s.unixSocket ? QStringLiteral(" (local socket)") : QString());
        out << QStringLiteral("  database %1, user %2%3")
                   .arg(orNone(s.database), orNone(s.user),
                        s.superuser ? QStringLiteral(" (superuser)") : QString());
        out << QStringLiteral("  sslmode %1, %2")
                   .arg(orNone(s.sslMode), s.encrypted
                                               ? QStringLiteral("encrypted (%1)").arg(s.sslVersion)
                                               : QStringLiteral("not encrypted"));
        out << QStringLiteral("  server %1").arg(orNone(s.serverVersion));
        out << QStringLiteral("  schema version %1 (program %2)")
                   .arg(s.schemaVersion)
                   .arg(s.programSchemaVersion);
        out << QStringLiteral("  inbox roles: %1").arg(orNone(s.roles.join(QStringLiteral(", "))));
    }
    if (!f.conninfo.trimmed().isEmpty()) {
        // Redacted by libpq's own parser; a string it cannot parse is scrubbed as text.
        const std::optional<ConnInfo> parsed = ConnInfo::parse(f.conninfo, nullptr);
        out << QStringLiteral("  connection string (without password): %1")
                   .arg(parsed ? parsed->toRedactedString() : scrubSecrets(f.conninfo));
    }

    out << QString();
    out << QStringLiteral("Log file: %1")
               .arg(f.logPath.isEmpty() ? QStringLiteral("(none)") : f.logPath);
    if (!f.logTail.isEmpty()) {
        out << QStringLiteral("Last %1 log lines:").arg(f.logTail.size());
        for (const QString &line : f.logTail)
            out << scrubSecrets(line);
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace inbox
