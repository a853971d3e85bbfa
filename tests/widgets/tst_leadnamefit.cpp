// Issue 18, leftover (c): a long lead name in the Duplicates pair comparison is never cut
// off at 1280x720, English and Russian: its cell wraps it within its width and height, and
// the cell's tooltip holds the whole name. Real leads in a real PostgreSQL.
#include "consoleharness.h"
#include "duplicate_fixture.h"
#include "testlanguage.h"
#include "widgettestcase.h"

#include "duplicates/duplicatespage.h"
#include "window/mainwindow.h"

#include <QLabel>
#include <QTabWidget>
#include <QTextLayout>
#include <QtTest>

using inbox::DuplicatesPage;

class TestLeadNameFit : public WidgetTestCase
{
    Q_OBJECT

public:
    TestLeadNameFit() : WidgetTestCase{{"mgr_fit", {"inbox_manager"}}} {}

private:
    TestLanguage m_language;

    // The widest word of `text` fits the label's width, and the wrapped text its height.
    static QString fitProblem(QLabel *label)
    {
        const QRect box = label->contentsRect();
        const QFontMetrics fm(label->font());
        // Laid out the way a word-wrapping label lays it out: a line never breaks inside
        // a word (Unicode line breaks only, as after a hyphen), so a word too wide sticks out.
        QTextLayout layout(label->text(), label->font());
        QTextOption option;
        option.setWrapMode(QTextOption::WordWrap);
        layout.setTextOption(option);
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(box.width());
            if (line.naturalTextWidth() > box.width() + 0.5)
                return QStringLiteral("the line \"%1\" (%2 px) is wider than the cell (%3 px)")
                    .arg(label->text().mid(line.textStart(), line.textLength()))
                    .arg(line.naturalTextWidth())
                    .arg(box.width());
        }
        layout.endLayout();
        const int needed = label->heightForWidth(label->width());
        if (!label->wordWrap() && fm.horizontalAdvance(label->text()) > box.width())
            return QStringLiteral("not wrapped and %1 px wide in %2 px")
                .arg(fm.horizontalAdvance(label->text()))
                .arg(box.width());
        if (label->wordWrap() && needed > label->height())
            return QStringLiteral("needs %1 px of height, has %2").arg(needed).arg(label->height());
        return QString();
    }

private slots:
    void cleanup() { m_language.drop(); }

    void longNameWrapsWithTooltip_data() { TestLanguage::addRows(); }

    void longNameWrapsWithTooltip()
    {
        QFETCH(QString, language);
        QVERIFY(m_language.use(QStringLiteral(INBOX_QM_DIR), language));
        // 120 characters: a long double-barrelled name with its patronymic and a note.
        QString name = QStringLiteral("Анна-Мария Александровна Константинопольская-"
                                      "Преображенская (ООО «Северо-Западная Торгово-"
                                      "Промышленная Компания»)");
        while (name.size() < 120)
            name += QLatin1Char('.');
        name.truncate(120);
        QCOMPARE(name.size(), 120);
        dupfix::Lead a =
            dupfix::person(QStringLiteral("fit-a"), QStringLiteral("+7 903 555 11 22"), name);
        dupfix::Lead b =
            dupfix::fromTelegram(a, QStringLiteral("fit-b"), QStringLiteral("8 903 555 11 22"));
        const qint64 pair = dupfix::pair(m_db.su(), a, b);
        QVERIFY(pair > 0);

        inbox::MainWindow window;
        QVERIFY(ConsoleHarness(m_db).showReading(&window, *window.context(),
                                                 QStringLiteral("mgr_fit")));
        auto *page = ConsoleHarness::currentTab<DuplicatesPage>(&window);
        QVERIFY(page);
        window.resize(1280, 720);
        QTRY_VERIFY_WITH_TIMEOUT(page->currentCandidate() == pair, ConsoleHarness::kTimeoutMs);
        for (const char *cell : {"nameA", "nameB"}) {
            auto *label = page->findChild<QLabel *>(QLatin1String(cell));
            QVERIFY(label);
            QTRY_COMPARE(label->text(), name);
            QApplication::processEvents();
            QVERIFY(label->isVisible() && label->width() > 0);
            const QString problem = fitProblem(label);
            QVERIFY2(problem.isEmpty(),
                     qPrintable(QLatin1String(cell) + QStringLiteral(": ") + problem));
            QCOMPARE(label->toolTip(), name);
        }
        if (qEnvironmentVariableIsSet("INBOX_FIT_GRAB"))
            window.grab().save(QStringLiteral("/tmp/bc/leadname-%1.png").arg(language));
    }
};

QTEST_MAIN(TestLeadNameFit)
#include "tst_leadnamefit.moc"
