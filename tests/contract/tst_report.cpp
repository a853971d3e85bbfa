// The Report's baselines and re-measure (0031) against a real PostgreSQL: a small hand-built
// export gives the expected duplicate groups (phones and e-mails written differently are one
// key, a regular customer's orders a month apart are not duplicates, the same id in two sources
// is not one either), the re-measure equals plain counts of the same inbox built through the
// contract functions, every argument error has its SQLSTATE and writes nothing, and the roles:
// managers import and delete, inbox_report's members read, operators and plain support do
// neither, ingest and worker nothing. The same for the way in by COPY (0035): the same rows
// as by arrays, a bad row named by its line, managers only.
#include "contract_util.h"
#include "databasetestcase.h"
#include "db/dberror.h"
#include "db/serverinfo.h"

#include <QtTest>

#include <libpq-fe.h>

using namespace contract;

namespace {

struct Row
{
    int line;
    QString source;
    QString externalId;
    QString createdAt; // ISO text with its offset
    QString phones;    // several separated by '\n', as import_baseline takes them
    QString emails;
    QString name;
};

QString textArray(const QStringList &items)
{
    QStringList quoted;
    for (QString v : items) {
        if (v.isNull()) {
            quoted << QStringLiteral("NULL");
            continue;
        }
        v.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
            .replace(QLatin1Char('"'), QLatin1String("\\\""));
        quoted << QLatin1Char('"') + v + QLatin1Char('"');
    }
    return QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}');
}

const QString kImport =
    QStringLiteral("SELECT inbox.import_baseline($1, $2, $3, $4, $5::int[], $6::text[], $7::text[],"
                   " $8::timestamptz[], $9::text[], $10::text[], $11::text[])");

PgResult importRows(PgSession &s, const QVector<Row> &rows, const QString &name = {},
                    int unreadable = 0)
{
    QStringList lines, sources, ids, times, phones, emails, names;
    for (const Row &r : rows) {
        lines << QString::number(r.line);
        sources << r.source;
        ids << r.externalId;
        times << r.createdAt;
        phones << r.phones;
        emails << r.emails;
        names << r.name;
    }
    return s.exec(kImport,
                  {name.isEmpty() ? QStringLiteral("October") : name, QStringLiteral("october.csv"),
                   QStringLiteral("bitrix24_leads"), unreadable, textArray(lines),
                   textArray(sources), textArray(ids), textArray(times), textArray(phones),
                   textArray(emails), textArray(names)});
}

// One field of COPY's text format: NULL as \N, backslash, tab, newline and return escaped.
QByteArray copyField(const QString &value)
{
    if (value.isNull())
        return QByteArrayLiteral("\\N");
    QByteArray out;
    for (const char c : value.toUtf8()) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\t')
            out += "\\t";
        else if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else
            out += c;
    }
    return out;
}

// The way in of 0035, as the console takes it: in one transaction begin_baseline_copy, COPY
// of the rows into pg_temp.baseline_copy, import_baseline_copy. The first failure is returned
// (and the transaction rolled back); on success the store's result, committed.
PgResult copyRows(PgSession &s, const QVector<Row> &rows, const QString &name = {},
                  int unreadable = 0)
{
    const auto fail = [&](PgResult r) {
        s.exec(QStringLiteral("ROLLBACK"));
        return r;
    };
    s.exec(QStringLiteral("BEGIN"));
    const PgResult begun = s.exec(QStringLiteral("SELECT inbox.begin_baseline_copy()"));
    if (!begun.ok)
        return fail(begun);
    PGresult *res = PQexec(s.raw(), "COPY pg_temp.baseline_copy (line, source, external_id,"
                                    " created_at, phones, emails, name) FROM STDIN");
    const bool copying = PQresultStatus(res) == PGRES_COPY_IN;
    PgResult copied;
    copied.sqlstate = QString::fromUtf8(PQresultErrorField(res, PG_DIAG_SQLSTATE));
    copied.message = QString::fromUtf8(PQresultErrorMessage(res));
    PQclear(res);
    if (!copying)
        return fail(copied);
    for (const Row &r : rows) {
        const QByteArray line =
            (r.line == 0 ? QByteArrayLiteral("\\N") : QByteArray::number(r.line)) + '\t' +
            copyField(r.source) + '\t' + copyField(r.externalId) + '\t' + copyField(r.createdAt) +
            '\t' + copyField(r.phones) + '\t' + copyField(r.emails) + '\t' + copyField(r.name) +
            '\n';
        PQputCopyData(s.raw(), line.constData(), int(line.size()));
    }
    PQputCopyEnd(s.raw(), nullptr);
    while ((res = PQgetResult(s.raw())) != nullptr) {
        if (PQresultStatus(res) != PGRES_COMMAND_OK) {
            copied.sqlstate = QString::fromUtf8(PQresultErrorField(res, PG_DIAG_SQLSTATE));
            copied.message = QString::fromUtf8(PQresultErrorMessage(res));
            PQclear(res);
            return fail(copied);
        }
        PQclear(res);
    }
    const PgResult stored =
        s.exec(QStringLiteral("SELECT inbox.import_baseline_copy($1, $2, $3, $4)"),
               {name.isEmpty() ? QStringLiteral("October") : name, QStringLiteral("october.csv"),
                QStringLiteral("bitrix24_leads"), unreadable});
    if (!stored.ok)
        return fail(stored);
    const PgResult committed = s.exec(QStringLiteral("COMMIT"));
    return committed.ok ? stored : committed;
}

