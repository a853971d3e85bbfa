// inbox-poller's pacing as arithmetic: the token bucket's burst and rate, and the back-off
// after failures (1 s doubling to 5 minutes, less up to a fifth of jitter).
#include "pollpacing.h"

#include <QtTest>

using namespace inbox::poll;

class TestPollPacing : public QObject
{
    Q_OBJECT

private slots:
    void burstThenRate()
    {
        TokenBucket bucket(60, 3); // one a second, three at once
        QCOMPARE(bucket.take(0), qint64(0));
        QCOMPARE(bucket.take(0), qint64(0));
        QCOMPARE(bucket.take(0), qint64(0));
        const qint64 wait = bucket.take(0);
        QVERIFY2(wait >= 999 && wait <= 1001, qPrintable(QString::number(wait)));
        QVERIFY(bucket.take(500) > 0);          // half a token: still waiting
        QCOMPARE(bucket.take(1000), qint64(0)); // a whole one
        QVERIFY(bucket.take(1000) > 0);
        // A long pause fills the bucket to its burst, no further.
        QCOMPARE(bucket.take(100000), qint64(0));
        QCOMPARE(bucket.take(100000), qint64(0));
        QCOMPARE(bucket.take(100000), qint64(0));
        QVERIFY(bucket.take(100000) > 0);
    }

    void fastRates()
    {
        TokenBucket bucket(6000, 1); // 100 a second
        QCOMPARE(bucket.take(0), qint64(0));
        const qint64 wait = bucket.take(0);
        QVERIFY2(wait >= 10 && wait <= 11, qPrintable(QString::number(wait)));
    }

    void backoffGrowsToFiveMinutes()
    {
        QCOMPARE(backoffMs(1, 0), qint64(1000));
        QCOMPARE(backoffMs(2, 0), qint64(2000));
        QCOMPARE(backoffMs(3, 0), qint64(4000));
        QCOMPARE(backoffMs(9, 0), qint64(256000));
        QCOMPARE(backoffMs(10, 0), qint64(300000));
        QCOMPARE(backoffMs(1000000, 0), qint64(300000));
        // The jitter takes off at most a fifth.
        QCOMPARE(backoffMs(1, 0.5), qint64(900));
        QVERIFY(backoffMs(1, 0.999999) >= 800);
        QVERIFY(backoffMs(20, 0.999999) >= 240000);
    }
};

QTEST_GUILESS_MAIN(TestPollPacing)
#include "tst_pollpacing.moc"
