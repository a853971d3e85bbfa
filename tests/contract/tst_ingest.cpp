// inbox.accept against a real PostgreSQL: the four outcomes (new, duplicate, rearmed,
// conflict), what each one stores and journals, argument checks that write nothing, and
// concurrent deliveries of the same keys from many sessions.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QCryptographicHash>
#include <QtTest>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <set>

using namespace contract;

namespace {

struct Accepted
{
    qint64 id = -1;
    QString outcome; // or "!ERROR <sqlstate> <message>"
};

Accepted accept(PgSession &s, const QString &source, const QString &externalId,
                const QByteArray &body, const QVariant &occurredAt = {},
                const QVariant &fingerprint = {}, const QVariant &kind = {})
{
    const PgResult r =
        s.exec(QStringLiteral("SELECT event_id, outcome FROM inbox.accept($1, $2, $3,"
                              " p_occurred_at => $4::timestamptz, p_kind => $5::text,"
                              " p_fingerprint => $6::text)"),
               {source, externalId, body, occurredAt, kind, fingerprint});
    Accepted a;
    if (!r.ok)
        a.outcome = QStringLiteral("!ERROR %1 %2").arg(r.sqlstate, r.message);
    else if (r.rows() != 1)
        a.outcome = QStringLiteral("!ROWS %1").arg(r.rows());
    else {
        a.id = r.value(0, 0).toLongLong();
        a.outcome = r.value(0, 1);
    }
    return a;
}

QString sha256Hex(const QByteArray &data)
{
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

// The lead's rule, computed independently of the database.
QString expectedKey(const QString &source, const QString &externalId)
{
    const QByteArray material = source.toUtf8() + '\x1f' + externalId.toUtf8();
    return source + QLatin1Char(':') + sha256Hex(material).left(32);
}

QString stats(PgSession &su, const QString &source)
{
    return one(su,
               QStringLiteral(
                   "SELECT coalesce(sum(received), 0) || '/' || coalesce(sum(repeats), 0) || '/'"
                   " || coalesce(sum(conflicts), 0) FROM inbox.daily_stats WHERE source = $1"),
               {source});
}

// Rows in every relation an ingest call may write.
QString footprint(PgSession &su)
{
    return one(su, QStringLiteral("SELECT (SELECT count(*) FROM inbox.events) || '/' ||"
                                  " (SELECT count(*) FROM inbox.journal) || '/' ||"
                                  " (SELECT count(*) FROM inbox.conflict_bodies) || '/' ||"
                                  " (SELECT coalesce(sum(received + repeats + conflicts), 0) FROM "
                                  "inbox.daily_stats) || '/' ||"
                                  " (SELECT coalesce(sum(n), 0) FROM inbox.status_counts) || '/' ||"
                                  " (SELECT coalesce(sum(deliveries), 0) FROM inbox.events)"));
}

} // namespace

class TestIngest : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestIngest() : DatabaseTestCase{{"receiver_one", {"inbox_ingest"}}} {}

private slots:
    void newEventIsStoredAsReceivedAndDue()
    {
        PgSession su(m_db.conninfo());
        QVERIFY2(su.ok(), qPrintable(su.error()));
        const QByteArray body("{\"order\":1,\"amount\":\"10.00\"}");
        const Accepted a =
            accept(su, QStringLiteral("shop"), QStringLiteral("order-1"), body,
                   QStringLiteral("2024-03-01 10:00:00+00"), {}, QStringLiteral("order.paid"));
        QCOMPARE(a.outcome, QStringLiteral("new"));
        QVERIFY(a.id > 0);

        const PgResult r = su.exec(
            QStringLiteral(
                "SELECT source, external_id, status, attempts, deliveries, kind, content_type,"
                " fingerprint, next_attempt_at <= now(), occurred_at = '2024-03-01 10:00:00+00',"
                " locked_by IS NULL, needs_review IS NULL, body, max_attempts"
                " FROM inbox.events WHERE id = $1"),
            {a.id});
        QVERIFY_SQL(r);
        QCOMPARE(r.rows(), 1);
        QCOMPARE(r.value(0, 0), QStringLiteral("shop"));
        QCOMPARE(r.value(0, 1), QStringLiteral("order-1"));
        QCOMPARE(r.value(0, 2), QStringLiteral("received"));
        QCOMPARE(r.value(0, 3), QStringLiteral("0"));
        QCOMPARE(r.value(0, 4), QStringLiteral("1"));
        QCOMPARE(r.value(0, 5), QStringLiteral("order.paid"));
        QCOMPARE(r.value(0, 6), QStringLiteral("application/json"));
        QCOMPARE(r.value(0, 7), sha256Hex(body));
        QCOMPARE(r.value(0, 8), QStringLiteral("t"));
        QCOMPARE(r.value(0, 9), QStringLiteral("t"));
        QCOMPARE(r.value(0, 10), QStringLiteral("t"));
        QCOMPARE(r.value(0, 11), QStringLiteral("t"));
        QCOMPARE(r.bytes(0, 12), body);
        QCOMPARE(r.value(0, 13), QStringLiteral("6"));

        QCOMPARE(journalEntries(su, a.id), QStringLiteral("received"));
        QCOMPARE(
            one(su, QStringLiteral("SELECT actor FROM inbox.journal WHERE event_id = $1"), {a.id}),
            QStringLiteral("postgres"));
        QCOMPARE(stats(su, QStringLiteral("shop")), QStringLiteral("1/0/0"));
        QCOMPARE(one(su, QStringLiteral("SELECT sum(n) FROM inbox.status_counts WHERE source = "
                                        "'shop' AND status = 'received'")),
                 QStringLiteral("1"));
        // The same external id from another source is another event.
        const Accepted other = accept(su, QStringLiteral("crm"), QStringLiteral("order-1"), body);
        QCOMPARE(other.outcome, QStringLiteral("new"));
        QVERIFY(other.id != a.id);
    }

