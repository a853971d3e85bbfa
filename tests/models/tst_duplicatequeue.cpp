// The duplicate queue's data layer against a real PostgreSQL: the list model (order, keyset
// pages exact to the microsecond, filters, search by a differently spelled contact, live
// refresh in place), the counters, the pair loader with its words, and the decision runner
// (outcomes, someone else's decision re-read, undo of mine only).
#include "databasetestcase.h"
#include "duplicate_fixture.h"
#include "modelcheck.h"

#include "duplicates/duplicatecounters.h"
#include "duplicates/duplicatedecider.h"
#include "duplicates/duplicatepairloader.h"
#include "duplicates/duplicatequeuemodel.h"
#include "duplicates/duplicatewords.h"

#include <QSignalSpy>
#include <QtTest>

#include <optional>

using dupfix::one;
using dupfix::oneInt;
using inbox::DuplicateFilter;
using inbox::DuplicateQueueModel;

class TestDuplicateQueue : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestDuplicateQueue()
        : DatabaseTestCase{{"mgr_anna", {"inbox_manager"}}, {"mgr_boris", {"inbox_manager"}}}
    {}

private:
    int m_seq = 0;

    qint64 lead(PgSession &su, const QString &phone, const QString &email, const QString &name,
                const QString &source = QStringLiteral("form"), const QString &deal = QString())
    {
        dupfix::Lead l;
        l.source = source;
        l.externalId = QStringLiteral("ext-%1").arg(++m_seq);
        l.phone = phone;
        l.email = email;
        l.name = name;
        l.summary = QStringLiteral("summary %1").arg(m_seq);
        l.deal = deal;
        return dupfix::lead(su, l);
    }

    // A pair on its own phone: earlier lead, then the newer one.
    qint64 pair(PgSession &su, int n, const QString &sourceA = QStringLiteral("form"),
                const QString &sourceB = QStringLiteral("form"),
                const QString &nameB = QStringLiteral("Ivan"))
    {
        const QString phone = QStringLiteral("+7 916 %1 00 00").arg(100 + n);
        const qint64 a = lead(su, phone, QString(), QStringLiteral("Ivan"), sourceA);
        const qint64 b = lead(su, phone, QString(), nameB, sourceB);
        return dupfix::candidate(su, b, a);
    }

    // n pairs, each on its own phone (pair(su, 0) to pair(su, n - 1)).
    QVector<qint64> pairs(PgSession &su, int n)
    {
        QVector<qint64> made;
        for (int i = 0; i < n; ++i)
            made << pair(su, i);
        return made;
    }

    static QVector<qint64> ids(const DuplicateQueueModel &model)
    {
        QVector<qint64> out;
        for (int r = 0; r < model.rowCount(); ++r)
            out << model.index(r, 0).data(DuplicateQueueModel::CandidateIdRole).toLongLong();
        return out;
    }

    static bool loadAll(DuplicateQueueModel &model)
    {
        // The model tester fetches too (it calls fetchMore when rows arrive), so wait for
        // whatever page is on its way rather than only for the ones asked here.
        QSignalSpy loaded(&model, &DuplicateQueueModel::loaded);
        while (!model.atEnd() || model.isLoading()) {
            if (model.canFetchMore(QModelIndex()))
                model.fetchMore(QModelIndex());
            if (!loaded.wait(10000))
                return false;
        }
        return true;
    }

    static bool waitLoaded(DuplicateQueueModel &model, const std::function<void()> &action)
    {
        QSignalSpy loaded(&model, &DuplicateQueueModel::loaded);
        action();
        return loaded.wait(10000);
    }

    // The pair as DuplicatePairLoader reads it for the screen; none if it did not answer.
    static std::optional<inbox::DuplicatePair> readPair(const TestDatabase &db, qint64 candidate)
    {
        inbox::DuplicatePairLoader loader;
        loader.setConnectOptions(db.options());
        QSignalSpy loaded(&loader, &inbox::DuplicatePairLoader::loaded);
        loader.load(candidate);
        if (!loaded.wait(10000))
            return std::nullopt;
        return loaded.first().first().value<inbox::DuplicatePair>();
    }

    static QVector<qint64> filtered(const TestDatabase &db, const DuplicateFilter &f)
    {
        DuplicateQueueModel model;
        const ModelCheck tester(&model);
        model.setConnectOptions(db.options());
        if (!waitLoaded(model, [&] { model.setFilter(f); }) || !loadAll(model))
            return {-1};
        return ids(model);
    }

