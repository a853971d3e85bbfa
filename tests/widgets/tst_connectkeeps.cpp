// Issue 18, defect 10: trying another profile on the Connect screen keeps the working
// connection until the new one succeeds. The window is driven as a person would (type a
// connection string, press Enter) against a real PostgreSQL; a failed attempt at a database
// that does not exist must leave the console connected to the first one, its screens reading,
// and the Connect screen must say so.
#include "db/consolecontext.h"
#include "db/session.h"
#include "overview/overviewmodel.h"
#include "overview/overviewpage.h"
#include "testdatabase.h"
#include "testsettings.h"
#include "window/mainwindow.h"

#include <QCoreApplication>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QtTest>

class TestConnectKeeps : public QObject
{
    Q_OBJECT

private:
    TestDatabase m_db{{"keep_sue", {"inbox_support"}}};

    static void typeAndConnect(inbox::MainWindow &window, const QString &conninfo)
    {
        auto *edit = window.findChild<QLineEdit *>(QStringLiteral("conninfo"));
        QVERIFY(edit);
        edit->setFocus();
        edit->selectAll();
        QTest::keyClick(edit, Qt::Key_Backspace);
        QTest::keyClicks(edit, conninfo);
        QCOMPARE(edit->text(), conninfo);
        QTest::keyClick(edit, Qt::Key_Return);
    }

private slots:
    void initTestCase()
    {
        TestSettings::isolate(QStringLiteral("tst_connectkeeps"));
        QSettings().clear();
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        qputenv("PGPASSFILE", QByteArray("/nonexistent/pgpass"));
        QVERIFY_TEST_DATABASE_STARTED(m_db);
    }

    void init() { QVERIFY_FRESH_TEST_DATABASE(m_db); }

    void failedAttemptKeepsTheWorkingConnection()
    {
        inbox::MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        inbox::ConsoleContext *context = window.context();
        auto *overview = window.findChild<inbox::OverviewPage *>();
        QVERIFY(overview);

        const QString good = m_db.conninfo(QStringLiteral("keep_sue"));
        QSignalSpy updated(overview->model(), &inbox::OverviewModel::updated);
        typeAndConnect(window, good);
        QTRY_VERIFY_WITH_TIMEOUT(context->isConnected(), 20000);
        QVERIFY(updated.wait(20000) || updated.count() > 0);
        QCOMPARE(context->options().conninfo, good);

        // Another profile, whose database does not exist.
        const QString bad =
            m_db.cluster().conninfo(QStringLiteral("no_such_db_keep"), QStringLiteral("keep_sue"));
        QSignalSpy openFailed(window.session(), &inbox::Session::openFailed);
        QSignalSpy disconnected(context, &inbox::ConsoleContext::disconnected);
        typeAndConnect(window, bad);
        QTRY_COMPARE_WITH_TIMEOUT(openFailed.count(), 1, 20000);
        QCOMPARE(openFailed.first().at(1).value<inbox::ConnectProblem>(),
                 inbox::ConnectProblem::DatabaseMissing);

        // Still connected to the first database, and nothing told the screens otherwise.
        QCOMPARE(disconnected.count(), 0);
        QVERIFY(context->isConnected());
        QCOMPARE(context->options().conninfo, good);
        QVERIFY(window.session()->isOpen());
        QCOMPARE(window.session()->info().database, m_db.name());

        // The screens still work: a reread of the overview succeeds and it shows figures.
        updated.clear();
        QSignalSpy overviewFailed(overview->model(), &inbox::OverviewModel::failed);
        context->requestReread();
        QVERIFY(updated.wait(20000));
        QCOMPARE(overviewFailed.count(), 0);
        QVERIFY(overview->model()->hasSnapshot());
        auto *stack = overview->findChild<QStackedWidget *>();
        QVERIFY(stack);
        QCOMPARE(stack->currentIndex(), 1); // the figures, not the "Connect to ..." placeholder

        // The Connect screen says that the attempt failed and what it kept.
        auto *error = window.findChild<QLabel *>(QStringLiteral("error"));
        QVERIFY(error);
        QVERIFY(!error->isHidden());
        QVERIFY2(error->text().contains(QStringLiteral("no database \"no_such_db_keep\"")),
                 qPrintable(error->text()));
        QVERIFY2(error->text().contains(QStringLiteral("current connection was kept")),
                 qPrintable(error->text()));
        QVERIFY2(error->text().contains(m_db.name()), qPrintable(error->text()));
        auto *user = window.findChild<QLabel *>(QStringLiteral("user"));
        QVERIFY(user);
        QCOMPARE(user->text(), QStringLiteral("keep_sue"));
        window.grab().save(QStringLiteral("/tmp/i18o/connect-kept.png"));

        // The next attempt that works replaces it.
        QSignalSpy opened(window.session(), &inbox::Session::opened);
        const QString other = m_db.conninfo(QStringLiteral("postgres"));
        typeAndConnect(window, other);
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(context->options().conninfo, other, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(user->text(), QStringLiteral("postgres (superuser)"), 5000);
        QVERIFY(error->isHidden());
    }
};

QTEST_MAIN(TestConnectKeeps)
#include "tst_connectkeeps.moc"
