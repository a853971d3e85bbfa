// inbox-bench, short: on a fresh database it fills 20,000 events with inbox-sim, measures
// everything in a few runs and prints one JSON line per figure; the receiver and dispatch
// stages briefly. Checks that every figure is there with positive numbers and that what was
// delivered was delivered once, never how fast anything was.
#include "databasetestcase.h"
#include "pgsession.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

// Each test function runs on a fresh database of the cluster the base starts.
class TestBenchSmoke final : public DatabaseTestCase
{
    Q_OBJECT

private slots:
    void usageErrorExits64()
    {
        QProcess p;
        p.start(QStringLiteral(INBOX_BENCH_BINARY),
                {QStringLiteral("--runs"), QStringLiteral("x")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 64);
    }

    void shortRunPrintsEveryFigure()
    {
        QProcess p;
        p.setProcessChannelMode(QProcess::SeparateChannels);
        p.start(QStringLiteral(INBOX_BENCH_BINARY),
                {QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--events"),
                 QStringLiteral("20000"), QStringLiteral("--runs"), QStringLiteral("3"),
                 QStringLiteral("--warmup"), QStringLiteral("1"), QStringLiteral("--requeue"),
                 QStringLiteral("2000"), QStringLiteral("--requeue-runs"), QStringLiteral("1"),
                 QStringLiteral("--ingest-seconds"), QStringLiteral("1")});
        QVERIFY(p.waitForFinished(480000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 qPrintable(QStringLiteral("exit %1\n%2").arg(p.exitCode()).arg(err.right(3000))));

        // The database was filled by the benchmark itself.
        PgSession &s = m_db.su();
        const PgResult count = s.exec(QStringLiteral("SELECT count(*) FROM inbox.events"));
        QVERIFY2(count.ok, qPrintable(count.message));
        QCOMPARE(count.value(0, 0).toLongLong(), qint64(20000));

        QHash<QString, QJsonObject> figures;
        for (const QString &line : out.split(QLatin1Char('\n'))) {
            if (!line.startsWith(QLatin1Char('{')))
                continue;
            QJsonParseError parseError;
            const QJsonDocument doc = QJsonDocument::fromJson(line.toUtf8(), &parseError);
            QVERIFY2(doc.isObject(),
                     qPrintable(line + QLatin1Char(' ') + parseError.errorString()));
            const QJsonObject o = doc.object();
            QVERIFY2(o.value(QStringLiteral("met")).isBool(), qPrintable(line));
            QVERIFY2(!o.value(QStringLiteral("target")).toString().isEmpty(), qPrintable(line));
            figures.insert(o.value(QStringLiteral("name")).toString(), o);
        }
        const QStringList latencies{
            QStringLiteral("journal_first_page_unfiltered"),
            QStringLiteral("journal_first_page_source"),
            QStringLiteral("journal_first_page_failed"),
            QStringLiteral("journal_first_page_one_day"),
            QStringLiteral("journal_first_page_needs_review"),
            QStringLiteral("search_exact_external_id"),
            QStringLiteral("search_idempotency_key"),
            QStringLiteral("search_prefix"),
            QStringLiteral("search_lead_phone"),
            QStringLiteral("search_lead_email"),
            QStringLiteral("search_lead_name_prefix"),
            QStringLiteral("journal_deep_page_1000"),
            QStringLiteral("journal_deep_page_50000"),
            QStringLiteral("overview"),
            QStringLiteral("duplicate_queue_first_page"),
            QStringLiteral("requeue_2000"),
        };
        for (const QString &name : latencies) {
            QVERIFY2(figures.contains(name), qPrintable(name + QStringLiteral(" missing\n") + out));
            const QJsonObject o = figures.value(name);
            const double median = o.value(QStringLiteral("median_ms")).toDouble(-1);
            QVERIFY2(median > 0, qPrintable(name));
            QVERIFY2(o.value(QStringLiteral("p95_ms")).toDouble(-1) >= median, qPrintable(name));
            QVERIFY2(o.value(QStringLiteral("plain_median_ms")).toDouble(-1) > 0, qPrintable(name));
            QVERIFY2(o.value(QStringLiteral("ratio")).toDouble(-1) > 0, qPrintable(name));
        }
        const QStringList values{
            QStringLiteral("memory_after_paging"), QStringLiteral("accept_per_s"),
            QStringLiteral("accept_per_s_sync_off"), QStringLiteral("accept_many_per_s"),
            QStringLiteral("claim_complete_per_s")};
        for (const QString &name : values) {
            QVERIFY2(figures.contains(name), qPrintable(name + QStringLiteral(" missing\n") + out));
            const QJsonObject o = figures.value(name);
            QVERIFY2(o.value(QStringLiteral("value")).toDouble(-1) > 0, qPrintable(name));
            QVERIFY2(!o.value(QStringLiteral("unit")).toString().isEmpty(), qPrintable(name));
        }
        for (const QString &name : values.mid(1))
            QVERIFY2(figures.value(name).value(QStringLiteral("plain_value")).toDouble(-1) > 0,
                     qPrintable(name));
        QCOMPARE(figures.size(), latencies.size() + values.size());
        // All 20,000 rows were paged through the journal model.
        QCOMPARE(figures.value(QStringLiteral("memory_after_paging"))
                     .value(QStringLiteral("rows_paged"))
                     .toDouble(),
                 20000.0);

        // The stages put back what they changed: no scratch schema, no benchmark events,
        // the requeued events failed or done again.
        const PgResult left = s.exec(QStringLiteral(
            "SELECT (SELECT count(*) FROM pg_namespace WHERE nspname = 'inbox_bench_scratch'), "
            "(SELECT count(*) FROM inbox.events WHERE source = 'inbox_bench')"));
        QVERIFY2(left.ok, qPrintable(left.message));
        QCOMPARE(left.value(0, 0).toInt(), 0);
        QCOMPARE(left.value(0, 1).toInt(), 0);
    }

    // The receiver stage, very briefly: every figure there with positive numbers (never how
    // fast), the memory sampled along the run, and nothing left behind.
    void receiverStagePrintsItsFigures()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("wrk")).isEmpty())
            QSKIP("wrk is not installed (scripts/install-deps.sh installs it)");
        QString out;
        QVERIFY(runBench(receiverArgs(), QProcessEnvironment::systemEnvironment(), &out));
        const QHash<QString, QJsonObject> figures = parseFigures(out);
        QCOMPARE(figures.size(), 5);
        const auto value = [&](const char *name, const char *key) {
            return figures.value(QLatin1String(name)).value(QLatin1String(key)).toDouble(-1);
        };
        for (const char *name : {"receiver_deliveries_per_s", "receiver_client_check"}) {
            QVERIFY2(figures.contains(QLatin1String(name)), qPrintable(out));
            QVERIFY2(value(name, "value") > 0, name);
            QVERIFY2(value(name, "plain_value") > 0, name);
            QVERIFY2(value(name, "ratio") > 0, name);
        }
        const QJsonArray rounds = figures.value(QStringLiteral("receiver_deliveries_per_s"))
                                      .value(QStringLiteral("rounds"))
                                      .toArray();
        QCOMPARE(rounds.size(), 1);
        QVERIFY(rounds.at(0).toObject().value(QStringLiteral("mean_group")).toDouble() > 0);
        QVERIFY(rounds.at(0).toObject().value(QStringLiteral("direct_per_s")).toDouble() > 0);
        QVERIFY2(value("receiver_paced_p50_ms", "value") > 0, qPrintable(out));
        QVERIFY(value("receiver_paced_p99_ms", "value") >= value("receiver_paced_p50_ms", "value"));
        const QJsonObject paced = figures.value(QStringLiteral("receiver_paced_p99_ms"))
                                      .value(QStringLiteral("rounds"))
                                      .toArray()
                                      .at(0)
                                      .toObject();
        QVERIFY(paced.value(QStringLiteral("answered")).toDouble() > 0);
        QVERIFY(paced.value(QStringLiteral("achieved_per_s")).toDouble() > 0);

