// Reads from a standby (issue 36): the real main window with a profile's "read from" set to a
// hot standby of the test's cluster (pg_basebackup -R, a second postmaster: standby.h). The
// Journal reads there: with the standby's replay paused, a requeue (an action) lands on the
// primary, and the Journal's re-read waits until the standby has replayed it, then shows it.
// The status bar names the source and the lag. With the standby stopped, reads fall back to the
// primary (the status bar says so) and go back to the standby once it answers again.
#include "consoleharness.h"
#include "contract_util.h"
#include "duplicates_util.h"
#include "pgcluster.h"
#include "standby.h"
#include "widgettestcase.h"

#include "attention/requeuer.h"
#include "db/consolecontext.h"
#include "duplicates/duplicatequeuemodel.h"
#include "journal/journalmodel.h"
#include "journal/journalpage.h"
#include "window/mainwindow.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QRegularExpression>
#include <QTableView>
#include <QtTest>

namespace {

constexpr int kStandbyPort = 5434;

QString databaseOf(const QString &conninfo)
{
    return conninfo.section(QStringLiteral("dbname='"), 1).section(QLatin1Char('\''), 0, 0);
}

// The Journal's status word of `id`, "" when the event is not shown.
QString shownStatus(const inbox::JournalModel *model, qint64 id)
{
    for (int r = 0; r < model->rowCount(); ++r) {
        if (model->row(r).id == id)
            return model->row(r).status;
    }
    return QString();
}

} // namespace

class TestStandbyReads final : public WidgetTestCase
{
    Q_OBJECT

private slots:
    void journalReadsTheStandbyAndShowsARequeueAfterReplay()
    {
        const qint64 id = failedEvent(QStringLiteral("e1"));
        Standby standby(kStandbyPort);
        QString error;
        QVERIFY2(standby.start(m_db.cluster(), &error), qPrintable(error));
        PgSession onStandby(standby.conninfo(databaseOf(m_db.conninfo())));
        QVERIFY2(onStandby.ok(), qPrintable(onStandby.error()));

        inbox::MainWindow window;
        QVERIFY(ConsoleHarness::show(&window, QSize(1400, 900)));
        auto *journal = ConsoleHarness::currentTab<inbox::JournalPage>(&window);
        QVERIFY(journal);
        window.connectTo(m_db.conninfo(), readFrom(standby));
        QTRY_VERIFY_WITH_TIMEOUT(window.context()->isConnected(), ConsoleHarness::kTimeoutMs);
        QVERIFY(window.context()->readsFromStandby());
        QTRY_COMPARE_WITH_TIMEOUT(shownStatus(journal->model(), id), QStringLiteral("failed"),
                                  ConsoleHarness::kTimeoutMs);
        auto *reads = window.findChild<QLabel *>(QStringLiteral("readSource"));
        QVERIFY(reads);
        const QRegularExpression lag(QStringLiteral("^Reads: standby, lag \\d+\\.\\d s$"));
        QTRY_VERIFY2_WITH_TIMEOUT(reads->isVisible() && lag.match(reads->text()).hasMatch(),
                                  qPrintable(reads->text()), ConsoleHarness::kTimeoutMs);
        // The screens' connections are on the standby (the listener's and the session's are
        // not: LISTEN needs the primary).
        QVERIFY(contract::oneInt(onStandby,
                                 QStringLiteral("SELECT count(*) FROM pg_stat_activity"
                                                " WHERE application_name = 'inbox-console'")) >= 2);

        // The standby stops replaying; the requeue goes to the primary and succeeds there.
        QVERIFY_SQL(onStandby.exec(QStringLiteral("SELECT pg_wal_replay_pause()")));
        QTRY_COMPARE(
            contract::one(onStandby, QStringLiteral("SELECT pg_get_wal_replay_pause_state()")),
            QStringLiteral("paused"));
        inbox::Requeuer requeuer(window.context());
        QSignalSpy ready(&requeuer, &inbox::Requeuer::previewReady);
        requeuer.prepare(QVector<qint64>{id});
        QVERIFY(ready.wait(ConsoleHarness::kTimeoutMs));
        QSignalSpy finished(&requeuer, &inbox::Requeuer::finished);
        requeuer.start(QStringLiteral("standby test"));
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QCOMPARE(requeuer.count(QStringLiteral("requeued")), 1);
        const QString status = statusOf(m_db.su(), id);
        QVERIFY2(status != QLatin1String("failed"), qPrintable(status));
        QCOMPARE(statusOf(onStandby, id), QStringLiteral("failed"));

        // F5: the Journal's read waits on the standby for the requeue (it would show "failed"
        // at once without the wait, and the new status at once if it read the primary).
        QSignalSpy updated(journal->model(), &inbox::JournalModel::updated);
        window.context()->requestReread();
        QVERIFY(!updated.wait(1500));
        QCOMPARE(shownStatus(journal->model(), id), QStringLiteral("failed"));
        QElapsedTimer sinceResume;
        sinceResume.start();
        QVERIFY_SQL(onStandby.exec(QStringLiteral("SELECT pg_wal_replay_resume()")));
        QVERIFY(updated.wait(3000));
        QCOMPARE(shownStatus(journal->model(), id), status);
        qInfo("the re-read showed the requeue %lld ms after replay resumed",
              qint64(sinceResume.elapsed()));
    }

