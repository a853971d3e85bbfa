// inbox-alerts on a schema older than it needs (issue 32): it does not start, and its log
// names both versions; on the current schema it runs its pass.
#include "alertsprocess.h"
#include "alertstestcase.h"

#include "db/dberror.h"
#include "db/migrator.h"

#include <QTest>

using namespace alertsfix;

class TestAlertsSchema final : public AlertsTestCase
{
    Q_OBJECT

private slots:
    void olderSchemaIsRefusedWithBothVersions()
    {
        QString error;
        QVERIFY2(m_db.cluster().execAsSuperuser(QStringLiteral("postgres"),
                                                QStringLiteral("CREATE DATABASE schema22"), &error),
                 qPrintable(error));
        {
            PgSession su(m_db.cluster().conninfo(QStringLiteral("schema22")));
            QVERIFY2(su.ok(), qPrintable(su.error()));
            inbox::DbError dbError;
            QVERIFY2(inbox::Migrator::apply(su.raw(), &dbError, 22), qPrintable(dbError.oneLine()));
        }
        FakeTelegramHarness telegram("123:token");
        AlertsProcess old(m_db.cluster().conninfo(QStringLiteral("schema22"), kEval), "123:token",
                          telegram.port());
        QCOMPARE(old.runOnce(), 1);
        QVERIFY2(old.log().contains("the database schema is version 22, this inbox-alerts needs "
                                    "at least 24: run inbox-console migrate"),
                 old.log().constData());

        AlertsProcess current(m_db.conninfo(kEval), "123:token", telegram.port());
        QCOMPARE(current.runOnce(), 0);
        QVERIFY2(!current.log().contains("needs at least"), current.log().constData());
    }

    // On the oldest schema it takes (24: no poll_sources, no destinations) a pass with rules
    // runs clean: a poll_source rule (0030) or a destination rule (0027) cannot exist there,
    // so the evaluator never reads their tables.
    void oldestSchemaRunsWithoutPollSources()
    {
        QString error;
        QVERIFY2(m_db.cluster().execAsSuperuser(QStringLiteral("postgres"),
                                                QStringLiteral("CREATE DATABASE schema24"), &error),
                 qPrintable(error));
        {
            PgSession su(m_db.cluster().conninfo(QStringLiteral("schema24")));
            QVERIFY2(su.ok(), qPrintable(su.error()));
            inbox::DbError dbError;
            QVERIFY2(inbox::Migrator::apply(su.raw(), &dbError, 24), qPrintable(dbError.oneLine()));
            QCOMPARE(contract::one(su, QStringLiteral("SELECT to_regclass('inbox.poll_sources')"
                                                      " IS NULL")),
                     QStringLiteral("t"));
            for (const char *kind : {"stuck", "silent_source", "duplicates_age"})
                QVERIFY_SQL(su.exec(
                    QStringLiteral("SELECT inbox.set_alert_rule(NULL, $1, $1, NULL, 'info', NULL,"
                                   " ARRAY['111'])"),
                    {QString::fromLatin1(kind)}));
            // Refused there: the kind does not exist before 30.
            QVERIFY(!su.exec(QStringLiteral("SELECT inbox.set_alert_rule(NULL, 'p', 'poll_source',"
                                            " NULL, 'info', NULL, ARRAY['111'])"))
                         .ok);
        }
        FakeTelegramHarness telegram("123:token");
        AlertsProcess old(m_db.cluster().conninfo(QStringLiteral("schema24"), kEval), "123:token",
                          telegram.port());
        QCOMPARE(old.runOnce(), 0);
        QVERIFY2(!old.log().contains("poll_sources") && !old.log().contains("ERROR"),
                 old.log().constData());
    }
};

QTEST_GUILESS_MAIN(TestAlertsSchema)
#include "tst_alertsschema.moc"
