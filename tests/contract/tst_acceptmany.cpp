// inbox.accept_many against a real PostgreSQL: one call gives every delivery exactly the outcome
// that inbox.accept for each in order would give (new, duplicate, conflict, rearmed; repeats
// and conflicts of one key inside the batch), with the same events, journal and counters;
// argument checks that name the bad delivery and write nothing; and two batches that share
// keys in opposite orders, again and again at the same moment, never deadlock.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QtTest>

#include <atomic>

using namespace contract;

namespace {

struct Delivery
{
    QString externalId;
    QByteArray body;
    QString kind = {};        // empty: NULL
    QString contentType = {}; // empty: the default
    QString occurredAt = {};  // empty: NULL
};

QString arrayLiteral(const QStringList &items, bool nullWhenEmpty = false)
{
    QStringList quoted;
    for (const QString &item : items) {
        if (nullWhenEmpty && item.isEmpty()) {
            quoted << QStringLiteral("NULL");
            continue;
        }
        QString v = item;
        v.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
            .replace(QLatin1Char('"'), QLatin1String("\\\""));
        quoted << QLatin1Char('"') + v + QLatin1Char('"');
    }
    return QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}');
}

QString byteaArray(const QList<QByteArray> &bodies)
{
    QStringList hex;
    for (const QByteArray &b : bodies)
        hex << QStringLiteral("\\x") + QString::fromLatin1(b.toHex());
    return arrayLiteral(hex);
}

// accept_many over the deliveries of one source: "outcome" per delivery, in order, or an
// "!ERROR" text.
QStringList acceptMany(PgSession &s, const QString &source, const QVector<Delivery> &batch,
                       QVector<qint64> *ids = nullptr)
{
    QStringList sources, keys, kinds, types, times;
    QList<QByteArray> bodies;
    for (const Delivery &d : batch) {
        sources << source;
        keys << d.externalId;
        bodies << d.body;
        kinds << d.kind;
        types << (d.contentType.isEmpty() ? QStringLiteral("application/json") : d.contentType);
        times << d.occurredAt;
    }
    const PgResult r = s.exec(
        QStringLiteral("SELECT ord, event_id, outcome FROM inbox.accept_many($1::text[], "
                       "$2::text[], $3::bytea[], $4::text[], $5::timestamptz[], $6::text[])"),
        {arrayLiteral(sources), arrayLiteral(keys), byteaArray(bodies), arrayLiteral(types),
         arrayLiteral(times, true), arrayLiteral(kinds, true)});
    if (!r.ok)
        return {QStringLiteral("!ERROR %1 %2").arg(r.sqlstate, r.message)};
    QStringList out;
    for (int i = 0; i < r.rows(); ++i) {
        if (r.value(i, 0).toInt() != i + 1)
            return {QStringLiteral("!ORDER row %1 has ord %2").arg(i).arg(r.value(i, 0))};
        out << r.value(i, 2);
        if (ids)
            ids->append(r.value(i, 1).toLongLong());
    }
    return out;
}

QStringList acceptOneByOne(PgSession &s, const QString &source, const QVector<Delivery> &batch)
{
    QStringList out;
    for (const Delivery &d : batch) {
        const PgResult r =
            s.exec(QStringLiteral("SELECT outcome FROM inbox.accept($1, $2, $3, $4, "
                                  "$5::timestamptz, $6::text)"),
                   {source, d.externalId, d.body,
                    d.contentType.isEmpty() ? QStringLiteral("application/json") : d.contentType,
                    d.occurredAt.isEmpty() ? QVariant() : QVariant(d.occurredAt),
                    d.kind.isEmpty() ? QVariant() : QVariant(d.kind)});
        out << (r.ok ? r.value(0, 0) : QStringLiteral("!ERROR %1 %2").arg(r.sqlstate, r.message));
    }
    return out;
}

