// The overview's data against a real PostgreSQL: after a mix of real operations by real
// logins, the figures the model holds are those of the statistics functions (and of the
// events, spelled out); days moved in the counters land on the right day; live changes arrive
// within about two seconds but never more often than the minimum interval; the item models
// pass QAbstractItemModelTester.
#include "consoleharness.h"
#include "contract_util.h"
#include "databasetestcase.h"
#include "db/consolecontext.h"
#include "modelcheck.h"
#include "overview/dailyfiguresmodel.h"
#include "overview/healthrule.h"
#include "overview/nowfiguresmodel.h"
#include "overview/overviewmodel.h"
#include "pgcluster.h"
#include "pgsession.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QtTest>

using inbox::DayFigures;
using inbox::OverviewModel;

class TestOverviewModel : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestOverviewModel()
        : DatabaseTestCase{{"o_ingest", {"inbox_ingest"}},
                           {"o_worker", {"inbox_worker"}},
                           {"o_operator", {"inbox_operator"}},
                           {"o_support", {"inbox_support"}},
                           {"o_nobody", {}}}
    {}

private:
    static QString one(PgSession &s, const QString &sql, const QVariantList &params = {})
    {
        const PgResult r = s.exec(sql, params);
        if (!r.ok)
            return QStringLiteral("!ERROR ") + r.message;
        return r.rows() ? r.value(0, 0) : QStringLiteral("!NOROWS");
    }

    inbox::ConnectOptions options(const QString &user) const
    {
        inbox::ConnectOptions o;
        o.conninfo = m_db.conninfo(user);
        return o;
    }

    // `context` connected as the support login; true once `model` has its first figures.
    bool connects(inbox::ConsoleContext &context, OverviewModel &model) const
    {
        return ConsoleHarness::emitsAfter(&model, &OverviewModel::updated, [&] {
            context.setConnected(options(QStringLiteral("o_support")), inbox::ServerInfo());
        });
    }

    static QString describe(const DayFigures &d)
    {
        return QStringLiteral("%1 r=%2 rep=%3 c=%4 d=%5 f=%6 rq=%7")
            .arg(d.day.toString(Qt::ISODate))
            .arg(d.received)
            .arg(d.repeats)
            .arg(d.conflicts)
            .arg(d.done)
            .arg(d.failed)
            .arg(d.requeued);
    }

