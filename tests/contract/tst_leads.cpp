// inbox.normalize_phone / normalize_email / record_lead against a real PostgreSQL: how
// real-world spellings of one contact normalise, which earlier leads a new lead is flagged
// against (24 h window, open deals, shared office phones), and that a repeat changes nothing.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QtTest>

using namespace contract;

class TestLeads : public DatabaseTestCase
{
    Q_OBJECT

private:
    int m_seq = 0;

    // An event plus the lead it produced; returns the lead id (or -1).
    qint64 lead(PgSession &su, const QVariant &phone, const QVariant &email,
                const QVariant &name = {}, const QVariant &deal = {},
                const QString &source = QStringLiteral("form"))
    {
        const qint64 event = insertEvent(su, source, QStringLiteral("lead-%1").arg(++m_seq));
        if (event < 0)
            return -1;
        return oneInt(su, QStringLiteral("SELECT inbox.record_lead($1, $2, $3, $4, 'text', $5)"),
                      {event, phone, email, name, deal});
    }

    static qint64 eventOf(PgSession &su, qint64 leadId)
    {
        return oneInt(su, QStringLiteral("SELECT event_id FROM inbox.leads WHERE id = $1"),
                      {leadId});
    }

    static void ageLead(PgSession &su, qint64 leadId, const QString &by)
    {
        const PgResult r =
            su.exec(QStringLiteral("UPDATE inbox.leads SET created_at = created_at - $2::interval"
                                   " WHERE id = $1 RETURNING id"),
                    {leadId, by});
        QVERIFY_SQL(r);
        QCOMPARE(r.rows(), 1);
    }

    static qint64 candidates(PgSession &su, qint64 newer, qint64 earlier)
    {
        return oneInt(su,
                      QStringLiteral("SELECT count(*) FROM inbox.duplicate_candidates"
                                     " WHERE lead_id = $1 AND match_lead_id = $2"),
                      {newer, earlier});
    }

    // `sql` ($1: the row's "input") gives the row's "expected" (a null QString: NULL).
    void verifyNormalized(const QString &sql)
    {
        QFETCH(QVariant, input);
        QFETCH(QString, expected);
        PgSession su(m_db.conninfo());
        const PgResult r = su.exec(sql, {input});
        QVERIFY_SQL(r);
        if (expected.isNull())
            QVERIFY2(r.isNull(0, 0), qPrintable(r.value(0, 0)));
        else
            QCOMPARE(r.value(0, 0), expected);
    }

    static QString reasons(PgSession &su, qint64 newer, qint64 earlier)
    {
        return one(
            su,
            QStringLiteral("SELECT array_to_string(reasons, ',') FROM inbox.duplicate_candidates"
                           " WHERE lead_id = $1 AND match_lead_id = $2"),
            {newer, earlier});
    }

private slots:
    void normalizePhone_data()
    {
        QTest::addColumn<QVariant>("input");
        QTest::addColumn<QString>("expected"); // null QString: NULL expected

        const QString ru = QStringLiteral("79161234567");
        QTest::newRow("8 with brackets") << QVariant(QStringLiteral("8 (916) 123-45-67")) << ru;
        QTest::newRow("+7 spaced") << QVariant(QStringLiteral("+7 916 1234567")) << ru;
        QTest::newRow("bare 10-digit mobile") << QVariant(QStringLiteral("9161234567")) << ru;
        QTest::newRow("+7 brackets dashes") << QVariant(QStringLiteral("+7(916)123-45-67")) << ru;
        QTest::newRow("007 international prefix")
            << QVariant(QStringLiteral("007 916 123 45 67")) << ru;
        QTest::newRow("7 without plus") << QVariant(QStringLiteral("7 916 123 45 67")) << ru;
        QTest::newRow("8 dashes") << QVariant(QStringLiteral("8-916-123-45-67")) << ru;
        QTest::newRow("padded and dotted")
            << QVariant(QStringLiteral("  +7.916.123.45.67  ")) << ru;
        QTest::newRow("extension cut off")
            << QVariant(QStringLiteral("+7 916 123-45-67 доб. 123")) << ru;
        QTest::newRow("8-800 free line")
            << QVariant(QStringLiteral("8 800 555-35-35")) << QStringLiteral("78005553535");
        QTest::newRow("germany keeps digits")
            << QVariant(QStringLiteral("+49 30 1234567")) << QStringLiteral("49301234567");
        QTest::newRow("germany via 00")
            << QVariant(QStringLiteral("0049 30 1234567")) << QStringLiteral("49301234567");
        QTest::newRow("uk keeps digits")
            << QVariant(QStringLiteral("+44 20 7946 0958")) << QStringLiteral("442079460958");
        QTest::newRow("empty") << QVariant(QStringLiteral("")) << QString();
        QTest::newRow("spaces only") << QVariant(QStringLiteral("   ")) << QString();
        QTest::newRow("all zeros") << QVariant(QStringLiteral("0000000000")) << QString();
        QTest::newRow("+7 and zeros")
            << QVariant(QStringLiteral("+7 (000) 000-00-00")) << QString();
        QTest::newRow("too few digits") << QVariant(QStringLiteral("12-34-5")) << QString();
        QTest::newRow("words") << QVariant(QStringLiteral("нет телефона")) << QString();
        QTest::newRow("null") << QVariant() << QString();
    }

