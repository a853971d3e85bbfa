// inbox._name_key against a real PostgreSQL (0026): the planner inlines it into the journal's
// search by name (so a page no longer calls a SQL function twice per lead it reads), its results
// are those of the earlier body, and a caller's hostile search_path changes neither its result
// nor the keys an insert puts into leads_name_key_idx.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QtTest>

using namespace contract;

namespace {

// The name block of the journal's search (models/journal/journalquery.cpp, rank 2), reduced
// to what decides its plan: the name-key range in key order.
const char *const kNameSearch =
    "SELECT l.event_id, inbox._name_key(l.name) COLLATE \"C\" AS sort_text"
    "  FROM inbox.leads l"
    " WHERE inbox._name_key(l.name) COLLATE \"C\" LIKE inbox._name_key($1) || '%'"
    " ORDER BY inbox._name_key(l.name) COLLATE \"C\", l.event_id LIMIT 200";

} // namespace

class TestNameKey : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestNameKey() : DatabaseTestCase({{"l_support", {"inbox_support"}}}) {}

private:
    int m_seq = 0;

    qint64 leadNamed(PgSession &su, const QString &name)
    {
        const qint64 event =
            insertEvent(su, QStringLiteral("form"), QStringLiteral("nk-%1").arg(++m_seq));
        if (event < 0)
            return -1;
        return oneInt(su, QStringLiteral("SELECT inbox.record_lead($1, NULL, NULL, $2)"),
                      {event, name});
    }

