// inbox.normalize_phone and inbox.normalize_email after 0032 against a real PostgreSQL: the
// bodies rewritten for speed give exactly the results of 0003's bodies, which every stored
// phone_norm and email_norm (and so the inbox's duplicate detection and the Report's
// baselines) were computed with. The old bodies are taken from the landed step 0003 itself
// (frozen by SHA256SUMS), created as pg_temp functions, and both are called over a corpus of
// about 130,000 tricky values per function, built deterministically on the server, under the
// database's collation, "C" and an ICU Russian collation (the extension regex is
// case-insensitive and the e-mail pattern's [:space:] follows the collation).
#include "contract_util.h"
#include "databasetestcase.h"
#include "db/migrator.h"

#include <QRegularExpression>
#include <QtTest>

using namespace contract;

namespace {

// The phone corpus: every digit run of 0..17 digits of one digit (placeholders), the ten
// digits after 7, 8, +7, 810 and 00 (Russian placeholders), and 120,000 values glued from 1..7
// pieces: prefixes, digit runs, separators, extension markers in both cases and alphabets,
// other letters, non-ASCII digits, spaces of other kinds and nothing at all.
const char *const kPhones =
    "CREATE TEMP TABLE corpus_phone AS\n"
    "WITH p(a) AS (SELECT ARRAY[\n"
    "    '', ' ', '+', '+7', '7', '8', '9', '00', '007', '0', '810', '8 10', '+810', '+49', '1',\n"
    "    '916', '123', '45', '67', '1234567', '9161234567', '0000000', '00000', '1111111111',\n"
    "    '7777777777', '8888888888', '999', '2', '5', '(', ')', '-', '.', ' ', '  ', '/', ',', "
    "E'\\t',\n"
    "    E'\\n', E'\\u00a0', E'\\u2007', E'\\u3000', 'доб', 'ДОБ', 'Доб.', 'доб.', 'ext', 'EXT', "
    "'Ext.',\n"
    "    'x', 'X', '#', 'вн', 'ВН', 'Вн.', 'e', 'xt', 'до', 'б', 'н', 'abc', 'tel:', 'phone',\n"
    "    'Телефон', '١٢٣', '１２３', '٣', 'ё', '*', '+7 (916) 123-45-67', '8 (916) 123-45-67',\n"
    "    '007 916 123 45 67', '+49 30 1234567', '+7 (000) 000-00-00', '79999999999',\n"
    "    '8-800-555-35-35', '12', '3', '4', '6', '0', '00', '000']::text[])\n"
    "SELECT v FROM (\n"
    "    SELECT repeat(d::text, n) AS v FROM generate_series(0, 9) d, generate_series(0, 17) n\n"
    "    UNION ALL\n"
    "    SELECT pre || repeat(d::text, 10) FROM generate_series(0, 9) d,\n"
    "           unnest(ARRAY['7', '8', '+7', '+7 ', '810', '00', '007', '9', '']) pre\n"
    "    UNION ALL\n"
    "    SELECT pre || repeat(d::text, 9) || post FROM generate_series(0, 9) d,\n"
    "           unnest(ARRAY['7', '8', '9', '79', '89', '0', '00']) pre,\n"
    "           unnest(ARRAY['', '1', '0', '9', '11']) post\n"
    "    UNION ALL\n"
    "    SELECT NULL\n"
    "    UNION ALL\n"
    "    SELECT (SELECT string_agg(p.a[1 + floor(random() * cardinality(p.a))::int], '' ORDER BY "
    "k)\n"
    "              FROM generate_series(1, 1 + (i % 7)) k)\n"
    "      FROM generate_series(1, 120000) i, p) s\n";

// The e-mail corpus: 120,000 values glued from 1..7 pieces (local parts, '@', domains,
// wrappers such as 'Name <', '>' and 'mailto:', dots, plus signs, spaces of every kind, case
// variants, placeholder names and domains) and the documented examples.
const char *const kEmails =
    "CREATE TEMP TABLE corpus_email AS\n"
    "WITH p(a) AS (SELECT ARRAY[\n"
    "    '', ' ', E'\\t', E'\\r', E'\\n', E'\\u00a0', E'\\u2003', E'\\u3000', E'\\v', E'\\f', "
    "'ivan',\n"
    "    'Ivan.Petrov', 'ivan.petrov+crm', '+tag', '.', '..', '@', '@@', 'a', 'b.c', 'unknown',\n"
    "    'UNKNOWN', 'noreply', 'NoReply', 'no-reply', 'no_reply', 'donotreply', 'do-not-reply',\n"
    "    'do_not_reply', 'mailer-daemon', 'none', 'null', 'nomail', 'no-email', 'noemail', "
    "'test',\n"
    "    'Test', 'gmail.com', 'GMail.com', 'googlemail.com', 'gmail.com.', 'ya.ru', 'YA.RU',\n"
    "    'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua', 'yandex.ru', 'mail.ru', 'mail.ru.',\n"
    "    'example.com', 'example.org', 'example.net', 'EXAMPLE.COM', 'foo.invalid', '.invalid',\n"
    "    'a.example', 'test.ru', 'testing.com', 'localhost', 'ru', '.ru', 'ru.', 'mailto:',\n"
    "    'MAILTO:', 'Mailto: ', 'Иван <', '\"Ivan\" <', '<', '>', '<>', '<<', '>>', 'Name ',\n"
    "    ' <ivan@mail.ru>', 'Ivan <ivan@mail.ru>', 'mailto:ivan@mail.ru', 'ёжик', 'Ärger', "
    "'почта.рф',\n"
    "    'user@', '@domain.com', 'a@b.c', 'a@b..c', 'a@.b', ',', ';', '\"', '(', ')', 'x', '1', "
    "'_']::text[])\n"
    "SELECT v FROM (\n"
    "    SELECT unnest(ARRAY[' Ivan.Petrov+crm@GMail.com ', 'Ivan <ivan@mail.ru>',\n"
    "                        'mailto:ivan@mail.ru', 'a@ya.ru', 'unknown@mail.ru', 'test@test.ru',\n"
    "                        'x@example.com', 'x@foo.invalid', 'x@a.example', 'x@mail.ru.',\n"
    "                        '', ' ', 'noat', 'a@b', 'a@b.', 'a@@b.c']) AS v\n"
    "    UNION ALL\n"
    "    SELECT NULL\n"
    "    UNION ALL\n"
    "    SELECT (SELECT string_agg(p.a[1 + floor(random() * cardinality(p.a))::int], '' ORDER BY "
    "k)\n"
    "              FROM generate_series(1, 1 + (i % 7)) k)\n"
    "      FROM generate_series(1, 120000) i, p) s\n";

} // namespace

