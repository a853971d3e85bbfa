// The visible schema: resources/schema/current.sql is the dump of a freshly migrated database
// (a stale dump fails here; scripts/dump-schema.sh writes it anew), upgrading from every
// earlier version gives the same schema as a fresh install, and every PL/pgSQL function passes
// plpgsql_check with no finding that is not explained below.
#include "db/migrator.h"
#include "pgcluster.h"
#include "pgsession.h"

#include <QFile>
#include <QProcess>
#include <QtTest>

using inbox::Migrator;

namespace {

const QString kCurrentSql = QStringLiteral(INBOX_SOURCE_DIR "/resources/schema/current.sql");

// What plpgsql_check reports and is kept on purpose: function, message, and why.
struct Explained
{
    const char *function;
    const char *message;
    const char *why;
};
const Explained kExplained[] = {
    {"inbox._notify(text)", "target type is different type than source type",
     "extract(epoch ...) is numeric since PostgreSQL 14, kept in a double precision variable: "
     "one implicit cast per notification, at most one a second per session"},
    // One function serves the INSERT, UPDATE and DELETE triggers of duplicate_candidates and
    // branches on TG_OP. plpgsql_check reads every branch, so under the INSERT trigger it finds
    // the DELETE branch's old_rows missing, and under the DELETE trigger the INSERT branch's
    // new_rows; under the UPDATE trigger (both tables) it finds nothing.
    {"inbox._track_open_duplicates()", "relation \"old_rows\" does not exist",
     "the INSERT trigger has no OLD TABLE; that branch runs only for DELETE and UPDATE"},
    {"inbox._track_open_duplicates()", "relation \"new_rows\" does not exist",
     "the DELETE trigger has no NEW TABLE; that branch runs only for INSERT and UPDATE"},
    // 0035: the staging table is the session's, made by begin_baseline_copy in the caller's
    // transaction, so it exists only when import_baseline_copy runs; tst_report calls every
    // statement of the function that reads it (copyStoresWhatArraysStore, copyNamesTheBadLine).
    {"inbox.import_baseline_copy(text,text,text,integer)",
     "relation \"pg_temp.baseline_copy\" does not exist",
     "a temporary table of the caller's transaction (begin_baseline_copy makes it)"},
};

} // namespace

class TestSchema : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY_CLUSTER_STARTED(m_cluster); }

    void currentSqlIsTheDumpOfAFreshInstall()
    {
        const QString db = migratedDatabase(Migrator::latestVersion());
        QVERIFY(!db.isEmpty());
        QString error;
        const QByteArray dump = dumpSchema(db, &error);
        QVERIFY2(!dump.isEmpty(), qPrintable(error));
        // scripts/dump-schema.sh runs this test with INBOX_WRITE_SCHEMA=1 to write the file.
        if (qEnvironmentVariableIntValue("INBOX_WRITE_SCHEMA") == 1) {
            QFile out(kCurrentSql);
            QVERIFY2(out.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(kCurrentSql));
            out.write(dump);
        }
        QFile file(kCurrentSql);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(kCurrentSql));
        const QByteArray shipped = file.readAll();
        QVERIFY2(shipped == dump,
                 qPrintable(QStringLiteral("resources/schema/current.sql is stale (%1): run "
                                           "scripts/dump-schema.sh")
                                .arg(firstDifference(shipped, dump, QStringLiteral("the file"),
                                                     QStringLiteral("a fresh install")))));
    }

    // A database left at any earlier version and migrated now ends with exactly the schema of
    // a fresh install, and with every step's checksum recorded.
    void upgradeFromEveryVersionGivesTheFreshSchema()
    {
        QString error;
        const QByteArray fresh = dumpSchema(migratedDatabase(Migrator::latestVersion()), &error);
        QVERIFY2(!fresh.isEmpty(), qPrintable(error));
        for (int from = 1; from < Migrator::latestVersion(); ++from) {
            const QString db = migratedDatabase(from);
            QVERIFY(!db.isEmpty());
            PgSession s(m_cluster.conninfo(db));
            inbox::DbError dbError;
            const auto outcome = Migrator::apply(s.raw(), &dbError);
            QVERIFY2(outcome, qPrintable(dbError.oneLine()));
            QCOMPARE(outcome->before, from);
            QCOMPARE(outcome->after, Migrator::latestVersion());
            const QByteArray upgraded = dumpSchema(db, &error);
            const QString difference = firstDifference(
                fresh, upgraded, QStringLiteral("a fresh install"), QStringLiteral("the upgrade"));
            QVERIFY2(upgraded == fresh,
                     qPrintable(QStringLiteral("upgrade from %1: %2").arg(from).arg(difference)));
            const PgResult unrecorded = s.exec(
                QStringLiteral("SELECT count(*) FROM inbox.schema_version WHERE checksum IS NULL"));
            QCOMPARE(unrecorded.value(0, 0), QStringLiteral("0"));
        }
    }

    void everyFunctionPassesPlpgsqlCheck()
    {
        const QString db = migratedDatabase(Migrator::latestVersion());
        PgSession s(m_cluster.conninfo(db));
        QVERIFY2(s.ok(), qPrintable(s.error()));
        const PgResult ext = s.exec(QStringLiteral("CREATE EXTENSION plpgsql_check"));
        QVERIFY2(ext.ok, qPrintable(ext.message +
                                    QStringLiteral(" (Debian: postgresql-15-plpgsql-check)")));
        // Every function once; a trigger function once per trigger, with its table and
        // transition tables, so statements on OLD/NEW TABLE are checked too.
        const QString targets = QStringLiteral(
            "SELECT p.oid AS fn, coalesce(t.tgrelid, 0) AS rel, t.tgoldtable, t.tgnewtable"
            "  FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang"
            "  LEFT JOIN pg_trigger t ON t.tgfoid = p.oid"
            " WHERE p.pronamespace = 'inbox'::regnamespace AND l.lanname = 'plpgsql'"
            "   AND (p.prorettype <> 'trigger'::regtype OR t.oid IS NOT NULL)");
        const PgResult count =
            s.exec(QStringLiteral("SELECT count(DISTINCT fn) FROM (%1) t").arg(targets));
        QVERIFY2(count.ok, qPrintable(count.message));
        QVERIFY2(count.value(0, 0).toInt() > 20, "fewer PL/pgSQL functions than the schema has");
        const PgResult checked =
            s.exec(QStringLiteral("SELECT t.fn::regprocedure::text, c.level, c.message, c.lineno"
                                  "  FROM (%1) t CROSS JOIN LATERAL plpgsql_check_function_tb("
                                  "       t.fn, t.rel, extra_warnings => true,"
                                  "       performance_warnings => true,"
                                  "       oldtable => t.tgoldtable, newtable => t.tgnewtable) c"
                                  " ORDER BY 1, 4")
                       .arg(targets));
        QVERIFY2(checked.ok, qPrintable(checked.message));
        QStringList unexplained;
        QSet<int> seen;
        for (int row = 0; row < checked.rows(); ++row) {
            const QString fn = checked.value(row, 0);
            const QString message = checked.value(row, 2);
            int match = -1;
            for (int i = 0; i < int(std::size(kExplained)); ++i)
                if (fn == QLatin1String(kExplained[i].function) &&
                    message == QLatin1String(kExplained[i].message))
                    match = i;
            if (match < 0)
                unexplained << QStringLiteral("%1 line %2: %3 %4")
                                   .arg(fn, checked.value(row, 3), checked.value(row, 1), message);
            else
                seen.insert(match);
        }
        QVERIFY2(unexplained.isEmpty(), qPrintable(unexplained.join(QLatin1Char('\n'))));
        // An explanation whose finding is gone is removed, so the list stays true.
        for (int i = 0; i < int(std::size(kExplained)); ++i)
            QVERIFY2(seen.contains(i), kExplained[i].message);
    }

    void cleanupTestCase() { m_cluster.stop(); }

