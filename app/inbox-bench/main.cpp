// inbox-bench: the performance claims of the console and the inbox contract, checkable by
// anyone. See BENCHMARKS.md for how to run it and the last results.
#include "db/consolecontext.h"
#include "db/pgconnection.h"
#include "db/serverinfo.h"
#include "dispatchbench.h"
#include "figure.h"
#include "fill.h"
#include "ingestbench.h"
#include "memorybench.h"
#include "options.h"
#include "peerbench.h"
#include "pollbench.h"
#include "querybench.h"
#include "receiverbench.h"
#include "reportbench.h"
#include "requeuebench.h"
#include "samples.h"
#include "serversetting.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QSysInfo>
#include <QThread>

#include <cstdio>
#include <functional>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("inbox-bench"));

    QString message;
    bool help = false;
    const std::optional<bench::Options> parsed =
        bench::parseOptions(app.arguments(), &message, &help);
    if (!parsed) {
        std::fprintf(help ? stdout : stderr, "%s\n", qPrintable(message));
        return help ? 0 : 64;
    }
    const bench::Options o = *parsed;

    inbox::PgConnection admin;
    inbox::DbError e;
    if (!admin.connect(o.conninfo, QStringLiteral("inbox-bench"), &e)) {
        std::fprintf(stderr, "inbox-bench: cannot connect: %s\n", qPrintable(e.message));
        return 2;
    }
    const auto super = admin.exec(
        QStringLiteral("SELECT rolsuper FROM pg_roles WHERE rolname = session_user"), &e);
    if (!super || super->rows() != 1 || !super->toBool(0, 0)) {
        std::fprintf(stderr, "inbox-bench: connect as a superuser (the benchmark resets rows "
                             "and makes a scratch schema in its own database)\n");
        return 2;
    }

    QString error;
    const qint64 events = bench::ensureFilled(admin, o.conninfo, o.events, o.simBinary, &error);
    if (events < 0) {
        std::fprintf(stderr, "inbox-bench: %s\n", qPrintable(error));
        return 1;
    }

    // What the console would be given: the same connection string, its own channels.
    inbox::ConnectOptions options;
    options.conninfo = o.conninfo;
    options.applicationName = QStringLiteral("inbox-bench console");
    const std::optional<inbox::ServerInfo> info = inbox::readServerInfo(admin.raw(), &e);
    inbox::ConsoleContext context;
    context.setConnected(options, info.value_or(inbox::ServerInfo()));

    inbox::PgConnection plain;
    if (!plain.connect(o.conninfo, QStringLiteral("inbox-bench plain"), &e)) {
        std::fprintf(stderr, "inbox-bench: cannot connect: %s\n", qPrintable(e.message));
        return 2;
    }

    const QString header =
        QStringLiteral("inbox-bench %1 UTC: %2 events; server %3, fsync=%4, "
                       "synchronous_commit=%5, shared_buffers=%6; %7 cores, %8; %9 runs after "
                       "%10 warm-up%11")
            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm")))
            .arg(events)
            .arg(bench::serverSetting(admin, "server_version"),
                 bench::serverSetting(admin, "fsync"),
                 bench::serverSetting(admin, "synchronous_commit"),
                 bench::serverSetting(admin, "shared_buffers"))
            .arg(QThread::idealThreadCount())
            .arg(QSysInfo::prettyProductName())
            .arg(o.runs)
            .arg(o.warmup)
            .arg(o.shortMode ? QStringLiteral(" (short mode)") : QString());
    std::fprintf(stderr, "%s\n", qPrintable(header));

    QVector<bench::Figure> figures;
    bool ok = true;
    const auto stage = [&](bool wanted, const std::function<bool()> &run) {
        if (!ok || !wanted)
            return;
        QElapsedTimer timer;
        timer.start();
        const bool done = run();
        std::fprintf(stderr, "  (%.1f s)\n", double(timer.elapsed()) / 1000.0);
        if (!done) {
            std::fprintf(stderr, "inbox-bench: %s\n", qPrintable(error));
            ok = false;
        }
    };
    // Memory first, so the resident set is the journal's and not what earlier stages left.
    stage(o.has("memory"), [&] {
        return bench::runMemoryFigure(&context, std::min(o.pageRows, events), &figures, &error);
    });
    stage(o.has("queries"), [&] {
        std::fprintf(stderr, "drawing sample values ...\n");
        const std::optional<bench::Samples> samples = bench::drawSamples(
            admin, std::max(64, o.warmup + o.runs), events, {1000, 50000}, 200, &error);
        return samples && bench::runQueryFigures(o, &context, plain, *samples, &figures, &error);
    });
    stage(o.has("requeue"),
          [&] { return bench::runRequeueFigure(o, &context, admin, plain, &figures, &error); });
    stage(o.has("ingest"), [&] { return bench::runIngestFigures(o, admin, &figures, &error); });
    stage(o.has("peers"), [&] { return bench::runPeerFigures(o, admin, &figures, &error); });
    stage(o.has("receiver"), [&] { return bench::runReceiverFigures(o, admin, &figures, &error); });
    stage(o.has("dispatch"), [&] { return bench::runDispatchFigures(o, admin, &figures, &error); });
    stage(o.has("poll"), [&] { return bench::runPollFigures(o, admin, &figures, &error); });
    stage(o.has("report"),
          [&] { return bench::runReportFigures(o, admin, events, &figures, &error); });

    context.setDisconnected();
    bench::printReport(figures, header);
    return ok ? 0 : 1;
}