class TestNormalize : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestNormalize() : DatabaseTestCase({}, Databases::OneForAll) {}

private:
    // 0003's CREATE FUNCTION of `name`, as pg_temp.before_0032_<name>.
    static QString oldBody(const QString &name)
    {
        for (const auto &m : inbox::Migrator::bundled()) {
            if (m.version != 3)
                continue;
            const QString sql = QString::fromUtf8(m.sql);
            const QRegularExpression re(
                QStringLiteral("CREATE FUNCTION inbox\\.%1\\(.*?\\n\\$\\$;").arg(name),
                QRegularExpression::DotMatchesEverythingOption);
            const QRegularExpressionMatch match = re.match(sql);
            if (!match.hasMatch())
                return {};
            return match.captured(0).replace(QStringLiteral("inbox.") + name,
                                             QStringLiteral("pg_temp.before_0032_") + name);
        }
        return {};
    }

    // Old and new over the corpus in one session: how many values, how many differ, and a few
    // of those that differ (value, old, new) for the message.
    void compare(const QString &name, const char *corpusSql, const QString &table)
    {
        PgSession su(m_db.conninfo());
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT setseed(0.35)")));
        QVERIFY_SQL(su.exec(QString::fromUtf8(corpusSql)));
        const QString old = oldBody(name);
        QVERIFY2(!old.isEmpty(), "0003's body was not found");
        QVERIFY_SQL(su.exec(old));
        // The precondition: the live function is 0032's, not 0003's, or the test compares a
        // body with itself.
        QVERIFY(one(su, QStringLiteral("SELECT prosrc FROM pg_proc WHERE oid = 'inbox.%1'"
                                       "::regproc")
                            .arg(name)) != one(su, QStringLiteral("SELECT prosrc FROM pg_proc"
                                                                  " WHERE oid = 'pg_temp."
                                                                  "before_0032_%1'::regproc")
                                                       .arg(name)));
        QStringList collations = {QStringLiteral("default"), QStringLiteral("C")};
        if (one(su, QStringLiteral("SELECT count(*) FROM pg_collation WHERE collname ="
                                   " 'ru-RU-x-icu'")) == QStringLiteral("1"))
            collations << QStringLiteral("ru-RU-x-icu");
        for (const QString &coll : collations) {
            const PgResult r = su.exec(
                QStringLiteral("SELECT count(*), count(DISTINCT v),"
                               " count(*) FILTER (WHERE o IS NOT NULL),"
                               " count(*) FILTER (WHERE o IS NULL AND v IS NOT NULL),"
                               " count(*) FILTER (WHERE o IS DISTINCT FROM n),"
                               " coalesce(string_agg(format('%%L -> %%L / %%L', v, o, n), E'\\n')"
                               "   FILTER (WHERE o IS DISTINCT FROM n), '')"
                               "  FROM (SELECT v, pg_temp.before_0032_%1(v COLLATE \"%2\") AS o,"
                               "               inbox.%1(v COLLATE \"%2\") AS n FROM %3) x")
                    .arg(name, coll, table));
            QVERIFY_SQL(r);
            const QString what = QStringLiteral("%1 under %2: %3 values (%4 distinct), %5 with a "
                                                "result, %6 NULL\n%7")
                                     .arg(name, coll, r.value(0, 0), r.value(0, 1), r.value(0, 2),
                                          r.value(0, 3), r.value(0, 5).left(3000));
            // A corpus that exercises both outcomes at scale.
            QVERIFY2(r.value(0, 1).toLongLong() > 50000, qPrintable(what));
            QVERIFY2(r.value(0, 2).toLongLong() > 5000, qPrintable(what));
            QVERIFY2(r.value(0, 3).toLongLong() > 5000, qPrintable(what));
            QVERIFY2(r.value(0, 4) == QStringLiteral("0"), qPrintable(what));
        }
    }