private slots:
    // Oldest first, every open pair exactly once across pages, even where several pairs
    // share one timestamp to the microsecond and a page boundary falls inside that group.
    void oldestFirstInExactKeysetPages()
    {
        PgSession su(m_db.conninfo());
        const QVector<qint64> made = pairs(su, 25);
        QVERIFY(!made.contains(-999999));
        // Later pairs get earlier times, in groups of five sharing a microsecond timestamp.
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.duplicate_candidates d SET created_at = "
                                           "'2024-05-01 10:00:00.123456+00'::timestamptz"
                                           " + ((SELECT count(*) FROM inbox.duplicate_candidates x "
                                           "WHERE x.id > d.id) / 5) * interval '1 second'")));
        // One decided pair is not in the queue.
        QCOMPARE(dupfix::decide(su, made.at(3), QStringLiteral("reject")),
                 QStringLiteral("rejected"));
        const QVector<qint64> expected = dupfix::openIdsInOrder(su);
        QCOMPARE(expected.size(), 24);
        QVERIFY(expected.first() > expected.last()); // really not id order

        DuplicateQueueModel model;
        const ModelCheck tester(&model);
        model.setConnectOptions(m_db.options());
        model.setPageSize(7);
        QVERIFY(waitLoaded(model, [&] { model.reload(); }));
        QVERIFY(model.rowCount() >= 7);
        QCOMPARE(model.rowCount() % 7, 0);
        QVERIFY(!model.atEnd());
        QVERIFY(loadAll(model));
        QCOMPARE(ids(model), expected);
        QVERIFY(model.atEnd());
        QVERIFY(!model.canFetchMore(QModelIndex()));
        // Columns carry raw values besides the display text.
        QCOMPARE(model.index(0, DuplicateQueueModel::Contact).data().toString(),
                 inbox::DuplicateWords::phone(
                     one(su,
                         QStringLiteral("SELECT b.phone_norm FROM inbox.duplicate_candidates d"
                                        " JOIN inbox.leads b ON b.id = d.lead_id WHERE d.id = $1"),
                         {expected.first()})));
        QCOMPARE(model.index(0, DuplicateQueueModel::Reasons)
                     .data(DuplicateQueueModel::RawRole)
                     .toStringList(),
                 QStringList{QStringLiteral("same_phone")});
        QCOMPARE(model.index(0, DuplicateQueueModel::Waiting)
                     .data(DuplicateQueueModel::RawRole)
                     .toDateTime()
                     .toUTC(),
                 QDateTime(QDate(2024, 5, 1), QTime(10, 0, 0, 123), Qt::UTC));
    }

    void filtersByChannelReasonAgeAndWeight()
    {
        PgSession su(m_db.conninfo());
        const qint64 formForm = pair(su, 1);
        const qint64 formTelegram = pair(su, 2, QStringLiteral("form"), QStringLiteral("telegram"));
        const qint64 telegramMail = pair(su, 3, QStringLiteral("telegram"), QStringLiteral("mail"));
        const qint64 namesDiffer = pair(su, 4, QStringLiteral("form"), QStringLiteral("form"),
                                        QStringLiteral("Пётр Сидоров"));
        // A switchboard: three names on one phone make the later pairs weak evidence.
        const QString office = QStringLiteral("+7 495 777 12 34");
        const qint64 x1 = lead(su, office, QString(), QStringLiteral("Anna"));
        const qint64 x2 = lead(su, office, QString(), QStringLiteral("Boris"));
        const qint64 x3 = lead(su, office, QString(), QStringLiteral("Clara"));
        const qint64 strongOffice = dupfix::candidate(su, x2, x1);
        const qint64 weak1 = dupfix::candidate(su, x3, x1);
        const qint64 weak2 = dupfix::candidate(su, x3, x2);
        QVERIFY(strongOffice > 0 && weak1 > 0 && weak2 > 0);
        QCOMPARE(
            one(su,
                QStringLiteral("SELECT weak::text FROM inbox.duplicate_candidates WHERE id = $1"),
                {weak1}),
            QStringLiteral("true"));
        QVERIFY(dupfix::age(su, formForm, QStringLiteral("3 days")));
        QVERIFY(dupfix::age(su, telegramMail, QStringLiteral("30 hours")));
        QVERIFY(dupfix::age(su, namesDiffer, QStringLiteral("8 days")));

        // Both channels travel with the pair (filled when it is flagged, migration 0007).
        QCOMPARE(
            one(su,
                QStringLiteral(
                    "SELECT match_channel || '>' || lead_channel FROM inbox.duplicate_candidates"
                    " WHERE id = $1"),
                {formTelegram}),
            QStringLiteral("form>telegram"));
        DuplicateFilter f;
        f.channel = QStringLiteral("telegram");
        QCOMPARE(filtered(m_db, f),
                 dupfix::openIdsInOrder(
                     su, QStringLiteral("a.channel = 'telegram' OR b.channel = 'telegram'")));
        QCOMPARE(filtered(m_db, f).size(), 2);
        QVERIFY(filtered(m_db, f).contains(formTelegram));

        f = DuplicateFilter();
        f.reason = QStringLiteral("names_differ");
        const QVector<qint64> differ = filtered(m_db, f);
        QVERIFY(differ.contains(namesDiffer));
        QVERIFY(!differ.contains(formForm));
        QCOMPARE(differ,
                 dupfix::openIdsInOrder(su, QStringLiteral("'names_differ' = ANY(d.reasons)")));

        f.reason = QStringLiteral("weak");
        QCOMPARE(filtered(m_db, f), (QVector<qint64>{weak1, weak2}));
        f.reason = QStringLiteral("strong");
        QCOMPARE(filtered(m_db, f), dupfix::openIdsInOrder(su, QStringLiteral("NOT d.weak")));
        QVERIFY(!filtered(m_db, f).contains(weak1));

        f = DuplicateFilter();
        f.age = DuplicateFilter::Age::OverWeek;
        QCOMPARE(filtered(m_db, f), QVector<qint64>{namesDiffer});
        f.age = DuplicateFilter::Age::OverDay;
        QCOMPARE(filtered(m_db, f), (QVector<qint64>{namesDiffer, formForm, telegramMail}));
        f.age = DuplicateFilter::Age::UnderHour;
        QCOMPARE(filtered(m_db, f), (QVector<qint64>{formTelegram, strongOffice, weak1, weak2}));
        // Filters combine.
        f.channel = QStringLiteral("telegram");
        QCOMPARE(filtered(m_db, f), QVector<qint64>{formTelegram});
    }

    // The typed contact is normalised on the server as record_lead normalised the stored one.
    void searchFindsDifferentlySpelledContacts()
    {
        PgSession su(m_db.conninfo());
        const qint64 a1 =
            lead(su, QStringLiteral("+7 916 123 45 67"), QString(), QStringLiteral("Ivan"));
        const qint64 b1 =
            lead(su, QStringLiteral("8 (916) 1234567"), QString(), QStringLiteral("Иван"));
        const qint64 byPhone = dupfix::candidate(su, b1, a1);
        const qint64 a2 = lead(su, QString(), QStringLiteral("Ivan.Petrov@gmail.com"),
                               QStringLiteral("Ivan Petrov"));
        const qint64 b2 = lead(su, QString(), QStringLiteral(" ivanpetrov+crm@GMAIL.com "),
                               QStringLiteral("Ivan Petrov"));
        const qint64 byEmail = dupfix::candidate(su, b2, a2);
        const qint64 other = pair(su, 7);
        QVERIFY(byPhone > 0 && byEmail > 0 && other > 0);
        const QString otherExternal =
            one(su,
                QStringLiteral("SELECT b.external_id FROM inbox.duplicate_candidates d"
                               " JOIN inbox.leads b ON b.id = d.lead_id WHERE d.id = $1"),
                {other});

        DuplicateFilter f;
        for (const char *spelling :
             {"8 916 123-45-67", "9161234567", "+7(916)123 45 67", "007 916 123 45 67"}) {
            f.search = QString::fromUtf8(spelling);
            QCOMPARE(filtered(m_db, f), QVector<qint64>{byPhone});
        }
        f.search = QStringLiteral("IVAN.PETROV@googlemail.com");
        QCOMPARE(filtered(m_db, f), QVector<qint64>{byEmail});
        f.search = otherExternal;
        QCOMPARE(filtered(m_db, f), QVector<qint64>{other});
        f.search = QStringLiteral("+7 916 000 00 01");
        QCOMPARE(filtered(m_db, f), QVector<qint64>{});
        // A decided pair is not in the queue, even when searched for.
        QCOMPARE(dupfix::decide(su, byPhone, QStringLiteral("merge")), QStringLiteral("merged"));
        f.search = QStringLiteral("89161234567");
        QCOMPARE(filtered(m_db, f), QVector<qint64>{});
    }

    // A refresh applies the difference: a decided pair leaves, a new one joins at the end,
    // the others keep their place (no reset), a reopened pair returns where it was.
    void refreshAppliesTheDifferenceInPlace()
    {
        PgSession su(m_db.conninfo());
        const QVector<qint64> made = pairs(su, 5);
        DuplicateQueueModel model;
        const ModelCheck tester(&model);
        model.setConnectOptions(m_db.options());
        QVERIFY(waitLoaded(model, [&] { model.reload(); }));
        QCOMPARE(ids(model), made);
        const QPersistentModelIndex last = model.index(4, 0);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);

        QCOMPARE(dupfix::decide(su, made.at(1), QStringLiteral("merge")), QStringLiteral("merged"));
        const qint64 fresh = pair(su, 9);
        QVERIFY(waitLoaded(model, [&] { model.refresh(); }));
        QCOMPARE(ids(model),
                 (QVector<qint64>{made.at(0), made.at(2), made.at(3), made.at(4), fresh}));
        QVERIFY(last.isValid());
        QCOMPARE(last.data(DuplicateQueueModel::CandidateIdRole).toLongLong(), made.at(4));
        QCOMPARE(resets.count(), 0);

        QCOMPARE(dupfix::decide(su, made.at(1), QStringLiteral("undo")), QStringLiteral("undone"));
        QVERIFY(waitLoaded(model, [&] { model.refresh(); }));
        QCOMPARE(ids(model), (QVector<qint64>{made.at(0), made.at(1), made.at(2), made.at(3),
                                              made.at(4), fresh}));

        // Mine leaves at once, without a round trip; skipping marks without removing.
        model.removeCandidate(made.at(0));
        model.setSkipped(made.at(2), true);
        QCOMPARE(ids(model).first(), made.at(1));
        QVERIFY(model.index(1, 0).data(DuplicateQueueModel::SkippedRole).toBool());
        QVERIFY(model.index(1, DuplicateQueueModel::Names)
                    .data()
                    .toString()
                    .contains(QLatin1String("skipped")));
        QCOMPARE(resets.count(), 0);
    }

    // Refresh of a partly loaded queue reads only the loaded range: it neither loses the
    // place nor pulls in the rest.
    void refreshOfPartlyLoadedQueueKeepsTheRange()
    {
        PgSession su(m_db.conninfo());
        const QVector<qint64> made = pairs(su, 12);
        // No model tester here: it fetches every page as rows arrive, and this test is about
        // a queue that is only partly loaded.
        DuplicateQueueModel model;
        model.setConnectOptions(m_db.options());
        model.setPageSize(5);
        QVERIFY(waitLoaded(model, [&] { model.reload(); }));
        const int loaded = model.rowCount();
        QCOMPARE(loaded, 5);
        QCOMPARE(dupfix::decide(su, made.at(0), QStringLiteral("reject")),
                 QStringLiteral("rejected"));
        QVERIFY(waitLoaded(model, [&] { model.refresh(); }));
        QCOMPARE(ids(model), made.mid(1, loaded - 1));
        QVERIFY(!model.atEnd());
        QVERIFY(loadAll(model));
        QCOMPARE(ids(model), made.mid(1));
    }

    void countersOpenAndDecidedToday()
    {
        PgSession su(m_db.conninfo());
        PgSession anna(m_db.conninfo(QStringLiteral("mgr_anna")));
        PgSession boris(m_db.conninfo(QStringLiteral("mgr_boris")));
        const QVector<qint64> made = pairs(su, 6);
        QCOMPARE(dupfix::decide(anna, made.at(0), QStringLiteral("merge")),
                 QStringLiteral("merged"));
        QCOMPARE(dupfix::decide(anna, made.at(1), QStringLiteral("reject")),
                 QStringLiteral("rejected"));
        QCOMPARE(dupfix::decide(boris, made.at(2), QStringLiteral("merge")),
                 QStringLiteral("merged"));
        QCOMPARE(dupfix::decide(boris, made.at(3), QStringLiteral("reject")),
                 QStringLiteral("rejected"));
        // Yesterday's decision does not count today.
        QVERIFY_SQL(su.exec(
            QStringLiteral(
                "UPDATE inbox.duplicate_candidates SET decided_at = now() - interval '2 days'"
                " WHERE id = $1"),
            {made.at(3)}));

        inbox::DuplicateCounters counters;
        counters.setConnectOptions(m_db.options(QStringLiteral("mgr_anna")));
        QSignalSpy changed(&counters, &inbox::DuplicateCounters::changed);
        counters.refresh();
        QVERIFY(changed.wait(10000));
        QVERIFY(counters.isValid());
        QCOMPARE(counters.open(), 2);
        QCOMPARE(counters.decidedTodayByMe(), 2);
        QCOMPARE(counters.decidedTodayByAll(), 3);
        QCOMPARE(counters.channels(), QStringList{QStringLiteral("form")});

        // An undone decision no longer counts.
        QCOMPARE(dupfix::decide(boris, made.at(0), QStringLiteral("undo")),
                 QStringLiteral("undone"));
        counters.refresh();
        QVERIFY(changed.wait(10000));
        QCOMPARE(counters.open(), 3);
        QCOMPARE(counters.decidedTodayByMe(), 1);
        QCOMPARE(counters.decidedTodayByAll(), 2);

        // The decided-today counts can be an index range (migration 0005), not a walk over
        // every decided pair; a tiny table would be scanned anyway, so scans are ruled out.
        QVERIFY_SQL(su.exec(QStringLiteral("SET enable_seqscan = off")));
        const PgResult plan =
            su.exec(QStringLiteral("EXPLAIN SELECT count(*) FROM inbox.duplicate_candidates d"
                                   " WHERE d.decided_at >= now() - interval '1 day'"
                                   " AND d.decided_by = 'x'"));
        QVERIFY_SQL(plan);
        QString text;
        for (int i = 0; i < plan.rows(); ++i)
            text += plan.value(i, 0) + QLatin1Char('\n');
        QVERIFY2(
            text.contains(QLatin1String("Index Only Scan using duplicate_candidates_decided_idx")),
            qPrintable(text));
    }

    void pairLoaderReadsBothSidesAndSaysWhy()
    {
        PgSession su(m_db.conninfo());
        dupfix::Lead a;
        a.source = QStringLiteral("form");
        a.externalId = QStringLiteral("F-100");
        a.phone = QStringLiteral("+7 916 123 45 67");
        a.email = QStringLiteral("Ivan.Petrov@Mail.ru");
        a.name = QStringLiteral("Иван Петров");
        a.summary = QStringLiteral("Нужна доставка дивана");
        a.deal = QStringLiteral("D-1042");
        dupfix::Lead b =
            dupfix::fromTelegram(a, QStringLiteral("T-7"), QStringLiteral("8 (916) 123-45-67"));
        b.email = QString();
        b.name = QStringLiteral("Maria");
        b.summary = QStringLiteral("Sofa delivery?");
        b.deal = QString();
        const qint64 la = dupfix::lead(su, a);
        const qint64 lb = dupfix::lead(su, b);
        const qint64 c = dupfix::candidate(su, lb, la);
        QVERIFY(c > 0);

        inbox::DuplicatePairLoader loader;
        loader.setConnectOptions(m_db.options());
        QSignalSpy loaded(&loader, &inbox::DuplicatePairLoader::loaded);
        loader.load(c);
        QVERIFY(loaded.wait(10000));
        const auto p = loaded.first().first().value<inbox::DuplicatePair>();
        QCOMPARE(p.id, c);
        QVERIFY(p.status == inbox::PairStatus::Open);
        QCOMPARE(p.statusWord, QStringLiteral("open"));
        QCOMPARE(p.earlier.id, la);
        QCOMPARE(p.newer.id, lb);
        QCOMPARE(p.earlier.channel, QStringLiteral("form"));
        QCOMPARE(p.newer.channel, QStringLiteral("telegram"));
        QCOMPARE(p.earlier.phoneRaw, a.phone);
        QCOMPARE(p.newer.phoneRaw, b.phone);
        QCOMPARE(p.newer.phoneNorm, QStringLiteral("79161234567"));
        QCOMPARE(p.earlier.emailNorm, QStringLiteral("ivan.petrov@mail.ru"));
        QCOMPARE(p.earlier.summary, a.summary);
        QCOMPARE(p.earlier.dealRef, QStringLiteral("D-1042"));
        QVERIFY(p.earlier.dealOpen);
        QVERIFY(p.newer.dealRef.isEmpty());
        QVERIFY(p.earlier.eventExists);
        QCOMPARE(p.newer.externalId, QStringLiteral("T-7"));
        QCOMPARE(
            p.earlier.eventId,
            oneInt(su, QStringLiteral("SELECT event_id FROM inbox.leads WHERE id = $1"), {la}));
        QVERIFY(p.earlier.createdAt <= p.newer.createdAt);
        QCOMPARE(inbox::DuplicateWords::reasons(p),
                 QStringLiteral("same phone +7 916 123-45-67; names differ"));
        QVERIFY(inbox::DuplicateWords::weakness(p).isEmpty());
        const QString merge = inbox::DuplicateWords::mergeStatement(p);
        QVERIFY2(merge.contains(QLatin1String("linked to deal D-1042 (open)")) &&
                     merge.contains(QLatin1String("Nothing is deleted")),
                 qPrintable(merge));

        // A pruned event: the lead stays, the link to the journal goes.
        QVERIFY_SQL(
            su.exec(QStringLiteral("DELETE FROM inbox.events WHERE id = $1"), {p.earlier.eventId}));
        loaded.clear();
        loader.reload(c);
        QVERIFY(loaded.wait(10000));
        QVERIFY(!loaded.first().first().value<inbox::DuplicatePair>().earlier.eventExists);

        QSignalSpy missing(&loader, &inbox::DuplicatePairLoader::missing);
        loader.load(c + 1000);
        QVERIFY(missing.wait(10000));
        QCOMPARE(missing.first().first().toLongLong(), c + 1000);
    }

    void weakEvidenceIsFlaggedWithTheNameCount()
    {
        PgSession su(m_db.conninfo());
        const QString office = QStringLiteral("+7 (495) 777-12-34");
        lead(su, office, QString(), QStringLiteral("Anna"));
        const qint64 x2 = lead(su, office, QString(), QStringLiteral("Boris"));
        const qint64 x3 = lead(su, office, QString(), QStringLiteral("Clara"));
        const qint64 c = dupfix::candidate(su, x3, x2);
        const std::optional<inbox::DuplicatePair> read = readPair(m_db, c);
        QVERIFY(read);
        const inbox::DuplicatePair &p = *read;
        QVERIFY(p.weak);
        QCOMPARE(p.phoneNames, 3);
        const QString weak = inbox::DuplicateWords::weakness(p);
        QVERIFY2(weak.contains(QLatin1String("+7 495 777-12-34")) &&
                     weak.contains(QLatin1String("3 different name")),
                 qPrintable(weak));
    }

    // Prefetched pairs are answered from memory; a reload reads the database again.
    void loaderReadsAhead()
    {
        PgSession su(m_db.conninfo());
        const qint64 c1 = pair(su, 1);
        const qint64 c2 = pair(su, 2);
        inbox::DuplicatePairLoader loader;
        loader.setConnectOptions(m_db.options());
        QSignalSpy loaded(&loader, &inbox::DuplicatePairLoader::loaded);
        loader.load(c1, {c2});
        QVERIFY(loaded.wait(10000));
        QVERIFY(loader.holds(c2));
        loaded.clear();
        loader.load(c2);
        QCOMPARE(loaded.count(), 1); // synchronous: no round trip
        QCOMPARE(loaded.first().first().value<inbox::DuplicatePair>().id, c2);
        QCOMPARE(dupfix::decide(su, c2, QStringLiteral("reject")), QStringLiteral("rejected"));
        loaded.clear();
        loader.reload(c2);
        QVERIFY(loaded.wait(10000));
        QVERIFY(loaded.first().first().value<inbox::DuplicatePair>().status ==
                inbox::PairStatus::Rejected);
    }

    void deciderOutcomesAndSomeoneElsesDecision()
    {
        PgSession su(m_db.conninfo());
        PgSession boris(m_db.conninfo(QStringLiteral("mgr_boris")));
        const qint64 c1 = pair(su, 1);
        const qint64 c2 = pair(su, 2);
        inbox::DuplicateDecider anna;
        anna.setConnectOptions(m_db.options(QStringLiteral("mgr_anna")));
        QSignalSpy finished(&anna, &inbox::DuplicateDecider::finished);
        const auto result = [&] {
            const bool ok = finished.wait(10000);
            return ok ? finished.takeFirst().first().value<inbox::DecisionResult>()
                      : inbox::DecisionResult();
        };

        anna.decide(c1, QStringLiteral("merge"), QStringLiteral("  same caller  "));
        inbox::DecisionResult r = result();
        QCOMPARE(r.outcome, QStringLiteral("merged"));
        QVERIFY(r.applied());
        QVERIFY(r.status == inbox::PairStatus::Merged);
        QCOMPARE(r.decidedBy, QStringLiteral("mgr_anna"));
        QCOMPARE(r.note, QStringLiteral("same caller"));
        QCOMPARE(dupfix::status(su, c1), QStringLiteral("merged mgr_anna"));

        // Boris decided c2 first: Anna's merge is not applied, and she learns who and what.
        QCOMPARE(
            one(boris,
                QStringLiteral("SELECT inbox.decide_duplicate($1, 'reject', 'different sofas')"),
                {c2}),
            QStringLiteral("rejected"));
        anna.decide(c2, QStringLiteral("merge"));
        r = result();
        QCOMPARE(r.outcome, QStringLiteral("already_decided"));
        QVERIFY(!r.applied());
        QVERIFY(r.status == inbox::PairStatus::Rejected);
        QCOMPARE(r.decidedBy, QStringLiteral("mgr_boris"));
        QCOMPARE(r.note, QStringLiteral("different sofas"));
        QVERIFY(r.decidedAt.isValid());
        QCOMPARE(dupfix::status(su, c2), QStringLiteral("rejected mgr_boris"));

        // Undo of mine: only while it stands as I left it.
        anna.undoMine(c2, inbox::PairStatus::Rejected);
        QCOMPARE(result().outcome, QStringLiteral("changed_since"));
        QCOMPARE(dupfix::status(su, c2), QStringLiteral("rejected mgr_boris"));
        anna.undoMine(c1, inbox::PairStatus::Merged);
        r = result();
        QCOMPARE(r.outcome, QStringLiteral("undone"));
        QVERIFY(r.status == inbox::PairStatus::Open);
        QCOMPARE(dupfix::status(su, c1), QStringLiteral("open"));
        anna.decide(c1 + 1000, QStringLiteral("merge"));
        QCOMPARE(result().outcome, QStringLiteral("not_found"));

        // A support login is refused by the database itself.
        QString error;
        QVERIFY_LOGIN(m_db.cluster(), QStringLiteral("sup_sam_%1").arg(m_seq),
                      {QStringLiteral("inbox_support")});
        inbox::DuplicateDecider sam;
        sam.setConnectOptions(m_db.options(QStringLiteral("sup_sam_%1").arg(m_seq)));
        QSignalSpy samFinished(&sam, &inbox::DuplicateDecider::finished);
        sam.decide(c1, QStringLiteral("merge"));
        QVERIFY(samFinished.wait(10000));
        const auto refused = samFinished.first().first().value<inbox::DecisionResult>();
        QCOMPARE(refused.error.sqlstate, QStringLiteral("42501"));
        QVERIFY(refused.outcome.isEmpty());
        QCOMPARE(dupfix::status(su, c1), QStringLiteral("open"));
    }

    void cleanupTestCase() { m_db.stop(); }
};

QTEST_MAIN(TestDuplicateQueue)
#include "tst_duplicatequeue.moc"
