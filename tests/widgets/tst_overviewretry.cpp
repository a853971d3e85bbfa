// Issue 18, defect 9: the Overview's queue figures agree with each other and say what they
// count while events wait for a retry (received, next_attempt_at in the future: waiting but
// not due). Real events in a real PostgreSQL; time is moved by UPDATE, never by sleeping.
#include "consoleharness.h"
#include "widgettestcase.h"

#include "db/consolecontext.h"
#include "overview/overviewmodel.h"
#include "overview/overviewpage.h"
#include "pgsession.h"
#include "testdatabase.h"

#include <QLabel>
#include <QSignalSpy>
#include <QtTest>

class TestOverviewRetry : public WidgetTestCase
{
    Q_OBJECT

public:
    TestOverviewRetry()
        : WidgetTestCase{{{"retry_in", {"inbox_ingest"}}, {"retry_sue", {"inbox_support"}}},
                         WidgetTestCase::Settings::Kept}
    {}

private:
    static QString text(QWidget &page, const char *name)
    {
        auto *label = page.findChild<QLabel *>(QString::fromLatin1(name));
        return label ? label->text() : QStringLiteral("!missing");
    }
    static bool shown(QWidget &page, const char *name)
    {
        auto *label = page.findChild<QLabel *>(QString::fromLatin1(name));
        return label && !label->isHidden();
    }

private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        WidgetTestCase::initTestCase();
    }

    void scheduledRetriesAreNamed()
    {
        PgSession in(m_db.conninfo(QStringLiteral("retry_in")));
        QVERIFY(in.exec(QStringLiteral("SELECT count(*) FROM generate_series(1, 5) g, LATERAL "
                                       "inbox.accept('shop', 'r' || g, convert_to('{}', 'UTF8'))"))
                    .ok);

        inbox::ConsoleContext context;
        inbox::OverviewPage page(&context);
        QVERIFY(ConsoleHarness::show(&page, {1280, 720}));
        QVERIFY(ConsoleHarness::emitsAfter(page.model(), &inbox::OverviewModel::updated, [&] {
            context.setConnected(m_db.options(QStringLiteral("retry_sue")), inbox::ServerInfo());
        }));
        // Precondition: all five are due, and the oldest due one is shown.
        QCOMPARE(text(page, "tileWaiting"), QStringLiteral("5"));
        QCOMPARE(text(page, "tileDue"), QStringLiteral("5"));
        QVERIFY(text(page, "tileOldest") != QStringLiteral("none"));
        QVERIFY(!shown(page, "tileWaitingNote"));

        // A worker's failed attempts put all five off for ten minutes.
        const PgResult moved = m_db.su().exec(
            QStringLiteral("UPDATE inbox.events SET next_attempt_at = now() + interval '10 "
                           "minutes', attempts = 1 WHERE source = 'shop'"));
        QVERIFY2(moved.ok, qPrintable(moved.message));
        QVERIFY(ConsoleHarness::emitsAfter(page.model(), &inbox::OverviewModel::updated,
                                           [&] { context.requestReread(); }));

        QCOMPARE(text(page, "tileWaiting"), QStringLiteral("5"));
        QCOMPARE(text(page, "tileDue"), QStringLiteral("0"));
        // Waiting says what it counts, and the oldest-due tile says why it is empty.
        QVERIFY(shown(page, "tileWaitingNote"));
        QCOMPARE(text(page, "tileWaitingNote"), QStringLiteral("0 due, 5 scheduled for a retry"));
        QCOMPARE(text(page, "tileOldest"), QStringLiteral("none"));
        QVERIFY(shown(page, "tileOldestNote"));
        QCOMPARE(text(page, "tileOldestNote"),
                 QStringLiteral("nothing is due; 5 scheduled for a retry"));
        page.grab().save(QStringLiteral("/tmp/i18o/overview-retry.png"));

        // One comes due again: the figures move together.
        QVERIFY(m_db.su()
                    .exec(QStringLiteral("UPDATE inbox.events SET next_attempt_at = now() - "
                                         "interval '1 minute' WHERE external_id = 'r1'"))
                    .ok);
        QVERIFY(ConsoleHarness::emitsAfter(page.model(), &inbox::OverviewModel::updated,
                                           [&] { context.requestReread(); }));
        QCOMPARE(text(page, "tileDue"), QStringLiteral("1"));
        QCOMPARE(text(page, "tileWaitingNote"), QStringLiteral("1 due, 4 scheduled for a retry"));
        QVERIFY(text(page, "tileOldest") != QStringLiteral("none"));
        QVERIFY2(text(page, "tileOldestNote").contains(QStringLiteral("shop / r1")),
                 qPrintable(text(page, "tileOldestNote")));
    }
};

QTEST_MAIN(TestOverviewRetry)
#include "tst_overviewretry.moc"
