#include "support/logging.h"

#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QtGlobal>

#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <mutex>
#include <vector>

namespace inbox {

namespace {
std::vector<spdlog::sink_ptr> g_sinks;
std::mutex g_mutex;
QString g_path;
spdlog::level::level_enum g_level = spdlog::level::info;

const char *const kLevelNames[] = {"trace", "debug", "info", "warn", "error"};
const spdlog::level::level_enum kLevels[] = {spdlog::level::trace, spdlog::level::debug,
                                             spdlog::level::info, spdlog::level::warn,
                                             spdlog::level::err};

void qtMessageHandler(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    static const auto log = logger("qt");
    const std::string text = message.toStdString();
    switch (type) {
    case QtDebugMsg:
        log->debug(text);
        break;
    case QtInfoMsg:
        log->info(text);
        break;
    case QtWarningMsg:
        log->warn(text);
        break;
    case QtCriticalMsg:
        log->error(text);
        break;
    case QtFatalMsg:
        log->critical(text);
        log->flush();
        std::abort();
    }
}

QString stateDirectory(const QString &program)
{
    QString base = qEnvironmentVariable("XDG_STATE_HOME");
    if (base.isEmpty())
        base = QDir::homePath() + QStringLiteral("/.local/state");
    // Test mode keeps the log in the user's own Qt test area (~/.qttest/cache), never at a
    // fixed path in the shared /tmp: one user's run (root's, say) would own that path and make
    // the next user's runs fail to open their log.
    if (QStandardPaths::isTestModeEnabled())
        base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
               QStringLiteral("/inbox-test-state");
    return base + QLatin1Char('/') + program;
}
} // namespace

QString setupLogging(const QString &program, bool toConsole)
{
    std::lock_guard lock(g_mutex);
    g_sinks.clear();
    QString path;
    const QString dir = stateDirectory(program);
    if (QDir().mkpath(dir)) {
        path = dir + QStringLiteral("/") + program + QStringLiteral(".log");
        try {
            g_sinks.push_back(std::make_shared<spdlog::sinks::rotating_file_sink_mt>(
                path.toStdString(), 5 * 1024 * 1024, 3));
        } catch (const spdlog::spdlog_ex &) {
            path.clear(); // unwritable: carry on without a file rather than refuse to start
        }
    }
    if (toConsole)
        g_sinks.push_back(std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
    spdlog::set_pattern("%Y-%m-%d %H:%M:%S.%e %-5l [%n] %v");
    spdlog::flush_every(std::chrono::seconds(2));
    qInstallMessageHandler(qtMessageHandler);
    // The level chosen in the settings dialog, for every logger made before and after.
    g_level = spdlog::level::info;
    for (int i = 0; i < 5; ++i)
        if (storedLogLevel() == QLatin1String(kLevelNames[i]))
            g_level = kLevels[i];
    spdlog::apply_all([](const std::shared_ptr<spdlog::logger> &l) { l->set_level(g_level); });
    g_path = path;
    return path;
}

bool setLogLevel(const QString &level)
{
    for (int i = 0; i < 5; ++i) {
        if (level == QLatin1String(kLevelNames[i])) {
            std::lock_guard lock(g_mutex);
            g_level = kLevels[i];
            spdlog::apply_all(
                [](const std::shared_ptr<spdlog::logger> &l) { l->set_level(g_level); });
            return true;
        }
    }
    return false;
}

QString logLevel()
{
    std::lock_guard lock(g_mutex);
    for (int i = 0; i < 5; ++i)
        if (g_level == kLevels[i])
            return QString::fromLatin1(kLevelNames[i]);
    return QStringLiteral("info");
}

QString storedLogLevel()
{
    const QString stored = QSettings().value(QStringLiteral("ui/logLevel")).toString();
    for (const char *name : kLevelNames)
        if (stored == QLatin1String(name))
            return stored;
    return QStringLiteral("info");
}

QString logFilePath()
{
    std::lock_guard lock(g_mutex);
    return g_path;
}

void flushLogs()
{
    spdlog::apply_all([](const std::shared_ptr<spdlog::logger> &l) { l->flush(); });
}

std::shared_ptr<spdlog::logger> logger(const char *module)
{
    std::lock_guard lock(g_mutex);
    if (auto existing = spdlog::get(module))
        return existing;
    auto created = std::make_shared<spdlog::logger>(module, g_sinks.begin(), g_sinks.end());
    created->set_level(g_level);
    spdlog::register_logger(created);
    return created;
}

} // namespace inbox