        // 20,000 deliveries, all answered 200, resident memory sampled at each tenth.
        QVERIFY2(value("receiver_memory_mb", "value") > 0, qPrintable(out));
        QCOMPARE(value("receiver_memory_mb", "answered"), 20000.0);
        const QJsonArray samples = figures.value(QStringLiteral("receiver_memory_mb"))
                                       .value(QStringLiteral("samples"))
                                       .toArray();
        QCOMPARE(samples.size(), 10);
        QCOMPARE(samples.first().toObject().value(QStringLiteral("deliveries")).toDouble(), 2000.0);
        for (const QJsonValue &sample : samples) {
            QVERIFY(sample.toObject().value(QStringLiteral("rss_mb")).toDouble() > 0);
            QVERIFY(sample.toObject().value(QStringLiteral("hwm_mb")).toDouble() > 0);
        }

        // Its events deleted and its login dropped.
        const PgResult left = m_db.su().exec(QStringLiteral(
            "SELECT (SELECT count(*) FROM inbox.events WHERE source = 'inbox_bench_receiver'), "
            "(SELECT count(*) FROM pg_roles WHERE rolname = 'inbox_bench_receiver')"));
        QVERIFY2(left.ok, qPrintable(left.message));
        QCOMPARE(left.value(0, 0).toInt(), 0);
        QCOMPARE(left.value(0, 1).toInt(), 0);
    }

    // Without wrk the stage says so, adds one figure and the run still succeeds.
    void receiverStageWithoutWrkIsSkipped()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"), QDir::tempPath() + QStringLiteral("/no-wrk-here"));
        QString out;
        QString err;
        QVERIFY(runBench(receiverArgs(), env, &out, &err));
        const QHash<QString, QJsonObject> figures = parseFigures(out);
        QCOMPARE(figures.size(), 1);
        QVERIFY2(figures.contains(QStringLiteral("receiver_skipped")), qPrintable(out));
        QCOMPARE(figures.value(QStringLiteral("receiver_skipped"))
                     .value(QStringLiteral("met"))
                     .toBool(true),
                 false);
        QVERIFY2(err.contains(QStringLiteral("receiver stage SKIPPED: wrk not found")),
                 qPrintable(err));
    }

    // The dispatch stage, very briefly (about 15 s): a drain of 2,000 events and 2 s of paced
    // accepts, every event done once and seen once by the handler, every figure printed.
    // Never how fast.
    void dispatchStageDeliversEachEventOnce()
    {
        QString out;
        QVERIFY(runBench({QStringLiteral("--events"), QStringLiteral("2000"),
                          QStringLiteral("--stages"), QStringLiteral("dispatch"),
                          QStringLiteral("--rounds"), QStringLiteral("1"),
                          QStringLiteral("--dispatch-events"), QStringLiteral("2000"),
                          QStringLiteral("--dispatch-rate"), QStringLiteral("100"),
                          QStringLiteral("--dispatch-seconds"), QStringLiteral("2"),
                          QStringLiteral("--dispatch-deliveries"), QStringLiteral("0"),
                          QStringLiteral("--keep-ingest")},
                         QProcessEnvironment::systemEnvironment(), &out));
        const QHash<QString, QJsonObject> figures = parseFigures(out);
        QCOMPARE(figures.size(), 4);
        const auto value = [&](const char *name, const char *key) {
            return figures.value(QLatin1String(name)).value(QLatin1String(key)).toDouble(-1);
        };
        QVERIFY2(value("dispatch_events_per_s", "value") > 0, qPrintable(out));
        QVERIFY2(value("dispatch_events_per_s", "plain_value") > 0, qPrintable(out));
        const QJsonObject round = figures.value(QStringLiteral("dispatch_events_per_s"))
                                      .value(QStringLiteral("rounds"))
                                      .toArray()
                                      .at(0)
                                      .toObject();
        // The drain's own checks: each event done with one attempt, the handler saw 2,000
        // new keys, no repeat, no bad signature.
        for (const char *key : {"events", "done", "attempts", "handler_processed"})
            QCOMPARE(round.value(QLatin1String(key)).toDouble(), 2000.0);
        QCOMPARE(round.value(QStringLiteral("handler_duplicates")).toDouble(-1), 0.0);
        QCOMPARE(round.value(QStringLiteral("handler_bad_signatures")).toDouble(-1), 0.0);
        QVERIFY2(figures.contains(QStringLiteral("dispatch_latency_p50_ms")), qPrintable(out));
        QVERIFY(value("dispatch_latency_p99_ms", "value") >=
                value("dispatch_latency_p50_ms", "value"));
        const QJsonObject paced = figures.value(QStringLiteral("dispatch_latency_p99_ms"))
                                      .value(QStringLiteral("rounds"))
                                      .toArray()
                                      .at(0)
                                      .toObject();
        QCOMPARE(paced.value(QStringLiteral("events")).toDouble(), 200.0);
        QVERIFY2(value("dispatch_memory_mb", "value") > 0, qPrintable(out));
        const QJsonArray samples = figures.value(QStringLiteral("dispatch_memory_mb"))
                                       .value(QStringLiteral("samples"))
                                       .toArray();
        QVERIFY(samples.size() >= 2);
        QCOMPARE(samples.last().toObject().value(QStringLiteral("deliveries")).toDouble(), 2000.0);

        // The same from the database, independently of the benchmark's own counting: the
        // 2,000 + 200 events (kept) done, one attempt each; the login dropped.
        const PgResult left = m_db.su().exec(QStringLiteral(
            "SELECT count(*), count(*) FILTER (WHERE status = 'done'), "
            "(SELECT count(*) FROM inbox.delivery_attempts a JOIN inbox.events e "
            "ON e.id = a.event_id WHERE e.source = 'inbox_bench_dispatch'), "
            "(SELECT count(DISTINCT a.event_id) FROM inbox.delivery_attempts a JOIN "
            "inbox.events e ON e.id = a.event_id WHERE e.source = 'inbox_bench_dispatch'), "
            "(SELECT count(*) FROM pg_roles WHERE rolname = 'inbox_bench_dispatcher') "
            "FROM inbox.events WHERE source = 'inbox_bench_dispatch'"));
        QVERIFY2(left.ok, qPrintable(left.message));
        QCOMPARE(left.value(0, 0).toLongLong(), qint64(2200));
        QCOMPARE(left.value(0, 1).toLongLong(), qint64(2200));
        QCOMPARE(left.value(0, 2).toLongLong(), qint64(2200));
        QCOMPARE(left.value(0, 3).toLongLong(), qint64(2200));
        QCOMPARE(left.value(0, 4).toInt(), 0);
    }

    void cleanupTestCase() { m_db.stop(); }