private slots:
    // The plan the support role gets reads the index in order and holds no call of the
    // function: the key is computed inline (before 0026 the plan showed inbox._name_key(l.name)
    // in the index condition's recheck and in the output).
    void nameSearchIsInlinedAndUsesTheIndex()
    {
        PgSession su(m_db.conninfo());
        for (int i = 0; i < 50; ++i)
            QVERIFY(leadNamed(su, QStringLiteral("Роман %1").arg(i)) > 0);
        QVERIFY_SQL(su.exec(QStringLiteral("ANALYZE inbox.leads")));

        PgSession support(m_db.conninfo(QStringLiteral("l_support")));
        QVERIFY_SQL(support.exec(QStringLiteral("SET enable_seqscan = off")));
        QVERIFY_SQL(support.exec(QStringLiteral("SET enable_bitmapscan = off")));
        const PgResult plan = support.exec(QStringLiteral("EXPLAIN (VERBOSE, COSTS OFF) ") +
                                               QLatin1String(kNameSearch),
                                           {QStringLiteral("ром")});
        QVERIFY_SQL(plan);
        QString text;
        for (int i = 0; i < plan.rows(); ++i)
            text += plan.value(i, 0) + QLatin1Char('\n');
        QVERIFY2(text.contains(QLatin1String("leads_name_key_idx")), qPrintable(text));
        QVERIFY2(!text.contains(QLatin1String("_name_key(")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("regexp_replace(")), qPrintable(text));

        // And it finds them, in key order.
        const PgResult found = support.exec(QLatin1String(kNameSearch), {QStringLiteral(" РОМ")});
        QVERIFY_SQL(found);
        QCOMPARE(found.rows(), 50);
        QCOMPARE(found.value(0, 1), QStringLiteral("роман 0"));
        QCOMPARE(found.value(1, 1), QStringLiteral("роман 1"));
        QCOMPARE(found.value(2, 1), QStringLiteral("роман 10"));
    }

    void keepsItsResults_data()
    {
        QTest::addColumn<QVariant>("name");
        QTest::addColumn<QVariant>("key");
        const QVariant null;
        QTest::newRow("null") << null << null;
        QTest::newRow("empty") << QVariant(QStringLiteral("")) << null;
        QTest::newRow("blank") << QVariant(QStringLiteral(" \t\n ")) << null;
        QTest::newRow("yo and runs") << QVariant(QStringLiteral("  Ёлка \t\n Пал  "))
                                     << QVariant(QStringLiteral("елка пал"));
        QTest::newRow("like metacharacters")
            << QVariant(QStringLiteral("100%_Ok\\")) << QVariant(QStringLiteral("100%_ok\\"));
        QTest::newRow("one letter")
            << QVariant(QStringLiteral("Я")) << QVariant(QStringLiteral("я"));
    }

    // The same key as the body before 0026, which leads_name_key_idx was built with (not
    // rebuilt by 0026): for NULL, blanks, ё, whitespace runs and LIKE's metacharacters.
    void keepsItsResults()
    {
        QFETCH(QVariant, name);
        QFETCH(QVariant, key);
        PgSession su(m_db.conninfo());
        QVERIFY_SQL(su.exec(QStringLiteral(
            "CREATE FUNCTION pg_temp.key_before_0026(p_name text) RETURNS text LANGUAGE sql"
            " AS $$ SELECT nullif(translate(lower(btrim(regexp_replace(p_name, '\\s+', ' ',"
            " 'g'))), 'ё', 'е'), '') $$")));
        const PgResult r = su.exec(QStringLiteral("SELECT inbox._name_key($1::text),"
                                                  " inbox._name_key($1::text) IS NOT DISTINCT FROM"
                                                  " pg_temp.key_before_0026($1::text)"),
                                   {name});
        QVERIFY_SQL(r);
        QCOMPARE(r.isNull(0, 0), key.isNull());
        if (!key.isNull())
            QCOMPARE(r.value(0, 0), key.toString());
        QCOMPARE(r.value(0, 1), QStringLiteral("t"));
    }

    // The inlined body is parsed under the caller's settings; it names every function as
    // pg_catalog.x and uses no operator, so a schema of look-alikes first on the path (and
    // standard_conforming_strings off) changes neither the key nor what an insert from that
    // session writes into the index, which a clean session then finds. (Before 0026 the key
    // of such a session was wrong: its '\s+' was read as 's+', whitespace runs stayed.)
    void hostileSearchPathChangesNothing()
    {
        PgSession su(m_db.conninfo());
        for (const QString &sql : {
                 QStringLiteral("CREATE SCHEMA evil"),
                 QStringLiteral("GRANT USAGE ON SCHEMA evil TO PUBLIC"),
                 QStringLiteral("CREATE FUNCTION evil.lower(text) RETURNS text LANGUAGE sql"
                                " AS $$ SELECT 'evil'::text $$"),
                 QStringLiteral("CREATE FUNCTION evil.btrim(text) RETURNS text LANGUAGE sql"
                                " AS $$ SELECT 'evil'::text $$"),
                 QStringLiteral("CREATE FUNCTION evil.translate(text, text, text) RETURNS text"
                                " LANGUAGE sql AS $$ SELECT 'evil'::text $$"),
                 QStringLiteral("CREATE FUNCTION evil.regexp_replace(text, text, text, text)"
                                " RETURNS text LANGUAGE sql AS $$ SELECT 'evil'::text $$"),
                 QStringLiteral("CREATE FUNCTION evil.substring(text, text) RETURNS text"
                                " LANGUAGE sql AS $$ SELECT 'evil'::text $$"),
                 QStringLiteral("CREATE FUNCTION evil.always(text, text) RETURNS boolean"
                                " LANGUAGE sql AS $$ SELECT true $$"),
                 QStringLiteral("CREATE OPERATOR evil.= (LEFTARG = text, RIGHTARG = text,"
                                " FUNCTION = evil.always)"),
             })
            QVERIFY_SQL(su.exec(sql));

        PgSession hostile(m_db.conninfo());
        QVERIFY_SQL(hostile.exec(QStringLiteral("SET search_path = evil, pg_catalog, inbox")));
        QVERIFY_SQL(hostile.exec(QStringLiteral("SET standard_conforming_strings = off")));
        QCOMPARE(one(hostile, QStringLiteral("SELECT inbox._name_key(' Ёлка   Пал ')")),
                 QStringLiteral("елка пал"));
        QCOMPARE(one(hostile, QStringLiteral("SELECT inbox._name_key('') IS NULL")),
                 QStringLiteral("t"));
        // The index's expression is loaded (and inlined) in this session under its path...
        QVERIFY_SQL(hostile.exec(QStringLiteral("EXPLAIN ") + QLatin1String(kNameSearch),
                                 {QStringLiteral("x")}));
        // ...and the insert of a lead from this session computes the key with it.
        const qint64 event = insertEvent(su, QStringLiteral("form"), QStringLiteral("hostile"));
        QVERIFY(event > 0);
        QVERIFY_SQL(hostile.exec(QStringLiteral("SELECT inbox.record_lead($1, NULL, NULL, $2)"),
                                 {event, QStringLiteral("Ёлка Пал")}));

        PgSession clean(m_db.conninfo());
        QVERIFY_SQL(clean.exec(QStringLiteral("SET enable_seqscan = off")));
        const PgResult found = clean.exec(QLatin1String(kNameSearch), {QStringLiteral("елка")});
        QVERIFY_SQL(found);
        QCOMPARE(found.rows(), 1);
        QCOMPARE(found.value(0, 1), QStringLiteral("елка пал"));
    }
};

QTEST_GUILESS_MAIN(TestNameKey)
#include "tst_namekey.moc"
