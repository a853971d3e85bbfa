// The duplicate screen driven by keyboard as a manager works it, against a real PostgreSQL:
// after every key the database says what the key did. Also: someone else deciding the pair
// on screen, undo of a merge compared field by field, and the read-only screen of a support
// login. The page gets a real ConsoleContext (with its LISTEN connection), so live updates
// arrive the way they do in the console.
#include "consoleharness.h"
#include "duplicate_fixture.h"
#include "duplicates_util.h"
#include "widgettestcase.h"

#include "db/consolecontext.h"
#include "db/serverinfo.h"
#include "duplicates/duplicatequeuemodel.h"
#include "duplicates/duplicatespage.h"

#include <QApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include <memory>

using inbox::DuplicatesPage;

namespace {

// One console screen connected as `user`.
struct Screen
{
    inbox::ConsoleContext context;
    std::unique_ptr<DuplicatesPage> page;

    bool open(const TestDatabase &db, const QString &user)
    {
        page = std::make_unique<DuplicatesPage>(&context);
        if (!ConsoleHarness::show(page.get(), {1200, 760}, true) ||
            !ConsoleHarness(db).connectReading(context, user, nullptr))
            return false;
        view()->setFocus();
        return true;
    }
    template<typename T> T *child(const char *name) const
    {
        return page->findChild<T *>(QString::fromLatin1(name));
    }
    QTableView *view() const { return child<QTableView>("queue"); }
    QString title() const { return child<QLabel>("pairTitle")->text(); }
    QString outcome() const { return child<QLabel>("outcome")->text(); }
    void key(Qt::Key k) const { QTest::keyClick(view(), k); }
    // The pair on screen is `id`, its detail loaded.
    bool shows(qint64 id) const { return duplicatesfix::shows(page.get(), id); }
    bool listed(qint64 id) const { return page->model()->rowOf(id) >= 0; }
};

QJsonObject row(PgSession &s, const QString &table, qint64 id)
{
    const QString text = dupfix::one(
        s, QStringLiteral("SELECT to_jsonb(t)::text FROM inbox.%1 t WHERE id = $1").arg(table),
        {id});
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

} // namespace

class TestDuplicatesPage : public WidgetTestCase
{
    Q_OBJECT

public:
    TestDuplicatesPage()
        : WidgetTestCase{{{"mgr_anna", {"inbox_manager"}},
                          {"mgr_boris", {"inbox_manager"}},
                          {"support_sam", {"inbox_support"}}},
                         Settings::Kept}
    {}

private:
    int m_seq = 0;

    struct Pair
    {
        qint64 id = 0;
        qint64 earlier = 0;
        qint64 newer = 0;
    };

    Pair pair(PgSession &su, int n, const QString &deal = QString())
    {
        const QString phone = QStringLiteral("+7 903 %1 11 22").arg(200 + n);
        dupfix::Lead a;
        a.externalId = QStringLiteral("w-%1").arg(++m_seq);
        a.phone = phone;
        a.name = QStringLiteral("Ольга Смирнова");
        a.summary = QStringLiteral("Кухня на заказ");
        a.deal = deal;
        dupfix::Lead b = dupfix::fromTelegram(a, QStringLiteral("w-%1").arg(++m_seq),
                                              QStringLiteral("8") + phone.mid(2));
        b.deal = QString();
        Pair p;
        p.earlier = dupfix::lead(su, a);
        p.newer = dupfix::lead(su, b);
        p.id = dupfix::candidate(su, p.newer, p.earlier);
        return p;
    }

    // n pairs, oldest first (pair i waits n - i hours).
    QVector<Pair> queue(PgSession &su, int n)
    {
        QVector<Pair> pairs;
        for (int i = 0; i < n; ++i) {
            pairs << pair(su, i, QStringLiteral("D-%1").arg(1040 + i));
            dupfix::age(su, pairs.last().id, QStringLiteral("%1 hours").arg(n - i));
        }
        return pairs;
    }

