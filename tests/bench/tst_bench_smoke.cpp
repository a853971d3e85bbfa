// inbox-bench, short: on a fresh database it fills 20,000 events with inbox-sim, measures
// everything in a few runs and prints one JSON line per figure. Checks that every figure is
// there with positive numbers, never how fast anything was.
#include "pgcluster.h"
#include "pgsession.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

class TestBenchSmoke final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY_CLUSTER_STARTED(m_cluster); }

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
        QString error;
        const QString db = m_cluster.createDatabase(&error);
        QVERIFY2(!db.isEmpty(), qPrintable(error));
        QProcess p;
        p.setProcessChannelMode(QProcess::SeparateChannels);
        p.start(QStringLiteral(INBOX_BENCH_BINARY),
                {QStringLiteral("--db"), m_cluster.conninfo(db), QStringLiteral("--events"),
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
        PgSession s(m_cluster.conninfo(db));
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

    void cleanupTestCase() { m_cluster.stop(); }

private:
    PgCluster m_cluster;
};

QTEST_GUILESS_MAIN(TestBenchSmoke)
#include "tst_bench_smoke.moc"
