// A support login (inbox_support only) cannot reach a write action by any path in the whole
// console. The test does not know the console's controls: it walks the widget tree of the
// real MainWindow, screen by screen, with failed, stuck and duplicate data that would offer
// every write to a manager. Every QAction (menus, page actions, context menus opened through
// customContextMenuRequested) and every button whose text names a write (requeue, merge,
// keep separate, undo, apply migrations...) must be disabled or hidden. Then everything that
// does not end the session is pressed: every enabled action and button, every QShortcut
// (activated directly, whatever its context) and every key sequence typed into the window;
// dialogs and menus that open are closed. Afterwards the database shows nothing changed and
// no journal entry by a person.
#include "db/consolecontext.h"
#include "pgcluster.h"
#include "pgsession.h"
#include "testdatabase.h"
#include "window/mainwindow.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QMenu>
#include <QRegularExpression>
#include <QShortcut>
#include <QTabWidget>
#include <QTimer>
#include <QtTest>

#include <memory>

namespace {

const QString kSupport = QStringLiteral("support_sue");

// English source texts of writes (the test runs untranslated).
const QRegularExpression kWrite(
    QStringLiteral("requeue|merge|keep separate|undo|apply|migrat|decide|reject|retry|put back"),
    QRegularExpression::CaseInsensitiveOption);
// What would end the session under test or leave the window: not pressed.
const QRegularExpression kEnding(QStringLiteral("quit|disconnect|connect|close|exit|log ?out"),
                                 QRegularExpression::CaseInsensitiveOption);

QString plain(QString text)
{
    return text.remove(QLatin1Char('&')).trimmed();
}

QString describe(const QObject *o, const QString &text)
{
    return QStringLiteral("%1 \"%2\" (%3)")
        .arg(QString::fromLatin1(o->metaObject()->className()), text, o->objectName());
}

// Closes whatever modal dialog or popup menu the last press opened, noting the enabled write
// actions a popup (a context menu) offered.
class Closer final : public QObject
{
public:
    QStringList offered;
    int closedPopups = 0;

    Closer()
    {
        m_timer.setInterval(20);
        connect(&m_timer, &QTimer::timeout, this, &Closer::sweep);
        m_timer.start();
    }
    void sweep()
    {
        if (auto *popup = QApplication::activePopupWidget()) {
            for (QAction *a : popup->actions()) {
                if (a->isEnabled() && a->isVisible() && kWrite.match(plain(a->text())).hasMatch())
                    offered << describe(a, plain(a->text()));
            }
            ++closedPopups;
            popup->close();
        }
        if (auto *modal = QApplication::activeModalWidget())
            modal->close();
    }

private:
    QTimer m_timer;
};

} // namespace

class TestSupportReadOnly : public QObject
{
    Q_OBJECT

private:
    TestDatabase m_db{{kSupport, {"inbox_support"}}};

    // Everything a write could change, as one text.
    QString state()
    {
        PgSession s(m_db.conninfo());
        const PgResult r = s.exec(QStringLiteral(
            "SELECT (SELECT string_agg(id || ':' || status || attempts || coalesce(locked_by, "
            "'-'), ','"
            " ORDER BY id) FROM inbox.events) || '|' ||"
            " (SELECT string_agg(id || ':' || status, ',' ORDER BY id) FROM "
            "inbox.duplicate_candidates)"
            " || '|' || (SELECT string_agg(id || ':' || coalesce(merged_into, 0), ',' ORDER BY id)"
            " FROM inbox.leads) || '|' || (SELECT count(*) FROM inbox.journal)"
            " || '|' || (SELECT max(version) FROM inbox.schema_version)"));
        return r.ok ? r.value(0, 0) : QStringLiteral("!") + r.message;
    }

    QByteArray serverLog() const
    {
        QFile log(m_db.cluster().socketDir() + QStringLiteral("/server.log"));
        return log.open(QIODevice::ReadOnly) ? log.readAll() : QByteArray("!unreadable");
    }

    int personEntries()
    {
        PgSession s(m_db.conninfo());
        return s.exec(QStringLiteral("SELECT count(*) FROM inbox.journal WHERE by_person"))
            .value(0, 0)
            .toInt();
    }

