// One plan for every connection (db/connectplan.h): the options complete the string the same
// way for libpq and for Qt SQL's driver, and what the driver would mangle is refused for both.
#include "db/connectplan.h"

#include <QSqlDatabase>
#include <QtTest>

using inbox::ConnectOptions;
using inbox::ConnectPlan;

namespace {

ConnectOptions optionsFor(const QString &conninfo)
{
    ConnectOptions o;
    o.conninfo = conninfo;
    return o;
}

} // namespace

class TestConnectPlan final : public QObject
{
    Q_OBJECT

private slots:
    void optionsFillWhatTheStringLeavesOpen()
    {
        ConnectOptions o = optionsFor(QStringLiteral("host=/tmp dbname=inbox"));
        o.applicationName = QStringLiteral("inbox-test");
        o.connectTimeoutS = 7;
        o.statementTimeoutMs = 1234;
        inbox::DbError error;
        const auto plan = ConnectPlan::make(o, &error);
        QVERIFY2(plan, qPrintable(error.message));
        QCOMPARE(plan->info().value(QStringLiteral("application_name")),
                 QStringLiteral("inbox-test"));
        QCOMPARE(plan->info().value(QStringLiteral("connect_timeout")), QStringLiteral("7"));
        QCOMPARE(plan->connectTimeoutS(), 7);
        QCOMPARE(plan->statementTimeoutMs(), 1234);
    }

    // The string wins where it speaks, except for the password typed in the window.
    void stringWinsButTypedPasswordWins()
    {
        ConnectOptions o = optionsFor(
            QStringLiteral("dbname=inbox application_name=mine connect_timeout=1 password=old"));
        o.password = QStringLiteral("typed;pw");
        inbox::DbError error;
        const auto plan = ConnectPlan::make(o, &error);
        QVERIFY2(plan, qPrintable(error.message));
        QCOMPARE(plan->info().value(QStringLiteral("application_name")), QStringLiteral("mine"));
        QCOMPARE(plan->connectTimeoutS(), 2); // one second is rounded up, as libpq does
        QCOMPARE(plan->info().value(QStringLiteral("password")), QStringLiteral("typed;pw"));
    }

    // Qt SQL turns every ';' of its options into a space: refused for every connection, with
    // the key named. Values the driver sets through its own setters may hold ';'.
    void semicolonInAnOptionIsRefusedEverywhere()
    {
        inbox::DbError error;
        QVERIFY(!ConnectPlan::make(
            optionsFor(QStringLiteral("dbname=inbox application_name='a;b'")), &error));
        QCOMPARE(error.message,
                 QStringLiteral("connection option application_name may not contain ';'"));
        QVERIFY2(
            ConnectPlan::make(
                optionsFor(QStringLiteral("dbname='in;box' user='u;1' password='p;w'")), &error),
            qPrintable(error.message));
    }

    void unparsableStringGivesTheParserReason()
    {
        inbox::DbError error;
        QVERIFY(!ConnectPlan::make(optionsFor(QStringLiteral("host='unterminated")), &error));
        QVERIFY(!error.message.isEmpty());
    }

    void qtSqlGetsTheSamePlan()
    {
        ConnectOptions o = optionsFor(QStringLiteral(
            "host=db.example.com port=6432 dbname=orders user=alice sslmode=verify-full"));
        o.applicationName = QStringLiteral("inbox console");
        inbox::DbError error;
        const auto plan = ConnectPlan::make(o, &error);
        QVERIFY2(plan, qPrintable(error.message));
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("plan"));
            plan->applyTo(db);
            QCOMPARE(db.hostName(), QStringLiteral("db.example.com"));
            QCOMPARE(db.port(), 6432);
            QCOMPARE(db.databaseName(), QStringLiteral("orders"));
            QCOMPARE(db.userName(), QStringLiteral("alice"));
            QCOMPARE(db.connectOptions(), QStringLiteral("sslmode='verify-full';"
                                                         "application_name='inbox console';"
                                                         "connect_timeout='10'"));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("plan"));
    }
};

QTEST_GUILESS_MAIN(TestConnectPlan)
#include "tst_connectplan.moc"
