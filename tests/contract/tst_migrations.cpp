// The migrator against a real PostgreSQL: a fresh database reaches the latest version, a
// second run changes nothing, a newer schema is refused, a broken step leaves no trace, and a
// landed step is frozen (its checksum in resources/migrations/SHA256SUMS and in the database).
#include "db/migrator.h"
#include "db/serverinfo.h"
#include "pgcluster.h"
#include "pgsession.h"

#include <QProcess>
#include <QtTest>

using inbox::Migrator;

class TestMigrations : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY_CLUSTER_STARTED(m_cluster); }

    void bundledStepsAreNumberedWithoutGaps()
    {
        const auto &steps = Migrator::bundled();
        QVERIFY(!steps.isEmpty());
        for (int i = 0; i < steps.size(); ++i)
            QCOMPARE(steps.at(i).version, i + 1);
    }

    // Landed steps are frozen: a change to one fails here. Put the change in a new step, and
    // give the new step its line (sha256sum NNNN_name.sql >> SHA256SUMS).
    void shippedStepsMatchSha256Sums()
    {
        QFile sums(QStringLiteral(INBOX_SOURCE_DIR "/resources/migrations/SHA256SUMS"));
        QVERIFY(sums.open(QIODevice::ReadOnly));
        QMap<QString, QByteArray> recorded;
        for (const QByteArray &line : sums.readAll().split('\n')) {
            const QByteArrayList parts = line.simplified().split(' ');
            if (parts.size() == 2)
                recorded.insert(QString::fromLatin1(parts.at(1)), parts.at(0));
        }
        QCOMPARE(recorded.size(), Migrator::bundled().size());
        for (const auto &m : Migrator::bundled()) {
            const QString file =
                QStringLiteral("%1_%2.sql").arg(m.version, 4, 10, QLatin1Char('0')).arg(m.name);
            QVERIFY2(recorded.contains(file), qPrintable(file + QStringLiteral(" has no line")));
            QVERIFY2(recorded.value(file) == m.checksum,
                     qPrintable(file + QStringLiteral(" was edited after it landed: landed steps "
                                                      "are frozen, make a new step instead")));
        }
    }

    void emptyDatabaseReachesLatest()
    {
        const QString db = emptyDatabase();
        PgSession s(m_cluster.conninfo(db));
        QVERIFY2(s.ok(), qPrintable(s.error()));
        inbox::DbError error;
        QCOMPARE(Migrator::currentVersion(s.raw(), &error), std::optional<int>(0));
        const auto outcome = Migrator::apply(s.raw(), &error);
        QVERIFY2(outcome, qPrintable(error.oneLine()));
        QCOMPARE(outcome->before, 0);
        QCOMPARE(outcome->after, Migrator::latestVersion());
        QCOMPARE(outcome->applied.size(), Migrator::bundled().size());
        const PgResult rows = s.exec(QStringLiteral("SELECT count(*) FROM inbox.schema_version"));
        QCOMPARE(rows.value(0, 0).toInt(), Migrator::bundled().size());
        // Every step with the checksum of the file it ran.
        const PgResult sums =
            s.exec(QStringLiteral("SELECT version, checksum FROM inbox.schema_version"));
        QCOMPARE(sums.rows(), Migrator::bundled().size());
        for (int row = 0; row < sums.rows(); ++row)
            QCOMPARE(sums.value(row, 1).toLatin1(),
                     Migrator::bundled().at(sums.value(row, 0).toInt() - 1).checksum);
    }

    // A database whose applied step differs from the shipped one is refused, the step named.
    void editedAppliedStepIsRefused()
    {
        const QString db = emptyDatabase();
        PgSession s(m_cluster.conninfo(db));
        inbox::DbError error;
        QVERIFY(Migrator::apply(s.raw(), &error));
        QVERIFY_SQL(s.exec(QStringLiteral("UPDATE inbox.schema_version SET checksum = "
                                          "repeat('0', 64) WHERE version = 2")));
        QVERIFY(!Migrator::apply(s.raw(), &error));
        QCOMPARE(error.sqlstate, QStringLiteral("55000"));
        QVERIFY2(error.message.contains(QStringLiteral("migration 0002 (ingest_and_workers)")) &&
                     error.message.contains(QStringLiteral("was edited")),
                 qPrintable(error.message));
    }

    void secondRunChangesNothing()
    {
        const QString db = emptyDatabase();
        PgSession s(m_cluster.conninfo(db));
        inbox::DbError error;
        QVERIFY(Migrator::apply(s.raw(), &error));
        const QString fingerprint = schemaFingerprint(s);
        const auto again = Migrator::apply(s.raw(), &error);
        QVERIFY2(again, qPrintable(error.oneLine()));
        QVERIFY(again->applied.isEmpty());
        QCOMPARE(again->before, again->after);
        QCOMPARE(schemaFingerprint(s), fingerprint);
    }

    void concurrentMigratorsApplyOnce()
    {
        const QString db = emptyDatabase();
        PgSession a(m_cluster.conninfo(db));
        PgSession b(m_cluster.conninfo(db));
        std::optional<Migrator::Outcome> ra, rb;
        inbox::DbError ea, eb;
        std::thread ta([&] { ra = Migrator::apply(a.raw(), &ea); });
        std::thread tb([&] { rb = Migrator::apply(b.raw(), &eb); });
        ta.join();
        tb.join();
        QVERIFY2(ra, qPrintable(ea.oneLine()));
        QVERIFY2(rb, qPrintable(eb.oneLine()));
        QCOMPARE(ra->applied.size() + rb->applied.size(), Migrator::bundled().size());
    }

    void newerSchemaIsRefused()
    {
        const QString db = m_cluster.createDatabase();
        PgSession s(m_cluster.conninfo(db));
        const int newer = Migrator::latestVersion() + 1;
        QVERIFY(s.exec(QStringLiteral("INSERT INTO inbox.schema_version (version, name) "
                                      "VALUES ($1, 'from_the_future')"),
                       {newer})
                    .ok);
        inbox::DbError error;
        QVERIFY(!Migrator::apply(s.raw(), &error));
        QVERIFY2(error.message.contains(QStringLiteral("newer than this program")),
                 qPrintable(error.message));
        const auto info = inbox::readServerInfo(s.raw(), &error);
        QVERIFY(info);
        QVERIFY(info->schemaNewer());
    }

    void serverInfoReportsRolesOfTheSessionUser()
    {
        const QString db = m_cluster.createDatabase();
        QString error;
        QVERIFY_LOGIN(m_cluster, QStringLiteral("mig_operator"),
                      {QStringLiteral("inbox_operator")});
        PgSession s(m_cluster.conninfo(db, QStringLiteral("mig_operator")));
        QVERIFY2(s.ok(), qPrintable(s.error()));
        inbox::DbError dbError;
        const auto info = inbox::readServerInfo(s.raw(), &dbError);
        QVERIFY2(info, qPrintable(dbError.oneLine()));
        QCOMPARE(info->user, QStringLiteral("mig_operator"));
        // Operator includes support by membership; it is not a manager.
        QCOMPARE(info->roles,
                 QStringList({QStringLiteral("inbox_operator"), QStringLiteral("inbox_support")}));
        QVERIFY(info->mayRequeue());
        QVERIFY(!info->mayDecideDuplicates());
        QVERIFY(!info->canMigrate);
        QCOMPARE(info->schemaVersion, Migrator::latestVersion());
    }

    // The real binary, as CI and an administrator run it.
    void commandLineMigrateAndSelfTest()
    {
        const QString db = emptyDatabase();
        const QString exe = QCoreApplication::applicationDirPath() +
                            QStringLiteral("/../../app/inbox-console/inbox-console");
        QVERIFY2(QFile::exists(exe), qPrintable(exe));

        QProcess selfTest;
        selfTest.start(
            exe, {QStringLiteral("--self-test"), QStringLiteral("--db"), m_cluster.conninfo(db)});
        QVERIFY(selfTest.waitForFinished(30000));
        QCOMPARE(selfTest.exitCode(), 1); // no schema yet
        QVERIFY(selfTest.readAllStandardError().contains("inbox-console migrate"));

        // The PG* environment instead of --db.
        QProcess migrate;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PGHOST"), m_cluster.socketDir());
        env.insert(QStringLiteral("PGDATABASE"), db);
        env.insert(QStringLiteral("PGUSER"), QStringLiteral("postgres"));
        migrate.setProcessEnvironment(env);
        migrate.start(exe, {QStringLiteral("migrate")});
        QVERIFY(migrate.waitForFinished(60000));
        const QByteArray out = migrate.readAllStandardOutput();
        QCOMPARE(migrate.exitCode(), 0);
        QVERIFY2(out.contains("schema version before: 0"), out.constData());
        QVERIFY2(out.contains(QByteArray("schema version after: ") +
                              QByteArray::number(Migrator::latestVersion())),
                 out.constData());

        selfTest.start(
            exe, {QStringLiteral("--self-test"), QStringLiteral("--db"), m_cluster.conninfo(db)});
        QVERIFY(selfTest.waitForFinished(30000));
        QCOMPARE(selfTest.exitCode(), 0);

        // Unreachable server: exit 2 and one line on stderr.
        QProcess unreachable;
        unreachable.start(exe, {QStringLiteral("migrate"), QStringLiteral("--db"),
                                QStringLiteral("host=/nonexistent-socket-dir dbname=x")});
        QVERIFY(unreachable.waitForFinished(30000));
        QCOMPARE(unreachable.exitCode(), 2);
        const QByteArray err = unreachable.readAllStandardError().trimmed();
        QVERIFY(err.startsWith("inbox-console: migrate:"));
        QVERIFY2(!err.contains('\n'), err.constData());
    }

    void cleanupTestCase() { m_cluster.stop(); }

private:
    QString emptyDatabase()
    {
        const QString name = QStringLiteral("empty%1").arg(++m_empty);
        QString error;
        [&] {
            QVERIFY2(m_cluster.execAsSuperuser(QStringLiteral("postgres"),
                                               QStringLiteral("CREATE DATABASE ") + name, &error),
                     qPrintable(error));
        }();
        return name;
    }

    // Everything the migrations create, so a second run can be shown to add nothing.
    static QString schemaFingerprint(PgSession &s)
    {
        const PgResult r = s.exec(QStringLiteral(
            "SELECT md5(string_agg(x, ',' ORDER BY x)) FROM ("
            " SELECT c.relname || ':' || c.relkind AS x FROM pg_class c"
            "  JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'inbox'"
            " UNION ALL SELECT p.proname || ':' || md5(p.prosrc) FROM pg_proc p"
            "  JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'inbox'"
            " UNION ALL SELECT 'v' || version FROM inbox.schema_version) s"));
        return r.value(0, 0);
    }

    PgCluster m_cluster;
    int m_empty = 0;
};

QTEST_GUILESS_MAIN(TestMigrations)
#include "tst_migrations.moc"