    static int personEntries(PgSession &su, qint64 candidate, const QString &entry)
    {
        return int(
            dupfix::oneInt(su,
                           QStringLiteral("SELECT count(*) FROM inbox.journal WHERE by_person"
                                          " AND entry = $1 AND actor = 'mgr_anna'"
                                          " AND (detail->>'candidate_id')::bigint = $2"),
                           {entry, candidate}));
    }

private slots:
    void init()
    {
        QSettings().remove(QStringLiteral("filters")); // each test starts unfiltered
        WidgetTestCase::init();
    }

    // M, R, S, K, J, U, U, U, M: the database after each key.
    void keyboardReview()
    {
        PgSession su(m_db.conninfo());
        const QVector<Pair> p = queue(su, 5);
        Screen s;
        QVERIFY(s.open(m_db, QStringLiteral("mgr_anna")));
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[0].id), 10000); // the oldest opens by itself
        QVERIFY2(s.child<QLabel>("mergeStatement")->text().contains(QLatin1String("D-1040")),
                 qPrintable(s.child<QLabel>("mergeStatement")->text()));
        QSignalSpy decided(s.page.get(), &DuplicatesPage::decisionFinished);

        // A note, then back to the list with Escape; M merges with it.
        auto *note = s.child<QLineEdit>("note");
        note->setFocus();
        QTest::keyClicks(note, QStringLiteral("same kitchen, called twice"));
        QCOMPARE(dupfix::status(su, p[0].id), QStringLiteral("open")); // typing 'm' decided nothing
        QTest::keyClick(note, Qt::Key_Escape);
        QVERIFY(s.view()->hasFocus());
        s.key(Qt::Key_M);
        QVERIFY(decided.wait(10000));
        QCOMPARE(decided.count(), 1);
        decided.clear();
        QCOMPARE(dupfix::status(su, p[0].id), QStringLiteral("merged mgr_anna"));
        QCOMPARE(
            dupfix::one(su,
                        QStringLiteral("SELECT note FROM inbox.duplicate_candidates WHERE id = $1"),
                        {p[0].id}),
            QStringLiteral("same kitchen, called twice"));
        QCOMPARE(dupfix::oneInt(su,
                                QStringLiteral("SELECT merged_into FROM inbox.leads WHERE id = $1"),
                                {p[0].newer}),
                 p[0].earlier);
        QCOMPARE(personEntries(su, p[0].id, QStringLiteral("duplicate_merged")), 2); // both events
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[1].id), 5000); // the next pair at once
        QVERIFY(!s.listed(p[0].id));
        QVERIFY(note->text().isEmpty());

        s.key(Qt::Key_R);
        QVERIFY(decided.wait(10000));
        QCOMPARE(decided.count(), 1);
        decided.clear();
        QCOMPARE(dupfix::status(su, p[1].id), QStringLiteral("rejected mgr_anna"));
        QCOMPARE(dupfix::oneInt(
                     su, QStringLiteral(
                             "SELECT count(*) FROM inbox.leads WHERE merged_into IS NOT NULL")),
                 1);
        QCOMPARE(personEntries(su, p[1].id, QStringLiteral("duplicate_rejected")), 2);
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[2].id), 5000);

        s.key(Qt::Key_S);
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[3].id), 5000);
        QCOMPARE(dupfix::status(su, p[2].id), QStringLiteral("open"));
        QVERIFY(s.listed(p[2].id));
        QVERIFY(s.page->model()->isSkipped(p[2].id));

        s.key(Qt::Key_K);
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[2].id), 5000);
        s.key(Qt::Key_J);
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[3].id), 5000);
        QCOMPARE(
            dupfix::oneInt(
                su, QStringLiteral(
                        "SELECT count(*) FROM inbox.duplicate_candidates WHERE status = 'open'")),
            3);
        QCOMPARE(decided.count(), 0);

        // U undoes my last decision first (the reject), and that pair opens again.
        s.key(Qt::Key_U);
        QVERIFY(decided.wait(10000));
        QCOMPARE(decided.count(), 1);
        decided.clear();
        QCOMPARE(dupfix::status(su, p[1].id), QStringLiteral("open"));
        QCOMPARE(dupfix::status(su, p[0].id), QStringLiteral("merged mgr_anna"));
        QCOMPARE(personEntries(su, p[1].id, QStringLiteral("duplicate_undone")), 2);
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[1].id), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(s.listed(p[1].id), 5000);
        QCOMPARE(s.page->model()->rowOf(p[1].id), 0); // back at its place, oldest first

        s.key(Qt::Key_U);
        QVERIFY(decided.wait(10000));
        QCOMPARE(decided.count(), 1);
        decided.clear();
        QCOMPARE(dupfix::status(su, p[0].id), QStringLiteral("open"));
        QCOMPARE(dupfix::oneInt(
                     su, QStringLiteral(
                             "SELECT count(*) FROM inbox.leads WHERE merged_into IS NOT NULL")),
                 0);
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[0].id), 5000);

        // Nothing of mine is left to undo: the key says so and changes nothing.
        s.key(Qt::Key_U);
        QTest::qWait(300);
        QCOMPARE(decided.count(), 0);
        QVERIFY2(s.outcome().contains(QLatin1String("Nothing of yours to undo")),
                 qPrintable(s.outcome()));
        QCOMPARE(
            dupfix::oneInt(
                su, QStringLiteral(
                        "SELECT count(*) FROM inbox.duplicate_candidates WHERE status = 'open'")),
            5);

        s.key(Qt::Key_M);
        QVERIFY(decided.wait(10000));
        QCOMPARE(decided.count(), 1);
        decided.clear();
        QCOMPARE(dupfix::status(su, p[0].id), QStringLiteral("merged mgr_anna"));
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[1].id), 5000);
        // The counters follow: open and decided today by me / by everyone.
        QTRY_VERIFY_WITH_TIMEOUT(
            s.child<QLabel>("counters")->text().contains(QLatin1String("Open: 4")), 5000);
        QVERIFY2(
            s.child<QLabel>("counters")->text().contains(QLatin1String("1 by you, 1 by everyone")),
            qPrintable(s.child<QLabel>("counters")->text()));
    }

    // Boris decides the pair Anna has on screen. Pressed before her screen heard of it, her
    // M is not applied and she is told who decided what and when; left alone, her screen
    // shows his decision by itself.
    void someoneElseDecidesThePairOnScreen()
    {
        PgSession su(m_db.conninfo());
        PgSession boris(m_db.conninfo(QStringLiteral("mgr_boris")));
        const QVector<Pair> p = queue(su, 3);
        Screen s;
        QVERIFY(s.open(m_db, QStringLiteral("mgr_anna")));
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[0].id), 10000);
        QSignalSpy decided(s.page.get(), &DuplicatesPage::decisionFinished);
        const QJsonObject newerBefore = row(su, QStringLiteral("leads"), p[0].newer);

        QCOMPARE(dupfix::one(
                     boris,
                     QStringLiteral("SELECT inbox.decide_duplicate($1, 'reject', 'two kitchens')"),
                     {p[0].id}),
                 QStringLiteral("rejected"));
        s.key(Qt::Key_M); // at once: the screen has not processed any notification yet
        QVERIFY(decided.wait(10000));
        QCOMPARE(decided.count(), 1);
        const auto result = decided.takeFirst().first().value<inbox::DecisionResult>();
        QCOMPARE(result.outcome, QStringLiteral("already_decided"));
        QCOMPARE(dupfix::status(su, p[0].id), QStringLiteral("rejected mgr_boris"));
        QCOMPARE(row(su, QStringLiteral("leads"), p[0].newer), newerBefore); // mine not applied
        QCOMPARE(personEntries(su, p[0].id, QStringLiteral("duplicate_merged")), 0);
        // The screen stays on the pair and says who, what, when.
        QVERIFY(s.shows(p[0].id));
        auto *banner = s.child<QLabel>("decidedBanner");
        QVERIFY(banner->isVisible());
        QVERIFY2(banner->text().contains(QLatin1String("kept separate by mgr_boris")) &&
                     banner->text().contains(QLatin1String("two kitchens")),
                 qPrintable(banner->text()));
        QVERIFY2(s.outcome().contains(QLatin1String("not applied")), qPrintable(s.outcome()));
        QVERIFY(!s.child<QPushButton>("merge")->isEnabled());
        QVERIFY(!s.child<QPushButton>("reject")->isEnabled());
        // The live refresh takes it out of the list, and the screen does not jump.
        QTRY_VERIFY_WITH_TIMEOUT(!s.listed(p[0].id), 5000);
        QVERIFY(s.shows(p[0].id));
        s.key(Qt::Key_J);
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[1].id), 5000);

        // Left alone on p[1], Anna's screen learns of Boris's merge by notification.
        QCOMPARE(dupfix::decide(boris, p[1].id, QStringLiteral("merge")), QStringLiteral("merged"));
        QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), 5000);
        QVERIFY2(banner->text().contains(QLatin1String("merged by mgr_boris")),
                 qPrintable(banner->text()));
        QVERIFY(!s.child<QPushButton>("merge")->isEnabled());
        s.key(Qt::Key_R); // refused on the screen: nothing is sent
        QTest::qWait(200);
        QCOMPARE(dupfix::status(su, p[1].id), QStringLiteral("merged mgr_boris"));
        // Boris's decisions are not Anna's to undo.
        s.key(Qt::Key_U);
        QTest::qWait(200);
        QCOMPARE(dupfix::status(su, p[1].id), QStringLiteral("merged mgr_boris"));
        QCOMPARE(dupfix::status(su, p[0].id), QStringLiteral("rejected mgr_boris"));
    }

    // Undo of a merge gives back both leads and the pair exactly as they were.
    void undoOfMergeRestoresEveryField()
    {
        PgSession su(m_db.conninfo());
        const Pair p = pair(su, 1, QStringLiteral("D-1042"));
        // Lead B has a deal of its own, so the merge changes three of its fields.
        QVERIFY_SQL(su.exec(
            QStringLiteral(
                "UPDATE inbox.leads SET deal_ref = 'OWN-7', deal_open = false WHERE id = $1"),
            {p.newer}));
        const QJsonObject newerBefore = row(su, QStringLiteral("leads"), p.newer);
        const QJsonObject earlierBefore = row(su, QStringLiteral("leads"), p.earlier);
        const QJsonObject pairBefore = row(su, QStringLiteral("duplicate_candidates"), p.id);
        QVERIFY(!newerBefore.isEmpty() && !pairBefore.isEmpty());

        Screen s;
        QVERIFY(s.open(m_db, QStringLiteral("mgr_anna")));
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p.id), 10000);
        const QString statement = s.child<QLabel>("mergeStatement")->text();
        QVERIFY2(statement.contains(QLatin1String("deal D-1042 (open)")) &&
                     statement.contains(QLatin1String("OWN-7")) &&
                     statement.contains(QLatin1String("Nothing is deleted")),
                 qPrintable(statement));
        QSignalSpy decided(s.page.get(), &DuplicatesPage::decisionFinished);
        s.key(Qt::Key_M);
        QVERIFY(decided.wait(10000));
        QCOMPARE(decided.count(), 1);
        decided.clear();
        const QJsonObject merged = row(su, QStringLiteral("leads"), p.newer);
        QCOMPARE(merged.value(QStringLiteral("merged_into")).toInteger(), p.earlier);
        QCOMPARE(merged.value(QStringLiteral("deal_ref")).toString(), QStringLiteral("D-1042"));
        QCOMPARE(merged.value(QStringLiteral("deal_open")).toBool(), true);
        // The queue is empty now: the screen says so.
        QTRY_VERIFY_WITH_TIMEOUT(s.child<QLabel>("empty")->isVisible(), 5000);

        s.key(Qt::Key_U);
        QVERIFY(decided.wait(10000));
        QCOMPARE(decided.count(), 1);
        QCOMPARE(decided.takeFirst().first().value<inbox::DecisionResult>().outcome,
                 QStringLiteral("undone"));
        const QJsonObject newerAfter = row(su, QStringLiteral("leads"), p.newer);
        QCOMPARE(newerAfter.keys(), newerBefore.keys());
        for (const QString &key : newerBefore.keys())
            QVERIFY2(newerAfter.value(key) == newerBefore.value(key),
                     qPrintable(QStringLiteral("leads.") + key));
        QCOMPARE(row(su, QStringLiteral("leads"), p.earlier), earlierBefore);
        const QJsonObject pairAfter = row(su, QStringLiteral("duplicate_candidates"), p.id);
        for (const QString &key : pairBefore.keys())
            QVERIFY2(pairAfter.value(key) == pairBefore.value(key),
                     qPrintable(QStringLiteral("duplicate_candidates.") + key));
        // Back in the queue and on screen.
        QTRY_VERIFY_WITH_TIMEOUT(s.listed(p.id), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p.id), 5000);
        QVERIFY(s.child<QPushButton>("merge")->isEnabled());
    }

    void readOnlyForSupport()
    {
        PgSession su(m_db.conninfo());
        const QVector<Pair> p = queue(su, 3);
        Screen s;
        QVERIFY(s.open(m_db, QStringLiteral("support_sam")));
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[0].id), 10000);
        for (const char *name : {"merge", "reject", "undo"}) {
            auto *button = s.child<QPushButton>(name);
            QVERIFY2(!button->isEnabled(), name);
            QVERIFY2(button->toolTip().contains(QLatin1String("inbox_manager")) &&
                         button->toolTip().contains(QLatin1String("support_sam")),
                     qPrintable(button->toolTip()));
        }
        QVERIFY(!s.child<QLineEdit>("note")->isEnabled());
        QSignalSpy decided(s.page.get(), &DuplicatesPage::decisionFinished);
        for (Qt::Key k : {Qt::Key_M, Qt::Key_R, Qt::Key_U}) {
            s.key(k);
            QVERIFY2(s.outcome().contains(QLatin1String("Read-only")), qPrintable(s.outcome()));
        }
        QTest::qWait(300);
        QCOMPARE(decided.count(), 0);
        QCOMPARE(
            dupfix::oneInt(
                su, QStringLiteral(
                        "SELECT count(*) FROM inbox.duplicate_candidates WHERE status = 'open'")),
            3);
        QCOMPARE(dupfix::oneInt(
                     su, QStringLiteral("SELECT count(*) FROM inbox.journal WHERE by_person")),
                 0);
        // Reading is allowed: J, K and S move through the queue.
        s.key(Qt::Key_J);
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[1].id), 5000);
        s.key(Qt::Key_S);
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[2].id), 5000);
        s.key(Qt::Key_K);
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(p[1].id), 5000);
    }

    void openEventAndLiveArrival()
    {
        PgSession su(m_db.conninfo());
        const Pair first = pair(su, 1);
        Screen s;
        QVERIFY(s.open(m_db, QStringLiteral("mgr_anna")));
        QTRY_VERIFY_WITH_TIMEOUT(s.shows(first.id), 10000);
        QSignalSpy opened(s.page.get(), &DuplicatesPage::openEvent);
        QTest::mouseClick(s.child<QPushButton>("openEventA"), Qt::LeftButton);
        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.first().first().toLongLong(),
                 dupfix::oneInt(su,
                                QStringLiteral("SELECT event_id FROM inbox.leads WHERE id = $1"),
                                {first.earlier}));
        QTest::mouseClick(s.child<QPushButton>("openEventB"), Qt::LeftButton);
        QCOMPARE(opened.last().first().toLongLong(),
                 dupfix::oneInt(su,
                                QStringLiteral("SELECT event_id FROM inbox.leads WHERE id = $1"),
                                {first.newer}));

        // A pair flagged while the screen is open joins the list by notification. (A new
        // session: inbox._notify sends a topic at most once a second per session.)
        PgSession worker(m_db.conninfo());
        const Pair later = pair(worker, 2);
        QTRY_VERIFY_WITH_TIMEOUT(s.listed(later.id), 5000);
        QVERIFY(s.shows(first.id)); // the screen stays where it was
        QTRY_VERIFY_WITH_TIMEOUT(
            s.child<QLabel>("counters")->text().contains(QLatin1String("Open: 2")), 5000);
    }

    void cleanupTestCase() { m_db.stop(); }
};

QTEST_MAIN(TestDuplicatesPage)
#include "tst_duplicatespage.moc"
