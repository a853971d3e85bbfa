// The journal screen, offscreen, against a real PostgreSQL: search as a person types it,
// filter, open the detail of malformed, huge and conflicting bodies, see a live event arrive
// as "N new", export to CSV, cancel a slow query, and come back after the server restarts.
#include "screentestcase.h"

#include "common/multiselectbutton.h"
#include "db/consolecontext.h"
#include "journal/bodydecoder.h"
#include "journal/eventdetailpane.h"
#include "journal/journalexporter.h"
#include "journal/journalmodel.h"
#include "journal/journalpage.h"
#include "pgcluster.h"
#include "pgsession.h"
#include "waitfor.h"

#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using inbox::JournalModel;
using inbox::JournalPage;

class TestJournalPage : public ScreenTestCase
{
    Q_OBJECT

private slots:
    void cleanup()
    {
        m_page.reset();
        ScreenTestCase::cleanup();
    }

    void searchIsDebouncedAndFindsExactFirst()
    {
        for (const char *id : {"ORD-1", "ORD-10", "ORD-11", "ORD-2"})
            accept(QStringLiteral("wb"), QString::fromLatin1(id));
        accept(QStringLiteral("ozon"), QStringLiteral("ORD-1"));
        connectPage();
        QCOMPARE(model()->rowCount(), 5);

        auto *search = m_page->findChild<QLineEdit *>(QStringLiteral("journalSearch"));
        QVERIFY(search);
        QSignalSpy loaded(model(), &JournalModel::loaded);
        QTest::keyClicks(search, QStringLiteral("ORD-1"));
        // Typing does not query per key: nothing until the pause.
        QCOMPARE(model()->filter().search, QString());
        QVERIFY(loaded.wait(5000));
        QCOMPARE(loaded.size(), 1);
        QCOMPARE(model()->filter().search, QStringLiteral("ORD-1"));
        QCOMPARE(externalIds(), QStringList({QStringLiteral("ORD-1"), QStringLiteral("ORD-1"),
                                             QStringLiteral("ORD-10"), QStringLiteral("ORD-11")}));
        auto *status = m_page->findChild<QLabel *>(QStringLiteral("journalStatus"));
        QVERIFY2(status->text().contains(QStringLiteral("exact")), qPrintable(status->text()));
        // Sorting is the search's own; the header does not pretend otherwise.
        QVERIFY(!m_page->table()->horizontalHeader()->isSortIndicatorShown());

        search->clear();
        QVERIFY(loaded.wait(5000));
        QCOMPARE(model()->rowCount(), 5);
        QVERIFY(m_page->table()->horizontalHeader()->isSortIndicatorShown());
    }

    void openEventClearsFiltersAndShowsIt()
    {
        const qint64 wanted = accept(QStringLiteral("wb"), QStringLiteral("open-1"));
        accept(QStringLiteral("tg"), QStringLiteral("open-2"));
        connectPage();
        auto *search = m_page->findChild<QLineEdit *>(QStringLiteral("journalSearch"));
        search->setText(QStringLiteral("open-2"));
        QTRY_COMPARE_WITH_TIMEOUT(model()->filter().search, QStringLiteral("open-2"), 5000);

        m_page->openEvent(wanted);
        QCOMPARE(search->text(), QString::number(wanted));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->detailPane()->eventId(), wanted, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(model()->rowCount(), 1, 5000);
        QCOMPARE(model()->row(0).id, wanted);
    }