// What a source holds, without ids: its events, their journal and conflict bodies in order,
// and its counters.
QString stateOf(PgSession &su, const QString &source)
{
    return one(
        su,
        QStringLiteral("SELECT concat_ws(E'\\n', "
                       " (SELECT string_agg(concat_ws('|', e.external_id, e.status, e.deliveries,"
                       "   e.needs_review, e.fingerprint, encode(e.body, 'hex'), e.kind,"
                       "   e.content_type, CASE WHEN e.occurred_at = e.received_at THEN 'now'"
                       "   ELSE e.occurred_at::text END,"
                       "   e.attempts, e.last_error, e.error_retryable,"
                       "   (SELECT string_agg(j.entry || (j.detail - 'conflict_body_id')::text, ';'"
                       "            ORDER BY j.id) FROM inbox.journal j WHERE j.event_id = e.id),"
                       "   (SELECT string_agg(c.fingerprint || c.content_type, ';' ORDER BY c.id)"
                       "      FROM inbox.conflict_bodies c WHERE c.event_id = e.id)),"
                       "   E'\\n' ORDER BY e.external_id) FROM inbox.events e WHERE e.source = $1),"
                       " (SELECT string_agg(status || '=' || n, ',' ORDER BY status) FROM"
                       "   (SELECT status, sum(n) AS n FROM inbox.status_counts WHERE source = $1"
                       "     GROUP BY status) c),"
                       " (SELECT concat_ws('/', sum(received), sum(repeats), sum(conflicts))"
                       "    FROM inbox.daily_stats WHERE source = $1))"),
        {source});
}

} // namespace

class TestAcceptMany : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestAcceptMany()
        : DatabaseTestCase{{"m_ingest", {"inbox_ingest"}}, {"m_worker", {"inbox_worker"}}}
    {}

private:
    // The same history for a source: a known key, and a key whose event failed retryably.
    static void prepare(PgSession &su, PgSession &in, const QString &source)
    {
        QCOMPARE(acceptOneByOne(in, source,
                                {{QStringLiteral("known"), QByteArray("{\"v\":1}")},
                                 {QStringLiteral("failed"), QByteArray("{\"v\":2}")}}),
                 QStringList({QStringLiteral("new"), QStringLiteral("new")}));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET status = 'failed', "
                                           "attempts = 6, last_error = 'boom', "
                                           "error_retryable = true "
                                           "WHERE source = $1 AND external_id = 'failed'"),
                            {source}));
    }

