// Issue 18, leftover (b): every count the Overview prints (figure tiles and their notes, the
// per-day table's tooltips) has the locale's group separators,
// "1,234" in English and "1 234" in Russian, over 1,234 real events in a real PostgreSQL.
#include "consoleharness.h"
#include "widgettestcase.h"

#include "db/consolecontext.h"
#include "overview/overviewmodel.h"
#include "overview/overviewpage.h"
#include "pgsession.h"
#include "testdatabase.h"
#include "testlanguage.h"

#include <QAbstractItemModel>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

class TestOverviewNumbers : public WidgetTestCase
{
    Q_OBJECT

public:
    TestOverviewNumbers()
        : WidgetTestCase{{{"num_in", {"inbox_ingest"}}, {"num_sue", {"inbox_support"}}}}
    {}

private:
    TestLanguage m_language;

    static QString text(QWidget &page, const char *name)
    {
        auto *label = page.findChild<QLabel *>(QString::fromLatin1(name));
        return label ? label->text() : QStringLiteral("!missing");
    }

private slots:
    void cleanup() { m_language.drop(); }

    void countsHaveGroupSeparators_data() { TestLanguage::addRows(); }

    void countsHaveGroupSeparators()
    {
        QFETCH(QString, language);
        QVERIFY(m_language.use(QStringLiteral(INBOX_QM_DIR), language));
        const QLocale locale;
        const QString many = locale.toString(1234);
        // Precondition: the locale groups digits, so a raw number reads differently.
        QVERIFY2(many != QStringLiteral("1234"), qPrintable(many));

        PgSession in(m_db.conninfo(QStringLiteral("num_in")));
        const PgResult accepted =
            in.exec(QStringLiteral("SELECT count(*) FROM generate_series(1, 1234) g, LATERAL "
                                   "inbox.accept('shop', 'n' || g, convert_to('{}', 'UTF8'))"));
        QVERIFY2(accepted.ok, qPrintable(accepted.message));
        // All of them put off for a retry: waiting, not due.
        const PgResult moved = m_db.su().exec(
            QStringLiteral("UPDATE inbox.events SET next_attempt_at = now() + interval '10 "
                           "minutes', attempts = 1 WHERE source = 'shop'"));
        QVERIFY2(moved.ok, qPrintable(moved.message));

        inbox::ConsoleContext context;
        inbox::OverviewPage page(&context);
        QVERIFY(ConsoleHarness::show(&page, {1280, 720}));
        QVERIFY(ConsoleHarness::emitsAfter(page.model(), &inbox::OverviewModel::updated, [&] {
            context.setConnected(m_db.options(QStringLiteral("num_sue")), inbox::ServerInfo());
        }));

        QCOMPARE(text(page, "tileWaiting"), many);
        QVERIFY2(text(page, "tileWaitingNote").contains(many),
                 qPrintable(text(page, "tileWaitingNote")));
        QVERIFY2(text(page, "tileOldestNote").contains(many),
                 qPrintable(text(page, "tileOldestNote")));

        // The per-day table: today's repeat share explains itself with its counts.
        auto *daily = page.findChild<QTableView *>(QStringLiteral("dailyTable"));
        QVERIFY(daily);
        QAbstractItemModel *model = daily->model();
        QVERIFY(model->rowCount() > 0);
        int repeatColumn = -1;
        for (int c = 0; c < model->columnCount(); ++c) {
            const QString tip = model->index(0, c).data(Qt::ToolTipRole).toString();
            if (repeatColumn < 0 && tip.contains(many))
                repeatColumn = c;
        }
        QStringList tips;
        for (int c = 0; c < model->columnCount(); ++c)
            tips << model->index(0, c).data(Qt::ToolTipRole).toString();
        QVERIFY2(repeatColumn >= 0, qPrintable(tips.join(QStringLiteral(" | "))));
        for (const QString &tip : std::as_const(tips))
            QVERIFY2(!tip.contains(QStringLiteral("1234")), qPrintable(tip));

        if (qEnvironmentVariableIsSet("INBOX_NUMBERS_GRAB"))
            page.grab().save(QStringLiteral("/tmp/bc/overview-%1.png").arg(language));
    }
};

QTEST_MAIN(TestOverviewNumbers)
#include "tst_overviewnumbers.moc"
