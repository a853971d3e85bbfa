// QueryChannel: queries off the GUI thread, superseded queries cancelled on the server,
// statement timeouts reported, a lost connection noticed and reopened.
#include "databasetestcase.h"
#include "db/querychannel.h"
#include "pgcluster.h"
#include "pgsession.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QtTest>

using inbox::Query;
using inbox::QueryChannel;
using inbox::QueryReply;

// Its test functions share one database.
class TestQueryChannel : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestQueryChannel() : DatabaseTestCase{{}, Databases::OneForAll} {}

private slots:
    void valuesArriveTyped()
    {
        QueryChannel channel(QStringLiteral("test"));
        channel.setConnectOptions(m_db.options());
        QSignalSpy replies(&channel, &QueryChannel::replied);
        channel.submit(Query{QStringLiteral("SELECT $1::bigint AS n, $2::text AS t, "
                                            "'\\x00ff'::bytea AS b, NULL::text AS nothing, "
                                            "'2026-01-02 03:04:05+00'::timestamptz AS at"),
                             {qint64(1) << 40, QStringLiteral("привет")}});
        QVERIFY(replies.wait(10000));
        const auto reply = replies.first().first().value<QueryReply>();
        QVERIFY2(reply.ok(), qPrintable(reply.error.oneLine()));
        QCOMPARE(reply.results.size(), 1);
        const inbox::Rows &rows = reply.results.first();
        QCOMPARE(rows.columns,
                 QStringList({QStringLiteral("n"), QStringLiteral("t"), QStringLiteral("b"),
                              QStringLiteral("nothing"), QStringLiteral("at")}));
        QCOMPARE(rows.rows.first().at(0).toLongLong(), qint64(1) << 40);
        QCOMPARE(rows.rows.first().at(1).toString(), QStringLiteral("привет"));
        QCOMPARE(rows.rows.first().at(2).toByteArray(), QByteArray("\x00\xff", 2));
        QVERIFY(rows.rows.first().at(3).isNull());
        QCOMPARE(rows.rows.first().at(4).toDateTime().toUTC(),
                 QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5), Qt::UTC));
    }

    // Values bound and read back through libpq's text format keep their type and value, in
    // a session whose time zone is not UTC (timestamps carry "+05:30").
    void valuesRoundTripInAnyTimeZone()
    {
        QueryChannel channel(QStringLiteral("test"));
        channel.setConnectOptions(m_db.options());
        QSignalSpy replies(&channel, &QueryChannel::replied);
        const QDateTime sent(QDate(2026, 5, 6), QTime(7, 8, 9, 10), Qt::UTC);
        const QByteArray bytes("\x00\x01'\\;\xff", 6);
        channel.submit(QVector<Query>{
            Query{QStringLiteral("SET TIME ZONE 'Asia/Kolkata'"), {}},
            Query{QStringLiteral("SELECT $1::timestamptz AS sent, "
                                 "'2026-01-02 03:04:05.123456+00'::timestamptz AS at, "
                                 "$2::bool AS flag, 7::int2 AS small, 2.5::numeric AS num, "
                                 "$3::bytea AS bytes, $4::double precision AS dbl, "
                                 "'2026-03-04'::date AS day, NULL::bigint AS none, "
                                 "$5::text AS quoted"),
                  {sent, false, bytes, 0.1, QStringLiteral("it's $1 \\ ;")}}});
        QVERIFY(replies.wait(10000));
        const auto reply = replies.first().first().value<QueryReply>();
        QVERIFY2(reply.ok(), qPrintable(reply.error.oneLine()));
        QCOMPARE(reply.results.size(), 2);
        const QVariantList row = reply.results.at(1).rows.first();
        QCOMPARE(row.at(0).toDateTime(), sent);
        QCOMPARE(row.at(1).toDateTime(),
                 QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5, 123), Qt::UTC));
        QCOMPARE(row.at(2).metaType(), QMetaType::fromType<bool>());
        QCOMPARE(row.at(2).toBool(), false);
        QCOMPARE(row.at(3).toInt(), 7);
        QCOMPARE(row.at(4).toDouble(), 2.5);
        QCOMPARE(row.at(5).toByteArray(), bytes);
        QCOMPARE(row.at(6).toDouble(), 0.1);
        QCOMPARE(row.at(7).toDate(), QDate(2026, 3, 4));
        QVERIFY(row.at(8).isNull());
        QCOMPARE(row.at(8).metaType(), QMetaType::fromType<qlonglong>());
        QCOMPARE(row.at(9).toString(), QStringLiteral("it's $1 \\ ;"));
    }

    void errorsCarrySqlstate()
    {
        QueryChannel channel(QStringLiteral("test"));
        channel.setConnectOptions(m_db.options());
        QSignalSpy replies(&channel, &QueryChannel::replied);
        channel.submit(Query{QStringLiteral("SELECT 1/0"), {}});
        QVERIFY(replies.wait(10000));
        const auto reply = replies.first().first().value<QueryReply>();
        QCOMPARE(reply.error.sqlstate, QStringLiteral("22012"));
        QVERIFY(!reply.error.connectionLost);
    }

    // A new request supersedes a slow one: the slow one is cancelled on the server and only
    // the new reply arrives.
    void newerQueryCancelsOlderOnTheServer()
    {
        QueryChannel channel(QStringLiteral("test"));
        channel.setConnectOptions(m_db.options());
        QSignalSpy replies(&channel, &QueryChannel::replied);
        QElapsedTimer timer;
        timer.start();
        channel.submit(Query{QStringLiteral("SELECT pg_sleep(30), 'slow'"), {}});
        QTRY_VERIFY_WITH_TIMEOUT(sleepersOnServer() == 1, 10000);
        const quint64 fast = channel.submit(Query{QStringLiteral("SELECT 'fast'"), {}});
        QVERIFY(replies.wait(10000));
        QVERIFY(timer.elapsed() < 20000);
        QCOMPARE(replies.size(), 1);
        const auto reply = replies.first().first().value<QueryReply>();
        QCOMPARE(reply.ticket, fast);
        QCOMPARE(reply.results.first().rows.first().first().toString(), QStringLiteral("fast"));
        QCOMPARE(sleepersOnServer(), 0);
        QTRY_VERIFY(!channel.isBusy());
    }

    void cancelDropsTheReply()
    {
        QueryChannel channel(QStringLiteral("test"));
        channel.setConnectOptions(m_db.options());
        QSignalSpy replies(&channel, &QueryChannel::replied);
        QSignalSpy busy(&channel, &QueryChannel::busyChanged);
        channel.submit(Query{QStringLiteral("SELECT pg_sleep(30)"), {}});
        QTRY_VERIFY_WITH_TIMEOUT(sleepersOnServer() == 1, 10000);
        channel.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(sleepersOnServer(), 0, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(!channel.isBusy(), 5000);
        QCOMPARE(replies.size(), 0);
        QCOMPARE(busy.last().first().toBool(), false);
    }

    void statementTimeoutIsReportedNotRetried()
    {
        QueryChannel channel(QStringLiteral("test"));
        inbox::ConnectOptions o = m_db.options();
        o.statementTimeoutMs = 300;
        channel.setConnectOptions(o);
        QSignalSpy replies(&channel, &QueryChannel::replied);
        channel.submit(Query{QStringLiteral("SELECT pg_sleep(5)"), {}});
        QVERIFY(replies.wait(10000));
        const auto reply = replies.first().first().value<QueryReply>();
        QCOMPARE(reply.error.sqlstate, QStringLiteral("57014"));
        QVERIFY(reply.elapsedUs >= 300000);
        QVERIFY(reply.elapsedUs < 3000000);
    }

    void lostConnectionIsNoticedAndReopened()
    {
        QueryChannel channel(QStringLiteral("test"));
        inbox::ConnectOptions o = m_db.options();
        o.applicationName = QStringLiteral("victim");
        channel.setConnectOptions(o);
        QSignalSpy replies(&channel, &QueryChannel::replied);
        QSignalSpy lost(&channel, &QueryChannel::connectionLost);
        channel.submit(Query{QStringLiteral("SELECT pg_backend_pid()"), {}});
        QVERIFY(replies.wait(10000));
        const qint64 firstPid = replies.takeFirst()
                                    .first()
                                    .value<QueryReply>()
                                    .results.first()
                                    .rows.first()
                                    .first()
                                    .toLongLong();

        PgSession admin(m_db.conninfo());
        QVERIFY(admin.exec(QStringLiteral("SELECT pg_terminate_backend($1)"), {firstPid}).ok);
        channel.submit(Query{QStringLiteral("SELECT pg_backend_pid()"), {}});
        QVERIFY(replies.wait(10000));
        auto reply = replies.takeFirst().first().value<QueryReply>();
        QVERIFY(!reply.ok());
        QVERIFY(reply.error.connectionLost);
        QCOMPARE(lost.size(), 1);

        channel.submit(Query{QStringLiteral("SELECT pg_backend_pid()"), {}});
        QVERIFY(replies.wait(10000));
        reply = replies.takeFirst().first().value<QueryReply>();
        QVERIFY2(reply.ok(), qPrintable(reply.error.oneLine()));
        QVERIFY(reply.results.first().rows.first().first().toLongLong() != firstPid);
    }

    void cleanupTestCase() { m_db.stop(); }

private:
    int sleepersOnServer()
    {
        // The driver runs prepared statements (EXECUTE ...), so look at what they wait on.
        PgSession s(m_db.conninfo());
        const PgResult r = s.exec(
            QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep'"));
        return r.value(0, 0).toInt();
    }
};

QTEST_GUILESS_MAIN(TestQueryChannel)
#include "tst_querychannel.moc"