private:
    static QStringList receiverArgs()
    {
        return {QStringLiteral("--events"),
                QStringLiteral("2000"),
                QStringLiteral("--stages"),
                QStringLiteral("receiver"),
                QStringLiteral("--rounds"),
                QStringLiteral("1"),
                QStringLiteral("--connections"),
                QStringLiteral("16"),
                QStringLiteral("--receiver-seconds"),
                QStringLiteral("2"),
                QStringLiteral("--receiver-deliveries"),
                QStringLiteral("20k"),
                QStringLiteral("--paced-seconds"),
                QStringLiteral("1")};
    }

    bool runBench(const QStringList &args, const QProcessEnvironment &env, QString *out,
                  QString *err = nullptr)
    {
        QProcess p;
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::SeparateChannels);
        p.start(QStringLiteral(INBOX_BENCH_BINARY),
                QStringList{QStringLiteral("--db"), m_db.conninfo()} + args);
        if (!p.waitForFinished(300000)) {
            p.kill();
            p.waitForFinished(5000);
            qWarning("inbox-bench did not finish in 300 s");
            return false;
        }
        *out = QString::fromUtf8(p.readAllStandardOutput());
        const QString errText = QString::fromUtf8(p.readAllStandardError());
        if (err)
            *err = errText;
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            qWarning("inbox-bench exit %d\n%s", p.exitCode(), qPrintable(errText.right(3000)));
            return false;
        }
        return true;
    }

    static QHash<QString, QJsonObject> parseFigures(const QString &out)
    {
        QHash<QString, QJsonObject> figures;
        for (const QString &line : out.split(QLatin1Char('\n'))) {
            if (!line.startsWith(QLatin1Char('{')))
                continue;
            const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
            if (o.value(QStringLiteral("met")).isBool() &&
                !o.value(QStringLiteral("target")).toString().isEmpty())
                figures.insert(o.value(QStringLiteral("name")).toString(), o);
        }
        return figures;
    }

