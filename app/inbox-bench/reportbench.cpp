#include "reportbench.h"

#include "localprocess.h"
#include "serverconninfo.h"

#include "db/pgconnection.h"
#include "report/baselinebatch.h"
#include "report/baselinecopy.h"
#include "report/exportreader.h"

#include <QDate>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

#include <libpq-fe.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace bench {

namespace {

constexpr int kDays = 30; // inbox-sim's month
// inbox-sim adds about 4 % of duplicates (3.9 % at 100k); reckoning with a little less makes at
// least --report-rows rows.
constexpr double kDuplicateShare = 0.035;

// One run of a program with its output in `log`: exit code, wall time and the peak resident
// set of that process alone, which QProcess does not give.
struct ChildRun
{
    int exitCode = -1;
    double wallMs = 0;
    double peakMb = 0;
};

ChildRun runChild(const QString &program, const QStringList &args, const QString &log)
{
    ChildRun run;
    QList<QByteArray> argv8{QFile::encodeName(program)};
    for (const QString &a : args)
        argv8.append(a.toUtf8());
    QVector<char *> argv;
    for (QByteArray &a : argv8)
        argv.append(a.data());
    argv.append(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    const QByteArray logPath = QFile::encodeName(log);
    posix_spawn_file_actions_addopen(&actions, 1, logPath.constData(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    QElapsedTimer timer;
    timer.start();
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, argv.first(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        return run;
    // The peak resident set is VmHWM read every few milliseconds while the child runs: its
    // rusage would not do, because a child spawned with a shared address space (vfork) counts
    // the parent's peak as its own from before the exec.
    int status = 0;
    for (;;) {
        const pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid)
            break;
        if (done < 0)
            return run;
        run.peakMb = std::max(run.peakMb, processMemory(pid).hwmMb);
        usleep(2000);
    }
    run.wallMs = double(timer.nsecsElapsed()) / 1e6;
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

QString tail(const QString &log)
{
    QFile f(log);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll().right(2000)) : QString();
}

double msSince(const QElapsedTimer &t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

// The steps of `report import` in this process, timed: reading the file while its rows are
// copied to the server (BaselineCopy, as the command does it), the import_baseline_copy call
// (with its commit), the default window's baseline_summary. Then the same file the old way
// (0031's path, still in the contract for other callers): read into a BaselineBatch with its
// array literals, one import_baseline call. The baselines' ids in *ids.
struct Steps
{
    double readMs = 0, storeMs = 0, summaryMs = 0;
    double arrayReadMs = 0, arrayStoreMs = 0;
    int rows = 0;
};

bool openExport(QFile &f, inbox::ExportReader &reader, QString *error)
{
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(f.fileName(), f.errorString());
        return false;
    }
    if (!reader.open()) {
        *error = QStringLiteral("%1: %2").arg(f.fileName(), reader.errorString());
        return false;
    }
    return true;
}

bool copySteps(inbox::PgConnection &admin, const QString &file, Steps *steps, qint64 *id,
               QString *error)
{
    QElapsedTimer t;
    t.start();
    QFile f(file);
    inbox::ExportReader reader(&f);
    if (!openExport(f, reader, error))
        return false;
    const inbox::BaselineCopy copy =
        inbox::BaselineCopy::run(admin, reader,
                                 {QStringLiteral("inbox-bench report"), QStringLiteral("bench.csv"),
                                  inbox::BaselineBatch::layoutName(reader.layout().kind())},
                                 nullptr, [&](int) {
                                     steps->readMs = msSince(t);
                                     t.restart();
                                 });
    if (!copy.stored()) {
        *error = QStringLiteral("import_baseline_copy: %1").arg(copy.error().oneLine());
        return false;
    }
    steps->storeMs = msSince(t);
    steps->rows = copy.rows();
    *id = copy.baselineId();
    t.restart();
    inbox::DbError dbError;
    if (!admin.exec(QStringLiteral("SELECT * FROM inbox.baseline_summary($1)"),
                    {inbox::PgParam(*id)}, &dbError)) {
        *error = QStringLiteral("baseline_summary: %1").arg(dbError.oneLine());
        return false;
    }
    steps->summaryMs = msSince(t);
    return true;
}

bool arraySteps(inbox::PgConnection &admin, const QString &file, Steps *steps, qint64 *id,
                QString *error)
{
    QElapsedTimer t;
    t.start();
    QFile f(file);
    inbox::ExportReader reader(&f);
    if (!openExport(f, reader, error))
        return false;
    const inbox::BaselineBatch batch = inbox::BaselineBatch::read(reader);
    QVector<inbox::PgParam> params;
    for (const QVariant &value : batch.storeParams(
             QStringLiteral("inbox-bench report (arrays)"), QStringLiteral("bench.csv"),
             inbox::BaselineBatch::layoutName(reader.layout().kind())))
        params.append(value.metaType().id() == QMetaType::Int ? inbox::PgParam(value.toInt())
                                                              : inbox::PgParam(value.toString()));
    steps->arrayReadMs = msSince(t);
    t.restart();
    inbox::DbError dbError;
    const auto stored = admin.exec(inbox::BaselineBatch::storeSql(), params, &dbError);
    if (!stored) {
        *error = QStringLiteral("import_baseline: %1").arg(dbError.oneLine());
        return false;
    }
    steps->arrayStoreMs = msSince(t);
    *id = stored->toInt(0, 0);
    return true;
}

void deleteBaselines(inbox::PgConnection &admin, const QVector<qint64> &ids)
{
    inbox::DbError ignored;
    for (const qint64 id : ids)
        admin.exec(QStringLiteral("SELECT inbox.delete_baseline($1)"), {inbox::PgParam(id)},
                   &ignored);
}

QJsonArray numbers(const QVector<double> &values)
{
    QJsonArray a;
    for (const double v : values)
        a.append(std::round(v * 10) / 10);
    return a;
}

} // namespace

bool runReportFigures(const Options &o, inbox::PgConnection &admin, qint64 events,
                      QVector<Figure> *figures, QString *error)
{
    const QString sim = findServiceBinary("inbox-sim", o.simBinary);
    const QString console = findServiceBinary("inbox-console", QString());
    if (sim.isEmpty() || console.isEmpty()) {
        figures->append(skippedStage("report",
                                     QStringLiteral("inbox-sim or inbox-console not found"),
                                     "Build both (cmake --build build --target inbox-sim "
                                     "inbox-console).",
                                     QStringLiteral("100,000 rows imported in < 3 s")));
        return true;
    }
    QTemporaryDir dir;
    if (!dir.isValid()) {
        *error = QStringLiteral("no temporary directory");
        return false;
    }
    const QString file = dir.filePath(QStringLiteral("export.csv"));
    const QString log = dir.filePath(QStringLiteral("child.log"));
    // inbox-sim writes days x per-day leads and about 4 % more as duplicates.
    const qint64 perDay = std::max<qint64>(
        1, qint64(std::ceil(double(o.reportRows) / kDays / (1 + kDuplicateShare))));
    const ChildRun written =
        runChild(sim,
                 {QStringLiteral("--crm-export"), file, QStringLiteral("--crm-per-day"),
                  QString::number(perDay), QStringLiteral("--seed"), QStringLiteral("7")},
                 log);
    if (written.exitCode != 0) {
        *error = QStringLiteral("inbox-sim --crm-export failed: %1").arg(tail(log));
        return false;
    }
    const double fileMb = double(QFile(file).size()) / 1048576.0;
    const QString conninfo =
        serverConninfo(admin, {{"dbname", QString::fromUtf8(PQdb(admin.raw()))},
                               {"user", QString::fromUtf8(PQuser(admin.raw()))}});

    // Each round: the whole command as a person runs it, then its steps in this process.
    QVector<qint64> ids;
    QVector<double> wall, peak, read, store, summary, arrayRead, arrayStore;
    int rows = 0;
    for (int r = 0; r < o.rounds; ++r) {
        const ChildRun run = runChild(console,
                                      {QStringLiteral("report"), QStringLiteral("import"), file,
                                       QStringLiteral("--db"), conninfo, QStringLiteral("--name"),
                                       QStringLiteral("inbox-bench report %1").arg(r + 1)},
                                      log);
        inbox::DbError dbError;
        const auto last =
            admin.exec(QStringLiteral("SELECT max(id) FROM inbox.baselines"), &dbError);
        if (last && !last->isNull(0, 0))
            ids.append(last->toInt(0, 0));
        if (run.exitCode != 0) {
            deleteBaselines(admin, ids);
            *error = QStringLiteral("inbox-console report import: exit %1: %2")
                         .arg(run.exitCode)
                         .arg(tail(log));
            return false;
        }
        Steps steps;
        qint64 id = 0, arrayId = 0;
        const bool done = copySteps(admin, file, &steps, &id, error);
        if (done)
            ids.append(id);
        if (!done || !arraySteps(admin, file, &steps, &arrayId, error)) {
            deleteBaselines(admin, ids);
            return false;
        }
        ids.append(arrayId);
        rows = steps.rows;
        wall.append(run.wallMs);
        peak.append(run.peakMb);
        read.append(steps.readMs);
        store.append(steps.storeMs);
        summary.append(steps.summaryMs);
        arrayRead.append(steps.arrayReadMs);
        arrayStore.append(steps.arrayStoreMs);
        std::fprintf(stderr,
                     "  round %d: report import %.0f ms, peak %.1f MB; read+copy %.0f ms, "
                     "import_baseline_copy %.0f ms, baseline_summary %.0f ms (%d rows); "
                     "arrays: read %.0f ms, import_baseline %.0f ms\n",
                     r + 1, run.wallMs, run.peakMb, steps.readMs, steps.storeMs, steps.summaryMs,
                     steps.rows, steps.arrayReadMs, steps.arrayStoreMs);
    }
    const auto median = [](const QVector<double> &v) {
        return Timing{v}.median();
    };

    Figure import;
    import.name = QStringLiteral("report_import_ms");
    import.latency = false;
    import.value = median(wall);
    import.unit = QStringLiteral("ms");
    import.target = QStringLiteral("< 3000 ms and < 200 MB for 100,000 rows");
    import.met = rows >= 100000 && import.value < 3000 && median(peak) < 200;
    import.note = QStringLiteral("median of %1 rounds of inbox-console report import (read, "
                                 "store, print the figures) of %2 rows (%3 MB)")
                      .arg(wall.size())
                      .arg(rows)
                      .arg(fileMb, 0, 'f', 1);
    import.extra.insert(QStringLiteral("rows"), rows);
    import.extra.insert(QStringLiteral("peak_rss_mb_median"), median(peak));
    import.extra.insert(QStringLiteral("read_copy_ms_median"), median(read));
    import.extra.insert(QStringLiteral("import_baseline_copy_ms_median"), median(store));
    import.extra.insert(QStringLiteral("baseline_summary_ms_median"), median(summary));
    import.extra.insert(QStringLiteral("array_read_ms_median"), median(arrayRead));
    import.extra.insert(QStringLiteral("array_import_baseline_ms_median"), median(arrayStore));
    import.extra.insert(QStringLiteral("wall_ms"), numbers(wall));
    import.extra.insert(QStringLiteral("peak_rss_mb"), numbers(peak));
    import.extra.insert(QStringLiteral("read_copy_ms"), numbers(read));
    import.extra.insert(QStringLiteral("import_baseline_copy_ms"), numbers(store));
    import.extra.insert(QStringLiteral("baseline_summary_ms"), numbers(summary));
    import.extra.insert(QStringLiteral("array_read_ms"), numbers(arrayRead));
    import.extra.insert(QStringLiteral("array_import_baseline_ms"), numbers(arrayStore));
    figures->append(import);

    Figure memory;
    memory.name = QStringLiteral("report_import_memory_mb");
    memory.latency = false;
    memory.value = median(peak);
    memory.unit = QStringLiteral("MB");
    memory.target = QStringLiteral("< 200 MB for 100,000 rows");
    memory.met = rows >= 100000 && memory.value < 200;
    memory.note = QStringLiteral("peak resident set (VmHWM) of inbox-console report import, "
                                 "median of %1 rounds")
                      .arg(peak.size());
    figures->append(memory);

    // The re-measure of the last 30 UTC days, as the Report's default period.
    const QDate to = QDate::currentDate();
    const QDate from = to.addDays(-29);
    Timing remeasure, reasons;
    const QString statements[] = {
        QStringLiteral("SELECT * FROM inbox.remeasure($1::date, $2::date)"),
        QStringLiteral("SELECT * FROM inbox.remeasure_reasons($1::date, $2::date)")};
    Timing *timings[] = {&remeasure, &reasons};
    for (int r = 0; r < o.warmup + o.runs; ++r) {
        for (int q = 0; q < 2; ++q) {
            QElapsedTimer t;
            t.start();
            inbox::DbError dbError;
            if (!admin.exec(statements[q],
                            {inbox::PgParam(from.toString(Qt::ISODate)),
                             inbox::PgParam(to.toString(Qt::ISODate))},
                            &dbError)) {
                deleteBaselines(admin, ids);
                *error = dbError.oneLine();
                return false;
            }
            if (r >= o.warmup)
                timings[q]->ms.append(msSince(t));
        }
    }
    QVector<double> compareWall, comparePeak;
    for (int r = 0; r < o.rounds && !ids.isEmpty(); ++r) {
        const ChildRun run = runChild(
            console,
            {QStringLiteral("report"), QStringLiteral("compare"), QStringLiteral("--db"), conninfo,
             QStringLiteral("--baseline"), QString::number(ids.last()), QStringLiteral("--from"),
             from.toString(Qt::ISODate), QStringLiteral("--to"), to.toString(Qt::ISODate)},
            log);
        if (run.exitCode != 0) {
            deleteBaselines(admin, ids);
            *error = QStringLiteral("inbox-console report compare: exit %1: %2")
                         .arg(run.exitCode)
                         .arg(tail(log));
            return false;
        }
        compareWall.append(run.wallMs);
        comparePeak.append(run.peakMb);
    }
    deleteBaselines(admin, ids);
    std::fprintf(stderr,
                 "  remeasure %.1f ms, remeasure_reasons %.1f ms (medians of %d), report "
                 "compare %.0f ms (%lld events)\n",
                 remeasure.median(), reasons.median(), int(remeasure.ms.size()),
                 median(compareWall), static_cast<long long>(events));

    Figure re;
    re.name = QStringLiteral("report_remeasure_ms");
    re.latency = false;
    re.value = remeasure.median() + reasons.median();
    re.unit = QStringLiteral("ms");
    re.target = QStringLiteral("< 2000 ms over 10,000,000 events");
    re.met = events >= 10000000 && re.value < 2000;
    re.note = QStringLiteral("inbox.remeasure + inbox.remeasure_reasons of the last 30 UTC days "
                             "over %1 events, medians of %2 runs")
                  .arg(events)
                  .arg(remeasure.ms.size());
    re.extra.insert(QStringLiteral("events"), double(events));
    re.extra.insert(QStringLiteral("remeasure_ms_median"), remeasure.median());
    re.extra.insert(QStringLiteral("remeasure_reasons_ms_median"), reasons.median());
    re.extra.insert(QStringLiteral("compare_command_ms_median"), median(compareWall));
    re.extra.insert(QStringLiteral("compare_command_peak_rss_mb_median"), median(comparePeak));
    re.extra.insert(QStringLiteral("compare_command_ms"), numbers(compareWall));
    figures->append(re);
    return true;
}

} // namespace bench