private:
    // A new database with the steps up to `version` applied by the real migrator.
    QString migratedDatabase(int version)
    {
        const QString name = QStringLiteral("v%1_%2").arg(version).arg(++m_databases);
        QString error;
        if (!m_cluster.execAsSuperuser(QStringLiteral("postgres"),
                                       QStringLiteral("CREATE DATABASE ") + name, &error)) {
            qWarning("%s", qPrintable(error));
            return {};
        }
        PgSession s(m_cluster.conninfo(name));
        inbox::DbError dbError;
        const auto outcome = Migrator::apply(s.raw(), &dbError, version);
        if (!outcome || outcome->after != version) {
            qWarning("migrate to %d: %s", version, qPrintable(dbError.oneLine()));
            return {};
        }
        return name;
    }

    // pg_dump of schema inbox, without what differs between runs and machines (the versions
    // in the header, the random key of \restrict, owners) or days (the journal's day
    // partitions, named after the day they hold: 0034).
    QByteArray dumpSchema(const QString &db, QString *error) const
    {
        QProcess p;
        p.start(PgCluster::binDir() + QStringLiteral("/pg_dump"),
                {QStringLiteral("--schema-only"), QStringLiteral("--schema=inbox"),
                 QStringLiteral("--no-owner"),
                 QStringLiteral("--exclude-table=inbox.journal_[0-9]*"), QStringLiteral("-h"),
                 m_cluster.socketDir(), QStringLiteral("-U"), QStringLiteral("postgres"),
                 QStringLiteral("-d"), db});
        if (!p.waitForFinished(60000) || p.exitCode() != 0) {
            *error = QString::fromUtf8(p.readAllStandardError()) + p.errorString();
            return {};
        }
        QByteArrayList kept = {
            "-- resources/schema/current.sql: the whole current schema of the inbox database, as",
            "-- pg_dump writes it after the program's migrator applied every step to an empty",
            "-- database. Written by scripts/dump-schema.sh and checked by tst_schema; do not edit",
            "-- it: change the schema with a new step in resources/migrations."};
        for (const QByteArray &line : p.readAllStandardOutput().split('\n')) {
            if (line.startsWith("-- Dumped from") || line.startsWith("-- Dumped by") ||
                line.startsWith("\\restrict") || line.startsWith("\\unrestrict"))
                continue;
            kept << line;
        }
        return kept.join('\n');
    }

    // The first line where two dumps differ, each side named.
    static QString firstDifference(const QByteArray &left, const QByteArray &right,
                                   const QString &leftName, const QString &rightName)
    {
        const QByteArrayList a = left.split('\n');
        const QByteArrayList b = right.split('\n');
        for (int i = 0; i < qMax(a.size(), b.size()); ++i) {
            const QByteArray x = a.value(i), y = b.value(i);
            if (x != y)
                return QStringLiteral("line %1: %2 has \"%3\", %4 has \"%5\"")
                    .arg(i + 1)
                    .arg(leftName, QString::fromUtf8(x), rightName, QString::fromUtf8(y));
        }
        return QStringLiteral("no difference");
    }

    PgCluster m_cluster;
    int m_databases = 0;
};

QTEST_GUILESS_MAIN(TestSchema)
#include "tst_schema.moc"
