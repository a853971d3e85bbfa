#pragma once
// The command line every service takes (inbox-receiver, inbox-alerts, inbox-dispatcher,
// inbox-poller), parsed once by the same rules:
//
//   NAME --config FILE [FLAGS...] [--log-level trace|debug|info|warn|error]   run
//   NAME --check-config FILE                                                validate only
//   NAME --version | --help | -h
//
// The arguments are read in order and the first that ends the program decides: --version
// prints "NAME VERSION" and --help the usage (exit 0); an unknown argument, an option without
// its value, or no configuration file at all is a usage error (the usage on stderr, exit 2).
// Of --config and --check-config the last one given counts. FLAGS are the service's own
// switches without a value (inbox-alerts: --once).

#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace inbox::service {

class ServiceCommandLine final
{
public:
    // `arguments` as QCoreApplication::arguments() gives them: the program's path first.
    static ServiceCommandLine parse(const QString &program, const QStringList &flags,
                                    const QStringList &arguments);
    // The usage text, one line per way to call the program, each ending in a newline.
    static QString usage(const QString &program, const QStringList &flags);

    // Set when the command line ends the program here: 0 (--version, --help) or 2 (a usage
    // error). What to print then is in out() (stdout) and err() (stderr).
    std::optional<int> exitCode() const { return m_exitCode; }
    const QString &out() const { return m_out; }
    const QString &err() const { return m_err; }
    // For main(): when the program ends here, prints out() and err() and returns exitCode().
    std::optional<int> exitEarly() const;

    const QString &program() const { return m_program; }
    const QString &configPath() const { return m_configPath; }
    bool checkOnly() const { return m_checkOnly; }
    // Empty when not given: the logging's own default.
    const QString &logLevel() const { return m_logLevel; }
    bool has(const QString &flag) const { return m_flags.contains(flag); }

private:
    QString m_program;
    std::optional<int> m_exitCode;
    QString m_out;
    QString m_err;
    QString m_configPath;
    bool m_checkOnly = false;
    QString m_logLevel;
    QSet<QString> m_flags;
};

} // namespace inbox::service
