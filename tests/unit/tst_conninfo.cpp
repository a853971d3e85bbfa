// Connection strings are parsed by libpq itself; the console must keep every key, never show
// the password, and refuse what the Qt driver would silently mangle.
#include "db/conninfo.h"

#include <QtTest>

using inbox::ConnInfo;

class TestConnInfo : public QObject
{
    Q_OBJECT

private slots:
    void keyValueForm()
    {
        inbox::DbError error;
        const auto info =
            ConnInfo::parse(QStringLiteral("host=db.example.com port=6432 dbname=inbox user=alice "
                                           "password='s3cr et' sslmode=verify-full"),
                            &error);
        QVERIFY2(info, qPrintable(error.message));
        QCOMPARE(info->value(QStringLiteral("sslmode")), QStringLiteral("verify-full"));
        QCOMPARE(info->value(QStringLiteral("password")), QStringLiteral("s3cr et"));
        QVERIFY(!info->toRedactedString().contains(QStringLiteral("s3cr")));
        QCOMPARE(info->describe(), QStringLiteral("alice@db.example.com:6432/inbox"));
    }

    void uriForm()
    {
        inbox::DbError error;
        const auto info = ConnInfo::parse(
            QStringLiteral("postgresql://bob:pw@localhost:5433/orders?application_name=x"), &error);
        QVERIFY2(info, qPrintable(error.message));
        QCOMPARE(info->value(QStringLiteral("user")), QStringLiteral("bob"));
        QCOMPARE(info->value(QStringLiteral("dbname")), QStringLiteral("orders"));
        QCOMPARE(info->value(QStringLiteral("application_name")), QStringLiteral("x"));
        QVERIFY(!info->toRedactedString().contains(QStringLiteral("pw")));
    }

    void serviceForm()
    {
        inbox::DbError error;
        const auto info = ConnInfo::parse(QStringLiteral("service=inbox"), &error);
        QVERIFY(info);
        QCOMPARE(info->describe(), QStringLiteral("service=inbox"));
    }

    void emptyMeansEnvironment()
    {
        inbox::DbError error;
        const auto info = ConnInfo::parse(QString(), &error);
        QVERIFY(info);
        QVERIFY(info->pairs().isEmpty());
    }

    void garbageIsAClearError()
    {
        inbox::DbError error;
        QVERIFY(!ConnInfo::parse(QStringLiteral("host=x nonsense_key=1"), &error));
        QVERIFY2(error.message.contains(QStringLiteral("nonsense_key")), qPrintable(error.message));
        QVERIFY(!ConnInfo::parse(QStringLiteral("host='unterminated"), &error));
        QVERIFY(error.message.startsWith(QStringLiteral("invalid connection string")));
    }

    void quotingRoundTrips()
    {
        const QString nasty = QStringLiteral("it's a \\ back slash");
        inbox::DbError error;
        const auto info = ConnInfo::parse(
            QStringLiteral("application_name=") + inbox::quoteConnValue(nasty), &error);
        QVERIFY2(info, qPrintable(error.message));
        QCOMPARE(info->value(QStringLiteral("application_name")), nasty);
    }
};

QTEST_GUILESS_MAIN(TestConnInfo)
#include "tst_conninfo.moc"
