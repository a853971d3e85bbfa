// NotificationListener: a NOTIFY on 'inbox' arrives coalesced; a server restart is reported
// at once and the listener comes back by itself, saying the screens must re-read.
#include "databasetestcase.h"
#include "db/notificationlistener.h"
#include "pgcluster.h"
#include "pgsession.h"

#include <QSignalSpy>
#include <QtTest>

// Its test functions share one database.
class TestNotificationListener : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestNotificationListener() : DatabaseTestCase{{}, Databases::OneForAll} {}

private slots:
    void notificationsAreCoalesced()
    {
        Listening l;
        QVERIFY(started(l));
        QCOMPARE(l.up.first().first().toBool(), false);

        PgSession s(m_db.conninfo());
        for (int i = 0; i < 20; ++i)
            QVERIFY(s.exec(QStringLiteral("SELECT pg_notify('inbox', $1)"),
                           {i % 2 ? QStringLiteral("events") : QStringLiteral("duplicates")})
                        .ok);
        QVERIFY(l.changed.wait(5000));
        QTest::qWait(400); // any second signal would have come by now
        QCOMPARE(l.changed.size(), 1);
        const auto topics = l.changed.first().first().value<QSet<QString>>();
        QCOMPARE(topics, QSet<QString>({QStringLiteral("events"), QStringLiteral("duplicates")}));
    }

    // Also covers the inbox functions: accept announces itself on the channel.
    void acceptIsAnnounced()
    {
        Listening l;
        QVERIFY(started(l));
        PgSession s(m_db.conninfo());
        const PgResult r = s.exec(QStringLiteral("SELECT * FROM inbox.accept('web', 'n-1', $1)"),
                                  {QByteArray("{}")});
        QVERIFY2(r.ok, qPrintable(r.message));
        QVERIFY(l.changed.wait(5000));
        QVERIFY(
            l.changed.first().first().value<QSet<QString>>().contains(QStringLiteral("events")));
    }

    void restartIsReportedAndRecovered()
    {
        Listening l;
        QVERIFY(started(l));
        l.up.clear();

        QString error;
        QVERIFY2(m_db.cluster().stopServer(QStringLiteral("immediate"), &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(l.down.size() >= 1, 6000); // health check every 2 s
        QVERIFY(!l.listener.isUp());
        QVERIFY2(m_db.cluster().startServer(&error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(l.up.size() == 1, 40000);
        QCOMPARE(l.up.first().first().toBool(), true); // after a loss: screens must re-read

        // LISTEN is back too.
        PgSession s(m_db.conninfo());
        QVERIFY(s.exec(QStringLiteral("SELECT pg_notify('inbox', 'events')")).ok);
        QVERIFY(l.changed.wait(5000));
    }

    void cleanupTestCase() { m_db.stop(); }

private:
    // A listener with spies on its signals.
    struct Listening
    {
        inbox::NotificationListener listener;
        QSignalSpy up{&listener, &inbox::NotificationListener::connectionUp};
        QSignalSpy down{&listener, &inbox::NotificationListener::connectionDown};
        QSignalSpy changed{&listener, &inbox::NotificationListener::changed};
    };

    // `l` listening on the test database, its connection up.
    bool started(Listening &l)
    {
        l.listener.start(m_db.options());
        return l.up.wait(10000);
    }
};

QTEST_GUILESS_MAIN(TestNotificationListener)
#include "tst_notificationlistener.moc"