    void occurredAtDefaultsToNow()
    {
        PgSession su(m_db.conninfo());
        const QString before = one(su, QStringLiteral("SELECT clock_timestamp()"));
        const Accepted a = accept(su, QStringLiteral("s"), QStringLiteral("x"), QByteArray("{}"));
        QCOMPARE(a.outcome, QStringLiteral("new"));
        QCOMPARE(
            one(su,
                QStringLiteral(
                    "SELECT occurred_at >= $2::timestamptz AND occurred_at <= clock_timestamp()"
                    " AND occurred_at = received_at FROM inbox.events WHERE id = $1"),
                {a.id, before}),
            QStringLiteral("t"));
    }

    void repeatIsDuplicateAndChangesNoState()
    {
        PgSession su(m_db.conninfo());
        const QByteArray body("{\"id\":42}");
        const Accepted first = accept(su, QStringLiteral("crm"), QStringLiteral("42"), body);
        QCOMPARE(first.outcome, QStringLiteral("new"));
        // A worker holds it; the repeat must not touch status, lock or attempts.
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT * FROM inbox.claim('w1')")));
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET last_delivery_at = last_delivery_at - interval '1 hour'")));
        const QString before = one(
            su,
            QStringLiteral("SELECT status || locked_by || attempts || locked_at || next_attempt_at"
                           " FROM inbox.events WHERE id = $1"),
            {first.id});

        const Accepted second = accept(su, QStringLiteral("crm"), QStringLiteral("42"), body);
        QCOMPARE(second.outcome, QStringLiteral("duplicate"));
        QCOMPARE(second.id, first.id);
        const Accepted third = accept(su, QStringLiteral("crm"), QStringLiteral("42"), body);
        QCOMPARE(third.outcome, QStringLiteral("duplicate"));

        QCOMPARE(one(su,
                     QStringLiteral(
                         "SELECT status || locked_by || attempts || locked_at || next_attempt_at"
                         " FROM inbox.events WHERE id = $1"),
                     {first.id}),
                 before);
        QCOMPARE(
            one(su,
                QStringLiteral(
                    "SELECT deliveries || '/' || (last_delivery_at > now() - interval '1 minute')"
                    " || '/' || (needs_review IS NULL) FROM inbox.events WHERE id = $1"),
                {first.id}),
            QStringLiteral("3/true/true"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), 1);
        QCOMPARE(journalEntries(su, first.id),
                 QStringLiteral("received,claimed,duplicate,duplicate"));
        QCOMPARE(stats(su, QStringLiteral("crm")), QStringLiteral("1/2/0"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.conflict_bodies")), 0);
    }

    void conflictKeepsBothBodiesByteForByte()
    {
        PgSession su(m_db.conninfo());
        const QByteArray first("\x00\x01first\x00body\xff\xfe", 14);
        const QByteArray second("\x00second\x00\x00\x80 body", 16);
        QCOMPARE(first.size(), 14);
        QCOMPARE(second.size(), 16);

        const Accepted a = accept(su, QStringLiteral("tg"), QStringLiteral("update-7"), first);
        QCOMPARE(a.outcome, QStringLiteral("new"));
        const Accepted b = accept(su, QStringLiteral("tg"), QStringLiteral("update-7"), second);
        QCOMPARE(b.outcome, QStringLiteral("conflict"));
        QCOMPARE(b.id, a.id);

        PgResult r =
            su.exec(QStringLiteral("SELECT body, needs_review, fingerprint, deliveries, status"
                                   " FROM inbox.events WHERE id = $1"),
                    {a.id});
        QVERIFY_SQL(r);
        QCOMPARE(r.bytes(0, 0), first);
        QCOMPARE(r.value(0, 1), QStringLiteral("key conflict"));
        QCOMPARE(r.value(0, 2), sha256Hex(first));
        QCOMPARE(r.value(0, 3), QStringLiteral("2"));
        QCOMPARE(r.value(0, 4), QStringLiteral("received"));

        r = su.exec(QStringLiteral("SELECT body, fingerprint, content_type FROM "
                                   "inbox.conflict_bodies WHERE event_id = $1"),
                    {a.id});
        QVERIFY_SQL(r);
        QCOMPARE(r.rows(), 1);
        QCOMPARE(r.bytes(0, 0), second);
        QCOMPARE(r.value(0, 1), sha256Hex(second));
        QCOMPARE(r.value(0, 2), QStringLiteral("application/json"));

        // The same conflicting body again: counted and journaled, its body stored once.
        QCOMPARE(accept(su, QStringLiteral("tg"), QStringLiteral("update-7"), second).outcome,
                 QStringLiteral("conflict"));
        // The original body again is still a plain duplicate.
        QCOMPARE(accept(su, QStringLiteral("tg"), QStringLiteral("update-7"), first).outcome,
                 QStringLiteral("duplicate"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.conflict_bodies")), 1);
        QCOMPARE(
            oneInt(su, QStringLiteral("SELECT deliveries FROM inbox.events WHERE id = $1"), {a.id}),
            4);
        QCOMPARE(journalEntries(su, a.id), QStringLiteral("received,conflict,conflict,duplicate"));
        QCOMPARE(one(su,
                     QStringLiteral(
                         "SELECT detail->>'fingerprint' FROM inbox.journal WHERE event_id = $1"
                         " AND entry = 'conflict' ORDER BY id LIMIT 1"),
                     {a.id}),
                 sha256Hex(second));
        QCOMPARE(stats(su, QStringLiteral("tg")), QStringLiteral("1/1/2"));
        QCOMPARE(one(su, QStringLiteral("SELECT body FROM inbox.events WHERE id = $1"), {a.id}),
                 QStringLiteral("\\x") + QString::fromLatin1(first.toHex()));
    }

    void fingerprintKeepsVolatileRepeatsDuplicate()
    {
        PgSession su(m_db.conninfo());
        const QByteArray first(
            "{\"payment\":\"p-9\",\"amount\":500,\"sent_at\":\"2024-05-01T10:00:00Z\"}");
        const QByteArray repeat(
            "{\"payment\":\"p-9\",\"amount\":500,\"sent_at\":\"2024-05-01T10:00:07Z\"}");
        const QByteArray changed(
            "{\"payment\":\"p-9\",\"amount\":900,\"sent_at\":\"2024-05-01T10:00:09Z\"}");
        const QString fpStable = QStringLiteral("p-9|500");

        const Accepted a =
            accept(su, QStringLiteral("pay"), QStringLiteral("p-9"), first, {}, fpStable);
        QCOMPARE(a.outcome, QStringLiteral("new"));
        QCOMPARE(
            one(su, QStringLiteral("SELECT fingerprint FROM inbox.events WHERE id = $1"), {a.id}),
            fpStable);

        QCOMPARE(
            accept(su, QStringLiteral("pay"), QStringLiteral("p-9"), repeat, {}, fpStable).outcome,
            QStringLiteral("duplicate"));
        // Without the fingerprint the changed sent_at would have made it a conflict.
        QCOMPARE(accept(su, QStringLiteral("pay"), QStringLiteral("p-9"), repeat).outcome,
                 QStringLiteral("conflict"));
        QCOMPARE(accept(su, QStringLiteral("pay"), QStringLiteral("p-9"), changed, {},
                        QStringLiteral("p-9|900"))
                     .outcome,
                 QStringLiteral("conflict"));

        const PgResult r =
            su.exec(QStringLiteral("SELECT body FROM inbox.events WHERE id = $1"), {a.id});
        QVERIFY_SQL(r);
        QCOMPARE(r.bytes(0, 0), first);
        QCOMPARE(
            oneInt(su,
                   QStringLiteral("SELECT count(*) FROM inbox.conflict_bodies WHERE event_id = $1"),
                   {a.id}),
            2);
        QCOMPARE(journalEntries(su, a.id), QStringLiteral("received,duplicate,conflict,conflict"));
    }

    void retryableFailureIsRearmedByARepeat()
    {
        PgSession su(m_db.conninfo());
        const QByteArray body("{\"lead\":1}");
        const Accepted a = accept(su, QStringLiteral("form"), QStringLiteral("f-1"), body);
        QCOMPARE(a.outcome, QStringLiteral("new"));
        const QString key = one(
            su, QStringLiteral("SELECT idempotency_key FROM inbox.events WHERE id = $1"), {a.id});
        // Out of attempts on a retryable error: failed.
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET max_attempts = 1 WHERE id = $1"), {a.id}));
        QCOMPARE(one(su, QStringLiteral("SELECT id FROM inbox.claim('w1')")),
                 QString::number(a.id));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w1', coalesce((SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 0), 'CRM timeout', true)"),
                     {a.id}),
                 QStringLiteral("failed"));

        const Accepted b = accept(su, QStringLiteral("form"), QStringLiteral("f-1"), body);
        QCOMPARE(b.outcome, QStringLiteral("rearmed"));
        QCOMPARE(b.id, a.id);
        QCOMPARE(
            one(su,
                QStringLiteral(
                    "SELECT status || '/' || attempts || '/' || (next_attempt_at <= now())"
                    " || '/' || deliveries || '/' || (locked_by IS NULL) || '/' || idempotency_key"
                    " FROM inbox.events WHERE id = $1"),
                {a.id}),
            QStringLiteral("received/0/true/2/true/") + key);
        QCOMPARE(journalEntries(su, a.id), QStringLiteral("received,claimed,failed,rearmed"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT detail->>'previous_error' FROM inbox.journal"
                                    " WHERE event_id = $1 AND entry = 'rearmed'"),
                     {a.id}),
                 QStringLiteral("CRM timeout"));
        QCOMPARE(stats(su, QStringLiteral("form")), QStringLiteral("1/1/0"));
        // It is claimable again, as a first attempt.
        QCOMPARE(one(su, QStringLiteral("SELECT id || '/' || attempts FROM inbox.claim('w2')")),
                 QString::number(a.id) + QStringLiteral("/1"));
    }

    void nonRetryableFailureStaysFailed()
    {
        PgSession su(m_db.conninfo());
        const QByteArray body("{\"phone\":\"bad\"}");
        const Accepted a = accept(su, QStringLiteral("form"), QStringLiteral("f-2"), body);
        QCOMPARE(one(su, QStringLiteral("SELECT id FROM inbox.claim('w1')")),
                 QString::number(a.id));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w1', coalesce((SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 0), 'bad phone', false)"),
                     {a.id}),
                 QStringLiteral("failed"));
        QCOMPARE(accept(su, QStringLiteral("form"), QStringLiteral("f-2"), body).outcome,
                 QStringLiteral("duplicate"));
        QCOMPARE(one(su, QStringLiteral("SELECT status FROM inbox.events WHERE id = $1"), {a.id}),
                 QStringLiteral("failed"));