    void normalizePhone() { verifyNormalized(QStringLiteral("SELECT inbox.normalize_phone($1)")); }

    void normalizeEmail_data()
    {
        QTest::addColumn<QVariant>("input");
        QTest::addColumn<QString>("expected");

        QTest::newRow("gmail dots, tag, case")
            << QVariant(QStringLiteral(" Ivan.Petrov+crm@GMail.com "))
            << QStringLiteral("ivanpetrov@gmail.com");
        QTest::newRow("googlemail is gmail")
            << QVariant(QStringLiteral("ivan.petrov@googlemail.com"))
            << QStringLiteral("ivanpetrov@gmail.com");
        QTest::newRow("case folded")
            << QVariant(QStringLiteral("IVAN@Mail.Ru")) << QStringLiteral("ivan@mail.ru");
        QTest::newRow("dots kept outside gmail") << QVariant(QStringLiteral("ivan.petrov@mail.ru"))
                                                 << QStringLiteral("ivan.petrov@mail.ru");
        QTest::newRow("display name form") << QVariant(QStringLiteral("Ivan Petrov <Ivan@Mail.ru>"))
                                           << QStringLiteral("ivan@mail.ru");
        QTest::newRow("mailto") << QVariant(QStringLiteral("mailto:ivan@mail.ru"))
                                << QStringLiteral("ivan@mail.ru");
        QTest::newRow("tabs and newline")
            << QVariant(QStringLiteral("\tivan@mail.ru\r\n")) << QStringLiteral("ivan@mail.ru");
        QTest::newRow("empty") << QVariant(QStringLiteral("")) << QString();
        QTest::newRow("no at") << QVariant(QStringLiteral("ivan.mail.ru")) << QString();
        QTest::newRow("two ats") << QVariant(QStringLiteral("ivan@@mail.ru")) << QString();
        QTest::newRow("no dot in domain")
            << QVariant(QStringLiteral("ivan@localhost")) << QString();
        QTest::newRow("unknown@") << QVariant(QStringLiteral("unknown@mail.ru")) << QString();
        QTest::newRow("test@test") << QVariant(QStringLiteral("test@test.ru")) << QString();
        QTest::newRow("TEST@TEST.COM") << QVariant(QStringLiteral("TEST@TEST.COM")) << QString();
        QTest::newRow("noreply") << QVariant(QStringLiteral("noreply@shop.ru")) << QString();
        QTest::newRow("no-reply") << QVariant(QStringLiteral("No-Reply@shop.ru")) << QString();
        QTest::newRow("example.com") << QVariant(QStringLiteral("ivan@example.com")) << QString();
        QTest::newRow("null") << QVariant() << QString();
    }

    void normalizeEmail() { verifyNormalized(QStringLiteral("SELECT inbox.normalize_email($1)")); }

    // Two spellings of one contact, recorded as two leads: the second is flagged against the
    // first with exactly these reasons (empty: not flagged).
    void spellingsMatch_data()
    {
        QTest::addColumn<QString>("phoneA");
        QTest::addColumn<QString>("emailA");
        QTest::addColumn<QString>("phoneB");
        QTest::addColumn<QString>("emailB");
        QTest::addColumn<QString>("expectedReasons");

        QTest::newRow("8 vs +7") << QStringLiteral("8 (916) 123-45-67") << QString()
                                 << QStringLiteral("+7 916 1234567") << QString()
                                 << QStringLiteral("same_phone");
        QTest::newRow("bare vs brackets")
            << QStringLiteral("9161234567") << QString() << QStringLiteral("+7(916)123-45-67")
            << QString() << QStringLiteral("same_phone");
        QTest::newRow("007 vs 8") << QStringLiteral("007 916 123 45 67") << QString()
                                  << QStringLiteral("89161234567") << QString()
                                  << QStringLiteral("same_phone");
        QTest::newRow("gmail spellings")
            << QString() << QStringLiteral("Ivan.Petrov+crm@GMail.com") << QString()
            << QStringLiteral("ivanpetrov@googlemail.com") << QStringLiteral("same_email");
        QTest::newRow("phone and e-mail")
            << QStringLiteral("8 916 123 45 67") << QStringLiteral("IVAN@mail.ru")
            << QStringLiteral("+79161234567") << QStringLiteral("ivan@MAIL.RU ")
            << QStringLiteral("same_phone,same_email");
        QTest::newRow("different numbers")
            << QStringLiteral("8 916 123 45 67") << QString() << QStringLiteral("8 916 123 45 68")
            << QString() << QString();
        QTest::newRow("zeros placeholder")
            << QStringLiteral("0000000000") << QString() << QStringLiteral("00000000000")
            << QString() << QString();
        QTest::newRow("empty placeholder") << QStringLiteral("") << QStringLiteral("")
                                           << QStringLiteral("") << QStringLiteral("") << QString();
        QTest::newRow("unknown@ placeholder")
            << QString() << QStringLiteral("unknown@mail.ru") << QString()
            << QStringLiteral("unknown@mail.ru") << QString();
        QTest::newRow("test@test placeholder")
            << QString() << QStringLiteral("test@test.ru") << QString()
            << QStringLiteral("test@test.ru") << QString();
        QTest::newRow("dots matter outside gmail")
            << QString() << QStringLiteral("ivan.petrov@mail.ru") << QString()
            << QStringLiteral("ivanpetrov@mail.ru") << QString();
    }