private slots:
    void phoneKeepsItsResults()
    {
        compare(QStringLiteral("normalize_phone"), kPhones, QStringLiteral("corpus_phone"));
    }

    void emailKeepsItsResults()
    {
        compare(QStringLiteral("normalize_email"), kEmails, QStringLiteral("corpus_email"));
    }

    // The branches of 0003's phone rules each have values in the corpus (so a body that
    // dropped one of them would differ somewhere above), checked on the old body's results.
    void phoneCorpusReachesEveryRule()
    {
        PgSession su(m_db.conninfo());
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT setseed(0.35)")));
        QVERIFY_SQL(su.exec(QString::fromUtf8(kPhones)));
        const PgResult r = su.exec(QStringLiteral(
            "SELECT count(*) FILTER (WHERE v ~* '(доб|ext|вн|x|#)[^0-9]*[0-9]'"
            "                          AND inbox.normalize_phone(v) IS NOT NULL),"
            "       count(*) FILTER (WHERE regexp_replace(v, '[^0-9]', '', 'g') LIKE '00%'"
            "                          AND inbox.normalize_phone(v) IS NOT NULL),"
            "       count(*) FILTER (WHERE regexp_replace(v, '[^0-9]', '', 'g') ~ '^810.{9}'"
            "                          AND inbox.normalize_phone(v) IS NOT NULL),"
            "       count(*) FILTER (WHERE regexp_replace(v, '[^0-9]', '', 'g') ~ '^8.{10}$'"
            "                          AND inbox.normalize_phone(v) LIKE '7%'),"
            "       count(*) FILTER (WHERE regexp_replace(v, '[^0-9]', '', 'g') ~ '^9.{9}$'"
            "                          AND inbox.normalize_phone(v) LIKE '79%'),"
            "       count(*) FILTER (WHERE regexp_replace(v, '[^0-9]', '', 'g') ~ '^7(.)\\1{9}$'"
            "                          AND inbox.normalize_phone(v) IS NULL),"
            "       count(*) FILTER (WHERE length(regexp_replace(v, '[^0-9]', '', 'g')) > 15)"
            "  FROM corpus_phone"));
        QVERIFY_SQL(r);
        for (int c = 0; c < 7; ++c)
            QVERIFY2(r.value(0, c).toLongLong() > 0, qPrintable(QString::number(c)));
    }

    // The documented examples (docs/contract.md §4.7).
    void documentedExamples()
    {
        PgSession su(m_db.conninfo());
        for (const char *v : {"8 (916) 123-45-67", "+7 916 1234567", "9161234567",
                              "007 916 123 45 67", "+7 (916) 123-45-67 доб. 12"})
            QCOMPARE(
                one(su, QStringLiteral("SELECT inbox.normalize_phone($1)"), {QString::fromUtf8(v)}),
                QStringLiteral("79161234567"));
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.normalize_phone('+49 30 1234567')")),
                 QStringLiteral("49301234567"));
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.normalize_phone('+7 (000) 000-00-00')"
                                        " IS NULL")),
                 QStringLiteral("t"));
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.normalize_email("
                                        "' Ivan.Petrov+crm@GMail.com ')")),
                 QStringLiteral("ivanpetrov@gmail.com"));
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.normalize_email('Ivan <ivan@YA.ru>')")),
                 QStringLiteral("ivan@yandex.ru"));
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.normalize_email('noreply@mail.ru')"
                                        " IS NULL")),
                 QStringLiteral("t"));
    }
};

QTEST_GUILESS_MAIN(TestNormalize)
#include "tst_normalize.moc"