private slots:
    void sameOutcomesAndStateAsSingleAccepts()
    {
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("m_ingest")));
        prepare(su, in, QStringLiteral("one"));
        prepare(su, in, QStringLiteral("many"));

        const QByteArray a("{\"a\":1}"), a2("{\"a\":2}"), a3("{\"a\":3}");
        const QVector<Delivery> batch = {
            {QStringLiteral("k-b"), QByteArray("{\"b\":1}"), QStringLiteral("order.created"),
             QStringLiteral("text/plain"), QStringLiteral("2026-01-02 03:04:05+00")},
            {QStringLiteral("k-a"), a},
            {QStringLiteral("known"), QByteArray("{\"v\":1}")},
            {QStringLiteral("k-a"), a},
            {QStringLiteral("failed"), QByteArray("{\"v\":2}")},
            {QStringLiteral("k-a"), a2},
            {QStringLiteral("failed"), QByteArray("{\"v\":2}")},
            {QStringLiteral("known"), QByteArray("{\"v\":9}")},
            {QStringLiteral("k-a"), a2},
            {QStringLiteral("k-a"), a3},
            {QStringLiteral("known"), QByteArray("{\"v\":9}")},
            {QStringLiteral("k-c"), QByteArray("")}, // an empty body
        };
        const QStringList expected = {
            QStringLiteral("new"),       QStringLiteral("new"),      QStringLiteral("duplicate"),
            QStringLiteral("duplicate"), QStringLiteral("rearmed"),  QStringLiteral("conflict"),
            QStringLiteral("duplicate"), QStringLiteral("conflict"), QStringLiteral("conflict"),
            QStringLiteral("conflict"),  QStringLiteral("conflict"), QStringLiteral("new")};
        QCOMPARE(acceptOneByOne(in, QStringLiteral("one"), batch), expected);
        QVector<qint64> ids;
        QCOMPARE(acceptMany(in, QStringLiteral("many"), batch, &ids), expected);

        // Same events, journal, conflict bodies and counters, source by source.
        const QString single = stateOf(su, QStringLiteral("one"));
        QVERIFY2(single.contains(QLatin1String("k-a|received|5|key conflict")), qPrintable(single));
        QCOMPARE(stateOf(su, QStringLiteral("many")), single);

        // One event per key, and the new keys' ids follow the order of their deliveries.
        QCOMPARE(ids.at(1), ids.at(3));
        QCOMPARE(ids.at(1), ids.at(9));
        QVERIFY(ids.at(0) < ids.at(1));
        QVERIFY(ids.at(1) < ids.at(11));
    }

    // 0020 answers the plain duplicates of known keys in one statement: the same outcomes,
    // journal details (delivery number, the status the event is in) and counters as accept,
    // for events in every status, beside the keys that still go through accept (a conflict, a
    // rearm) and a key whose first delivery is in the same batch.
    void knownKeysInEveryStatusMatchSingleAccepts()
    {
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("m_ingest")));
        const QByteArray body("{\"s\":1}");
        for (const QString &source : {QStringLiteral("one"), QStringLiteral("many")}) {
            QCOMPARE(acceptOneByOne(in, source,
                                    {{QStringLiteral("done"), body},
                                     {QStringLiteral("busy"), body},
                                     {QStringLiteral("dead"), body},
                                     {QStringLiteral("retry"), body},
                                     {QStringLiteral("wait"), body}}),
                     QStringList(5, QStringLiteral("new")));
            QVERIFY_SQL(su.exec(
                QStringLiteral(
                    "UPDATE inbox.events SET status = CASE external_id"
                    "  WHEN 'done' THEN 'done' WHEN 'busy' THEN 'processing'"
                    "  ELSE 'failed' END,"
                    " locked_by = CASE external_id WHEN 'busy' THEN 'w' END,"
                    " locked_at = CASE external_id WHEN 'busy' THEN now() END,"
                    " error_retryable = CASE external_id WHEN 'dead' THEN false"
                    "  WHEN 'retry' THEN true END,"
                    " last_error = CASE WHEN external_id IN ('dead', 'retry') THEN 'boom' END"
                    " WHERE source = $1 AND external_id <> 'wait'"),
                {source}));
        }
        const QVector<Delivery> batch = {
            {QStringLiteral("wait"), body},  {QStringLiteral("done"), body},
            {QStringLiteral("busy"), body},  {QStringLiteral("dead"), body},
            {QStringLiteral("retry"), body}, {QStringLiteral("done"), body},
            {QStringLiteral("fresh"), body}, {QStringLiteral("retry"), body},
            {QStringLiteral("fresh"), body}, {QStringLiteral("busy"), QByteArray("other")},
            {QStringLiteral("busy"), body},  {QStringLiteral("wait"), body},
        };
        const QStringList expected = {
            QStringLiteral("duplicate"), QStringLiteral("duplicate"), QStringLiteral("duplicate"),
            QStringLiteral("duplicate"), QStringLiteral("rearmed"),   QStringLiteral("duplicate"),
            QStringLiteral("new"),       QStringLiteral("duplicate"), QStringLiteral("duplicate"),
            QStringLiteral("conflict"),  QStringLiteral("duplicate"), QStringLiteral("duplicate")};
        QCOMPARE(acceptOneByOne(in, QStringLiteral("one"), batch), expected);
        QVector<qint64> ids;
        QCOMPARE(acceptMany(in, QStringLiteral("many"), batch, &ids), expected);
        QCOMPARE(ids.at(0), ids.at(11));
        QCOMPARE(ids.at(6), ids.at(8));

        const QString single = stateOf(su, QStringLiteral("one"));
        QVERIFY2(single.contains(QLatin1String("duplicate{\"status\": \"done\", \"delivery\": 2};"
                                               "duplicate{\"status\": \"done\", \"delivery\": 3}")),
                 qPrintable(single));
        QVERIFY2(single.contains(QLatin1String("duplicate{\"status\": \"failed\", "
                                               "\"delivery\": 2}")),
                 qPrintable(single));
        QCOMPARE(stateOf(su, QStringLiteral("many")), single);
        // A repeat leaves the worker's lock alone.
        QCOMPARE(one(su, QStringLiteral("SELECT locked_by FROM inbox.events"
                                        " WHERE source = 'many' AND external_id = 'busy'")),
                 QStringLiteral("w"));
    }

    void repeatsOfOneKeyInsideOneBatch()
    {
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("m_ingest")));
        const QByteArray body("{\"r\":1}");
        QVector<qint64> ids;
        QCOMPARE(acceptMany(in, QStringLiteral("shop"),
                            {{QStringLiteral("r"), body},
                             {QStringLiteral("r"), body},
                             {QStringLiteral("r"), body}},
                            &ids),
                 QStringList({QStringLiteral("new"), QStringLiteral("duplicate"),
                              QStringLiteral("duplicate")}));
        QCOMPARE(ids.at(0), ids.at(2));
        QCOMPARE(one(su, QStringLiteral("SELECT deliveries || '/' || "
                                        "(SELECT string_agg(entry || coalesce(detail->>'delivery',"
                                        " ''), ',' ORDER BY id) FROM inbox.journal "
                                        " WHERE event_id = e.id) FROM inbox.events e")),
                 QStringLiteral("3/received,duplicate2,duplicate3"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT sum(received) * 10 + sum(repeats) "
                                           "FROM inbox.daily_stats")),
                 12);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT sum(n) FROM inbox.status_counts "
                                           "WHERE status = 'received'")),
                 1);
    }

    void conflictsInsideOneBatch()
    {
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("m_ingest")));
        QCOMPARE(acceptMany(in, QStringLiteral("shop"),
                            {{QStringLiteral("c"), QByteArray("one")},
                             {QStringLiteral("c"), QByteArray("two")},
                             {QStringLiteral("c"), QByteArray("two")},
                             {QStringLiteral("c"), QByteArray("three")}}),
                 QStringList({QStringLiteral("new"), QStringLiteral("conflict"),
                              QStringLiteral("conflict"), QStringLiteral("conflict")}));
        // The first body is the event's, the other two are kept once each.
        QCOMPARE(one(su, QStringLiteral("SELECT convert_from(body, 'UTF8') || '/' || needs_review"
                                        " || '/' || (SELECT string_agg(convert_from(c.body, "
                                        "'UTF8'), ',' ORDER BY c.id) FROM inbox.conflict_bodies c)"
                                        " FROM inbox.events")),
                 QStringLiteral("one/key conflict/two,three"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(DISTINCT detail->>'conflict_body_id') "
                                           "FROM inbox.journal WHERE entry = 'conflict'")),
                 2);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT sum(conflicts) FROM inbox.daily_stats")), 3);
    }

    void badArgumentsWriteNothing_data()
    {
        QTest::addColumn<QString>("call");
        QTest::addColumn<QString>("sqlstate");
        QTest::addColumn<QString>("message");
        QTest::newRow("null sources") << "inbox.accept_many(NULL, '{a}', '{\\\\x00}')"
                                      << "22004"
                                      << "p_sources must not be NULL";
        QTest::newRow("lengths differ") << "inbox.accept_many('{s,s}', '{a}', '{\\\\x00}')"
                                        << "22023"
                                        << "the arrays must have the same length (p_sources has 2)";
        QTest::newRow("null element")
            << "inbox.accept_many('{s,s}', '{a,NULL}', '{\\\\x00,\\\\x01}')"
            << "22004"
            << "p_external_ids[2] must not be NULL";
        QTest::newRow("control character")
            << "inbox.accept_many(ARRAY['s', 's' || chr(1)], '{a,b}', '{\\\\x00,\\\\x01}')"
            << "22023"
            << "p_sources[2] must be 1..64 characters without control characters";
        QTest::newRow("empty source")
            << "inbox.accept_many('{s,\"\"}', '{a,b}', '{\\\\x00,\\\\x01}')"
            << "22023"
            << "p_sources[2] must be 1..64 characters without control characters";
        QTest::newRow("infinite time")
            << "inbox.accept_many('{s}', '{a}', '{\\\\x00}', NULL, '{infinity}')"
            << "22023"
            << "p_occurred_ats[1] must be a finite time";
        QTest::newRow("too many")
            << "inbox.accept_many(array_fill('s'::text, ARRAY[1001]), "
               "array_fill('a'::text, ARRAY[1001]), array_fill('\\x00'::bytea, ARRAY[1001]))"
            << "22023"
            << "at most 1000 deliveries per call, got 1001";
    }

    void badArgumentsWriteNothing()
    {
        QFETCH(QString, call);
        QFETCH(QString, sqlstate);
        QFETCH(QString, message);
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("m_ingest")));
        // The first delivery of each call is valid: nothing of it may be written either.
        const PgResult r = in.exec(QStringLiteral("SELECT * FROM ") + call);
        QVERIFY(!r.ok);
        QCOMPARE(r.sqlstate, sqlstate);
        QVERIFY2(r.message.contains(QLatin1String("ERROR:  ") + message + QLatin1Char('\n')),
                 qPrintable(r.message));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT (SELECT count(*) FROM inbox.events) + "
                                           "(SELECT count(*) FROM inbox.journal) + "
                                           "(SELECT count(*) FROM inbox.daily_stats)")),
                 0);
    }

    void emptyBatchGivesNothing()
    {
        PgSession in(m_db.conninfo(QStringLiteral("m_ingest")));
        const PgResult r =
            in.exec(QStringLiteral("SELECT * FROM inbox.accept_many('{}', '{}', '{}')"));
        QVERIFY2(r.ok, qPrintable(r.message));
        QCOMPARE(r.rows(), 0);
    }

    void onlyTheIngestRoleMayCall()
    {
        PgSession worker(m_db.conninfo(QStringLiteral("m_worker")));
        const PgResult r = worker.exec(
            QStringLiteral("SELECT * FROM inbox.accept_many('{s}', '{a}', '{\\\\x00}')"));
        QVERIFY(!r.ok);
        QCOMPARE(r.sqlstate, QStringLiteral("42501"));
    }

    // Two receivers store the same keys at the same moment, one in ascending and one in
    // descending order, half of them known already: each call locks its rows in one order, so
    // neither is ever aborted; every key is one event and every delivery counted.
    void concurrentBatchesSharingKeysInOppositeOrder()
    {
        PgSession su(m_db.conninfo());
        PgSession in1(m_db.conninfo(QStringLiteral("m_ingest")));
        PgSession in2(m_db.conninfo(QStringLiteral("m_ingest")));
        constexpr int kRounds = 15;
        constexpr int kKeys = 120;
        QStringList errors;
        qint64 news = 0;
        for (int round = 0; round < kRounds; ++round) {
            QVector<Delivery> up;
            for (int k = 0; k < kKeys; ++k) {
                // Even keys were accepted before this round, odd ones are new.
                const QString key = QStringLiteral("r%1-k%2").arg(k % 2 ? round : 0).arg(k);
                up.append({key, QByteArray("{\"k\":") + QByteArray::number(k) + '}'});
            }
            QVector<Delivery> down(up.crbegin(), up.crend());
            QStringList out1, out2;
            runTogether({[&] { out1 = acceptMany(in1, QStringLiteral("shop"), up); },
                         [&] {
                             out2 = acceptMany(in2, QStringLiteral("shop"), down);
                         }});
            for (const QStringList *out : {&out1, &out2}) {
                if (out->size() != kKeys)
                    errors << out->join(QLatin1Char(' '));
                news += out->count(QStringLiteral("new"));
            }
        }
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1String("; "))));
        // Round 0 made every key; later rounds the odd ones: one 'new' each, whoever won.
        const qint64 keys = kKeys + qint64(kRounds - 1) * (kKeys / 2);
        QCOMPARE(news, keys);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), keys);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT sum(deliveries) FROM inbox.events")),
                 qint64(2 * kRounds * kKeys));
        QCOMPARE(one(su, QStringLiteral("SELECT sum(received) || '/' || sum(repeats) "
                                        "FROM inbox.daily_stats")),
                 QStringLiteral("%1/%2").arg(keys).arg(2 * kRounds * kKeys - keys));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT sum(n) FROM inbox.status_counts")), keys);
    }
};

QTEST_GUILESS_MAIN(TestAcceptMany)
#include "tst_acceptmany.moc"
