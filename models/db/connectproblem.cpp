#include "db/connectproblem.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <cerrno>
#include <clocale>
#include <cstring>
#include <locale.h>

namespace inbox {

namespace {

// strerror_r is the GNU one (char *) or the XSI one (int) depending on the C library.
[[maybe_unused]] const char *errorText(const char *gnu, const char *)
{
    return gnu;
}
[[maybe_unused]] const char *errorText(int xsi, const char *buffer)
{
    return xsi == 0 ? buffer : "";
}

// The C library's words for `code` as libpq writes them after "failed: ": in the language
// the process speaks now (libpq and the C library translate in this same process) and
// untranslated, so a text made while either had no catalog reads too. Never from a catalog
// of our own, never by changing the process locale.
bool isErrorWords(const QString &text, int code)
{
    char buffer[256] = {};
    const QString local =
        QString::fromLocal8Bit(errorText(strerror_r(code, buffer, sizeof(buffer)), buffer));
    static const locale_t cLocale = newlocale(LC_ALL_MASK, "C", locale_t(nullptr));
    const QString english = cLocale ? QString::fromLocal8Bit(strerror_l(code, cLocale)) : QString();
    return (!local.isEmpty() && text == local) || (!english.isEmpty() && text == english);
}

} // namespace

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
    // The quoted address is the same in every language: 'on socket "/dir/.s.PGSQL.5432"',
    // 'at "db" (10.0.0.5), port 5432' / 'к серверу "db" (10.0.0.5), порту 5432'.
    static const QRegularExpression socket(QStringLiteral("\"([^\"]*)/\\.s\\.PGSQL\\.(\\d+)\""));
    static const QRegularExpression tcp(
        QStringLiteral("\"([^\"]+)\"(?: \\([^)]*\\))?,\\s*\\S+\\s+(\\d+)"));
    MissingServer m;
    const QString firstLine = libpqMessage.section(QLatin1Char('\n'), 0, 0).trimmed();
    // What the operating system said comes last, after libpq's "...: " in any language.
    const QString reason = firstLine.section(QStringLiteral(": "), -1).trimmed();
    const bool nothingThere = isErrorWords(reason, ENOENT) || isErrorWords(reason, ECONNREFUSED);
    if (const auto s = socket.match(firstLine); s.hasMatch()) {
        m.socketDir = s.captured(1);
        m.port = s.captured(2);
        // Whatever the words: the directory can be searched and holds no socket file, so no
        // server listens there (a server that answered has its socket file in place).
        const QFileInfo dir(m.socketDir.isEmpty() ? QStringLiteral("/") : m.socketDir);
        const bool absent =
            dir.isDir() && dir.isExecutable() &&
            !QFileInfo::exists(QDir(dir.filePath()).filePath(QStringLiteral(".s.PGSQL.") + m.port));
        m.noServer = nothingThere ||
                     (absent && !isErrorWords(reason, EACCES) && !isErrorWords(reason, EPERM));
    } else if (const auto t = tcp.match(firstLine); t.hasMatch()) {
        m.host = t.captured(1);
        m.port = t.captured(2);
        m.noServer = nothingThere;
    }
    if (!m.noServer)
        return MissingServer{};
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