    void spellingsMatch()
    {
        QFETCH(QString, phoneA);
        QFETCH(QString, emailA);
        QFETCH(QString, phoneB);
        QFETCH(QString, emailB);
        QFETCH(QString, expectedReasons);
        PgSession su(m_db.conninfo());
        auto v = [](const QString &s) {
            return s.isNull() ? QVariant() : QVariant(s);
        };
        const qint64 a = lead(su, v(phoneA), v(emailA), QStringLiteral("Ivan Petrov"));
        const qint64 b = lead(su, v(phoneB), v(emailB), QStringLiteral("Ivan Petrov"));
        QVERIFY(a > 0);
        QVERIFY(b > 0);
        QVERIFY(a != b);
        if (expectedReasons.isEmpty()) {
            QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.duplicate_candidates")),
                     0);
        } else {
            QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.duplicate_candidates")),
                     1);
            QCOMPARE(reasons(su, b, a), expectedReasons);
            QCOMPARE(one(su, QStringLiteral("SELECT status FROM inbox.duplicate_candidates")),
                     QStringLiteral("open"));
        }
    }

    void leadRowCopiesTheEvent()
    {
        PgSession su(m_db.conninfo());
        const qint64 event = insertEvent(su, QStringLiteral("tilda"), QStringLiteral("form-77"));
        QVERIFY(event > 0);
        const qint64 id =
            oneInt(su,
                   QStringLiteral("SELECT inbox.record_lead($1, ' 8 (916) 123-45-67', "
                                  "'Ivan.Petrov+crm@GMail.com', ' Ivan ', 'call me', 'DEAL-9')"),
                   {event});
        QVERIFY(id > 0);
        const PgResult r = su.exec(
            QStringLiteral(
                "SELECT event_id, source, external_id, channel, name, phone_raw, phone_norm,"
                " email_raw, email_norm, summary, deal_ref, deal_open, merged_into IS NULL,"
                " created_at > now() - interval '1 minute' FROM inbox.leads WHERE id = $1"),
            {id});
        QVERIFY_SQL(r);
        QCOMPARE(r.rows(), 1);
        QCOMPARE(r.value(0, 0).toLongLong(), event);
        QCOMPARE(r.value(0, 1), QStringLiteral("tilda"));
        QCOMPARE(r.value(0, 2), QStringLiteral("form-77"));
        QCOMPARE(r.value(0, 3), QStringLiteral("tilda"));
        QCOMPARE(r.value(0, 4), QStringLiteral("Ivan"));
        QCOMPARE(r.value(0, 5), QStringLiteral(" 8 (916) 123-45-67"));
        QCOMPARE(r.value(0, 6), QStringLiteral("79161234567"));
        QCOMPARE(r.value(0, 7), QStringLiteral("Ivan.Petrov+crm@GMail.com"));
        QCOMPARE(r.value(0, 8), QStringLiteral("ivanpetrov@gmail.com"));
        QCOMPARE(r.value(0, 9), QStringLiteral("call me"));
        QCOMPARE(r.value(0, 10), QStringLiteral("DEAL-9"));
        QCOMPARE(r.value(0, 11), QStringLiteral("t"));
        QCOMPARE(r.value(0, 12), QStringLiteral("t"));
        QCOMPARE(r.value(0, 13), QStringLiteral("t"));
        // Without a deal reference the deal is not open.
        const qint64 other = lead(su, QStringLiteral("+44 20 7946 0958"), QVariant());
        QCOMPARE(
            one(su, QStringLiteral("SELECT deal_open FROM inbox.leads WHERE id = $1"), {other}),
            QStringLiteral("f"));
        QCOMPARE(oneInt(su,
                        QStringLiteral(
                            "SELECT count(*) FROM inbox.journal WHERE event_id = $1"
                            " AND entry = 'lead_recorded' AND (detail->>'lead_id')::bigint = $2"),
                        {event, id}),
                 1);
    }

    void flaggingIsJournaledAndNeverMerges()
    {
        PgSession su(m_db.conninfo());
        const qint64 a =
            lead(su, QStringLiteral("89161234567"), QVariant(), QStringLiteral("Ivan"));
        const qint64 b =
            lead(su, QStringLiteral("+79161234567"), QVariant(), QStringLiteral("Maria"));
        QCOMPARE(candidates(su, b, a), 1);
        QCOMPARE(reasons(su, b, a), QStringLiteral("same_phone,names_differ"));
        const qint64 candidate =
            oneInt(su, QStringLiteral("SELECT id FROM inbox.duplicate_candidates"));
        const PgResult j =
            su.exec(QStringLiteral("SELECT event_id, by_person, detail->>'candidate_id',"
                                   " detail->>'match_lead_id' FROM inbox.journal"
                                   " WHERE entry = 'duplicate_flagged'"));
        QVERIFY_SQL(j);
        QCOMPARE(j.rows(), 1);
        QCOMPARE(j.value(0, 0).toLongLong(), eventOf(su, b));
        QCOMPARE(j.value(0, 1), QStringLiteral("f"));
        QCOMPARE(j.value(0, 2).toLongLong(), candidate);
        QCOMPARE(j.value(0, 3).toLongLong(), a);
        QCOMPARE(oneInt(su, QStringLiteral(
                                "SELECT count(*) FROM inbox.leads WHERE merged_into IS NOT NULL")),
                 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.leads")), 2);
        // Same names score higher than differing ones.
        const qint64 c =
            lead(su, QStringLiteral("8 903 000 11 22"), QVariant(), QStringLiteral("Oleg"));
        const qint64 d =
            lead(su, QStringLiteral("+7 903 000 11 22"), QVariant(), QStringLiteral("oleg "));
        QCOMPARE(reasons(su, d, c), QStringLiteral("same_phone"));
        QVERIFY(
            one(su,
                QStringLiteral("SELECT score FROM inbox.duplicate_candidates WHERE lead_id = $1"),
                {d})
                .toDouble() >
            one(su,
                QStringLiteral("SELECT score FROM inbox.duplicate_candidates WHERE lead_id = $1"),
                {b})
                .toDouble());
    }

    // The window is measured on the earlier lead's created_at: 24 hours.
    void window24h_data()
    {
        QTest::addColumn<QString>("age");
        QTest::addColumn<bool>("flagged");
        QTest::newRow("1 minute") << QStringLiteral("1 minute") << true;
        QTest::newRow("23 hours 50 minutes") << QStringLiteral("23 hours 50 minutes") << true;
        QTest::newRow("24 hours 10 minutes") << QStringLiteral("24 hours 10 minutes") << false;
        QTest::newRow("a month: returning customer") << QStringLiteral("30 days") << false;
    }

    void window24h()
    {
        QFETCH(QString, age);
        QFETCH(bool, flagged);
        PgSession su(m_db.conninfo());
        const qint64 a = lead(su, QStringLiteral("8 916 123 45 67"), QStringLiteral("ivan@mail.ru"),
                              QStringLiteral("Ivan"));
        ageLead(su, a, age);
        const qint64 b = lead(su, QStringLiteral("+7 916 123 45 67"),
                              QStringLiteral("ivan@mail.ru"), QStringLiteral("Ivan"));
        QVERIFY(b > a);
        QCOMPARE(candidates(su, b, a), flagged ? 1 : 0);
        QCOMPARE(
            oneInt(su, QStringLiteral(
                           "SELECT count(*) FROM inbox.journal WHERE entry = 'duplicate_flagged'")),
            flagged ? 1 : 0);
    }

    void openDealBeyondWindow()
    {
        PgSession su(m_db.conninfo());
        const qint64 a = lead(su, QStringLiteral("8 916 123 45 67"), QVariant(),
                              QStringLiteral("Ivan"), QStringLiteral("DEAL-1"));
        ageLead(su, a, QStringLiteral("45 days"));
        const qint64 b = lead(su, QStringLiteral("9161234567"), QVariant(), QStringLiteral("Ivan"));
        QCOMPARE(candidates(su, b, a), 1);
        QCOMPARE(reasons(su, b, a), QStringLiteral("same_phone,open_deal"));

        // The same old lead with its deal closed is just a returning customer.
        QVERIFY_SQL(
            su.exec(QStringLiteral("UPDATE inbox.leads SET deal_open = false WHERE id = $1"), {a}));
        const qint64 c =
            lead(su, QStringLiteral("+7 916 123 45 67"), QVariant(), QStringLiteral("Ivan"));
        QCOMPARE(candidates(su, c, a), 0);
        // ... while b, recorded moments ago, is still in the window.
        QCOMPARE(candidates(su, c, b), 1);
    }

    // A person judged two leads to be two people: a third lead of one of them, with the same
    // contact, is flagged against that person's own lead only, not again against the lead the
    // person judged different (0024). Undoing the rejection lifts it.
    void rejectedPairOfTwoPeopleIsNotFlaggedAgain()
    {
        PgSession su(m_db.conninfo());
        const qint64 ivan =
            lead(su, QStringLiteral("8 916 123 45 67"), QVariant(), QStringLiteral("Ivan Petrov"));
        const qint64 anna = lead(su, QStringLiteral("+7 916 123 45 67"), QVariant(),
                                 QStringLiteral("Anna Sidorova"));
        QCOMPARE(candidates(su, anna, ivan), 1);
        const qint64 pair = oneInt(
            su, QStringLiteral("SELECT id FROM inbox.duplicate_candidates WHERE lead_id = $1"),
            {anna});
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.decide_duplicate($1, 'reject', 'one office"
                                    " phone, two people')"),
                     {pair}),
                 QStringLiteral("rejected"));

        // Anna again: a repeat of her own lead, not of Ivan's.
        const qint64 anna2 =
            lead(su, QStringLiteral("9161234567"), QVariant(), QStringLiteral("anna  sidorova"));
        QCOMPARE(candidates(su, anna2, anna), 1);
        QCOMPARE(candidates(su, anna2, ivan), 0);
        // Ivan again: against his own lead and Anna's unjudged second one, not her first.
        const qint64 ivan2 =
            lead(su, QStringLiteral("89161234567"), QVariant(), QStringLiteral("Ivan Petrov"));
        QCOMPARE(candidates(su, ivan2, ivan), 1);
        QCOMPARE(candidates(su, ivan2, anna), 0);
        QCOMPARE(candidates(su, ivan2, anna2), 1);
        // Another name on the phone is somebody nobody judged: flagged against both.
        const qint64 oleg =
            lead(su, QStringLiteral("8 916 123 45 67"), QVariant(), QStringLiteral("Oleg"));
        QCOMPARE(candidates(su, oleg, ivan), 1);
        QCOMPARE(candidates(su, oleg, anna), 1);
        // The rejection was by phone: the same person matching by e-mail was not judged.
        const qint64 annaMail =
            lead(su, QVariant(), QStringLiteral("anna@mail.ru"), QStringLiteral("Anna Sidorova"));
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.leads SET email_raw = 'anna@mail.ru', email_norm = "
                           "'anna@mail.ru' WHERE id = $1"),
            {ivan}));
        const qint64 annaBoth =
            lead(su, QStringLiteral("8 916 123 45 67"), QStringLiteral("anna@mail.ru"),
                 QStringLiteral("Anna Sidorova"));
        QCOMPARE(candidates(su, annaBoth, ivan), 1);
        QCOMPARE(candidates(su, annaBoth, annaMail), 1);

        // Undone, the judgment is gone: the next lead of Anna is flagged against Ivan's again.
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.decide_duplicate($1, 'undo')"), {pair}),
                 QStringLiteral("undone"));
        const qint64 anna3 = lead(su, QStringLiteral("8 916 123 45 67"), QVariant(),
                                  QStringLiteral("Anna Sidorova"));
        QCOMPARE(candidates(su, anna3, ivan), 1);
    }

    // Deals close (0024): close_deal marks a deal's leads closed, and a lead a year after the
    // closed deal is a returning customer, not an open deal. A deal that never reports closing
    // matches for settings.deal_max_age (180 days unless configured).
    void closedDealIsNotAnOpenDealAYearLater()
    {
        PgSession su(m_db.conninfo());
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT * FROM inbox.configure(p_deal_max_age => "
                                           "interval '2 years')")));
        const qint64 a = lead(su, QStringLiteral("8 916 123 45 67"), QVariant(),
                              QStringLiteral("Ivan"), QStringLiteral("DEAL-9"));
        ageLead(su, a, QStringLiteral("1 year"));
        const qint64 b = lead(su, QStringLiteral("9161234567"), QVariant(), QStringLiteral("Ivan"));
        QCOMPARE(reasons(su, b, a), QStringLiteral("same_phone,open_deal"));

        QCOMPARE(oneInt(su, QStringLiteral("SELECT inbox.close_deal(' DEAL-9 ', 'crm-sync')")), 1);
        QCOMPARE(one(su,
                     QStringLiteral("SELECT concat_ws('|', deal_ref, deal_open, deal_closed_at"
                                    " IS NOT NULL) FROM inbox.leads WHERE id = $1"),
                     {a}),
                 QStringLiteral("DEAL-9|f|t"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT actor || ' ' || (detail->>'lead_id') FROM "
                                    "inbox.journal WHERE entry = 'deal_closed' AND event_id = "
                                    "$1"),
                     {eventOf(su, a)}),
                 QStringLiteral("crm-sync %1").arg(a));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT inbox.close_deal('DEAL-9', 'crm-sync')")), 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT inbox.close_deal('NO-SUCH', 'crm-sync')")), 0);

        const qint64 c =
            lead(su, QStringLiteral("+7 916 123 45 67"), QVariant(), QStringLiteral("Ivan"));
        QCOMPARE(candidates(su, c, a), 0);
        QCOMPARE(reasons(su, c, b), QStringLiteral("same_phone")); // b is within 24 hours

        // The age limit of a deal that never reports closing.
        const qint64 d = lead(su, QStringLiteral("8 903 000 11 22"), QVariant(),
                              QStringLiteral("Olga"), QStringLiteral("DEAL-10"));
        ageLead(su, d, QStringLiteral("100 days"));
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT * FROM inbox.configure(p_deal_max_age => "
                                           "interval '90 days')")));
        const qint64 e =
            lead(su, QStringLiteral("89030001122"), QVariant(), QStringLiteral("Olga"));
        QCOMPARE(candidates(su, e, d), 0);
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT * FROM inbox.configure(p_deal_max_age => "
                                           "interval '120 days')")));
        const qint64 f =
            lead(su, QStringLiteral("+79030001122"), QVariant(), QStringLiteral("Olga"));
        QCOMPARE(reasons(su, f, d), QStringLiteral("same_phone,open_deal"));

        for (const auto &[sql, state] :
             std::initializer_list<std::pair<const char *, const char *>>{
                 {"SELECT inbox.close_deal(NULL, 'w')", "22004"},
                 {"SELECT inbox.close_deal(' ', 'w')", "22023"},
                 {"SELECT inbox.close_deal('DEAL-10', NULL)", "22004"},
                 {"SELECT inbox.close_deal('DEAL-10', '')", "22023"}}) {
            const PgResult r = su.exec(QString::fromLatin1(sql));
            QVERIFY2(!r.ok, sql);
            QCOMPARE(r.sqlstate, QString::fromLatin1(state));
        }
        QCOMPARE(one(su, QStringLiteral("SELECT deal_open FROM inbox.leads WHERE id = $1"), {d}),
                 QStringLiteral("t"));
    }

    void returningCustomerMonthLater()
    {
        PgSession su(m_db.conninfo());
        const qint64 a =
            lead(su, QStringLiteral("8 916 123 45 67"), QStringLiteral("Ivan.Petrov@gmail.com"),
                 QStringLiteral("Ivan Petrov"));
        ageLead(su, a, QStringLiteral("31 days"));
        const qint64 b =
            lead(su, QStringLiteral("8 916 123 45 67"), QStringLiteral("ivanpetrov@gmail.com"),
                 QStringLiteral("Ivan Petrov"));
        QVERIFY(b > 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.duplicate_candidates")), 0);
        QCOMPARE(
            oneInt(su, QStringLiteral(
                           "SELECT count(*) FROM inbox.journal WHERE entry = 'duplicate_flagged'")),
            0);
    }

    void sharedOfficePhoneIsWeak()
    {
        PgSession su(m_db.conninfo());
        const QString office = QStringLiteral("+7 495 123-45-67");
        const qint64 a = lead(su, office, QStringLiteral("anna@firm.ru"), QStringLiteral("Anna"));
        const qint64 b = lead(su, office, QStringLiteral("boris@firm.ru"), QStringLiteral("Boris"));
        // Two names on one phone: still an ordinary reason.
        QCOMPARE(
            one(su,
                QStringLiteral("SELECT weak FROM inbox.duplicate_candidates WHERE lead_id = $1"),
                {b}),
            QStringLiteral("f"));
        const qint64 c = lead(su, office, QStringLiteral("vera@firm.ru"), QStringLiteral("Vera"));
        QCOMPARE(candidates(su, c, a), 1);
        QCOMPARE(candidates(su, c, b), 1);
        const PgResult r =
            su.exec(QStringLiteral("SELECT weak, array_to_string(reasons, ','), score"
                                   " FROM inbox.duplicate_candidates WHERE lead_id = $1"
                                   " ORDER BY match_lead_id"),
                    {c});
        QVERIFY_SQL(r);
        QCOMPARE(r.rows(), 2);
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(r.value(i, 0), QStringLiteral("t"));
            QCOMPARE(r.value(i, 1), QStringLiteral("same_phone,weak_shared_phone,names_differ"));
            QVERIFY(r.value(i, 2).toDouble() < 0.3);
        }
        // A personal e-mail on top of the office phone is strong evidence again.
        const qint64 d = lead(su, office, QStringLiteral("Vera@Firm.ru"), QStringLiteral("Vera"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT weak FROM inbox.duplicate_candidates"
                                    " WHERE lead_id = $1 AND match_lead_id = $2"),
                     {d, c}),
                 QStringLiteral("f"));
        QCOMPARE(reasons(su, d, c), QStringLiteral("same_phone,same_email,weak_shared_phone"));
    }

    void repeatReturnsSameLeadAndChangesNothing()
    {
        PgSession su(m_db.conninfo());
        const qint64 a =
            lead(su, QStringLiteral("8 916 123 45 67"), QVariant(), QStringLiteral("Ivan"));
        const qint64 event = insertEvent(su, QStringLiteral("form"), QStringLiteral("repeat"));
        const QString call = QStringLiteral("SELECT inbox.record_lead($1, $2, $3, $4, $5, $6)");
        const qint64 b = oneInt(su, call,
                                {event, QStringLiteral("+79161234567"), QVariant(),
                                 QStringLiteral("Ivan"), QStringLiteral("first"), QVariant()});
        QVERIFY(b > a);
        const QString snapshot =
            QStringLiteral("SELECT (SELECT row_to_json(l)::text FROM inbox.leads l WHERE id = $1)"
                           " || (SELECT count(*) FROM inbox.duplicate_candidates)"
                           " || (SELECT count(*) FROM inbox.journal)");
        const QString before = one(su, snapshot, {b});
        QCOMPARE(
            oneInt(su, call,
                   {event, QStringLiteral("+7 999 000 11 22"), QStringLiteral("other@mail.ru"),
                    QStringLiteral("Someone"), QStringLiteral("second"), QStringLiteral("DEAL-2")}),
            b);
        QCOMPARE(oneInt(su, call,
                        {event, QStringLiteral("+79161234567"), QVariant(), QStringLiteral("Ivan"),
                         QStringLiteral("first"), QVariant()}),
                 b);
        QCOMPARE(one(su, snapshot, {b}), before);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.leads WHERE event_id = $1"),
                        {event}),
                 1);
    }

    void rejectedPairIsNotFlaggedAgain()
    {
        PgSession su(m_db.conninfo());
        const qint64 a =
            lead(su, QStringLiteral("8 916 123 45 67"), QVariant(), QStringLiteral("Ivan"));
        const qint64 event = insertEvent(su, QStringLiteral("form"), QStringLiteral("again"));
        const QString call =
            QStringLiteral("SELECT inbox.record_lead($1, '+7 916 123-45-67', NULL, 'Ivan')");
        const qint64 b = oneInt(su, call, {event});
        const qint64 candidate =
            oneInt(su,
                   QStringLiteral("SELECT id FROM inbox.duplicate_candidates"
                                  " WHERE lead_id = $1 AND match_lead_id = $2"),
                   {b, a});
        QVERIFY(candidate > 0);
        QCOMPARE(
            one(su,
                QStringLiteral("SELECT inbox.decide_duplicate($1, 'reject', 'different flats')"),
                {candidate}),
            QStringLiteral("rejected"));
        // The lead recorded again (a worker retry) and the pair looked at from either side.
        QCOMPARE(oneInt(su, call, {event}), b);
        QCOMPARE(oneInt(su,
                        QStringLiteral("SELECT count(*) FROM inbox.duplicate_candidates"
                                       " WHERE (lead_id, match_lead_id) IN (($1, $2), ($2, $1))"),
                        {a, b}),
                 1);
        QCOMPARE(one(su,
                     QStringLiteral("SELECT status FROM inbox.duplicate_candidates WHERE id = $1"),
                     {candidate}),
                 QStringLiteral("rejected"));
        QCOMPARE(
            oneInt(su, QStringLiteral(
                           "SELECT count(*) FROM inbox.journal WHERE entry = 'duplicate_flagged'")),
            1);
        // A third lead is a new pair for both: it has the name of both, so the rejection
        // cannot say which of the two it is (rejectedPairOfTwoPeopleIsNotFlaggedAgain).
        const qint64 c =
            lead(su, QStringLiteral("89161234567"), QVariant(), QStringLiteral("Ivan"));
        QCOMPARE(candidates(su, c, a), 1);
        QCOMPARE(candidates(su, c, b), 1);
    }

    void badArguments()
    {
        PgSession su(m_db.conninfo());
        PgResult r =
            su.exec(QStringLiteral("SELECT inbox.record_lead(987654, '89161234567', NULL)"));
        QVERIFY(!r.ok);
        QCOMPARE(r.sqlstate, QStringLiteral("22023"));
        QVERIFY2(r.message.contains(QLatin1String("p_event_id")), qPrintable(r.message));
        r = su.exec(QStringLiteral("SELECT inbox.record_lead(NULL, '89161234567', NULL)"));
        QVERIFY(!r.ok);
        QCOMPARE(r.sqlstate, QStringLiteral("22004"));
        QVERIFY2(r.message.contains(QLatin1String("p_event_id")), qPrintable(r.message));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.leads")), 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal")), 0);
    }

    // Two leads with one phone recorded at the same moment in two sessions still find each
    // other: the later one waits for the earlier and flags it. Shown deterministically (the
    // second session provably waits while the first is uncommitted), then under a free race.
    void concurrentLeadsSameContactAreFlagged()
    {
        PgSession su(m_db.conninfo());
        PgSession first(m_db.conninfo());
        PgSession second(m_db.conninfo());
        const qint64 e1 = insertEvent(su, QStringLiteral("form"), QStringLiteral("c1"));
        const qint64 e2 = insertEvent(su, QStringLiteral("bot"), QStringLiteral("c2"));
        QVERIFY_SQL(first.exec(QStringLiteral("BEGIN")));
        const qint64 l1 = oneInt(
            first, QStringLiteral("SELECT inbox.record_lead($1, '89161234567', NULL, 'Ivan')"),
            {e1});
        QVERIFY(l1 > 0);
        qint64 l2 = -1;
        const int pid = backendPid(second);
        std::thread t([&] {
            l2 = oneInt(
                second,
                QStringLiteral("SELECT inbox.record_lead($1, '+7 916 123 45 67', NULL, 'Ivan')"),
                {e2});
        });
        const bool blocked = waitUntilBlocked(su, pid);
        QVERIFY_SQL(first.exec(QStringLiteral("COMMIT")));
        t.join();
        QVERIFY(blocked);
        QVERIFY(l2 > l1);
        QCOMPARE(candidates(su, l2, l1), 1);

        for (int round = 0; round < 20; ++round) {
            const QString phone =
                QStringLiteral("+7 903 100 %1 %2").arg(round / 10).arg(round % 10 + 10);
            const qint64 x =
                insertEvent(su, QStringLiteral("form"), QStringLiteral("rx%1").arg(round));
            const qint64 y =
                insertEvent(su, QStringLiteral("bot"), QStringLiteral("ry%1").arg(round));
            qint64 lx = -1, ly = -1;
            const QString call = QStringLiteral("SELECT inbox.record_lead($1, $2, NULL, 'Petr')");
            runTogether({[&] {
                             lx = oneInt(first, call, {x, phone});
                         },
                         [&] {
                             ly = oneInt(second, call, {y, phone});
                         }});
            QVERIFY(lx > 0);
            QVERIFY(ly > 0);
            QCOMPARE(
                oneInt(su,
                       QStringLiteral("SELECT count(*) FROM inbox.duplicate_candidates"
                                      " WHERE (lead_id, match_lead_id) IN (($1, $2), ($2, $1))"),
                       {lx, ly}),
                1);
        }
    }

    void concurrentRecordOfOneEventGivesOneLead()
    {
        PgSession su(m_db.conninfo());
        PgSession a(m_db.conninfo());
        PgSession b(m_db.conninfo());
        for (int round = 0; round < 10; ++round) {
            const qint64 event =
                insertEvent(su, QStringLiteral("form"), QStringLiteral("same%1").arg(round));
            qint64 la = -1, lb = -1;
            const QString call =
                QStringLiteral("SELECT inbox.record_lead($1, '89161234567', 'ivan@mail.ru')");
            runTogether({[&] { la = oneInt(a, call, {event}); },
                         [&] {
                             lb = oneInt(b, call, {event});
                         }});
            QVERIFY(la > 0);
            QCOMPARE(lb, la);
            QCOMPARE(oneInt(su,
                            QStringLiteral("SELECT count(*) FROM inbox.leads WHERE event_id = $1"),
                            {event}),
                     1);
            QCOMPARE(oneInt(su,
                            QStringLiteral("SELECT count(*) FROM inbox.journal WHERE event_id = $1"
                                           " AND entry = 'lead_recorded'"),
                            {event}),
                     1);
        }
    }
};

QTEST_MAIN(TestLeads)
#include "tst_leads.moc"