private slots:
    void figuresMatchTheStatisticsFunctions()
    {
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("o_ingest")));
        PgSession worker(m_db.conninfo(QStringLiteral("o_worker")));
        PgSession op(m_db.conninfo(QStringLiteral("o_operator")));
        QMap<QString, qint64> ev;
        for (int i = 1; i <= 6; ++i)
            ev[QStringLiteral("c%1").arg(i)] =
                contract::deliver(in, QStringLiteral("crm"), QStringLiteral("c%1").arg(i));
        for (int i = 1; i <= 4; ++i)
            ev[QStringLiteral("s%1").arg(i)] =
                contract::deliver(in, QStringLiteral("shop"), QStringLiteral("s%1").arg(i));
        QString outcome;
        contract::deliver(in, QStringLiteral("crm"), QStringLiteral("c1"), "{\"n\":1}", &outcome);
        QCOMPARE(outcome, QStringLiteral("duplicate"));
        contract::deliver(in, QStringLiteral("crm"), QStringLiteral("c1"), "{\"n\":1}", &outcome);
        contract::deliver(in, QStringLiteral("shop"), QStringLiteral("s1"), "{\"n\":1}", &outcome);
        QCOMPARE(outcome, QStringLiteral("duplicate"));
        contract::deliver(in, QStringLiteral("crm"), QStringLiteral("c2"), "{\"n\":2}", &outcome);
        QCOMPARE(outcome, QStringLiteral("conflict"));

        QCOMPARE(worker.exec(QStringLiteral("SELECT id FROM inbox.claim('w1', 100)")).rows(), 10);
        const auto call = [&](const char *sql, const QString &key) {
            return one(worker, QString::fromLatin1(sql),
                       {ev.value(key), contract::tokenOf(su, ev.value(key))});
        };
        QCOMPARE(call("SELECT inbox.complete($1, 'w1', $2, NULL)", QStringLiteral("c1")),
                 QStringLiteral("t"));
        QCOMPARE(call("SELECT inbox.complete($1, 'w1', $2, NULL)", QStringLiteral("c3")),
                 QStringLiteral("t"));
        QCOMPARE(call("SELECT inbox.complete($1, 'w1', $2, NULL)", QStringLiteral("s1")),
                 QStringLiteral("t"));
        QCOMPARE(
            call("SELECT inbox.fail($1, 'w1', $2, 'unknown SKU', false)", QStringLiteral("c4")),
            QStringLiteral("failed"));
        QCOMPARE(call("SELECT inbox.fail($1, 'w1', $2, 'CRM 503', true)", QStringLiteral("s2")),
                 QStringLiteral("received"));
        QVERIFY(su.exec(QStringLiteral("UPDATE inbox.events SET locked_at = locked_at - interval "
                                       "'10 minutes' WHERE id = $1"),
                        {ev.value(QStringLiteral("c5"))})
                    .ok);
        QCOMPARE(one(op,
                     QStringLiteral("SELECT outcome FROM inbox.requeue(ARRAY[$1]::bigint[], "
                                    "'SKU added')"),
                     {ev.value(QStringLiteral("c4"))}),
                 QStringLiteral("requeued"));
        // Two leads with one phone: one open duplicate candidate.
        for (const QString &key : {QStringLiteral("c1"), QStringLiteral("c3")}) {
            QVERIFY(!one(worker,
                         QStringLiteral("SELECT inbox.record_lead($1, '+7 912 000-11-22', NULL, "
                                        "'Ann')"),
                         {ev.value(key)})
                         .startsWith(QLatin1Char('!')));
        }

        inbox::ConsoleContext context;
        OverviewModel model(&context);
        QSignalSpy updated(&model, &OverviewModel::updated);
        context.setConnected(options(QStringLiteral("o_support")), inbox::ServerInfo());
        QVERIFY(updated.wait(10000));
        const inbox::OverviewSnapshot &s = model.snapshot();
        QCOMPARE(s.days, OverviewModel::kDays);
        QCOMPARE(s.today.toString(Qt::ISODate),
                 one(su, QStringLiteral("SELECT (now() AT TIME ZONE 'UTC')::date::text")));

        // Spelled out from the operations above.
        QCOMPARE(describe(s.dailyFor(QStringLiteral("crm")).at(0)),
                 s.today.toString(Qt::ISODate) + QStringLiteral(" r=6 rep=2 c=1 d=2 f=1 rq=1"));
        QCOMPARE(describe(s.dailyFor(QStringLiteral("shop")).at(0)),
                 s.today.toString(Qt::ISODate) + QStringLiteral(" r=4 rep=1 c=0 d=1 f=0 rq=0"));
        QCOMPARE(describe(s.dailyFor(QString()).at(0)),
                 s.today.toString(Qt::ISODate) + QStringLiteral(" r=10 rep=3 c=1 d=3 f=1 rq=1"));
        QCOMPARE(s.dailyFor(QString()).at(1).deliveries(), qint64(0));
        // And every row of stats_daily is where the model put it.
        const PgResult daily = su.exec(QStringLiteral("SELECT day::text, source, received, "
                                                      "repeats, conflicts, done, failed, requeued "
                                                      "FROM inbox.stats_daily(15)"));
        QVERIFY(daily.ok);
        QCOMPARE(daily.rows(), 2);
        for (int i = 0; i < daily.rows(); ++i) {
            const QDate day = QDate::fromString(daily.value(i, 0), Qt::ISODate);
            const DayFigures d = s.dailyFor(daily.value(i, 1)).at(int(day.daysTo(s.today)));
            QCOMPARE(QStringList({QString::number(d.received), QString::number(d.repeats),
                                  QString::number(d.conflicts), QString::number(d.done),
                                  QString::number(d.failed), QString::number(d.requeued)}),
                     QStringList({daily.value(i, 2), daily.value(i, 3), daily.value(i, 4),
                                  daily.value(i, 5), daily.value(i, 6), daily.value(i, 7)}));
        }

        // Now, per source, against stats_now and against the events counted the slow way.
        const PgResult truth = su.exec(QStringLiteral(
            "SELECT source,"
            " count(*) FILTER (WHERE status = 'received'),"
            " count(*) FILTER (WHERE status = 'received' AND next_attempt_at <= now()),"
            " count(*) FILTER (WHERE status = 'processing'),"
            " count(*) FILTER (WHERE status = 'processing' AND locked_at < now() - interval '5 "
            "minutes'),"
            " count(*) FILTER (WHERE status = 'failed')"
            " FROM inbox.events GROUP BY source ORDER BY source"));
        QVERIFY(truth.ok);
        QCOMPARE(s.now.size(), truth.rows());
        for (int i = 0; i < truth.rows(); ++i) {
            const inbox::NowFigures n = s.nowFor(truth.value(i, 0));
            QCOMPARE(QStringList({QString::number(n.waiting), QString::number(n.due),
                                  QString::number(n.processing), QString::number(n.stuck),
                                  QString::number(n.failed)}),
                     QStringList({truth.value(i, 1), truth.value(i, 2), truth.value(i, 3),
                                  truth.value(i, 4), truth.value(i, 5)}));
        }
        const inbox::NowFigures crm = s.nowFor(QStringLiteral("crm"));
        QCOMPARE(crm.waiting, qint64(1)); // c4, requeued
        QCOMPARE(crm.processing, qint64(3));
        QCOMPARE(crm.stuck, qint64(1));
        QCOMPARE(s.nowFor(QStringLiteral("shop")).due, qint64(0)); // s2 retries later
        QCOMPARE(s.nowTotal().processing, qint64(5));
        QCOMPARE(s.openDuplicates, qint64(1));
        QVERIFY(s.oldest.has_value());
        QCOMPARE(s.oldest->externalId, QStringLiteral("c4"));
        QCOMPARE(s.oldest->id, ev.value(QStringLiteral("c4")));
        QVERIFY(s.oldestAgeSeconds() >= 0 && s.oldestAgeSeconds() < 60);
        QCOMPARE(s.sources(), QStringList({QStringLiteral("crm"), QStringLiteral("shop")}));

        // Days moved back in the counters (as if it had happened then) land on those days.
        QVERIFY(su.exec(QStringLiteral("UPDATE inbox.daily_stats SET day = day - 3 WHERE source = "
                                       "'shop'"))
                    .ok);
        QVERIFY(su.exec(QStringLiteral("UPDATE inbox.daily_stats SET day = day - 20 WHERE source "
                                       "= 'crm'"))
                    .ok);
        // Waiting an hour for the oldest event.
        QVERIFY(su.exec(QStringLiteral("UPDATE inbox.events SET next_attempt_at = now() - "
                                       "interval '1 hour' WHERE id = $1"),
                        {ev.value(QStringLiteral("c4"))})
                    .ok);
        model.refresh();
        QVERIFY(updated.wait(10000));
        QCOMPARE(model.snapshot().dailyFor(QStringLiteral("shop")).at(0).deliveries(), qint64(0));
        QCOMPARE(model.snapshot().dailyFor(QStringLiteral("shop")).at(3).received, qint64(4));
        QCOMPARE(model.snapshot().dailyFor(QStringLiteral("crm")).at(0).received, qint64(0));
        QVERIFY(!model.snapshot().daily.contains(QStringLiteral("crm"))); // 20 days: outside
        QVERIFY2(qAbs(model.snapshot().oldestAgeSeconds() - 3600) < 60,
                 qPrintable(QString::number(model.snapshot().oldestAgeSeconds())));
    }

    // A new event shows up within about two seconds, through the notification alone (the
    // model is not active, so it does not poll faster than every 30 s).
    void liveUpdateWithinTwoSeconds()
    {
        PgSession in(m_db.conninfo(QStringLiteral("o_ingest")));
        contract::deliver(in, QStringLiteral("wb"), QStringLiteral("first"));
        inbox::ConsoleContext context;
        OverviewModel model(&context);
        QVERIFY(connects(context, model));
        QCOMPARE(model.snapshot().dailyFor(QString()).at(0).received, qint64(1));
        QTest::qWait(300); // the listener is up

        // Another receiver's session: its first notification is never held back.
        PgSession in2(m_db.conninfo(QStringLiteral("o_ingest")));
        QElapsedTimer timer;
        timer.start();
        QVERIFY(contract::deliver(in2, QStringLiteral("wb"), QStringLiteral("second")) > 0);
        QTRY_COMPARE_WITH_TIMEOUT(model.snapshot().dailyFor(QString()).at(0).received, qint64(2),
                                  5000);
        QVERIFY2(timer.elapsed() < 2500, qPrintable(QString::number(timer.elapsed())));
        qInfo("new event visible after %lld ms (notification)", timer.elapsed());
    }

    // The server announces a topic at most once a second per session, so the last event of a
    // burst may go unannounced; while the screen is shown, the poll picks such changes up.
    // Here the change is a counter moved by the superuser, which announces nothing at all.
    void unannouncedChangeIsPickedUpWhileActive()
    {
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("o_ingest")));
        contract::deliver(in, QStringLiteral("wb"), QStringLiteral("a"));
        inbox::ConsoleContext context;
        OverviewModel model(&context);
        QVERIFY(connects(context, model));
        const auto received = [&] {
            return model.snapshot().dailyFor(QString()).at(0).received;
        };
        QCOMPARE(received(), qint64(1));

        QVERIFY(su.exec(QStringLiteral("UPDATE inbox.daily_stats SET received = received + 5")).ok);
        QTest::qWait(3000);
        QCOMPARE(received(), qint64(1)); // hidden: no poll yet, nothing announced

        QElapsedTimer timer;
        timer.start();
        model.setActive(true); // shown: read at once, then every 2 s
        QTRY_COMPARE_WITH_TIMEOUT(received(), qint64(6), 3000);
        QVERIFY(su.exec(QStringLiteral("UPDATE inbox.daily_stats SET received = received + 5")).ok);
        timer.start();
        QTRY_COMPARE_WITH_TIMEOUT(received(), qint64(11), 4000);
        QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
        qInfo("unannounced change visible after %lld ms", timer.elapsed());
    }

    // A storm of notifications: one read per minimum interval, and the last change is read.
    void refreshIsThrottled()
    {
        inbox::ConsoleContext context;
        OverviewModel model(&context);
        model.setMinimumInterval(1000);
        QSignalSpy updated(&model, &OverviewModel::updated);
        context.setConnected(options(QStringLiteral("o_support")), inbox::ServerInfo());
        QVERIFY(updated.wait(10000));
        updated.clear();
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 1500) {
            emit context.changed({QStringLiteral("events")});
            QTest::qWait(20);
        }
        QVERIFY2(updated.count() <= 2, qPrintable(QString::number(updated.count())));
        QTRY_VERIFY_WITH_TIMEOUT(updated.count() >= 1, 3000);
        const int settled = int(updated.count());
        QTest::qWait(1500);
        QVERIFY(updated.count() <= settled + 1); // the trailing read, then quiet
        // F5 reads at once, whatever the interval.
        updated.clear();
        emit context.reread();
        QVERIFY(updated.wait(1000));
    }

    void missingRoleIsReported()
    {
        inbox::ConsoleContext context;
        OverviewModel model(&context);
        QSignalSpy failed(&model, &OverviewModel::failed);
        context.setConnected(options(QStringLiteral("o_nobody")), inbox::ServerInfo());
        QVERIFY(failed.wait(10000));
        QCOMPARE(failed.first().first().value<inbox::DbError>().sqlstate, QStringLiteral("42501"));
        QVERIFY(!model.hasSnapshot());
    }

    void disconnectClears()
    {
        inbox::ConsoleContext context;
        OverviewModel model(&context);
        QSignalSpy updated(&model, &OverviewModel::updated);
        QSignalSpy cleared(&model, &OverviewModel::cleared);
        context.setConnected(options(QStringLiteral("o_support")), inbox::ServerInfo());
        QVERIFY(updated.wait(10000));
        QVERIFY(model.hasSnapshot());
        context.setDisconnected();
        QCOMPARE(cleared.count(), 1);
        QVERIFY(!model.hasSnapshot());
    }

    void itemModels()
    {
        PgSession in(m_db.conninfo(QStringLiteral("o_ingest")));
        for (int i = 0; i < 7; ++i)
            contract::deliver(in, i < 4 ? QStringLiteral("a") : QStringLiteral("b"),
                              QString::number(i));
        contract::deliver(in, QStringLiteral("a"), QStringLiteral("0"));
        inbox::ConsoleContext context;
        OverviewModel model(&context);
        QVERIFY(connects(context, model));
        const inbox::OverviewSnapshot &s = model.snapshot();

        inbox::DailyFiguresModel daily;
        const ModelCheck dailyTester(&daily);
        daily.setDays(s.dailyFor(QString()), true, false);
        QCOMPARE(daily.rowCount(), OverviewModel::kDays);
        QCOMPARE(daily.columnCount(), int(inbox::DailyFiguresModel::ColumnCount));
        using C = inbox::DailyFiguresModel;
        QCOMPARE(daily.index(0, C::Received).data(C::RawRole).toLongLong(), qint64(7));
        QCOMPARE(daily.index(0, C::Repeats).data(C::RawRole).toLongLong(), qint64(1));
        QCOMPARE(daily.index(0, C::RepeatShare).data(C::RawRole).toDouble(), 1.0 / 8.0);
        QCOMPARE(daily.index(0, C::RepeatShare).data().toString(), inbox::formatShare(0.125));
        QCOMPARE(daily.index(0, C::Day).data(C::RawRole).toDate(), s.today);
        QVERIFY(daily.index(0, C::RepeatShare).data(C::AlertRole).toBool());
        QVERIFY(!daily.index(1, C::RepeatShare).data(C::AlertRole).toBool());
        QVERIFY(!daily.index(0, C::FailureShare).data(C::AlertRole).toBool());
        QSignalSpy reset(&daily, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&daily, &QAbstractItemModel::dataChanged);
        daily.setDays(s.dailyFor(QStringLiteral("b"))); // same days: in place
        QCOMPARE(reset.count(), 0);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(daily.index(0, C::Received).data(C::RawRole).toLongLong(), qint64(3));
        daily.setDays(s.dailyFor(QStringLiteral("b")).mid(0, 3));
        QCOMPARE(reset.count(), 1);
        QCOMPARE(daily.rowCount(), 3);
        daily.setDays({});
        QCOMPARE(daily.rowCount(), 0);

        inbox::NowFiguresModel now;
        const ModelCheck nowTester(&now);
        now.setFigures(s.now, s.serverNow);
        QCOMPARE(now.rowCount(), 2);
        using N = inbox::NowFiguresModel;
        QCOMPARE(now.index(0, N::Source).data().toString(), QStringLiteral("a"));
        QCOMPARE(now.index(0, N::Waiting).data(N::RawRole).toLongLong(), qint64(4));
        QCOMPARE(now.index(1, N::Due).data(N::RawRole).toLongLong(), qint64(3));
        QVERIFY(now.index(0, N::OldestWaiting).data(N::RawRole).toDateTime().isValid());
        QVERIFY(!now.index(0, N::Stuck).data(N::AlertRole).toBool());
        now.setFigures(s.now.mid(1), s.serverNow);
        QCOMPARE(now.rowCount(), 1);
        now.setFigures({}, {});
        QCOMPARE(now.rowCount(), 0);
    }

    // Not a timed test: with INBOX_BENCH_DB set to a connection string of a filled database
    // (inbox-sim --bulk), measures from the request to the figures being in the model.
    void benchmarkOnAFilledDatabase()
    {
        const QString conninfo = qEnvironmentVariable("INBOX_BENCH_DB");
        if (conninfo.isEmpty())
            QSKIP("set INBOX_BENCH_DB to a filled database to measure the overview");
        inbox::ConsoleContext context;
        OverviewModel model(&context);
        model.setMinimumInterval(0);
        QSignalSpy updated(&model, &OverviewModel::updated);
        QSignalSpy failed(&model, &OverviewModel::failed);
        inbox::ConnectOptions o;
        o.conninfo = conninfo;
        QElapsedTimer timer;
        timer.start();
        context.setConnected(o, inbox::ServerInfo());
        QVERIFY(updated.wait(30000));
        const qint64 first = timer.nsecsElapsed() / 1000;
        QVector<qint64> us;
        for (int i = 0; i < 50; ++i) {
            timer.start();
            model.refresh();
            QVERIFY(updated.wait(30000));
            us << timer.nsecsElapsed() / 1000;
        }
        QVERIFY(failed.isEmpty());
        std::sort(us.begin(), us.end());
        qint64 events = 0;
        for (const inbox::NowFigures &n : model.snapshot().now)
            events += n.waiting + n.processing + n.failed;
        qInfo("overview, request to model: first (new connection) %lld us; then median %lld us, "
              "p90 %lld us, max %lld us over %lld reads; worker-side batch %lld us; %d sources",
              first, us.at(us.size() / 2), us.at(us.size() * 9 / 10), us.last(), qint64(us.size()),
              model.snapshot().elapsedUs, int(model.snapshot().sources().size()));
    }

    void cleanupTestCase() { m_db.stop(); }
};

QTEST_GUILESS_MAIN(TestOverviewModel)
#include "tst_overviewmodel.moc"
