#pragma once

#include <QString>

#include <memory>

namespace spdlog {
class logger;
}

namespace inbox {

// Sets up spdlog: a rotating file in the user's state directory (XDG_STATE_HOME, by default
// ~/.local/state/<program>/) and, with `toConsole`, stderr. Qt's own messages are routed into
// it. Call once from main(). Returns the log file's path (empty when it could not be opened).
QString setupLogging(const QString &program, bool toConsole);

// Sets the level of every logger, present and future: "trace", "debug", "info", "warn" or
// "error". Returns false (and changes nothing) for any other name.
bool setLogLevel(const QString &level);
// The level in use, by the same names.
QString logLevel();
// The level kept in QSettings "ui/logLevel" (setupLogging applies it); "info" when unset.
QString storedLogLevel();

// The path setupLogging() returned (empty before it ran or without a file).
QString logFilePath();

// Writes out whatever the loggers hold (for "copy diagnostics" and for tests that read the file).
void flushLogs();

// One logger per module ("db", "ui", "sim"...), sharing the sinks set up above.
std::shared_ptr<spdlog::logger> logger(const char *module);

} // namespace inbox
