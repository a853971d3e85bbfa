// inbox-sim: the traffic simulator and volume filler, and the fakes of what lies around the
// inbox (Telegram, the dispatcher's handler, Ozon's and Wildberries' seller APIs); see --help
// and README.md.
#include "crmexport.h"
#include "fakehandler.h"
#include "fakemarketplace.h"
#include "faketelegram.h"
#include "options.h"
#include "pollcheck.h"
#include "simulation.h"
#include "support/logging.h"

#include <QCoreApplication>

#include <csignal>

namespace {
void onSignal(int)
{
    inbox::sim::g_interrupted = true;
}

void onScenarioSignal(int signalNumber)
{
    inbox::sim::g_scenarioRequest = signalNumber == SIGUSR1
                                        ? inbox::sim::ScenarioRequest::SlowReceiver
                                        : inbox::sim::ScenarioRequest::Normal;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("inbox-sim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(INBOX_VERSION));

    int exitCode = 0;
    const std::optional<inbox::sim::Options> options =
        inbox::sim::parseOptions(QCoreApplication::arguments(), &exitCode);
    if (!options)
        return exitCode;
    inbox::setupLogging(QStringLiteral("inbox-sim"), false);
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    std::signal(SIGUSR1, onScenarioSignal);
    std::signal(SIGUSR2, onScenarioSignal);

    if (!options->fakeTelegram.isEmpty())
        return inbox::sim::FakeTelegram::run(
            options->fakeTelegram, options->fakeTelegramToken.toUtf8(), options->fakeTelegramLog,
            options->fakeTelegramMisbehave);
    if (!options->fakeHandler.isEmpty())
        return inbox::sim::FakeHandler::run(options->fakeHandler, options->fakeHandlerSecretFile,
                                            options->fakeHandlerLog, options->fakeHandlerMisbehave,
                                            options->fakeHandlerChaos, options->seed);
    if (!options->marketplace.listen.isEmpty())
        return inbox::sim::FakeMarketplace::run(options->marketplace, options->seed);
    if (options->check)
        return inbox::sim::runCheck(*options);
    if (!options->checkPolled.isEmpty())
        return inbox::sim::runPollCheck(*options);
    if (!options->crmExport.isEmpty())
        return inbox::sim::writeCrmExport(inbox::sim::CrmExportSettings{
            options->crmExport, 30, options->crmPerDay, 0.04, options->seed ? options->seed : 1});
    if (options->historyDays > 0 || options->bulk > 0) {
        const int code = inbox::sim::runFill(*options);
        if (code != 0)
            return code;
    }
    if (options->trafficMode())
        return inbox::sim::runTraffic(*options);
    return 0;
}