    void fill()
    {
        PgSession su(m_db.conninfo());
        // Failed (validation and out of attempts), stuck, waiting events.
        QVERIFY_SQL(su.exec(QStringLiteral(
            "SELECT inbox.accept('shop', 'o-' || g, convert_to('{\"n\":' || g || '}', 'UTF8'))"
            " FROM generate_series(1, 12) g")));
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox.claim('w-1', 8)")));
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox.fail(id, 'w-1', coalesce(lock_token, 0), "
                                           "'bad phone', false) FROM inbox.events"
                                           " WHERE locked_by = 'w-1' AND id % 2 = 0")));
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET locked_at = locked_at - interval '2 hours'"
                           " WHERE status = 'processing'")));
        // Open duplicate pairs.
        for (int i = 0; i < 3; ++i) {
            for (const char *source : {"form", "telegram"}) {
                const PgResult e = su.exec(
                    QStringLiteral("SELECT event_id FROM inbox.accept($1, $2, '\\x7b7d'::bytea)"),
                    {QString::fromLatin1(source), QStringLiteral("lead-%1").arg(i)});
                QVERIFY_SQL(e);
                QVERIFY_SQL(su.exec(
                    QStringLiteral("SELECT inbox.record_lead($1, $2, NULL,"
                                   " 'Анна')"),
                    {e.value(0, 0).toLongLong(), QStringLiteral("+7 903 555 1%1 22").arg(i)}));
            }
        }
        const PgResult pairs = su.exec(QStringLiteral(
            "SELECT count(*) FROM inbox.duplicate_candidates WHERE status = 'open'"));
        QCOMPARE(pairs.value(0, 0), QStringLiteral("3"));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY_TEST_DATABASE_STARTED(m_db);
        QVERIFY_FRESH_TEST_DATABASE(m_db);
        QString error;
        // Every statement this login sends goes to the server log: a write that the database
        // would refuse anyway must not even be sent.
        QVERIFY2(m_db.cluster().execAsSuperuser(
                     m_db.name(),
                     QStringLiteral("ALTER ROLE %1 SET log_statement = 'all'").arg(kSupport),
                     &error),
                 qPrintable(error));
    }

    void noWriteByAnyPath()
    {
        fill();
        if (QTest::currentTestFailed())
            return;
        const QString before = state();
        const qsizetype logFrom = serverLog().size();
        QVERIFY2(!before.startsWith(QLatin1Char('!')), qPrintable(before));

        inbox::MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.connectTo(m_db.conninfo(kSupport));
        QTRY_VERIFY_WITH_TIMEOUT(window.context()->isConnected(), 15000);
        QVERIFY(!window.context()->info().mayRequeue());
        QVERIFY(!window.context()->info().mayDecideDuplicates());

        auto *tabs = window.centralWidget()->findChild<QTabWidget *>();
        QVERIFY(tabs);
        Closer closer;
        QStringList reachable; // write controls found enabled and visible
        int writesSeen = 0, pressed = 0, shortcuts = 0, contextMenus = 0;

        for (int screen = 0; screen < tabs->count(); ++screen) {
            tabs->setCurrentIndex(screen);
            QWidget *page = tabs->widget(screen);
            // Let the screen load, then select a row in every list so that selection-bound
            // actions would come alive.
            QTest::qWait(400);
            for (QAbstractItemView *v : page->findChildren<QAbstractItemView *>()) {
                if (v->model() && v->model()->rowCount() > 0 && v->isVisible())
                    v->setCurrentIndex(v->model()->index(0, 0));
            }
            QTest::qWait(300);

            // 1. Context menus of every view that has one (the closer records the offers).
            for (QWidget *w : page->findChildren<QWidget *>()) {
                if (w->contextMenuPolicy() == Qt::CustomContextMenu && w->isVisible()) {
                    emit w->customContextMenuRequested(QPoint(8, 8));
                    ++contextMenus;
                    QTest::qWait(50);
                }
            }

            // 2. Every action and button of the window as this screen leaves it.
            for (QAction *a : window.findChildren<QAction *>()) {
                const QString text = plain(a->text());
                if (!kWrite.match(text).hasMatch())
                    continue;
                ++writesSeen;
                if (a->isEnabled() && a->isVisible())
                    reachable << describe(a, text);
            }
            for (QAbstractButton *b : window.findChildren<QAbstractButton *>()) {
                const QString text = plain(b->text()) + QLatin1Char(' ') + b->toolTip();
                if (!kWrite.match(plain(b->text())).hasMatch())
                    continue;
                ++writesSeen;
                if (b->isEnabled() && b->isVisible())
                    reachable << describe(b, text);
            }

            // 3. Press everything that does not end the session.
            for (QAction *a : window.findChildren<QAction *>()) {
                if (a->isSeparator() || a->menu() || kEnding.match(plain(a->text())).hasMatch())
                    continue;
                if (a->isEnabled()) {
                    a->trigger();
                    ++pressed;
                    QTest::qWait(30);
                }
            }
            for (QAbstractButton *b : page->findChildren<QAbstractButton *>()) {
                if (kEnding.match(plain(b->text())).hasMatch() || !b->isEnabled() ||
                    !b->isVisible())
                    continue;
                b->click();
                ++pressed;
                QTest::qWait(30);
            }
            tabs->setCurrentIndex(screen); // a press may have switched screens
            for (QShortcut *s : window.findChildren<QShortcut *>()) {
                emit s->activated(); // whatever its context or the focus
                ++shortcuts;
                for (const QKeySequence &seq : s->keys()) {
                    if (!kEnding.match(seq.toString()).hasMatch())
                        QTest::keySequence(&window, seq);
                }
                QTest::qWait(20);
            }
            for (QAction *a : window.findChildren<QAction *>()) {
                if (kEnding.match(plain(a->text())).hasMatch())
                    continue;
                for (const QKeySequence &seq : a->shortcuts())
                    QTest::keySequence(&window, seq);
            }
            // The letters and keys of the duplicate screen and the usual suspects, typed at
            // whatever has the focus.
            for (const QKeySequence &seq :
                 {QKeySequence(Qt::Key_M), QKeySequence(Qt::Key_R), QKeySequence(Qt::Key_U),
                  QKeySequence(Qt::CTRL | Qt::Key_R),
                  QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), QKeySequence(Qt::Key_Delete),
                  QKeySequence(Qt::Key_Return)}) {
                if (QWidget *focus = QApplication::focusWidget())
                    QTest::keySequence(focus, seq);
                QTest::keySequence(&window, seq);
            }
            QTest::qWait(300); // let anything that was sent arrive before the next screen
        }
        QTest::qWait(500);

        // The walk found the write controls (a walk that finds none proves nothing), and none
        // of them was reachable.
        QVERIFY2(writesSeen > 0, "no write control found: the walk is broken");
        QVERIFY(pressed > 10);
        QVERIFY(shortcuts > 5);
        QVERIFY(contextMenus > 0);
        QVERIFY2(reachable.isEmpty(), qPrintable(reachable.join(QStringLiteral("; "))));
        QVERIFY2(closer.offered.isEmpty(), qPrintable(closer.offered.join(QStringLiteral("; "))));
        qInfo("%d write controls seen, %d presses, %d shortcuts, %d context menus (%d popups)",
              writesSeen, pressed, shortcuts, contextMenus, closer.closedPopups);
        QCOMPARE(personEntries(), 0);
        // Nothing was even sent: no write function in what this login sent the server.
        const QByteArray sent = serverLog().mid(logFrom);
        QVERIFY2(sent.contains("execute") || sent.contains("statement:"),
                 "the server log shows no statement of the console: the check is blind");
        for (const char *write : {"inbox.requeue(", "decide_duplicate(", "inbox.prune(",
                                  "schema_version (", "CREATE ", "ALTER "}) {
            QVERIFY2(!sent.contains(write), write);
        }
        QCOMPARE(state(), before);
        QVERIFY(window.context()->isConnected()); // still the same session all along
        window.close();
    }

    void cleanupTestCase() { m_db.stop(); }
};

QTEST_MAIN(TestSupportReadOnly)
#include "tst_supportreadonly.moc"
