// inbox.count_refusals and inbox.refusals (0019) against a real PostgreSQL: the argument checks
// (22004/22023, nothing written), the counts adding up per UTC day, source and reason with the
// last status, the rows of old days removed, the privileges (ingest calls it and reads
// nothing; support reads; nobody writes the table), and two receivers flushing the same keys
// in opposite orders at the same moment, round after round, without a deadlock.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QtTest>

using namespace contract;

namespace {

const QString kCall =
    QStringLiteral("SELECT inbox.count_refusals($1::text[], $2::text[], $3::int[], $4::int[])");

struct Entry
{
    QString source;
    QString reason;
    int count;
    int status;
};

QString textArray(const QStringList &items)
{
    QStringList quoted;
    for (QString v : items) {
        v.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
            .replace(QLatin1Char('"'), QLatin1String("\\\""));
        quoted << QLatin1Char('"') + v + QLatin1Char('"');
    }
    return QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}');
}

PgResult countRefusals(PgSession &s, const QVector<Entry> &entries)
{
    QStringList sources, reasons, counts, statuses;
    for (const Entry &e : entries) {
        sources << e.source;
        reasons << e.reason;
        counts << QString::number(e.count);
        statuses << QString::number(e.status);
    }
    return s.exec(kCall, {textArray(sources), textArray(reasons),
                          QLatin1Char('{') + counts.join(QLatin1Char(',')) + QLatin1Char('}'),
                          QLatin1Char('{') + statuses.join(QLatin1Char(',')) + QLatin1Char('}')});
}

// Today's rows as "source/reason=n@status", in key order.
QString today(PgSession &su)
{
    return one(su, QStringLiteral("SELECT coalesce(string_agg(source || '/' || reason || '=' || n "
                                  "|| '@' || last_status, ' ' ORDER BY source, reason), '') "
                                  "FROM inbox.refusals "
                                  "WHERE day = (now() AT TIME ZONE 'UTC')::date"));
}

} // namespace

class TestRefusals : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestRefusals()
        : DatabaseTestCase{{"r_ingest", {"inbox_ingest"}},
                           {"r_support", {"inbox_support"}},
                           {"r_worker", {"inbox_worker"}},
                           {"r_manager", {"inbox_manager"}}}
    {}

