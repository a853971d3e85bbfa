#include "db/connectproblem.h"

#include <QRegularExpression>

namespace inbox {

ConnectProblem classifyConnectFailure(const ConnectFacts &facts)
{
    if (facts.cancelled)
        return ConnectProblem::Cancelled;
    if (facts.parseFailed)
        return ConnectProblem::BadConnectionString;
    if (facts.certificateRejected)
        return ConnectProblem::Certificate;
    if (facts.needsPassword)
        return ConnectProblem::PasswordNeeded;
    const QString &s = facts.sqlstate;
    if (s == QLatin1String("28P01"))
        return ConnectProblem::PasswordRejected;
    if (s == QLatin1String("28000"))
        return ConnectProblem::NotAllowed;
    if (s == QLatin1String("3D000"))
        return ConnectProblem::DatabaseMissing;
    if (s == QLatin1String("57P03") || s == QLatin1String("53300") || s == QLatin1String("53000"))
        return ConnectProblem::ServerBusy;
    if (s.isEmpty() && !facts.reachedServer)
        return ConnectProblem::Unreachable;
    return ConnectProblem::Other;
}

bool isCertificateFailure(const QString &libpqMessage)
{
    static const QRegularExpression certificate(
        QStringLiteral("certificate verify failed|does not match host name|"
                       "root certificate file .* does not exist|"
                       "could not read root certificate|certificate (has expired|is not yet "
                       "valid|revoked)|SSL error: .*certificate"),
        QRegularExpression::CaseInsensitiveOption);
    return certificate.match(libpqMessage).hasMatch();
}

MissingServer missingServer(const QString &libpqMessage)
{
    static const QRegularExpression socket(QStringLiteral("\"([^\"]*)/\\.s\\.PGSQL\\.(\\d+)\""));
    static const QRegularExpression tcp(
        QStringLiteral("\"([^\"]+)\"(?: \\([^)]*\\))?,\\s*\\S+\\s+(\\d+)"));
    static const QRegularExpression nothingThere(
        QStringLiteral(": (No such file or directory|Connection refused)\\s*$"));
    MissingServer m;
    const QString firstLine = libpqMessage.section(QLatin1Char('\n'), 0, 0);
    if (!nothingThere.match(firstLine).hasMatch())
        return m;
    if (const auto s = socket.match(firstLine); s.hasMatch()) {
        m.socketDir = s.captured(1);
        m.port = s.captured(2);
    } else if (const auto t = tcp.match(firstLine); t.hasMatch()) {
        m.host = t.captured(1);
        m.port = t.captured(2);
    } else {
        return m;
    }
    m.noServer = true;
    return m;
}

QString takeSqlstate(QString *message)
{
    // The severity word is the server's language, the code is not: "FATAL:  28P01: ...",
    // "ВАЖНО:  28P01: ...". Codes are five digits or capital letters, at least one a digit
    // (so "failed: FATAL:" is not taken for one), after the severity's two spaces.
    static const QRegularExpression code(QStringLiteral(":  ((?=[A-Z]*[0-9])[0-9A-Z]{5}):\\s"));
    // "LOCATION:  auth_failed, auth.c:323" in any language: a function, a C file and a line.
    static const QRegularExpression location(
        QStringLiteral("\\n[^\\n]*:\\s+\\w+, [\\w.]+\\.c:\\d+[^\\n]*"));
    if (!message)
        return {};
    message->remove(location);
    const QRegularExpressionMatch m = code.match(*message);
    if (!m.hasMatch())
        return {};
    const QString state = m.captured(1);
    // Keep ": " before the message, drop the code.
    message->replace(m.capturedStart(0), m.capturedLength(0), QStringLiteral(":  "));
    return state;
}

} // namespace inbox