        // A retryable failure repeated with a different body is a conflict, not a rearm.
        const Accepted c = accept(su, QStringLiteral("form"), QStringLiteral("f-3"), body);
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET max_attempts = 1 WHERE id = $1"), {c.id}));
        QCOMPARE(one(su, QStringLiteral("SELECT id FROM inbox.claim('w1')")),
                 QString::number(c.id));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w1', coalesce((SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 0), 'timeout', true)"),
                     {c.id}),
                 QStringLiteral("failed"));
        QCOMPARE(
            accept(su, QStringLiteral("form"), QStringLiteral("f-3"), QByteArray("{\"other\":1}"))
                .outcome,
            QStringLiteral("conflict"));
        QCOMPARE(one(su,
                     QStringLiteral(
                         "SELECT status || '/' || needs_review FROM inbox.events WHERE id = $1"),
                     {c.id}),
                 QStringLiteral("failed/key conflict"));
    }

    void occurredAtIsPreservedOnRepeats()
    {
        PgSession su(m_db.conninfo());
        const QByteArray body("{}");
        const QString t1 = QStringLiteral("2023-12-31 23:59:58.123456+00");
        const Accepted a = accept(su, QStringLiteral("mp"), QStringLiteral("posting-1"), body, t1);
        QCOMPARE(a.outcome, QStringLiteral("new"));
        QCOMPARE(accept(su, QStringLiteral("mp"), QStringLiteral("posting-1"), body,
                        QStringLiteral("2024-01-01 10:00:00+00"))
                     .outcome,
                 QStringLiteral("duplicate"));
        QCOMPARE(accept(su, QStringLiteral("mp"), QStringLiteral("posting-1"), body).outcome,
                 QStringLiteral("duplicate"));
        QCOMPARE(accept(su, QStringLiteral("mp"), QStringLiteral("posting-1"),
                        QByteArray("{\"x\":1}"), QStringLiteral("2024-02-01 10:00:00+00"))
                     .outcome,
                 QStringLiteral("conflict"));
        QCOMPARE(one(su,
                     QStringLiteral(
                         "SELECT occurred_at = $2::timestamptz FROM inbox.events WHERE id = $1"),
                     {a.id, t1}),
                 QStringLiteral("t"));
    }

    void idempotencyKeyIsDerivedOnceAndStable()
    {
        PgSession su(m_db.conninfo());
        const QString source = QStringLiteral("почта");
        const QString ext = QStringLiteral("<CAF=abc@mail.example.com>");
        const QByteArray body("Subject: hi");
        const Accepted a = accept(su, source, ext, body);
        QCOMPARE(a.outcome, QStringLiteral("new"));
        const QString key = one(
            su, QStringLiteral("SELECT idempotency_key FROM inbox.events WHERE id = $1"), {a.id});
        QCOMPARE(key, expectedKey(source, ext));

        // Repeat, conflict, a worker's retry, failure, rearm and an operator's requeue: same key.
        QCOMPARE(accept(su, source, ext, body).outcome, QStringLiteral("duplicate"));
        QCOMPARE(accept(su, source, ext, QByteArray("other")).outcome, QStringLiteral("conflict"));
        QCOMPARE(one(su, QStringLiteral("SELECT id FROM inbox.claim('w')")), QString::number(a.id));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w', coalesce((SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 0), 'timeout', true)"),
                     {a.id}),
                 QStringLiteral("received"));
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET next_attempt_at = now() - interval '1 s', max_attempts = 2")));
        QCOMPARE(one(su, QStringLiteral("SELECT id FROM inbox.claim('w')")), QString::number(a.id));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w', coalesce((SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 0), 'timeout', true)"),
                     {a.id}),
                 QStringLiteral("failed"));
        QCOMPARE(accept(su, source, ext, body).outcome, QStringLiteral("rearmed"));
        QCOMPARE(one(su, QStringLiteral("SELECT id FROM inbox.claim('w')")), QString::number(a.id));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w', coalesce((SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 0), 'bad data', false)"),
                     {a.id}),
                 QStringLiteral("failed"));
        QCOMPARE(
            one(su,
                QStringLiteral(
                    "SELECT outcome FROM inbox.requeue(ARRAY[$1::bigint], 'fixed the mapping')"),
                {a.id}),
            QStringLiteral("requeued"));
        QCOMPARE(one(su, QStringLiteral("SELECT idempotency_key FROM inbox.events WHERE id = $1"),
                     {a.id}),
                 key);

        // The key tells sources apart even when the parts would concatenate alike.
        const Accepted b = accept(su, QStringLiteral("a:b"), QStringLiteral("c"), body);
        const Accepted c = accept(su, QStringLiteral("a"), QStringLiteral("b:c"), body);
        QCOMPARE(b.outcome, QStringLiteral("new"));
        QCOMPARE(c.outcome, QStringLiteral("new"));
        QCOMPARE(
            one(su, QStringLiteral("SELECT count(DISTINCT idempotency_key) FROM inbox.events")),
            QStringLiteral("3"));
        QCOMPARE(one(su, QStringLiteral("SELECT idempotency_key FROM inbox.events WHERE id = $1"),
                     {b.id}),
                 expectedKey(QStringLiteral("a:b"), QStringLiteral("c")));
    }

    void limitsAreCharactersNotBytes()
    {
        PgSession su(m_db.conninfo());
        const QString source64 = QString(64, QChar(0x0436)); // 64 Cyrillic letters, 128 bytes
        const QString ext1024 = QString(1024, QLatin1Char('x'));
        const Accepted a = accept(su, source64, ext1024, QByteArray(""));
        QCOMPARE(a.outcome, QStringLiteral("new"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT octet_length(body) || '/' || char_length(source) || "
                                    "'/' || char_length(external_id)"
                                    " FROM inbox.events WHERE id = $1"),
                     {a.id}),
                 QStringLiteral("0/64/1024"));
        // Printable punctuation and spaces inside an id are fine.
        QCOMPARE(
            accept(su, QStringLiteral("mail"), QStringLiteral(" <a b>;\"'\\% "), QByteArray("x"))
                .outcome,
            QStringLiteral("new"));
    }

    void badArgumentsWriteNothing_data()
    {
        QTest::addColumn<QVariantList>(
            "args"); // source, external_id, body, content_type, occurred_at, kind, fingerprint
        QTest::addColumn<QString>("sqlstate");
        QTest::addColumn<QString>("argument");

        const QVariant s(QStringLiteral("src"));
        const QVariant e(QStringLiteral("id-1"));
        const QVariant b(QByteArray("{}"));
        const QVariant ct(QStringLiteral("application/json"));
        const QVariant none;
        QTest::newRow("null source") << QVariantList{none, e, b, ct, none, none, none} << "22004"
                                     << "p_source";
        QTest::newRow("null external_id")
            << QVariantList{s, none, b, ct, none, none, none} << "22004"
            << "p_external_id";
        QTest::newRow("null body") << QVariantList{s, e, none, ct, none, none, none} << "22004"
                                   << "p_body";
        QTest::newRow("null content type")
            << QVariantList{s, e, b, none, none, none, none} << "22004"
            << "p_content_type";
        QTest::newRow("empty source")
            << QVariantList{QStringLiteral(""), e, b, ct, none, none, none} << "22023"
            << "p_source";
        QTest::newRow("empty external_id")
            << QVariantList{s, QStringLiteral(""), b, ct, none, none, none} << "22023"
            << "p_external_id";
        QTest::newRow("source 65 chars")
            << QVariantList{QString(65, QLatin1Char('s')), e, b, ct, none, none, none} << "22023"
            << "p_source";
        QTest::newRow("external_id 1025 chars")
            << QVariantList{s, QString(1025, QLatin1Char('e')), b, ct, none, none, none} << "22023"
            << "p_external_id";
        QTest::newRow("tab in source")
            << QVariantList{QStringLiteral("a\tb"), e, b, ct, none, none, none} << "22023"
            << "p_source";
        QTest::newRow("newline in external_id")
            << QVariantList{s, QStringLiteral("id\n1"), b, ct, none, none, none} << "22023"
            << "p_external_id";
        QTest::newRow("unit separator in external_id") << QVariantList{s,
                                                                       QStringLiteral("a\x1f"
                                                                                      "b"),
                                                                       b,
                                                                       ct,
                                                                       none,
                                                                       none,
                                                                       none}
                                                       << "22023"
                                                       << "p_external_id";
        QTest::newRow("DEL in source")
            << QVariantList{QStringLiteral("a\x7f"), e, b, ct, none, none, none} << "22023"
            << "p_source";
        QTest::newRow("empty content type")
            << QVariantList{s, e, b, QStringLiteral(""), none, none, none} << "22023"
            << "p_content_type";
        QTest::newRow("empty fingerprint")
            << QVariantList{s, e, b, ct, none, none, QStringLiteral("")} << "22023"
            << "p_fingerprint";
        QTest::newRow("empty kind")
            << QVariantList{s, e, b, ct, none, QStringLiteral(""), none} << "22023"
            << "p_kind";
        QTest::newRow("infinite occurred_at")
            << QVariantList{s, e, b, ct, QStringLiteral("infinity"), none, none} << "22023"
            << "p_occurred_at";
    }

    void badArgumentsWriteNothing()
    {
        QFETCH(QVariantList, args);
        QFETCH(QString, sqlstate);
        QFETCH(QString, argument);
        PgSession su(m_db.conninfo());
        // An existing event under the same key must stay untouched as well.
        QCOMPARE(
            accept(su, QStringLiteral("src"), QStringLiteral("id-1"), QByteArray("{}")).outcome,
            QStringLiteral("new"));
        const QString before = footprint(su);

        const PgResult r = su.exec(
            QStringLiteral("SELECT * FROM inbox.accept($1, $2, $3, $4, $5::timestamptz, $6, $7)"),
            args);
        QVERIFY(!r.ok);
        QCOMPARE(r.sqlstate, sqlstate);
        QVERIFY2(r.message.contains(argument), qPrintable(r.message));
        QCOMPARE(footprint(su), before);
    }

    void ingestRoleMayAcceptOnly()
    {
        QString error;
        PgSession rx(m_db.conninfo(QStringLiteral("receiver_one")));
        QVERIFY2(rx.ok(), qPrintable(rx.error()));
        const Accepted a =
            accept(rx, QStringLiteral("hook"), QStringLiteral("1"), QByteArray("{}"));
        QCOMPARE(a.outcome, QStringLiteral("new"));
        PgSession su(m_db.conninfo());
        QCOMPARE(
            one(su, QStringLiteral("SELECT actor FROM inbox.journal WHERE event_id = $1"), {a.id}),
            QStringLiteral("receiver_one"));
        QCOMPARE(rx.exec(QStringLiteral("SELECT * FROM inbox.claim('w')")).sqlstate,
                 QStringLiteral("42501"));
        QCOMPARE(rx.exec(QStringLiteral("SELECT count(*) FROM inbox.events")).sqlstate,
                 QStringLiteral("42501"));
        QCOMPARE(rx.exec(QStringLiteral("DELETE FROM inbox.events")).sqlstate,
                 QStringLiteral("42501"));
    }

    // A repeat that arrives while the first delivery is still uncommitted waits for it: a
    // duplicate once it commits, the new event itself if it rolls back.
    void deliveryWaitsForAnUncommittedFirstDelivery()
    {
        PgSession first(m_db.conninfo());
        PgSession second(m_db.conninfo());
        PgSession observer(m_db.conninfo());
        const QByteArray body("{\"n\":1}");
        const int secondPid = backendPid(second);
        for (const QString &end : {QStringLiteral("COMMIT"), QStringLiteral("ROLLBACK")}) {
            const QString key = QStringLiteral("held-") + end;
            QVERIFY_SQL(first.exec(QStringLiteral("BEGIN")));
            const Accepted a = accept(first, QStringLiteral("hold"), key, body);
            QCOMPARE(a.outcome, QStringLiteral("new"));
            Accepted b;
            std::thread waiter([&] { b = accept(second, QStringLiteral("hold"), key, body); });
            const bool blocked = waitUntilBlocked(observer, secondPid);
            const PgResult ended = first.exec(end);
            waiter.join();
            QVERIFY_SQL(ended);
            QVERIFY(blocked);
            if (end == QLatin1String("COMMIT")) {
                QCOMPARE(b.outcome, QStringLiteral("duplicate"));
                QCOMPARE(b.id, a.id);
            } else {
                QCOMPARE(b.outcome, QStringLiteral("new"));
                QVERIFY(b.id != a.id);
            }
            QCOMPARE(
                one(observer,
                    QStringLiteral(
                        "SELECT deliveries || '/' || (SELECT string_agg(entry, ',' ORDER BY j.id)"
                        " FROM inbox.journal j WHERE j.event_id = e.id)"
                        " FROM inbox.events e WHERE external_id = $1"),
                    {key}),
                end == QLatin1String("COMMIT") ? QStringLiteral("2/received,duplicate")
                                               : QStringLiteral("1/received"));
        }
        QCOMPARE(stats(observer, QStringLiteral("hold")), QStringLiteral("2/1/0"));
    }

    // 8 sessions deliver the same keys at once, each key several times per session.
    void concurrentDeliveriesOfSameKeys()
    {
        const int sessions = 8;
        const int keys = 100;
        const int rounds = 2;
        std::vector<std::unique_ptr<PgSession>> conns;
        for (int i = 0; i < sessions; ++i) {
            conns.push_back(std::make_unique<PgSession>(m_db.conninfo()));
            QVERIFY2(conns.back()->ok(), qPrintable(conns.back()->error()));
        }

        std::mutex mutex;
        std::map<int, std::map<QString, int>> outcomes; // key -> outcome -> count
        std::map<int, std::set<qint64>> ids;
        QStringList errors;
        std::vector<std::function<void()>> jobs;
        for (int t = 0; t < sessions; ++t) {
            jobs.push_back([&, t] {
                for (int round = 0; round < rounds; ++round) {
                    for (int i = 0; i < keys; ++i) {
                        // Round 0: all sessions race for each first delivery; later rounds
                        // walk the keys from different starts.
                        const int k = round == 0 ? i : (i + t) % keys;
                        const Accepted a =
                            accept(*conns[size_t(t)], QStringLiteral("race"),
                                   QStringLiteral("key-%1").arg(k),
                                   QByteArray("{\"k\":") + QByteArray::number(k) + '}');
                        std::lock_guard<std::mutex> lock(mutex);
                        if (a.id < 0)
                            errors << a.outcome;
                        ++outcomes[k][a.outcome];
                        ids[k].insert(a.id);
                    }
                }
            });
        }
        runTogether(jobs);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));

        PgSession su(m_db.conninfo());
        const int calls = sessions * rounds;
        for (int k = 0; k < keys; ++k) {
            QCOMPARE(outcomes[k][QStringLiteral("new")], 1);
            QCOMPARE(outcomes[k][QStringLiteral("duplicate")], calls - 1);
            QCOMPARE(int(ids[k].size()), 1);
            const qint64 id = *ids[k].begin();
            QCOMPARE(oneInt(su, QStringLiteral("SELECT deliveries FROM inbox.events WHERE id = $1"),
                            {id}),
                     calls);
            QCOMPARE(
                oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal WHERE event_id = $1"),
                       {id}),
                calls);
        }
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), keys);
        QCOMPARE(stats(su, QStringLiteral("race")),
                 QStringLiteral("%1/%2/0").arg(keys).arg(keys * (calls - 1)));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT sum(n) FROM inbox.status_counts WHERE source = "
                                           "'race' AND status = 'received'")),
                 keys);
    }

    // Two different bodies race for each key: one wins, the other body is kept as a conflict.
    void concurrentConflictingDeliveries()
    {
        const int sessions = 8;
        const int keys = 100;
        std::vector<std::unique_ptr<PgSession>> conns;
        for (int i = 0; i < sessions; ++i) {
            conns.push_back(std::make_unique<PgSession>(m_db.conninfo()));
            QVERIFY2(conns.back()->ok(), qPrintable(conns.back()->error()));
        }
        std::vector<std::vector<Accepted>> results(static_cast<size_t>(keys),
                                                   std::vector<Accepted>(sessions));
        std::vector<std::function<void()>> jobs;
        for (int t = 0; t < sessions; ++t)
            jobs.push_back([&, t] {
                for (int k = 0; k < keys; ++k)
                    results[size_t(k)][size_t(t)] = accept(
                        *conns[size_t(t)], QStringLiteral("reuse"), QStringLiteral("evt-%1").arg(k),
                        t % 2 ? QByteArray("odd") : QByteArray("even"));
            });
        runTogether(jobs);

        PgSession su(m_db.conninfo());
        for (int k = 0; k < keys; ++k) {
            const std::vector<Accepted> &got = results[size_t(k)];
            int winner = -1;
            for (int t = 0; t < sessions; ++t) {
                QVERIFY2(got[size_t(t)].id > 0, qPrintable(got[size_t(t)].outcome));
                QCOMPARE(got[size_t(t)].id, got[0].id);
                if (got[size_t(t)].outcome == QLatin1String("new")) {
                    QCOMPARE(winner, -1);
                    winner = t;
                }
            }
            QVERIFY(winner >= 0);
            for (int t = 0; t < sessions; ++t) {
                if (t != winner)
                    QCOMPARE(got[size_t(t)].outcome, t % 2 == winner % 2
                                                         ? QStringLiteral("duplicate")
                                                         : QStringLiteral("conflict"));
            }
            const PgResult r =
                su.exec(QStringLiteral(
                            "SELECT e.body, c.body, e.deliveries FROM inbox.events e"
                            " JOIN inbox.conflict_bodies c ON c.event_id = e.id WHERE e.id = $1"),
                        {got[0].id});
            QVERIFY_SQL(r);
            QCOMPARE(r.rows(), 1);
            QCOMPARE(r.bytes(0, 0), winner % 2 ? QByteArray("odd") : QByteArray("even"));
            QCOMPARE(r.bytes(0, 1), winner % 2 ? QByteArray("even") : QByteArray("odd"));
            QCOMPARE(r.value(0, 2), QString::number(sessions));
        }
        QCOMPARE(stats(su, QStringLiteral("reuse")),
                 QStringLiteral("%1/%2/%3").arg(keys).arg(keys * 3).arg(keys * 4));
    }
};

QTEST_MAIN(TestIngest)
#include "tst_ingest.moc"