private slots:
    // The poll stage, briefly (a few seconds): one round reads a window of about 1,000 fake
    // Ozon postings through the real inbox-poller; every posting is a new event, every figure
    // printed. Never how fast.
    void pollStageStoresTheWindowOnce()
    {
        QString out;
        QVERIFY(runBench({QStringLiteral("--events"), QStringLiteral("2000"),
                          QStringLiteral("--stages"), QStringLiteral("poll"),
                          QStringLiteral("--rounds"), QStringLiteral("1"),
                          QStringLiteral("--poll-postings"), QStringLiteral("1000")},
                         QProcessEnvironment::systemEnvironment(), &out));
        const QHash<QString, QJsonObject> figures = parseFigures(out);
        QCOMPARE(figures.size(), 1);
        const QJsonObject round = figures.value(QStringLiteral("poll_window_ms"))
                                      .value(QStringLiteral("rounds"))
                                      .toArray()
                                      .at(0)
                                      .toObject();
        // About 1,000 postings (the fake's arrivals are random), each one new, in a few pages.
        const double fresh = round.value(QStringLiteral("new")).toDouble();
        QVERIFY2(fresh > 700 && fresh < 1300, qPrintable(out));
        QVERIFY2(round.value(QStringLiteral("requests")).toDouble() >= 1, qPrintable(out));
        QVERIFY2(round.value(QStringLiteral("wall_ms")).toDouble() > 0, qPrintable(out));
    }

    // The report stage, briefly (a few seconds): one round imports an export of about 2,000
    // rows through the real inbox-console and then re-measures; every figure printed with
    // positive numbers, and the baselines it stored deleted again. Never how fast.
    void reportStageImportsAndDeletesItsBaselines()
    {
        QString out;
        QVERIFY(runBench({QStringLiteral("--events"), QStringLiteral("2000"),
                          QStringLiteral("--stages"), QStringLiteral("report"),
                          QStringLiteral("--rounds"), QStringLiteral("1"),
                          QStringLiteral("--report-rows"), QStringLiteral("2000")},
                         QProcessEnvironment::systemEnvironment(), &out));
        const QHash<QString, QJsonObject> figures = parseFigures(out);
        QCOMPARE(figures.size(), 3);
        const QJsonObject import = figures.value(QStringLiteral("report_import_ms"));
        const double rows = import.value(QStringLiteral("rows")).toDouble();
        QVERIFY2(rows > 1800 && rows < 2300, qPrintable(out));
        for (const char *key : {"value", "peak_rss_mb_median", "read_copy_ms_median",
                                "import_baseline_copy_ms_median", "baseline_summary_ms_median",
                                "array_read_ms_median", "array_import_baseline_ms_median"})
            QVERIFY2(import.value(QLatin1String(key)).toDouble() > 0, qPrintable(out));
        QVERIFY2(figures.value(QStringLiteral("report_import_memory_mb"))
                         .value(QStringLiteral("value"))
                         .toDouble() > 0,
                 qPrintable(out));
        const QJsonObject re = figures.value(QStringLiteral("report_remeasure_ms"));
        QVERIFY2(re.value(QStringLiteral("value")).toDouble() > 0, qPrintable(out));
        QVERIFY2(re.value(QStringLiteral("compare_command_ms_median")).toDouble() > 0,
                 qPrintable(out));

        // Three baselines stored (the command's, the stage's own steps by COPY and by arrays)
        // and deleted again.
        const PgResult left = m_db.su().exec(QStringLiteral(
            "SELECT (SELECT count(*) FROM inbox.baselines),"
            " count(*) FILTER (WHERE entry = 'baseline_imported'),"
            " count(*) FILTER (WHERE entry = 'baseline_deleted')"
            " FROM inbox.journal WHERE entry IN ('baseline_imported', 'baseline_deleted')"));
        QVERIFY2(left.ok, qPrintable(left.message));
        QCOMPARE(left.value(0, 0).toLongLong(), qint64(0));
        QVERIFY(left.value(0, 1).toLongLong() >= 3);
        QCOMPARE(left.value(0, 2).toLongLong(), left.value(0, 1).toLongLong());
    }
};

QTEST_GUILESS_MAIN(TestBenchSmoke)
#include "tst_bench_smoke.moc"