    void slashAndCtrlFFocusTheSearch()
    {
        connectPage();
        m_page->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_page.get()));
        auto *search = m_page->findChild<QLineEdit *>(QStringLiteral("journalSearch"));
        m_page->table()->setFocus();
        QTRY_VERIFY(m_page->table()->hasFocus());
        QTest::keyClick(m_page->table(), Qt::Key_Slash);
        QTRY_VERIFY(search->hasFocus());
        QCOMPARE(search->text(), QString()); // the slash went to focus, not into the text
        QTest::keyClicks(search, QStringLiteral("a/b"));
        QCOMPARE(search->text(), QStringLiteral("a/b")); // inside the field it is a character
        m_page->table()->setFocus();
        QTest::keyClick(m_page->table(), Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(search->hasFocus());
        QCOMPARE(search->selectedText(), QStringLiteral("a/b"));
    }

    // What the table's context menu offers has keys too, on the current row: Ctrl+Shift+C,
    // E and K copy its event id, external id and idempotency key; Enter opens its detail at
    // once; the Menu key opens the context menu on it.
    void keysCopyAndOpenTheCurrentRow()
    {
        const qint64 first = accept(QStringLiteral("wb"), QStringLiteral("KEY-1"));
        const qint64 second = accept(QStringLiteral("wb"), QStringLiteral("KEY-2"));
        connectPage();
        m_page->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_page.get()));
        QTableView *table = m_page->table();
        const int row = model()->rowOf(first);
        QVERIFY(row >= 0);
        table->setFocus();
        table->setCurrentIndex(model()->index(row, JournalModel::Received));
        QGuiApplication::clipboard()->clear();
        QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), QString::number(first));
        QTest::keyClick(table, Qt::Key_E, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("KEY-1"));
        QTest::keyClick(table, Qt::Key_K, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), model()->row(row).idempotencyKey);
        QVERIFY(!model()->row(row).idempotencyKey.isEmpty());
        // Enter: the detail of the current row, without waiting for the selection delay.
        QCOMPARE(model()->rowOf(second), row - 1); // newest first
        QTest::keyClick(table, Qt::Key_Up);
        QCOMPARE(table->currentIndex().row(), row - 1);
        auto *title = m_page->detailPane()->findChild<QLabel *>(QStringLiteral("detailTitle"));
        QVERIFY(title);
        const QString asked = QStringLiteral("Event %1 (loading...)").arg(second);
        QVERIFY(title->text() != asked);
        QSignalSpy loaded(m_page->detailPane(), &inbox::EventDetailPane::loaded);
        QTest::keyClick(table, Qt::Key_Return);
        // Asked for at once (the selection alone waits 80 ms before loading).
        QCOMPARE(title->text(), asked);
        QVERIFY(loaded.wait(10000));
        QCOMPARE(m_page->detailPane()->eventId(), second);
        // Each action lives on the page (the shortcut list reads it from there).
        for (const char *name :
             {"copyEventId", "copyExternalId", "copyIdempotencyKey", "exportCsvAction"}) {
            auto *a = m_page->findChild<QAction *>(QLatin1String(name));
            QVERIFY2(a && m_page->actions().contains(a), name);
            QVERIFY(!a->shortcut().isEmpty());
        }
    }

    void filtersNarrowTheTable()
    {
        const qint64 a = accept(QStringLiteral("wb"), QStringLiteral("f-1"));
        const qint64 b = accept(QStringLiteral("tg"), QStringLiteral("f-2"));
        QVERIFY_SQL(m_db.su().exec(QStringLiteral("SELECT inbox.claim('w', 5)")));
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("SELECT inbox.fail($1, 'w', coalesce((SELECT lock_token FROM "
                           "inbox.events WHERE id = $1), 0), 'CRM 503', false)"),
            {b}));
        QVERIFY_SQL(
            m_db.su().exec(QStringLiteral("SELECT inbox.accept('wb', 'f-1', '\\x00'::bytea)")));
        connectPage();
        QCOMPARE(model()->rowCount(), 2);

        auto *statuses =
            m_page->findChild<inbox::MultiSelectButton *>(QStringLiteral("statusFilter"));
        QSignalSpy loaded(model(), &JournalModel::loaded);
        statuses->setSelected({QStringLiteral("failed")});
        QVERIFY(loaded.wait(5000));
        QCOMPARE(model()->rowCount(), 1);
        QCOMPARE(model()->row(0).id, b);
        QVERIFY(statuses->text().contains(JournalModel::statusText(QStringLiteral("failed"))));

        statuses->setSelected({});
        QVERIFY(loaded.wait(5000));
        auto *review = m_page->findChild<QCheckBox *>(QStringLiteral("needsReview"));
        QTest::mouseClick(review, Qt::LeftButton);
        QVERIFY(loaded.wait(5000));
        QCOMPARE(model()->rowCount(), 1);
        QCOMPARE(model()->row(0).id, a);

        // The source list comes from the server's counters.
        auto *sources =
            m_page->findChild<inbox::MultiSelectButton *>(QStringLiteral("sourceFilter"));
        QTRY_COMPARE(sources->options(), QStringList({QStringLiteral("tg"), QStringLiteral("wb")}));
        auto *clear = m_page->findChild<QPushButton *>(QStringLiteral("clearFilters"));
        QTest::mouseClick(clear, Qt::LeftButton);
        QVERIFY(loaded.wait(5000));
        QCOMPARE(model()->rowCount(), 2);

        // Clicking a column without an index behind it changes nothing.
        QHeaderView *header = m_page->table()->horizontalHeader();
        header->setSortIndicator(JournalModel::Status, Qt::AscendingOrder);
        QCOMPARE(header->sortIndicatorSection(), int(JournalModel::Received));
        header->setSortIndicator(JournalModel::Id, Qt::AscendingOrder);
        QVERIFY(loaded.wait(5000));
        QCOMPARE(model()->row(0).id, a);
    }

    void detailOfMalformedLargeAndConflictingBodies()
    {
        const qint64 bad = acceptBody(QStringLiteral("crm"), QStringLiteral("bad-json"),
                                      QByteArray("{\"name\": \"Иван\", \"phone\": }"),
                                      QStringLiteral("application/json"));
        QByteArray big = "[";
        while (big.size() < 3 * 1024 * 1024)
            big += "{\"sku\":\"A-1\",\"qty\":1},";
        big.chop(1);
        big += "]";
        const qint64 large = acceptBody(QStringLiteral("crm"), QStringLiteral("big"), big,
                                        QStringLiteral("application/json"));
        const qint64 deep = acceptBody(QStringLiteral("crm"), QStringLiteral("deep"),
                                       QByteArray(100000, '[') + QByteArray(100000, ']'),
                                       QStringLiteral("application/json"));
        const qint64 form =
            acceptBody(QStringLiteral("forms"), QStringLiteral("lead-7"),
                       QByteArray("name=%D0%90%D0%BD%D0%BD%D0%B0&phone=%2B79990001122"),
                       QStringLiteral("application/x-www-form-urlencoded"));
        // A conflicting repeat of "lead-7" and a lead with a possible duplicate.
        acceptBody(QStringLiteral("forms"), QStringLiteral("lead-7"), QByteArray("name=Other"),
                   QStringLiteral("application/x-www-form-urlencoded"));
        const qint64 twin = acceptBody(QStringLiteral("forms"), QStringLiteral("lead-8"),
                                       QByteArray("name=Anna"), QStringLiteral("text/plain"));
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("SELECT inbox.record_lead($1, '+7 999 000-11-22', NULL, 'Анна')"),
            {twin}));
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("SELECT inbox.record_lead($1, '89990001122', NULL, 'Анна')"), {form}));
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("SELECT inbox.begin_action($1, 'crm.create_lead', 'op-lead-7')"),
            {form}));
        connectPage();
        inbox::EventDetailPane *detail = m_page->detailPane();
        auto *info = detail->findChild<QLabel *>(QStringLiteral("bodyInfo"));
        auto *text = detail->findChild<QPlainTextEdit *>(QStringLiteral("bodyText"));

        select(bad);
        QVERIFY2(info->text().contains(QStringLiteral("Not valid JSON")), qPrintable(info->text()));
        QCOMPARE(text->toPlainText(), QStringLiteral("{\"name\": \"Иван\", \"phone\": }"));

        select(deep);
        QVERIFY2(info->text().contains(QStringLiteral("deeper")), qPrintable(info->text()));
        QCOMPARE(text->toPlainText().size(), 200000);

        QElapsedTimer timer;
        timer.start();
        select(large);
        // Timed, not asserted (timings belong to the benchmark); the head size below is what
        // keeps it quick.
        qInfo("large body detail shown in %lld ms", qint64(timer.elapsed()));
        QVERIFY2(info->text().contains(QStringLiteral("showing the first")),
                 qPrintable(info->text()));
        QVERIFY(text->toPlainText().startsWith(QStringLiteral("[\n  {\n    \"sku\": \"A-1\"")));
        QCOMPARE(detail->detail().body.head.size(), qsizetype(inbox::BodyDecoder::kDisplayLimit));
        // The whole body is still there to save.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.json"));
        QSignalSpy saved(detail, &inbox::EventDetailPane::saved);
        detail->saveWholeBody(0, path);
        QVERIFY(saved.wait(10000));
        QVERIFY(saved.first().at(0).toBool());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), big);

        select(form);
        auto *fields = detail->findChild<QTableWidget *>(QStringLiteral("bodyFields"));
        QVERIFY(fields->isVisibleTo(detail));
        QCOMPARE(fields->item(0, 1)->text(), QStringLiteral("Анна"));
        QCOMPARE(fields->item(1, 1)->text(), QStringLiteral("+79990001122"));
        auto *conflicts = detail->findChild<QTableWidget *>(QStringLiteral("conflictBodies"));
        QCOMPARE(conflicts->rowCount(), 1);
        auto *conflictFields = detail->findChild<QTableWidget *>(QStringLiteral("conflictFields"));
        QCOMPARE(conflictFields->rowCount(), 1);
        QCOMPARE(conflictFields->item(0, 1)->text(), QStringLiteral("Other"));
        auto *deliveries = detail->findChild<QTableWidget *>(QStringLiteral("deliveries"));
        QCOMPARE(deliveries->rowCount(), 2);
        auto *timeline = detail->findChild<QTableWidget *>(QStringLiteral("timeline"));
        QVERIFY(timeline->rowCount() >= 4); // received, conflict, lead_recorded, action_started...
        auto *actions = detail->findChild<QTableWidget *>(QStringLiteral("actions"));
        QCOMPARE(actions->rowCount(), 1);
        QCOMPARE(actions->item(0, 1)->text(), QStringLiteral("op-lead-7"));
        auto *candidates = detail->findChild<QTableWidget *>(QStringLiteral("candidates"));
        QCOMPARE(candidates->rowCount(), 1);
        QVERIFY(candidates->item(0, 7)->text().contains(QStringLiteral("lead-8")));
        auto *lead = detail->findChild<QLabel *>(QStringLiteral("lead"));
        QVERIFY2(lead->text().contains(QStringLiteral("79990001122")), qPrintable(lead->text()));

        QTest::mouseClick(detail->findChild<QPushButton *>(QStringLiteral("copyId")),
                          Qt::LeftButton);
        QCOMPARE(QGuiApplication::clipboard()->text(), QString::number(form));
        QTest::mouseClick(detail->findChild<QPushButton *>(QStringLiteral("copyKey")),
                          Qt::LeftButton);
        QCOMPARE(QGuiApplication::clipboard()->text(), detail->detail().idempotencyKey());
        QVERIFY(QGuiApplication::clipboard()->text().startsWith(QStringLiteral("forms:")));

        // Copy of selected rows: a header line and one line per row.
        m_page->table()->selectRow(model()->rowOf(form));
        QTest::keyClick(m_page->table(), Qt::Key_C, Qt::ControlModifier);
        const QStringList lines =
            QGuiApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines.at(1).contains(QStringLiteral("lead-7")));
    }

    void liveEventArrivesAsNew()
    {
        fill(600);
        connectPage();
        QTableView *table = m_page->table();
        // Scroll down: the reader is not at the top any more.
        table->scrollToBottom();
        QTRY_VERIFY(table->verticalScrollBar()->value() > 0);
        QTRY_VERIFY(!model()->isFollowing());
        const int top = table->verticalScrollBar()->value();
        const qint64 topId = model()->row(top).id;

        accept(QStringLiteral("live"), QStringLiteral("new-1"), true);
        auto *bar = m_page->findChild<QWidget *>(QStringLiteral("newBar"));
        auto *label = m_page->findChild<QLabel *>(QStringLiteral("newLabel"));
        QTRY_VERIFY_WITH_TIMEOUT(bar->isVisible(), 5000);
        QVERIFY2(label->text().contains(QStringLiteral("1 new")), qPrintable(label->text()));
        // Nothing moved under the reader.
        QCOMPARE(model()->row(table->verticalScrollBar()->value()).id, topId);

        QTest::mouseClick(m_page->findChild<QPushButton *>(QStringLiteral("showNew")),
                          Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(model()->row(0).externalId, QStringLiteral("new-1"), 5000);
        QCOMPARE(table->verticalScrollBar()->value(), 0);
        QVERIFY(!bar->isVisible());

        // At the top, the next one simply appears.
        accept(QStringLiteral("live"), QStringLiteral("new-2"), true);
        QTRY_COMPARE_WITH_TIMEOUT(model()->row(0).externalId, QStringLiteral("new-2"), 5000);
        QVERIFY(!bar->isVisible());
    }

    void slowQueryShowsWorkingAndCancels()
    {
        accept(QStringLiteral("wb"), QStringLiteral("x-1"));
        connectPage();
        // The page's other queries (filter options) finish first: only the search may wait.
        // (A precondition, not a promise: CI once saw one still running at 10 s.)
        QVERIFY2(inbox::test::waitFor([&] { return activeConsoleQueries() == 0; }, 30000),
                 qPrintable(activeQueryTexts()));
        PgSession locker(m_db.conninfo());
        QVERIFY_SQL(locker.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(
            locker.exec(QStringLiteral("LOCK TABLE inbox.events IN ACCESS EXCLUSIVE MODE")));
        auto *search = m_page->findChild<QLineEdit *>(QStringLiteral("journalSearch"));
        search->setText(QStringLiteral("x-"));
        auto *busy = m_page->findChild<QWidget *>(QStringLiteral("busyBar"));
        QTRY_VERIFY_WITH_TIMEOUT(busy->isVisible(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(lockWaiters(), 1, 5000);
        QTest::mouseClick(m_page->findChild<QPushButton *>(QStringLiteral("cancelQuery")),
                          Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(lockWaiters(), 0, 5000);
        QTRY_VERIFY(!busy->isVisible());
        QVERIFY_SQL(locker.exec(QStringLiteral("ROLLBACK")));
    }

    void exportWritesTheWholeViewPageByPage()
    {
        fill(JournalModel::kPageSize * 2 + 33);
        accept(QStringLiteral("wb"), QStringLiteral("quote\",comma"));
        connectPage();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("journal.csv"));
        QString error;
        QVERIFY2(m_page->exportTo(path, &error), qPrintable(error));
        QSignalSpy finished(m_page->exporter(), &inbox::JournalExporter::finished);
        QVERIFY(finished.wait(20000));
        QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray all = file.readAll();
        QVERIFY(all.startsWith("\xEF\xBB\xBF"
                               "event_id,received_at,"));
        const QList<QByteArray> lines = all.split('\n');
        QCOMPARE(lines.size() - 2, JournalModel::kPageSize * 2 + 34); // header, trailing newline
        const PgResult ids = m_db.su().exec(
            QStringLiteral("SELECT id FROM inbox.events ORDER BY received_at DESC, id DESC"));
        for (int i = 0; i < ids.rows(); ++i)
            QVERIFY(lines.at(i + 1).startsWith(ids.value(i, 0).toUtf8() + ','));
        QVERIFY(all.contains(",\"quote\"\",comma\","));

        // Cancelled: no file at all.
        const QString cancelled = dir.filePath(QStringLiteral("cancelled.csv"));
        QVERIFY(m_page->exportTo(cancelled, &error));
        m_page->exporter()->cancel();
        QTest::qWait(300);
        QVERIFY(!QFile::exists(cancelled));
    }

    // The server restarts (fast shutdown): the page notices, reconnects by itself and reads
    // again what it shows, including what happened meanwhile.
    void rereadsAfterTheServerRestarts()
    {
        fill(20);
        connectPage();
        QCOMPARE(model()->rowCount(), 20);
        QString error;
        QVERIFY2(m_db.cluster().restart(QStringLiteral("fast"), &error), qPrintable(error));
        PgSession after(m_db.conninfo());
        QVERIFY(after.ok());
        QVERIFY_SQL(after.exec(QStringLiteral(
            "SELECT inbox.accept('late', 'after-restart', convert_to('{}', 'UTF8'))")));
        QTRY_COMPARE_WITH_TIMEOUT(model()->rowCount(), 21, 30000);
        QCOMPARE(model()->row(0).externalId, QStringLiteral("after-restart"));
        auto *errorLabel = m_page->findChild<QLabel *>(QStringLiteral("journalError"));
        QTRY_VERIFY_WITH_TIMEOUT(!errorLabel->isVisible(), 10000);
    }

    void cleanupTestCase() { m_db.stop(); }

private:
    void prepare() override
    {
        m_page = std::make_unique<JournalPage>(m_context.get());
        QVERIFY(ConsoleHarness::show(m_page.get(), {1200, 800}));
    }

    JournalModel *model() const { return m_page->model(); }

    void connectPage() { QVERIFY(m_harness.connectLoaded(*m_context, model())); }

    void select(qint64 id)
    {
        const int row = model()->rowOf(id);
        QVERIFY2(row >= 0, qPrintable(QString::number(id)));
        QSignalSpy loaded(m_page->detailPane(), &inbox::EventDetailPane::loaded);
        m_page->table()->setCurrentIndex(model()->index(row, 0));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(loaded.last().first().toLongLong(), id);
    }

    QStringList externalIds() const
    {
        QStringList out;
        for (int i = 0; i < model()->rowCount(); ++i)
            out << model()->row(i).externalId;
        return out;
    }

    qint64 accept(const QString &source, const QString &externalId, bool fresh = false)
    {
        return acceptBody(source, externalId, QByteArray("{\"id\":1}"),
                          QStringLiteral("application/json"), fresh);
    }

    qint64 acceptBody(const QString &source, const QString &externalId, const QByteArray &body,
                      const QString &type, bool fresh = false)
    {
        std::unique_ptr<PgSession> own;
        if (fresh) // inbox._notify announces at most once a second per session
            own = std::make_unique<PgSession>(m_db.conninfo());
        PgSession *s = fresh ? own.get() : &m_db.su();
        const PgResult r =
            s->exec(QStringLiteral("SELECT event_id FROM inbox.accept($1, $2, $3, $4)"),
                    {source, externalId, body, type});
        return r.ok ? r.value(0, 0).toLongLong() : -1;
    }

    void fill(int n)
    {
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("SELECT inbox.accept('shop', 'e-' || g, convert_to('{}', 'UTF8')) "
                           "FROM generate_series(1, $1::int) g"),
            {n}));
    }

    // The console's server sessions for which `condition` (on pg_stat_activity) holds.
    int consoleSessions(const char *condition)
    {
        PgSession s(m_db.conninfo());
        return s
            .exec(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE "
                                 "application_name = 'inbox-console' AND %1")
                      .arg(QLatin1String(condition)))
            .value(0, 0)
            .toInt();
    }

    int activeConsoleQueries() { return consoleSessions("state = 'active'"); }
    // What the console's active sessions run and wait for, for a failure's message.
    QString activeQueryTexts()
    {
        PgSession s(m_db.conninfo());
        const PgResult r = s.exec(QStringLiteral(
            "SELECT string_agg(format('%s/%s for %s: %s', wait_event_type, wait_event,"
            " now() - query_start, left(query, 200)), E'\\n')"
            " FROM pg_stat_activity WHERE application_name = 'inbox-console'"
            " AND state = 'active'"));
        return r.value(0, 0);
    }
    int lockWaiters() { return consoleSessions("wait_event_type = 'Lock'"); }

    std::unique_ptr<JournalPage> m_page;
};

QTEST_MAIN(TestJournalPage)
#include "tst_journalpage.moc"
