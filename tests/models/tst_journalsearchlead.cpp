// Issue 18: the journal's search finds events by their lead's phone, e-mail and name, the way
// inbox.record_lead normalises them, and by a prefix of the idempotency key. Against a real
// PostgreSQL, as a support login (the search calls the schema's own normalisation as that role):
// a phone written two ways is one phone, an e-mail in any case, a name by a case-insensitive
// prefix, key prefixes merged with external-id prefixes in order, exact matches first, and
// keyset pages across the ranks with no row skipped or repeated.
#include "contexttestcase.h"
#include "duplicate_fixture.h"
#include "journal_util.h"
#include "modelcheck.h"

#include "journal/journalmodel.h"
#include "journal/journalquery.h"
#include "pgsession.h"

#include <QSignalSpy>
#include <QtTest>

using inbox::JournalFilter;
using inbox::JournalModel;
using inbox::JournalQuery;

class TestJournalSearchLead : public ContextTestCase
{
    Q_OBJECT

public:
    TestJournalSearchLead() : ContextTestCase({{"l_support", {"inbox_support"}}}) {}

private slots:
    void leadMatchByTheLookOfTheText()
    {
        const auto look = [](const char *text) {
            JournalFilter f;
            f.search = QString::fromUtf8(text);
            return f.leadMatch();
        };
        using M = JournalFilter::LeadMatch;
        QCOMPARE(look("+7 (916) 123-45-67"), M::Phone);
        QCOMPARE(look("89161234567"), M::Phone);
        QCOMPARE(look("12345"), M::None); // too few digits: an id, not a phone
        QCOMPARE(look("Ivan.Petrov@Mail.ru"), M::Email);
        QCOMPARE(look("Иван Пе"), M::Name);
        QCOMPARE(look("ORD-1234567"), M::Name); // a letter: not a phone
        QCOMPARE(look("--"), M::None);
    }

    // "+7 (916) 123-45-67" and "89161234567" are one phone to record_lead, so to the search;
    // an event whose external id is the text itself comes first (exact), then the leads'
    // events newest first.
    void phoneWrittenDifferently()
    {
        const qint64 a = lead(QStringLiteral("a-1"), QStringLiteral("+7 (916) 123-45-67"));
        const qint64 b = lead(QStringLiteral("b-1"), QStringLiteral("8 916 123 45 67"));
        lead(QStringLiteral("c-1"), QStringLiteral("+7 (916) 123-45-68"));
        const qint64 exact =
            contract::insertEvent(m_db.su(), QStringLiteral("tg"), QStringLiteral("89161234567"));
        QVERIFY(a > 0 && b > a && exact > b);
        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);

