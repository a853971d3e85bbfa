#include "servicecommandline.h"

#include <cstdio>

namespace inbox::service {

ServiceCommandLine ServiceCommandLine::parse(const QString &program, const QStringList &flags,
                                             const QStringList &arguments)
{
    ServiceCommandLine c;
    c.m_program = program;
    const auto usageError = [&c, &program, &flags](const QString &first) {
        c.m_exitCode = 2;
        c.m_err = first + usage(program, flags);
        return c;
    };
    for (int i = 1; i < arguments.size(); ++i) {
        const QString &a = arguments.at(i);
        const bool hasValue = i + 1 < arguments.size();
        if ((a == QLatin1String("--config") || a == QLatin1String("--check-config")) && hasValue) {
            c.m_checkOnly = a == QLatin1String("--check-config");
            c.m_configPath = arguments.at(++i);
        } else if (a == QLatin1String("--log-level") && hasValue) {
            c.m_logLevel = arguments.at(++i);
        } else if (flags.contains(a)) {
            c.m_flags.insert(a);
        } else if (a == QLatin1String("--version")) {
            c.m_exitCode = 0;
            c.m_out = QStringLiteral("%1 %2\n").arg(program, QStringLiteral(INBOX_VERSION));
            return c;
        } else if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            c.m_exitCode = 0;
            c.m_out = usage(program, flags);
            return c;
        } else {
            return usageError(QStringLiteral("%1: unknown argument %2\n").arg(program, a));
        }
    }
    if (c.m_configPath.isEmpty())
        return usageError(QString());
    return c;
}

QString ServiceCommandLine::usage(const QString &program, const QStringList &flags)
{
    QString run = QStringLiteral("usage: %1 --config FILE").arg(program);
    for (const QString &flag : flags)
        run += QStringLiteral(" [%1]").arg(flag);
    run += QStringLiteral(" [--log-level trace|debug|info|warn|error]\n");
    const QString indent(QStringLiteral("usage: ").size(), QLatin1Char(' '));
    return run + indent + program + QStringLiteral(" --check-config FILE\n") + indent + program +
           QStringLiteral(" --version\n");
}

std::optional<int> ServiceCommandLine::exitEarly() const
{
    if (!m_exitCode)
        return std::nullopt;
    std::fputs(qPrintable(m_out), stdout);
    std::fputs(qPrintable(m_err), stderr);
    return m_exitCode;
}

} // namespace inbox::service
