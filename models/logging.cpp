#include "logging.h"

#include <QDir>
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
    if (QStandardPaths::isTestModeEnabled())
        base = QDir::tempPath() + QStringLiteral("/inbox-test-state");
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
    return path;
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
    created->set_level(spdlog::level::info);
    spdlog::register_logger(created);
    return created;
}

} // namespace inbox
