// The migrator against a real PostgreSQL: a fresh database reaches the latest version, a
// second run changes nothing, a newer schema is refused, a broken step leaves no trace.
#include "migrator.h"
#include "pgcluster.h"
#include "pgsession.h"
#include "serverinfo.h"

#include <QProcess>
#include <QtTest>

using inbox::Migrator;

class TestMigrations : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_cluster.start(&error), qPrintable(error));
    }

    void bundledStepsAreNumberedWithoutGaps()
    {
        const auto &steps = Migrator::bundled();
        QVERIFY(!steps.isEmpty());
        for (int i = 0; i < steps.size(); ++i)
            QCOMPARE(steps.at(i).version, i + 1);
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
        QVERIFY2(m_cluster.createLogin(QStringLiteral("mig_operator"),
                                       {QStringLiteral("inbox_operator")}, &error),
                 qPrintable(error));
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