// The hand-built month: see the comments for what each row is there to show.
QVector<Row> october()
{
    const QString none;
    return {
        // The same phone written two ways, 10 hours apart: a phone duplicate (row 2).
        {1, QStringLiteral("bitrix"), QStringLiteral("B1"), QStringLiteral("2026-10-01 10:00Z"),
         QStringLiteral("+7 (916) 123-45-67"), QStringLiteral("Ivan@Mail.ru"),
         QStringLiteral("Ivan")},
        {2, QStringLiteral("bitrix"), QStringLiteral("B2"), QStringLiteral("2026-10-01 20:00Z"),
         QStringLiteral("8 916 123 45 67"), none, QStringLiteral("Ivan P")},
        // B1 again in the same source: an external-id duplicate whatever the time ...
        {3, QStringLiteral("bitrix"), QStringLiteral("B1"), QStringLiteral("2026-10-02 09:00Z"),
         none, none, none},
        // ... and B1 in another source is not one.
        {4, QStringLiteral("amo"), QStringLiteral("B1"), QStringLiteral("2026-10-02 09:30Z"), none,
         none, none},
        // Row 1's e-mail two days later: outside the window; then the same address in capitals
        // two hours after it: an e-mail duplicate (row 6).
        {5, QStringLiteral("amo"), QStringLiteral("A1"), QStringLiteral("2026-10-03 10:00Z"), none,
         QStringLiteral(" ivan@mail.ru "), none},
        {6, QStringLiteral("amo"), QStringLiteral("A2"), QStringLiteral("2026-10-03 12:00Z"), none,
         QStringLiteral("IVAN@MAIL.RU"), none},
        // A regular customer: two orders a month apart, not duplicates.
        {7, QStringLiteral("bitrix"), QStringLiteral("B7"), QStringLiteral("2026-10-05 10:00Z"),
         QStringLiteral("+7 999 555-44-33"), none, QStringLiteral("Regular")},
        {8, QStringLiteral("bitrix"), QStringLiteral("B8"), QStringLiteral("2026-11-04 10:00Z"),
         QStringLiteral("89995554433"), none, QStringLiteral("Regular")},
        // A chain: each 20-22 hours after the previous one, 42 hours first to last: one group
        // of three across two sources.
        {9, QStringLiteral("amo"), QStringLiteral("A9"), QStringLiteral("2026-10-10 00:00Z"),
         QStringLiteral("+7 (903) 111-22-33"), none, none},
        {10, QStringLiteral("amo"), QStringLiteral("A10"), QStringLiteral("2026-10-10 20:00Z"),
         QStringLiteral("8(903)1112233"), none, none},
        {11, QStringLiteral("bitrix"), QStringLiteral("B11"),
         QStringLiteral("2026-10-11 18:00+03:00"), QStringLiteral("79031112233"), none, none},
        // A placeholder phone twice: no key, no duplicate.
        {12, QStringLiteral("bitrix"), QStringLiteral("B12"), QStringLiteral("2026-10-12 10:00Z"),
         QStringLiteral("+7 (000) 000-00-00"), none, none},
        {13, QStringLiteral("bitrix"), QStringLiteral("B13"), QStringLiteral("2026-10-12 11:00Z"),
         QStringLiteral("+7 (000) 000-00-00"), none, none},
        // Two phones in one row; the next row matches its second one.
        {14, QStringLiteral("amo"), QStringLiteral("A14"), QStringLiteral("2026-10-15 10:00Z"),
         QStringLiteral("+7 916 000 11 22\n+7 926 333 44 55"), none, none},
        {15, QStringLiteral("bitrix"), QStringLiteral("B15"), QStringLiteral("2026-10-15 11:00Z"),
         QStringLiteral("89263334455"), none, none},
    };
}

// The summary as "source rows ext phone email any share" per source.
QString summary(PgSession &s, qint64 id, const QString &window = QStringLiteral("24 hours"))
{
    return one(s,
               QStringLiteral("SELECT string_agg(concat_ws(' ', source, rows, dup_external_id,"
                              " dup_phone, dup_email, duplicates, share), '; ' ORDER BY source)"
                              " FROM inbox.baseline_summary($1, $2::interval)"),
               {id, window});
}

QString groups(PgSession &s, qint64 id, const QString &window = QStringLiteral("24 hours"))
{
    return one(s,
               QStringLiteral("SELECT string_agg(concat_ws(' ', kind, key, first_line, rows,"
                              " array_to_string(sources, '+')), '; ')"
                              " FROM inbox.baseline_groups($1, $2::interval)"),
               {id, window});
}

} // namespace

class TestReport : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestReport()
        : DatabaseTestCase{
              {"rp_manager", {"inbox_manager"}}, {"rp_reader", {"inbox_support", "inbox_report"}},
              {"rp_support", {"inbox_support"}}, {"rp_operator", {"inbox_operator"}},
              {"rp_ingest", {"inbox_ingest"}},   {"rp_worker", {"inbox_worker"}}}
    {}