private slots:
    void countsAddUpPerDaySourceAndReason()
    {
        PgSession in(m_db.conninfo(QStringLiteral("r_ingest")));
        PgSession &su = m_db.su();
        PgResult r = countRefusals(
            in, {{QStringLiteral("shop"), QStringLiteral("bad_signature"), 3, 401},
                 {QStringLiteral("(unknown path)"), QStringLiteral("unknown_path"), 7, 404},
                 {QStringLiteral("shop"), QStringLiteral("body_limit"), 1, 413}});
        QVERIFY2(r.ok, qPrintable(r.message));
        QCOMPARE(r.value(0, 0), QStringLiteral("11"));
        QCOMPARE(today(su), QStringLiteral("(unknown path)/unknown_path=7@404 "
                                           "shop/bad_signature=3@401 shop/body_limit=1@413"));
        const QString firstAt = one(su, QStringLiteral("SELECT first_at FROM inbox.refusals "
                                                       "WHERE reason = 'bad_signature'"));

        // The same key twice in one call, and again in a later call: one row, the sum, the
        // status of the last one, first_at kept.
        r = countRefusals(in, {{QStringLiteral("shop"), QStringLiteral("bad_signature"), 2, 401},
                               {QStringLiteral("shop"), QStringLiteral("bad_signature"), 5, 403}});
        QVERIFY2(r.ok, qPrintable(r.message));
        QCOMPARE(r.value(0, 0), QStringLiteral("7"));
        QCOMPARE(today(su), QStringLiteral("(unknown path)/unknown_path=7@404 "
                                           "shop/bad_signature=10@403 shop/body_limit=1@413"));
        QCOMPARE(one(su, QStringLiteral("SELECT first_at FROM inbox.refusals "
                                        "WHERE reason = 'bad_signature'")),
                 firstAt);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.refusals "
                                           "WHERE last_at < first_at")),
                 0);

        // An empty batch writes nothing and answers 0.
        r = in.exec(kCall, {QStringLiteral("{}"), QStringLiteral("{}"), QStringLiteral("{}"),
                            QStringLiteral("{}")});
        QVERIFY2(r.ok, qPrintable(r.message));
        QCOMPARE(r.value(0, 0), QStringLiteral("0"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.refusals")), 3);
    }

    void rowsOfOldDaysAreRemoved()
    {
        PgSession in(m_db.conninfo(QStringLiteral("r_ingest")));
        PgSession &su = m_db.su();
        QVERIFY2(countRefusals(in, {{QStringLiteral("shop"), QStringLiteral("no_key"), 1, 400}}).ok,
                 "first call");
        // Move the row back in time: 90 days back stays, 91 goes with the next call.
        QVERIFY(su.exec(QStringLiteral("INSERT INTO inbox.refusals SELECT day - d, source, "
                                       "reason, n, first_at, last_at, last_status FROM "
                                       "inbox.refusals, (VALUES (90), (91), (400)) v(d)"))
                    .ok);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.refusals")), 4);
        QVERIFY(countRefusals(in, {{QStringLiteral("shop"), QStringLiteral("no_key"), 1, 400}}).ok);
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(((now() AT TIME ZONE 'UTC')::date - "
                                        "day)::text, ',' ORDER BY day DESC) FROM inbox.refusals")),
                 QStringLiteral("0,90"));
    }

    void badArgumentsWriteNothing_data()
    {
        QTest::addColumn<QString>("sources");
        QTest::addColumn<QString>("reasons");
        QTest::addColumn<QString>("counts");
        QTest::addColumn<QString>("statuses");
        QTest::addColumn<QString>("sqlstate");
        QTest::addColumn<QString>("message");
        const QString null;
        QTest::newRow("null sources") << null << "{a}"
                                      << "{1}"
                                      << "{400}"
                                      << "22004"
                                      << "p_sources must not be NULL";
        QTest::newRow("null statuses") << "{s}"
                                       << "{a}"
                                       << "{1}" << null << "22004"
                                       << "p_statuses must not be NULL";
        QTest::newRow("lengths") << "{s,t}"
                                 << "{a}"
                                 << "{1,1}"
                                 << "{400,400}"
                                 << "22023"
                                 << "the arrays must have the same length (p_sources has 2)";
        QTest::newRow("two dimensions") << "{{s}}"
                                        << "{a}"
                                        << "{1}"
                                        << "{400}"
                                        << "22023"
                                        << "the arrays must have the same length";
        QTest::newRow("null element") << "{s,t}"
                                      << "{a,NULL}"
                                      << "{1,1}"
                                      << "{400,400}"
                                      << "22004"
                                      << "p_reasons[2] must not be NULL";
        QTest::newRow("empty source") << "{s,\"\"}"
                                      << "{a,a}"
                                      << "{1,1}"
                                      << "{400,400}"
                                      << "22023"
                                      << "p_sources[2] must be 1..64 characters";
        QTest::newRow("long source")
            << QStringLiteral("{%1}").arg(QString(65, QLatin1Char('x'))) << "{a}"
            << "{1}"
            << "{400}"
            << "22023"
            << "p_sources[1] must be 1..64 characters";
        QTest::newRow("control in source") << "{\"a\tb\"}"
                                           << "{a}"
                                           << "{1}"
                                           << "{400}"
                                           << "22023"
                                           << "p_sources[1] must be 1..64";
        QTest::newRow("reason with a path") << "{s}"
                                            << "{/admin/login.php}"
                                            << "{1}"
                                            << "{404}"
                                            << "22023"
                                            << "p_reasons[1] must be 1..32 of a-z";
        QTest::newRow("reason too long")
            << "{s}" << QStringLiteral("{%1}").arg(QString(33, QLatin1Char('a'))) << "{1}"
            << "{400}"
            << "22023"
            << "p_reasons[1]";
        QTest::newRow("reason upper case") << "{s}"
                                           << "{Bad}"
                                           << "{1}"
                                           << "{400}"
                                           << "22023"
                                           << "p_reasons[1]";
        QTest::newRow("zero count") << "{s}"
                                    << "{a}"
                                    << "{0}"
                                    << "{400}"
                                    << "22023"
                                    << "p_counts[1] must be between 1 and 1000000, got 0";
        QTest::newRow("negative count") << "{s}"
                                        << "{a}"
                                        << "{-5}"
                                        << "{400}"
                                        << "22023"
                                        << "p_counts[1] must be between 1 and 1000000";
        QTest::newRow("status") << "{s}"
                                << "{a}"
                                << "{1}"
                                << "{99}"
                                << "22023"
                                << "p_statuses[1] must be an HTTP status 100..599, got 99";
        QString many = QStringLiteral("{");
        QString ones = QStringLiteral("{");
        QString st = QStringLiteral("{");
        for (int i = 0; i < 1001; ++i) {
            const QString sep = i ? QStringLiteral(",") : QString();
            many += sep + QStringLiteral("s");
            ones += sep + QStringLiteral("1");
            st += sep + QStringLiteral("400");
        }
        QTest::newRow("too many") << many + QLatin1Char('}')
                                  << QString(many).replace(QLatin1Char('s'), QLatin1Char('a')) +
                                         QLatin1Char('}')
                                  << ones + QLatin1Char('}') << st + QLatin1Char('}') << "22023"
                                  << "at most 1000 entries per call, got 1001";
    }

    void badArgumentsWriteNothing()
    {
        QFETCH(QString, sources);
        QFETCH(QString, reasons);
        QFETCH(QString, counts);
        QFETCH(QString, statuses);
        QFETCH(QString, sqlstate);
        QFETCH(QString, message);
        PgSession in(m_db.conninfo(QStringLiteral("r_ingest")));
        const auto arg = [](const QString &a) {
            return a.isNull() ? QVariant() : QVariant(a);
        };
        const PgResult r = in.exec(kCall, {arg(sources), arg(reasons), arg(counts), arg(statuses)});
        QVERIFY2(!r.ok, "the call was accepted");
        QCOMPARE(r.sqlstate, sqlstate);
        const QString &want = message;
        QVERIFY2(r.message.contains(want), qPrintable(r.message));
        QCOMPARE(oneInt(m_db.su(), QStringLiteral("SELECT count(*) FROM inbox.refusals")), 0);
    }

    void privileges()
    {
        PgSession in(m_db.conninfo(QStringLiteral("r_ingest")));
        PgSession support(m_db.conninfo(QStringLiteral("r_support")));
        PgSession worker(m_db.conninfo(QStringLiteral("r_worker")));
        PgSession manager(m_db.conninfo(QStringLiteral("r_manager")));
        QVERIFY(countRefusals(in, {{QStringLiteral("shop"), QStringLiteral("no_key"), 2, 400}}).ok);

        // The receiver's login reads nothing, not even what it wrote.
        PgResult r = in.exec(QStringLiteral("SELECT count(*) FROM inbox.refusals"));
        QVERIFY(!r.ok);
        QCOMPARE(r.sqlstate, QStringLiteral("42501"));

        // Support and above read.
        for (PgSession *s : {&support, &manager}) {
            r = s->exec(QStringLiteral("SELECT sum(n) FROM inbox.refusals"));
            QVERIFY2(r.ok, qPrintable(r.message));
            QCOMPARE(r.value(0, 0), QStringLiteral("2"));
        }

        // Only ingest counts: a worker or a person cannot.
        for (PgSession *s : {&worker, &support, &manager}) {
            r = countRefusals(*s, {{QStringLiteral("shop"), QStringLiteral("no_key"), 1, 400}});
            QVERIFY(!r.ok);
            QCOMPARE(r.sqlstate, QStringLiteral("42501"));
        }

        // Nobody writes the table directly.
        const QStringList writes = {
            QStringLiteral("INSERT INTO inbox.refusals VALUES (current_date, 'shop', 'no_key', "
                           "1, now(), now(), 400)"),
            QStringLiteral("UPDATE inbox.refusals SET n = 1"),
            QStringLiteral("DELETE FROM inbox.refusals"),
            QStringLiteral("TRUNCATE inbox.refusals"),
        };
        for (PgSession *s : {&in, &worker, &support, &manager}) {
            for (const QString &sql : writes) {
                r = s->exec(sql);
                QVERIFY2(!r.ok, qPrintable(sql));
                QCOMPARE(r.sqlstate, QStringLiteral("42501"));
            }
        }
        QCOMPARE(oneInt(m_db.su(), QStringLiteral("SELECT sum(n) FROM inbox.refusals")), 2);
    }

    void twoReceiversFlushingOppositeOrdersNeverDeadlock()
    {
        PgSession in1(m_db.conninfo(QStringLiteral("r_ingest")));
        PgSession in2(m_db.conninfo(QStringLiteral("r_ingest")));
        constexpr int kRounds = 30;
        QVector<Entry> up;
        const QStringList reasons = {QStringLiteral("bad_signature"), QStringLiteral("body_limit"),
                                     QStringLiteral("network"), QStringLiteral("no_key"),
                                     QStringLiteral("unknown_path")};
        for (int s = 0; s < 20; ++s) {
            for (const QString &reason : reasons)
                up.append(
                    {QStringLiteral("src%1").arg(s, 2, 10, QLatin1Char('0')), reason, 1, 400});
        }
        const QVector<Entry> down(up.crbegin(), up.crend());
        QStringList errors;
        for (int round = 0; round < kRounds; ++round) {
            PgResult r1, r2;
            // Each in a transaction that holds its row locks a moment longer, so the two
            // really overlap.
            runTogether({[&] {
                             in1.exec(QStringLiteral("BEGIN"));
                             r1 = countRefusals(in1, up);
                             in1.exec(QStringLiteral("SELECT pg_sleep(0.002)"));
                             in1.exec(QStringLiteral("COMMIT"));
                         },
                         [&] {
                             in2.exec(QStringLiteral("BEGIN"));
                             r2 = countRefusals(in2, down);
                             in2.exec(QStringLiteral("SELECT pg_sleep(0.002)"));
                             in2.exec(QStringLiteral("COMMIT"));
                         }});
            for (const PgResult *r : {&r1, &r2}) {
                if (!r->ok)
                    errors << r->sqlstate + QLatin1Char(' ') + r->message;
            }
        }
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1String("; "))));
        PgSession &su = m_db.su();
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.refusals")),
                 qint64(up.size()));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT min(n) FROM inbox.refusals")), 2 * kRounds);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT max(n) FROM inbox.refusals")), 2 * kRounds);
    }
};

QTEST_GUILESS_MAIN(TestRefusals)
#include "tst_refusals.moc"
