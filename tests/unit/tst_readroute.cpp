// The read connection of a profile that names a standby (db/readroute.h): completed from the
// primary's string, with the primary as libpq's fallback unless target_session_attrs says
// otherwise; profiles keep the Read from string and never its password (no database).
#include "db/conninfo.h"
#include "db/readroute.h"
#include "settings/connectionprofiles.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using inbox::ConnectOptions;
using inbox::ConnInfo;

namespace {

ConnInfo readInfo(const QString &primary, const QString &readFrom, bool *fallsBack = nullptr)
{
    ConnectOptions o;
    o.conninfo = primary;
    o.readFrom = readFrom;
    const auto route = inbox::readRouteFor(o, nullptr);
    if (!route)
        return ConnInfo();
    if (fallsBack)
        *fallsBack = route->fallsBackToPrimary;
    return *ConnInfo::parse(route->options.conninfo, nullptr);
}

} // namespace

class TestReadRoute final : public QObject
{
    Q_OBJECT

private slots:
    void withoutReadFromReadsThePrimary()
    {
        ConnectOptions o;
        o.conninfo = QStringLiteral("host=db1 dbname=inbox");
        const auto route = inbox::readRouteFor(o, nullptr);
        QVERIFY(route);
        QCOMPARE(route->options.conninfo, o.conninfo);
        QVERIFY(!route->fallsBackToPrimary);
    }

    void standbyFirstThenThePrimary()
    {
        bool fallsBack = false;
        const ConnInfo info =
            readInfo(QStringLiteral("host=db1 port=5432 dbname=inbox user=alice sslmode=require "
                                    "password=secret"),
                     QStringLiteral("host=db2 port=6432"), &fallsBack);
        QVERIFY(fallsBack);
        QCOMPARE(info.value(QStringLiteral("host")), QStringLiteral("db2,db1"));
        QCOMPARE(info.value(QStringLiteral("port")), QStringLiteral("6432,5432"));
        QCOMPARE(info.value(QStringLiteral("target_session_attrs")),
                 QStringLiteral("prefer-standby"));
        QCOMPARE(info.value(QStringLiteral("dbname")), QStringLiteral("inbox"));
        QCOMPARE(info.value(QStringLiteral("user")), QStringLiteral("alice"));
        QCOMPARE(info.value(QStringLiteral("sslmode")), QStringLiteral("require"));
        QCOMPARE(info.value(QStringLiteral("password")), QStringLiteral("secret"));
    }

    void hostListsAndDefaultPorts()
    {
        const ConnInfo info = readInfo(QStringLiteral("host=db1 dbname=inbox"),
                                       QStringLiteral("host=db2,db3 port=5433"));
        QCOMPARE(info.value(QStringLiteral("host")), QStringLiteral("db2,db3,db1"));
        // One port stands for every standby host; the primary's default stays the default.
        QCOMPARE(info.value(QStringLiteral("port")), QStringLiteral("5433,5433,"));
    }

    void readFromKeysWin()
    {
        const ConnInfo info = readInfo(QStringLiteral("host=db1 dbname=inbox user=alice"),
                                       QStringLiteral("host=db2 user=reader"));
        QCOMPARE(info.value(QStringLiteral("user")), QStringLiteral("reader"));
    }

    void targetSessionAttrsMeansNoFallback()
    {
        bool fallsBack = true;
        const ConnInfo info =
            readInfo(QStringLiteral("host=db1 dbname=inbox"),
                     QStringLiteral("host=db2 target_session_attrs=standby"), &fallsBack);
        QVERIFY(!fallsBack);
        QCOMPARE(info.value(QStringLiteral("host")), QStringLiteral("db2"));
        QCOMPARE(info.value(QStringLiteral("target_session_attrs")), QStringLiteral("standby"));
    }

    void primaryWithoutHostIsNoFallback()
    {
        // The primary's host comes from the environment or a service file: unknown here.
        bool fallsBack = true;
        const ConnInfo info =
            readInfo(QStringLiteral("service=inbox"), QStringLiteral("host=db2"), &fallsBack);
        QVERIFY(!fallsBack);
        QCOMPARE(info.value(QStringLiteral("host")), QStringLiteral("db2"));
        QCOMPARE(info.value(QStringLiteral("service")), QStringLiteral("inbox"));
    }

    void unreadableStringsAreRefused()
    {
        ConnectOptions o;
        o.conninfo = QStringLiteral("host=db1");
        o.readFrom = QStringLiteral("host=db2 nonsense=1");
        inbox::DbError error;
        QVERIFY(!inbox::readRouteFor(o, &error));
        QVERIFY(!error.isEmpty());
    }

    void profilesKeepReadFromWithoutPassword()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("p.ini")), QSettings::IniFormat);
        inbox::ConnectionProfiles profiles(&settings);
        const auto saved = profiles.save(QStringLiteral("prod"), QStringLiteral("host=db1"),
                                         QStringLiteral("host=db2 password=secret"));
        QVERIFY(saved.ok);
        QVERIFY(saved.passwordRemoved);
        QVERIFY(!saved.readFrom.contains(QLatin1String("secret")));
        const auto found = profiles.find(QStringLiteral("prod"));
        QVERIFY(found);
        QCOMPARE(ConnInfo::parse(found->readFrom, nullptr)->value(QStringLiteral("host")),
                 QStringLiteral("db2"));
        QVERIFY(profiles.save(QStringLiteral("prod"), QStringLiteral("host=db1")).ok);
        QVERIFY(profiles.find(QStringLiteral("prod"))->readFrom.isEmpty());
        settings.sync();
        QFile file(settings.fileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("secret"));
    }
};

QTEST_MAIN(TestReadRoute)
#include "tst_readroute.moc"