private slots:
    void importStoresRowsNormalizedAndJournals()
    {
        PgSession mgr(m_db.conninfo(QStringLiteral("rp_manager")));
        PgSession &su = m_db.su();
        const PgResult r = importRows(mgr, october(), QStringLiteral("  October  "), 4);
        QVERIFY_SQL(r);
        const qint64 id = r.value(0, 0).toLongLong();
        QVERIFY(id > 0);
        QCOMPARE(one(su,
                     QStringLiteral("SELECT concat_ws('|', name, file_name, layout_name,"
                                    " imported_by, row_count, unreadable_lines,"
                                    " to_char(period_first AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24'),"
                                    " to_char(period_last AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24'))"
                                    " FROM inbox.baselines WHERE id = $1"),
                     {id}),
                 QStringLiteral("October|october.csv|bitrix24_leads|rp_manager|15|4|"
                                "2026-10-01 10|2026-11-04 10"));
        // The contract's normalization, so "the same phone" means what it means in the inbox.
        QCOMPARE(one(su,
                     QStringLiteral("SELECT concat_ws('|', phones, phone_norms, emails,"
                                    " email_norms, name) FROM inbox.baseline_rows"
                                    " WHERE baseline_id = $1 AND line = 1"),
                     {id}),
                 QStringLiteral("{\"+7 (916) 123-45-67\"}|{79161234567}|{Ivan@Mail.ru}|"
                                "{ivan@mail.ru}|Ivan"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT concat_ws('|', phone_norms, cardinality(phones))"
                                    " FROM inbox.baseline_rows WHERE baseline_id = $1"
                                    " AND line IN (12, 14) ORDER BY line DESC LIMIT 1"),
                     {id}),
                 QStringLiteral("{79160001122,79263334455}|2"));
        QCOMPARE(oneInt(su,
                        QStringLiteral("SELECT count(*) FROM inbox.baseline_rows"
                                       " WHERE baseline_id = $1 AND phone_norms = '{}'"
                                       " AND line IN (12, 13)"),
                        {id}),
                 2);
        QCOMPARE(one(su, QStringLiteral(
                             "SELECT concat_ws('|', entry, actor, by_person, event_id IS NULL,"
                             " detail->>'baseline_id', detail->>'rows',"
                             " detail->>'unreadable_lines', detail->>'file_name')"
                             " FROM inbox.journal ORDER BY id DESC LIMIT 1")),
                 QStringLiteral("baseline_imported|rp_manager|t|t|%1|15|4|october.csv").arg(id));
        // Nothing else in the inbox was touched.
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.leads")), 0);
    }

    void groupsOfAHandBuiltMonth()
    {
        PgSession mgr(m_db.conninfo(QStringLiteral("rp_manager")));
        PgSession reader(m_db.conninfo(QStringLiteral("rp_reader")));
        const qint64 id = importRows(mgr, october()).value(0, 0).toLongLong();
        QVERIFY(id > 0);

        // bitrix: 9 rows; B1 twice (row 3), phone duplicates rows 2, 11 and 15; 4 rows beyond
        // the first of a group. amo: 6 rows; row 10 (phone) and row 6 (e-mail).
        QCOMPARE(summary(reader, id),
                 QStringLiteral("amo 6 0 1 1 2 0.3333; bitrix 9 1 3 0 4 0.4444"));
        QCOMPARE(groups(reader, id),
                 QStringLiteral("phone 79031112233 9 3 amo+bitrix; email ivan@mail.ru 5 2 amo; "
                                "external_id B1 1 2 bitrix; phone 79161234567 1 2 bitrix; "
                                "phone 79263334455 14 2 amo+bitrix"));
        // A group's rows, in order, as the CRM wrote them.
        QCOMPARE(
            one(reader,
                QStringLiteral("SELECT string_agg(concat_ws(' ', pos, line, source,"
                               " external_id, array_to_string(phones, ',')), '; ' ORDER BY pos)"
                               " FROM inbox.baseline_group_rows($1, 'phone', '79031112233', 9)"),
                {id}),
            QStringLiteral("1 9 amo A9 +7 (903) 111-22-33; 2 10 amo A10 8(903)1112233; "
                           "3 11 bitrix B11 79031112233"));
        QCOMPARE(one(reader,
                     QStringLiteral("SELECT count(*) FROM inbox.baseline_group_rows($1, 'phone',"
                                    " '79031112233', 10)"),
                     {id}),
                 QStringLiteral("0"));
        // Per UTC day: row 11 (18:00 at +03:00) is on the 11th.
        QCOMPARE(one(reader,
                     QStringLiteral("SELECT string_agg(concat_ws(' ', day, source, rows,"
                                    " dup_external_id, dup_phone, dup_email, duplicates), '; ')"
                                    " FROM inbox.baseline_daily($1)"
                                    " WHERE day IN ('2026-10-01', '2026-10-03', '2026-10-11')"),
                     {id}),
                 QStringLiteral("2026-10-01 bitrix 2 0 1 0 1; 2026-10-03 amo 2 0 0 1 1; "
                                "2026-10-11 bitrix 1 0 1 0 1"));
        QCOMPARE(
            oneInt(reader, QStringLiteral("SELECT sum(rows) FROM inbox.baseline_daily($1)"), {id}),
            15);

        // The window decides: at 31 days the regular customer's second order and row 5's
        // address (two days after row 1's) become duplicates, which is why it is 24 hours.
        QCOMPARE(summary(reader, id, QStringLiteral("31 days")),
                 QStringLiteral("amo 6 0 1 2 3 0.5000; bitrix 9 1 4 0 5 0.5556"));
        QCOMPARE(one(reader,
                     QStringLiteral("SELECT string_agg(concat_ws(' ', key, first_line, rows), '; ')"
                                    " FROM inbox.baseline_groups($1, '31 days', 'email')"),
                     {id}),
                 QStringLiteral("ivan@mail.ru 1 3"));
        // At 1 hour the chain breaks apart and only row 15 stays a phone duplicate.
        QCOMPARE(summary(reader, id, QStringLiteral("1 hour")),
                 QStringLiteral("amo 6 0 0 0 0 0.0000; bitrix 9 1 1 0 2 0.2222"));
        // The limit and the kind filter.
        QCOMPARE(oneInt(reader,
                        QStringLiteral("SELECT count(*) FROM inbox.baseline_groups($1, '24 hours',"
                                       " 'phone', 2)"),
                        {id}),
                 2);
        QCOMPARE(one(reader, QStringLiteral("SELECT string_agg(id::text || ' ' || row_count, ',')"
                                            " FROM inbox.baseline_list()")),
                 QStringLiteral("%1 15").arg(id));
    }

    // The re-measure against plain counts of the base tables, over an inbox made through the
    // contract: accepts and their repeats and conflicts, refusals, a failure, leads flagged as
    // duplicates and decided.
    void remeasureEqualsPlainCounts()
    {
        PgSession in(m_db.conninfo(QStringLiteral("rp_ingest")));
        PgSession mgr(m_db.conninfo(QStringLiteral("rp_manager")));
        PgSession reader(m_db.conninfo(QStringLiteral("rp_reader")));
        PgSession &su = m_db.su();
        QVector<qint64> shop, crm;
        for (int i = 1; i <= 3; ++i) {
            shop << deliver(in, QStringLiteral("shop"), QStringLiteral("s%1").arg(i));
            crm << deliver(in, QStringLiteral("crm"), QStringLiteral("c%1").arg(i));
        }
        QVERIFY(!shop.contains(-1) && !crm.contains(-1));
        QString outcome;
        deliver(in, QStringLiteral("shop"), QStringLiteral("s1"), QByteArray("{\"n\":1}"),
                &outcome);
        QCOMPARE(outcome, QStringLiteral("duplicate"));
        deliver(in, QStringLiteral("shop"), QStringLiteral("s1"), QByteArray("{\"n\":1}"),
                &outcome);
        deliver(in, QStringLiteral("shop"), QStringLiteral("s2"), QByteArray("{\"n\":2}"),
                &outcome);
        QCOMPARE(outcome, QStringLiteral("conflict"));
        QVERIFY_SQL(in.exec(QStringLiteral(
            "SELECT inbox.count_refusals('{shop,crm,shop}', '{bad_signature,no_key,bad_signature}',"
            " '{3,2,1}', '{401,400,401}')")));
        // s3 fails for good.
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT * FROM inbox.claim('w', 10)")));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w', (SELECT lock_token FROM"
                                    " inbox.events WHERE id = $1), 'crm said no', false)"),
                     {shop.at(2)}),
                 QStringLiteral("failed"));
        QCOMPARE(
            one(su, QStringLiteral("SELECT status FROM inbox.events WHERE id = $1"), {shop.at(2)}),
            QStringLiteral("failed"));
        // Three pairs, each newer lead from crm: one left open, one merged, one rejected.
        const auto lead = [&](qint64 event, const QString &phone) {
            return oneInt(su, QStringLiteral("SELECT inbox.record_lead($1, $2, NULL)"),
                          {event, phone});
        };
        lead(shop.at(0), QStringLiteral("+7 916 111-22-33"));
        lead(crm.at(0), QStringLiteral("89161112233"));
        lead(shop.at(1), QStringLiteral("+7 916 111-22-44"));
        lead(crm.at(1), QStringLiteral("89161112244"));
        lead(shop.at(2), QStringLiteral("+7 916 111-22-55"));
        lead(crm.at(2), QStringLiteral("89161112255"));
        const PgResult pairs =
            su.exec(QStringLiteral("SELECT id FROM inbox.duplicate_candidates ORDER BY id"));
        QVERIFY_SQL(pairs);
        QCOMPARE(pairs.rows(), 3);
        QCOMPARE(one(mgr, QStringLiteral("SELECT inbox.decide_duplicate($1, 'merge')"),
                     {pairs.value(1, 0)}),
                 QStringLiteral("merged"));
        QCOMPARE(one(mgr, QStringLiteral("SELECT inbox.decide_duplicate($1, 'reject')"),
                     {pairs.value(2, 0)}),
                 QStringLiteral("rejected"));

        const QString remeasured = one(
            reader, QStringLiteral("SELECT string_agg(concat_ws(' ', source, received, repeats,"
                                   " conflicts, deliveries, flagged, merged, rejected, still_open,"
                                   " refused, failed), '; ' ORDER BY source)"
                                   " FROM inbox.remeasure(current_date - 1, current_date + 1)"));
        // The same figures counted plainly: events and their journal, the candidates, the
        // refusals table.
        const QString plain = one(
            su,
            QStringLiteral(
                "WITH s AS (SELECT source FROM inbox.events UNION SELECT source FROM inbox.refusals"
                "           UNION SELECT lead_channel FROM inbox.duplicate_candidates)"
                " SELECT string_agg(concat_ws(' ', s.source,"
                "   (SELECT count(*) FROM inbox.events e WHERE e.source = s.source),"
                "   (SELECT count(*) FROM inbox.journal j JOIN inbox.events e ON e.id = j.event_id"
                "     WHERE e.source = s.source AND j.entry IN ('duplicate', 'rearmed')),"
                "   (SELECT count(*) FROM inbox.journal j JOIN inbox.events e ON e.id = j.event_id"
                "     WHERE e.source = s.source AND j.entry = 'conflict'),"
                "   (SELECT coalesce(sum(e.deliveries), 0) FROM inbox.events e"
                "     WHERE e.source = s.source),"
                "   (SELECT count(*) FROM inbox.duplicate_candidates c"
                "     WHERE c.lead_channel = s.source),"
                "   (SELECT count(*) FROM inbox.duplicate_candidates c"
                "     WHERE c.lead_channel = s.source AND c.status = 'merged'),"
                "   (SELECT count(*) FROM inbox.duplicate_candidates c"
                "     WHERE c.lead_channel = s.source AND c.status = 'rejected'),"
                "   (SELECT count(*) FROM inbox.duplicate_candidates c"
                "     WHERE c.lead_channel = s.source AND c.status = 'open'),"
                "   (SELECT coalesce(sum(r.n), 0) FROM inbox.refusals r WHERE r.source = s.source),"
                "   (SELECT count(*) FROM inbox.journal j JOIN inbox.events e ON e.id = j.event_id"
                "     WHERE e.source = s.source AND j.entry = 'failed')),"
                " '; ' ORDER BY s.source) FROM s"));
        QCOMPARE(remeasured, plain);
        QCOMPARE(remeasured, QStringLiteral("crm 3 0 0 3 3 1 1 1 2 0; shop 3 2 1 6 0 0 0 0 4 1"));
        // Other days are empty.
        QCOMPARE(oneInt(reader, QStringLiteral("SELECT count(*) FROM inbox.remeasure("
                                               "current_date - 30, current_date - 2)")),
                 0);

        const QString reasons = one(
            reader, QStringLiteral("SELECT string_agg(concat_ws(' ', source, kind, reason, error,"
                                   " n), '; ') FROM inbox.remeasure_reasons(current_date,"
                                   " current_date)"));
        const QString plainReasons = one(
            su, QStringLiteral(
                    "SELECT string_agg(x, '; ' ORDER BY o) FROM ("
                    " SELECT concat_ws(' ', source, 'refused', reason, n) AS x, source || 1 AS o"
                    "   FROM inbox.refusals"
                    " UNION ALL"
                    " SELECT concat_ws(' ', source, 'failed',"
                    "   CASE WHEN error_retryable THEN 'out_of_attempts' ELSE 'not_retryable' END,"
                    "   last_error, count(*)), source || 0"
                    "   FROM inbox.events WHERE status = 'failed'"
                    "  GROUP BY source, error_retryable, last_error) t"));
        QCOMPARE(reasons, plainReasons);
        QCOMPARE(reasons, QStringLiteral("crm refused no_key 2; shop failed not_retryable crm said "
                                         "no 1; shop refused bad_signature 4"));
    }

    void argumentErrorsWriteNothing()
    {
        PgSession mgr(m_db.conninfo(QStringLiteral("rp_manager")));
        PgSession &su = m_db.su();
        const QVector<Row> good = {{1,
                                    QStringLiteral("shop"),
                                    QStringLiteral("1"),
                                    QStringLiteral("2026-10-01 10:00Z"),
                                    {},
                                    {},
                                    {}}};
        const QVariantList ok = {QStringLiteral("n"),
                                 QStringLiteral("f.csv"),
                                 QVariant(),
                                 0,
                                 QStringLiteral("{1}"),
                                 QStringLiteral("{shop}"),
                                 QStringLiteral("{1}"),
                                 QStringLiteral("{\"2026-10-01 10:00Z\"}"),
                                 QStringLiteral("{NULL}"),
                                 QStringLiteral("{NULL}"),
                                 QStringLiteral("{NULL}")};
        const auto call = [&](int arg, const QVariant &value) {
            QVariantList params = ok;
            params[arg] = value;
            const PgResult r = mgr.exec(kImport, params);
            return r.ok ? QStringLiteral("ok") : r.sqlstate + QLatin1Char(' ') + r.message;
        };
        const auto expect = [&](int arg, const QVariant &value, const QString &state,
                                const QString &name) {
            const QString got = call(arg, value);
            QVERIFY2(got.startsWith(state) && got.contains(name), qPrintable(got));
        };
        expect(0, QVariant(), QStringLiteral("22004"), QStringLiteral("p_name"));
        expect(0, QStringLiteral("   "), QStringLiteral("22023"), QStringLiteral("p_name"));
        expect(1, QVariant(), QStringLiteral("22004"), QStringLiteral("p_file_name"));
        expect(2, QString(201, QLatin1Char('x')), QStringLiteral("22023"),
               QStringLiteral("p_layout_name"));
        expect(3, QVariant(), QStringLiteral("22004"), QStringLiteral("p_unreadable_lines"));
        expect(3, -1, QStringLiteral("22023"), QStringLiteral("p_unreadable_lines"));
        expect(4, QVariant(), QStringLiteral("22004"), QStringLiteral("p_lines"));
        expect(5, QVariant(), QStringLiteral("22004"), QStringLiteral("p_sources"));
        expect(7, QVariant(), QStringLiteral("22004"), QStringLiteral("p_created_ats"));
        expect(8, QVariant(), QStringLiteral("22004"), QStringLiteral("p_phones"));
        expect(4, QStringLiteral("{1,2}"), QStringLiteral("22023"), QStringLiteral("p_lines"));
        expect(4, QStringLiteral("{NULL}"), QStringLiteral("22004"), QStringLiteral("p_lines[1]"));
        expect(4, QStringLiteral("{0}"), QStringLiteral("22023"), QStringLiteral("p_lines[1]"));
        expect(5, QStringLiteral("{NULL}"), QStringLiteral("22004"),
               QStringLiteral("p_sources[1]"));
        expect(5, QStringLiteral("{\"\"}"), QStringLiteral("22023"),
               QStringLiteral("p_sources[1]"));
        expect(7, QStringLiteral("{NULL}"), QStringLiteral("22004"),
               QStringLiteral("p_created_ats[1]"));
        expect(6, QStringLiteral("{%1}").arg(QString(1025, QLatin1Char('x'))),
               QStringLiteral("22023"), QStringLiteral("p_external_ids[1]"));
        {
            QVariantList params = ok;
            for (int i = 4; i <= 10; ++i)
                params[i] = QStringLiteral("{}");
            const PgResult r = mgr.exec(kImport, params);
            QCOMPARE(r.sqlstate, QStringLiteral("22023"));
            QVERIFY2(r.message.contains(QStringLiteral("p_lines")), qPrintable(r.message));
        }
        {
            QVariantList params = ok;
            params[4] = QStringLiteral("{3,3}");
            params[5] = QStringLiteral("{a,b}");
            params[6] = QStringLiteral("{1,2}");
            params[7] = QStringLiteral("{\"2026-10-01 10:00Z\",\"2026-10-01 10:00Z\"}");
            params[8] = params[9] = params[10] = QStringLiteral("{NULL,NULL}");
            const PgResult r = mgr.exec(kImport, params);
            QCOMPARE(r.sqlstate, QStringLiteral("22023"));
            QVERIFY2(r.message.contains(QStringLiteral("line 3 more than once")),
                     qPrintable(r.message));
        }
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.baselines")), 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal")), 0);
        // The unchanged call works, so each refusal above was its one argument's.
        QCOMPARE(call(0, QStringLiteral("n")), QStringLiteral("ok"));
        const qint64 id = oneInt(su, QStringLiteral("SELECT max(id) FROM inbox.baselines"));

        const auto state = [&](const QString &sql, const QVariantList &params = {}) {
            const PgResult r = mgr.exec(sql, params);
            return r.ok ? QStringLiteral("ok") : r.sqlstate + QLatin1Char(' ') + r.message;
        };
        const QVariant noId;
        const struct
        {
            QString sql;
            QVariantList params;
            QString expected;
        } reads[] = {
            {QStringLiteral("SELECT * FROM inbox.baseline_summary($1)"),
             {noId},
             QStringLiteral("22004 p_baseline_id")},
            {QStringLiteral("SELECT * FROM inbox.baseline_summary($1)"),
             {id + 1},
             QStringLiteral("22023 p_baseline_id")},
            {QStringLiteral("SELECT * FROM inbox.baseline_summary($1, NULL)"),
             {id},
             QStringLiteral("22004 p_window")},
            {QStringLiteral("SELECT * FROM inbox.baseline_daily($1, '0')"),
             {id},
             QStringLiteral("22023 p_window")},
            {QStringLiteral("SELECT * FROM inbox.baseline_daily($1, '91 days')"),
             {id},
             QStringLiteral("22023 p_window")},
            {QStringLiteral("SELECT * FROM inbox.baseline_groups($1, '1 day', 'name')"),
             {id},
             QStringLiteral("22023 p_kind")},
            {QStringLiteral("SELECT * FROM inbox.baseline_groups($1, '1 day', NULL, 0)"),
             {id},
             QStringLiteral("22023 p_limit")},
            {QStringLiteral("SELECT * FROM inbox.baseline_groups($1, '1 day', NULL, NULL)"),
             {id},
             QStringLiteral("22004 p_limit")},
            {QStringLiteral("SELECT * FROM inbox.baseline_group_rows($1, NULL, 'k', 1)"),
             {id},
             QStringLiteral("22004 p_kind")},
            {QStringLiteral("SELECT * FROM inbox.baseline_group_rows($1, 'phone', NULL, 1)"),
             {id},
             QStringLiteral("22004 p_key")},
            {QStringLiteral("SELECT * FROM inbox.baseline_group_rows($1, 'phone', 'k', NULL)"),
             {id},
             QStringLiteral("22004 p_first_line")},
            {QStringLiteral("SELECT * FROM inbox.remeasure(NULL, current_date)"),
             {},
             QStringLiteral("22004 p_from")},
            {QStringLiteral("SELECT * FROM inbox.remeasure(current_date, NULL)"),
             {},
             QStringLiteral("22004 p_to")},
            {QStringLiteral("SELECT * FROM inbox.remeasure(current_date, current_date - 1)"),
             {},
             QStringLiteral("22023 p_to")},
            {QStringLiteral("SELECT * FROM inbox.remeasure_reasons(current_date - 3660,"
                            " current_date)"),
             {},
             QStringLiteral("22023 p_to")},
            {QStringLiteral("SELECT inbox.delete_baseline(NULL)"),
             {},
             QStringLiteral("22004 p_baseline_id")},
        };
        for (const auto &read : reads) {
            const QString got = state(read.sql, read.params);
            QVERIFY2(got.startsWith(read.expected.left(5)) && got.contains(read.expected.mid(6)),
                     qPrintable(read.sql + QStringLiteral(" -> ") + got));
        }
        // And the valid calls pass.
        QCOMPARE(state(QStringLiteral("SELECT * FROM inbox.baseline_summary($1, '90 days')"), {id}),
                 QStringLiteral("ok"));
        QCOMPARE(state(QStringLiteral("SELECT * FROM inbox.remeasure_reasons(current_date - 3659,"
                                      " current_date)")),
                 QStringLiteral("ok"));
    }

    // 0035: the rows copied in are stored exactly as import_baseline stores the same rows
    // passed as arrays: the same columns, keys, summary, groups, and a journal entry alike.
    void copyStoresWhatArraysStore()
    {
        PgSession mgr(m_db.conninfo(QStringLiteral("rp_manager")));
        PgSession reader(m_db.conninfo(QStringLiteral("rp_reader")));
        PgSession &su = m_db.su();
        const PgResult byArrays = importRows(mgr, october(), QStringLiteral("arrays"), 4);
        QVERIFY_SQL(byArrays);
        const PgResult byCopy = copyRows(mgr, october(), QStringLiteral("  copy  "), 4);
        QVERIFY_SQL(byCopy);
        const qint64 a = byArrays.value(0, 0).toLongLong();
        const qint64 c = byCopy.value(0, 0).toLongLong();
        QVERIFY(c > a);
        const QString rowsOf =
            QStringLiteral("SELECT string_agg(concat_ws('|', line, source, external_id,"
                           " created_at, phones, emails, name, phone_norms, email_norms),"
                           " '; ' ORDER BY line) FROM inbox.baseline_rows WHERE baseline_id = $1");
        const QString stored = one(su, rowsOf, {c});
        QCOMPARE(stored, one(su, rowsOf, {a}));
        QVERIFY2(stored.contains(QStringLiteral("14|amo|A14|")) &&
                     stored.contains(QStringLiteral("{79160001122,79263334455}")),
                 qPrintable(stored));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT concat_ws('|', name, file_name, layout_name,"
                                    " imported_by, row_count, unreadable_lines, period_first,"
                                    " period_last) FROM inbox.baselines WHERE id = $1"),
                     {c}),
                 one(su,
                     QStringLiteral("SELECT concat_ws('|', 'copy', file_name, layout_name,"
                                    " imported_by, row_count, unreadable_lines, period_first,"
                                    " period_last) FROM inbox.baselines WHERE id = $1"),
                     {a}));
        QCOMPARE(summary(reader, c),
                 QStringLiteral("amo 6 0 1 1 2 0.3333; bitrix 9 1 3 0 4 0.4444"));
        QCOMPARE(groups(reader, c), groups(reader, a));
        QCOMPARE(
            one(su, QStringLiteral("SELECT concat_ws('|', entry, actor, detail->>'baseline_id',"
                                   " detail->>'name', detail->>'rows', detail->>'unreadable_lines')"
                                   " FROM inbox.journal ORDER BY id DESC LIMIT 1")),
            QStringLiteral("baseline_imported|rp_manager|%1|copy|15|4").arg(c));
        // The staging table went with the transaction.
        QCOMPARE(one(mgr, QStringLiteral("SELECT to_regclass('pg_temp.baseline_copy') IS NULL")),
                 QStringLiteral("t"));
    }

    // A bad row is named by its line in the file, with the SQLSTATE of import_baseline's
    // checks; nothing is stored or journalled; a call without a copy, or a second call after
    // one, finds nothing to import.
    void copyNamesTheBadLine()
    {
        PgSession mgr(m_db.conninfo(QStringLiteral("rp_manager")));
        PgSession &su = m_db.su();
        const QString none;
        const Row good{3,
                       QStringLiteral("shop"),
                       QStringLiteral("1"),
                       QStringLiteral("2026-10-01 10:00Z"),
                       none,
                       none,
                       none};
        const auto refused = [&](Row bad) {
            Row other = good;
            other.line = 40;
            return copyRows(mgr, {good, bad, other});
        };
        const auto expect = [&](const PgResult &r, const QString &state, const QString &text) {
            QVERIFY2(!r.ok && r.sqlstate == state && r.message.contains(text),
                     qPrintable(r.sqlstate + QLatin1Char(' ') + r.message));
        };
        Row bad = good;
        bad.line = 17;
        bad.source = QString();
        expect(refused(bad), QStringLiteral("22004"),
               QStringLiteral("line 17: source must not be NULL"));
        bad.source = QStringLiteral("sh\u0001op");
        expect(refused(bad), QStringLiteral("22023"),
               QStringLiteral("line 17: source must be 1..64 characters"));
        bad.source = QString(65, QLatin1Char('s'));
        expect(refused(bad), QStringLiteral("22023"),
               QStringLiteral("line 17: source must be 1..64 characters"));
        bad = good;
        bad.line = 17;
        bad.createdAt = QString();
        expect(refused(bad), QStringLiteral("22004"),
               QStringLiteral("line 17: created_at must not be NULL"));
        bad = good;
        bad.line = 17;
        bad.externalId = QString(1025, QLatin1Char('x'));
        expect(refused(bad), QStringLiteral("22023"),
               QStringLiteral("line 17: external_id must be at most 1024 characters"));
        bad = good;
        bad.line = 40;
        expect(refused(bad), QStringLiteral("22023"),
               QStringLiteral("line 40 was copied more than once"));
        bad.line = -2;
        expect(refused(bad), QStringLiteral("22023"),
               QStringLiteral("line numbers must be positive, got -2"));
        bad.line = 0; // sent as \N: no line at all
        expect(refused(bad), QStringLiteral("22004"),
               QStringLiteral("1 copied row(s) have no line number"));
        expect(copyRows(mgr, {}), QStringLiteral("22023"),
               QStringLiteral("the copy must hold 1..1000000 rows, got 0"));
        expect(copyRows(mgr, {good}, QStringLiteral(" ")), QStringLiteral("22023"),
               QStringLiteral("p_name"));
        expect(copyRows(mgr, {good}, QStringLiteral("n"), -1), QStringLiteral("22023"),
               QStringLiteral("p_unreadable_lines"));
        const QString store =
            QStringLiteral("SELECT inbox.import_baseline_copy('n', 'f.csv', NULL, 0)");
        expect(mgr.exec(store), QStringLiteral("55000"), QStringLiteral("begin_baseline_copy"));
        // A table of that name the caller made is not taken for the staging table.
        QVERIFY_SQL(mgr.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(mgr.exec(QStringLiteral(
            "CREATE TEMP TABLE baseline_copy (line int, source text, external_id text,"
            " created_at timestamptz, phones text, emails text, name text)")));
        QVERIFY_SQL(mgr.exec(QStringLiteral(
            "INSERT INTO pg_temp.baseline_copy VALUES (1, 'shop', '1', now(), NULL, NULL, NULL)")));
        expect(mgr.exec(store), QStringLiteral("55000"), QStringLiteral("begin_baseline_copy"));
        QVERIFY_SQL(mgr.exec(QStringLiteral("ROLLBACK")));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.baselines")), 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.baseline_rows")), 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal")), 0);

        // One copy stores one baseline: a second call in the same transaction finds nothing.
        QVERIFY_SQL(mgr.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(mgr.exec(QStringLiteral("SELECT inbox.begin_baseline_copy()")));
        QVERIFY_SQL(mgr.exec(QStringLiteral("INSERT INTO pg_temp.baseline_copy (line, source, "
                                            "created_at) VALUES (1, 'shop', now())")));
        QVERIFY_SQL(mgr.exec(store));
        expect(mgr.exec(store), QStringLiteral("55000"), QStringLiteral("begin_baseline_copy"));
        QVERIFY_SQL(mgr.exec(QStringLiteral("ROLLBACK")));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.baselines")), 0);
    }

    // Only managers copy in; the staging table takes their rows but does not show them, and
    // other roles cannot start a copy at all.
    void copyRoles()
    {
        PgSession &su = m_db.su();
        PgSession mgr(m_db.conninfo(QStringLiteral("rp_manager")));
        QVERIFY_SQL(copyRows(mgr, october()));
        QVERIFY_SQL(mgr.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(mgr.exec(QStringLiteral("SELECT inbox.begin_baseline_copy()")));
        QCOMPARE(errorOf(mgr.exec(QStringLiteral("SELECT * FROM pg_temp.baseline_copy"))),
                 QStringLiteral("!ERROR 42501"));
        QVERIFY_SQL(mgr.exec(QStringLiteral("ROLLBACK")));
        for (const char *login :
             {"rp_reader", "rp_support", "rp_operator", "rp_ingest", "rp_worker"}) {
            PgSession s(m_db.conninfo(QString::fromLatin1(login)));
            QVERIFY2(errorOf(copyRows(s, october())) == QLatin1String("!ERROR 42501"), login);
            QVERIFY2(errorOf(s.exec(QStringLiteral(
                         "SELECT inbox.import_baseline_copy('n', 'f.csv', NULL, 0)"))) ==
                         QLatin1String("!ERROR 42501"),
                     login);
        }
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.baselines")), 1);
    }

    // 0035: baseline_rows' foreign key became statement-level triggers: rows of a baseline
    // that does not exist are refused with 23503 (only the schema owner could try), and a
    // deleted baseline takes its rows (rolesAndDelete deletes through delete_baseline).
    void rowsNeedTheirBaseline()
    {
        PgSession &su = m_db.su();
        PgSession mgr(m_db.conninfo(QStringLiteral("rp_manager")));
        const qint64 id = copyRows(mgr, october()).value(0, 0).toLongLong();
        QVERIFY(id > 0);
        const PgResult orphan = su.exec(
            QStringLiteral("INSERT INTO inbox.baseline_rows (baseline_id, line, source, created_at)"
                           " VALUES ($1, 100, 'shop', now()), ($2, 101, 'shop', now())"),
            {id, id + 1000});
        QVERIFY2(!orphan.ok && orphan.sqlstate == QLatin1String("23503") &&
                     orphan.message.contains(QString::number(id + 1000)),
                 qPrintable(orphan.sqlstate + QLatin1Char(' ') + orphan.message));
        const PgResult moved = su.exec(
            QStringLiteral("UPDATE inbox.baseline_rows SET baseline_id = $2 WHERE baseline_id = $1"
                           " AND line = 1"),
            {id, id + 1000});
        QCOMPARE(moved.sqlstate, QStringLiteral("23503"));
        QCOMPARE(oneInt(su,
                        QStringLiteral("SELECT count(*) FROM inbox.baseline_rows"
                                       " WHERE baseline_id = $1"),
                        {id}),
                 15);
        QVERIFY_SQL(su.exec(QStringLiteral("DELETE FROM inbox.baselines WHERE id = $1"), {id}));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.baseline_rows")), 0);
    }

    void rolesAndDelete()
    {
        PgSession &su = m_db.su();
        PgSession mgr(m_db.conninfo(QStringLiteral("rp_manager")));
        const qint64 id = importRows(mgr, october()).value(0, 0).toLongLong();
        QVERIFY(id > 0);
        const QString read =
            QStringLiteral("SELECT count(*) FROM inbox.baseline_summary(%1)").arg(id);
        const QString remeasure =
            QStringLiteral("SELECT count(*) FROM inbox.remeasure(current_date, current_date)");
        const QString table = QStringLiteral("SELECT count(*) FROM inbox.baseline_rows");
        const QString remove = QStringLiteral("SELECT inbox.delete_baseline(%1)").arg(id);

        for (const char *login : {"rp_reader", "rp_manager"}) {
            PgSession s(m_db.conninfo(QString::fromLatin1(login)));
            QVERIFY2(errorOf(s.exec(read)) == QLatin1String("ok"), login);
            QVERIFY2(errorOf(s.exec(remeasure)) == QLatin1String("ok"), login);
        }
        for (const char *login : {"rp_support", "rp_operator", "rp_ingest", "rp_worker"}) {
            PgSession s(m_db.conninfo(QString::fromLatin1(login)));
            QVERIFY2(errorOf(s.exec(read)) == QLatin1String("!ERROR 42501"), login);
            QVERIFY2(errorOf(s.exec(remeasure)) == QLatin1String("!ERROR 42501"), login);
        }
        // Nobody but the functions reads the rows: not support's SELECT on every table, not a
        // reader, not a manager.
        for (const char *login : {"rp_support", "rp_operator", "rp_reader", "rp_manager"}) {
            PgSession s(m_db.conninfo(QString::fromLatin1(login)));
            QVERIFY2(errorOf(s.exec(table)) == QLatin1String("!ERROR 42501"), login);
        }
        // Only managers import and delete.
        for (const char *login :
             {"rp_reader", "rp_support", "rp_operator", "rp_ingest", "rp_worker"}) {
            PgSession s(m_db.conninfo(QString::fromLatin1(login)));
            QVERIFY2(errorOf(importRows(s, october())) == QLatin1String("!ERROR 42501"), login);
            QVERIFY2(errorOf(s.exec(remove)) == QLatin1String("!ERROR 42501"), login);
        }
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.baselines")), 1);

        // What the console reads of the session's roles says the same.
        const struct
        {
            const char *login;
            bool read;
            bool import;
        } consoleRoles[] = {{"rp_manager", true, true},
                            {"rp_reader", true, false},
                            {"rp_support", false, false},
                            {"rp_operator", false, false}};
        for (const auto &c : consoleRoles) {
            PgSession s(m_db.conninfo(QString::fromLatin1(c.login)));
            inbox::DbError error;
            const auto info = inbox::readServerInfo(s.raw(), &error);
            QVERIFY2(info, qPrintable(error.oneLine()));
            QVERIFY2(info->mayReadReport() == c.read, c.login);
            QVERIFY2(info->mayImportBaseline() == c.import, c.login);
        }

        QCOMPARE(one(mgr, remove), QStringLiteral("t"));
        QCOMPARE(one(mgr, remove), QStringLiteral("f"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.baseline_rows")), 0);
        QCOMPARE(
            one(su, QStringLiteral("SELECT string_agg(concat_ws('|', entry, actor, by_person,"
                                   " detail->>'baseline_id', detail->>'rows'), '; ' ORDER BY id)"
                                   " FROM inbox.journal")),
            QStringLiteral("baseline_imported|rp_manager|t|%1|15; "
                           "baseline_deleted|rp_manager|t|%1|15")
                .arg(id));
    }
};

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