        search(model, QStringLiteral("89161234567"));
        QCOMPARE(journalfix::ids(model), QVector<qint64>({exact, b, a}));
        QCOMPARE(model.row(0).rank, 0);
        QCOMPARE(model.row(1).rank, 2);
        QCOMPARE(model.row(2).rank, 2);
        search(model, QStringLiteral("+7 (916) 123-45-67"));
        QCOMPARE(journalfix::ids(model), QVector<qint64>({b, a}));
        search(model, QStringLiteral("8-916-123-45-69")); // no lead has it
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.canFetchMore({}));
    }

    void emailInAnyCase()
    {
        const qint64 a =
            lead(QStringLiteral("e-1"), QString(), QStringLiteral("Ivan.Petrov@Mail.RU"));
        lead(QStringLiteral("e-2"), QString(), QStringLiteral("other@mail.ru"));
        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        search(model, QStringLiteral("ivan.petrov@mail.ru"));
        QCOMPARE(journalfix::ids(model), QVector<qint64>{a});
        search(model, QStringLiteral("IVAN.PETROV@MAIL.RU"));
        QCOMPARE(journalfix::ids(model), QVector<qint64>{a});
        search(model, QStringLiteral("ivan.petrov@mail.com"));
        QCOMPARE(model.rowCount(), 0);
    }

    // A prefix of the name key (lower case, single spaces, ё = е), in name order; not a word
    // inside the name; LIKE's metacharacters taken literally.
    void nameByCaseInsensitivePrefix()
    {
        const qint64 ivan = lead(QStringLiteral("n-1"), {}, {}, QStringLiteral("Ivan  Petrov"));
        const qint64 ivanova = lead(QStringLiteral("n-2"), {}, {}, QStringLiteral("ivanova Anna"));
        lead(QStringLiteral("n-3"), {}, {}, QStringLiteral("Pyotr Ivanov"));
        const qint64 russian = lead(QStringLiteral("n-4"), {}, {}, QStringLiteral("Пётр Ёлкин"));
        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        search(model, QStringLiteral("IVAN"));
        QCOMPARE(journalfix::ids(model),
                 QVector<qint64>({ivan, ivanova})); // "ivan petrov" < "ivanova"
        QCOMPARE(model.row(0).rank, 2);
        search(model, QStringLiteral("ivan p"));
        QCOMPARE(journalfix::ids(model), QVector<qint64>{ivan});
        search(model, QStringLiteral("петр е"));
        QCOMPARE(journalfix::ids(model), QVector<qint64>{russian});
        search(model, QStringLiteral("iv%n"));
        QCOMPARE(model.rowCount(), 0);
        search(model, QStringLiteral("petrov"));
        QCOMPARE(model.rowCount(), 0); // a prefix of the name, not of any word
    }

    // Idempotency-key prefixes join the external-id prefixes, ordered by the text that
    // matched; an event matching both is listed once.
    void keyPrefixJoinsThePrefixRank()
    {
        // insertEvent's key is "<source>:<external id>".
        const qint64 k1 =
            contract::insertEvent(m_db.su(), QStringLiteral("shop"), QStringLiteral("k-1"));
        const qint64 k2 =
            contract::insertEvent(m_db.su(), QStringLiteral("shop"), QStringLiteral("k-2"));
        const qint64 ext =
            contract::insertEvent(m_db.su(), QStringLiteral("x"), QStringLiteral("shop:k-15"));
        const qint64 both =
            contract::insertEvent(m_db.su(), QStringLiteral("shop"), QStringLiteral("shop:k-0"));
        contract::insertEvent(m_db.su(), QStringLiteral("shop2"), QStringLiteral("k-3"));
        // Matching by external id and by key: listed once, by its external id.
        const qint64 twice = contract::oneInt(
            m_db.su(), QStringLiteral("INSERT INTO inbox.events (source, external_id, "
                                      "idempotency_key, status, occurred_at, body, content_type, "
                                      "fingerprint) VALUES ('y', 'shop:k-3', 'shop:k-00', "
                                      "'received', now(), '\\x7b7d', 'application/json', "
                                      "md5('y')) RETURNING id"));
        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        search(model, QStringLiteral("shop:k-"));
        // Sorted by what matched: "shop:k-0" (external id), "shop:k-1" (key), "shop:k-15"
        // (external id), "shop:k-2" (key), "shop:k-3" (`twice`, by its external id; its key
        // "shop:k-00" would have sorted it second).
        QCOMPARE(journalfix::ids(model), QVector<qint64>({both, k1, ext, k2, twice}));
        for (int i = 0; i < model.rowCount(); ++i)
            QCOMPARE(model.row(i).rank, 1);
        search(model, QStringLiteral("shop:k-1"));
        QCOMPARE(journalfix::ids(model),
                 QVector<qint64>({k1, ext})); // exact key first, then prefixes
        QCOMPARE(model.row(0).rank, 0);
    }

    // 1 exact + 250 prefix + 450 name matches: four pages, crossing both rank boundaries,
    // exactly the order SQL gives, each event once.
    void namePagesAcrossRanks()
    {
        QVERIFY_SQL(m_db.su().exec(QStringLiteral(
            "INSERT INTO inbox.events (source, external_id, idempotency_key, status, occurred_at, "
            "body, content_type, fingerprint) SELECT 's', x, 'key-' || x, 'received', now(), "
            "'\\x7b7d', 'application/json', md5(x) FROM (SELECT 'smith-' || g AS x FROM "
            "generate_series(1, 250) g UNION ALL SELECT 'smith' UNION ALL SELECT 'L-' || g "
            "FROM generate_series(1, 450) g) s")));
        // Names with runs of equal keys (ties broken by event id) and mixed case.
        QVERIFY_SQL(m_db.su().exec(QStringLiteral(
            "SELECT inbox.record_lead(e.id, NULL, NULL, CASE WHEN e.id % 2 = 0 THEN 'SMITH ' "
            "ELSE 'smith ' END || (e.id / 3)) FROM inbox.events e WHERE e.external_id LIKE "
            "'L-%'")));
        const QVector<qint64> expected =
            m_db.su()
                .exec(QStringLiteral(
                    "SELECT e.id FROM inbox.events e LEFT JOIN inbox.leads l ON l.event_id = e.id "
                    "WHERE e.external_id LIKE 'smith%' OR l.id IS NOT NULL "
                    "ORDER BY CASE WHEN e.external_id = 'smith' THEN 0 WHEN l.id IS NULL THEN 1 "
                    "ELSE 2 "
                    "END, coalesce(inbox._name_key(l.name), e.external_id) COLLATE \"C\", e.id"))
                .ids();
        QCOMPARE(expected.size(), 701);

        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        search(model, QStringLiteral("smith")); // exact and prefix are case-sensitive, names not
        QCOMPARE(model.rowCount(), 1 + JournalModel::kPageSize); // the exact block, a page
        int pages = 1;
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QTRY_VERIFY_WITH_TIMEOUT(!model.isFetching(), 10000);
            ++pages;
        }
        QCOMPARE(pages, 4);
        QCOMPARE(journalfix::ids(model), expected);
        QCOMPARE(model.row(0).rank, 0);
        QCOMPARE(model.row(251).rank, 2);
    }

    // 210 leads of one phone (written three ways): newest first across two pages, and the
    // same ids by JournalQuery::idPage (what Needs attention and the requeuer collect with).
    void phonePagesNewestFirst()
    {
        QVERIFY_SQL(m_db.su().exec(QStringLiteral(
            "INSERT INTO inbox.events (source, external_id, idempotency_key, status, occurred_at, "
            "body, content_type, fingerprint) SELECT 'p', 'p-' || g, 'pk-' || g, 'received', "
            "now(), '\\x7b7d', 'application/json', md5(g::text) FROM generate_series(1, 210) g")));
        // Runs of equal received_at (ties broken by id), not in id order.
        QVERIFY_SQL(m_db.su().exec(QStringLiteral(
            "UPDATE inbox.events SET received_at = now() - make_interval(secs => (id % 7) * 60)")));
        QVERIFY_SQL(m_db.su().exec(QStringLiteral(
            "SELECT inbox.record_lead(e.id, (ARRAY['+7 916 555-44-33', '89165554433', "
            "'(916) 555 44 33'])[e.id % 3 + 1], NULL, NULL) FROM inbox.events e "
            "WHERE e.source = 'p' ORDER BY e.id")));
        const QVector<qint64> expected =
            m_db.su()
                .exec(QStringLiteral(
                    "SELECT e.id FROM inbox.events e JOIN inbox.leads l ON l.event_id = "
                    "e.id WHERE l.phone_norm = '79165554433' "
                    "ORDER BY e.received_at DESC, e.id DESC"))
                .ids();
        QCOMPARE(expected.size(), 210);

        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        search(model, QStringLiteral("8 (916) 555-44-33"));
        QCOMPARE(model.rowCount(), JournalModel::kPageSize);
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QTRY_VERIFY_WITH_TIMEOUT(!model.isFetching(), 10000);
        }
        QCOMPARE(journalfix::ids(model), expected);

        JournalFilter f;
        f.search = QStringLiteral("8 (916) 555-44-33");
        const inbox::Query q = JournalQuery::idPage(f, std::nullopt, 1000);
        PgSession support(m_db.conninfo(QStringLiteral("l_support")));
        const PgResult r = support.exec(q.sql, q.params);
        QVERIFY2(r.ok, qPrintable(r.message));
        QCOMPARE(r.ids(), expected);
    }

    void cleanupTestCase() { m_db.stop(); }

private:
    void connect(JournalModel &model)
    {
        QVERIFY(m_harness.connectLoaded(*m_context, &model, QStringLiteral("l_support"),
                                        {QStringLiteral("inbox_support")}));
    }

    void search(JournalModel &model, const QString &text)
    {
        JournalFilter f;
        f.search = text;
        QSignalSpy loaded(&model, &JournalModel::loaded);
        model.setFilter(f);
        QVERIFY(loaded.wait(10000));
    }

    qint64 lead(const QString &externalId, const QString &phone, const QString &email = {},
                const QString &name = {})
    {
        dupfix::Lead l;
        l.externalId = externalId;
        l.phone = phone.isEmpty() ? QString() : phone;
        l.email = email.isEmpty() ? QString() : email;
        l.name = name.isEmpty() ? QString() : name;
        if (dupfix::lead(m_db.su(), l) < 0)
            return -1;
        return m_db.su()
            .exec(QStringLiteral("SELECT id FROM inbox.events WHERE external_id = $1"),
                  {externalId})
            .value(0, 0)
            .toLongLong();
    }
};

QTEST_GUILESS_MAIN(TestJournalSearchLead)
#include "tst_journalsearchlead.moc"