    // Another action: M on the Duplicates screen merges the pair on the primary (on the
    // standby it would fail with SQLSTATE 25006), and the list read from the standby drops it.
    void aDuplicateDecisionGoesToThePrimary()
    {
        const QVector<qint64> pairs =
            duplicatesfix::openPairs(m_db.su(), QStringLiteral("sb"), 100, 2);
        Standby standby(kStandbyPort);
        QString error;
        QVERIFY2(standby.start(m_db.cluster(), &error), qPrintable(error));
        inbox::MainWindow window;
        QVERIFY(ConsoleHarness::show(&window, QSize(1400, 900), true));
        auto *page = ConsoleHarness::currentTab<inbox::DuplicatesPage>(&window);
        QVERIFY(page);
        window.connectTo(m_db.conninfo(), readFrom(standby));
        QTRY_VERIFY_WITH_TIMEOUT(duplicatesfix::shows(page, pairs.first()),
                                 ConsoleHarness::kTimeoutMs);
        QVERIFY(window.context()->readsFromStandby());
        QSignalSpy finished(page, &inbox::DuplicatesPage::decisionFinished);
        QTest::keyClick(page->findChild<QTableView *>(QStringLiteral("queue")), Qt::Key_M);
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QCOMPARE(dupfix::status(m_db.su(), pairs.first()), QStringLiteral("merged postgres"));
        QTRY_VERIFY_WITH_TIMEOUT(page->model()->rowOf(pairs.first()) < 0,
                                 ConsoleHarness::kTimeoutMs);
        QVERIFY(page->model()->rowOf(pairs.last()) >= 0);
    }

    void readsFallBackToThePrimaryWhileTheStandbyIsDown()
    {
        Standby standby(kStandbyPort);
        QString error;
        QVERIFY2(standby.start(m_db.cluster(), &error), qPrintable(error));
        inbox::MainWindow window;
        QVERIFY(ConsoleHarness::show(&window, QSize(1400, 900)));
        auto *journal = ConsoleHarness::currentTab<inbox::JournalPage>(&window);
        window.connectTo(m_db.conninfo(), readFrom(standby));
        QTRY_VERIFY_WITH_TIMEOUT(window.context()->isConnected(), ConsoleHarness::kTimeoutMs);
        auto *reads = window.findChild<QLabel *>(QStringLiteral("readSource"));
        QVERIFY(reads);
        QTRY_VERIFY2_WITH_TIMEOUT(reads->text().startsWith(QLatin1String("Reads: standby")),
                                  qPrintable(reads->text()), ConsoleHarness::kTimeoutMs);

        QVERIFY2(standby.stop(QStringLiteral("fast"), &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(reads->text(),
                                  QStringLiteral("Reads: primary (the standby does not answer)"),
                                  ConsoleHarness::kTimeoutMs);
        // Reads go on, from the primary: a new event is listed.
        const qint64 later = contract::acceptEvent(m_db.su(), QStringLiteral("later"));
        QVERIFY(ConsoleHarness::emitsAfter(journal->model(), &inbox::JournalModel::updated,
                                           [&] { window.context()->requestReread(); }));
        QTRY_VERIFY_WITH_TIMEOUT(!shownStatus(journal->model(), later).isEmpty(),
                                 ConsoleHarness::kTimeoutMs);

        // The standby back: reads return to it.
        QVERIFY2(standby.startAgain(&error), qPrintable(error));
        QTRY_VERIFY2_WITH_TIMEOUT(reads->text().startsWith(QLatin1String("Reads: standby")),
                                  qPrintable(reads->text()), ConsoleHarness::kTimeoutMs);
        QVERIFY(ConsoleHarness::emitsAfter(journal->model(), &inbox::JournalModel::updated,
                                           [&] { window.context()->requestReread(); }));
        QVERIFY(!shownStatus(journal->model(), later).isEmpty());
        PgSession onStandby(standby.conninfo(databaseOf(m_db.conninfo())));
        QVERIFY2(onStandby.ok(), qPrintable(onStandby.error()));
        QTRY_VERIFY(contract::oneInt(onStandby,
                                     QStringLiteral("SELECT count(*) FROM pg_stat_activity"
                                                    " WHERE application_name = 'inbox-console'")) >=
                    2);
    }

private:
    static QString readFrom(const Standby &standby)
    {
        return QStringLiteral("host='%1' port=%2").arg(standby.socketDir()).arg(standby.port());
    }

    static QString statusOf(PgSession &s, qint64 id)
    {
        return contract::one(s, QStringLiteral("SELECT status FROM inbox.events WHERE id = $1"),
                             {id});
    }

    // An event of source shop, claimed and failed for good; its id.
    qint64 failedEvent(const QString &externalId)
    {
        const qint64 id = contract::acceptEvent(m_db.su(), externalId);
        m_db.su().exec(QStringLiteral("SELECT count(*) FROM inbox.claim('w', 1)"));
        if (!contract::failClaimed(m_db.su(), QStringLiteral("shop"), QStringLiteral("boom"),
                                   false))
            return -1;
        return id;
    }
};

QTEST_MAIN(TestStandbyReads)
#include "tst_standbyreads.moc"
