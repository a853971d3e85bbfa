// Issue 18, defects 6 and 7 on the Duplicates screen, against a real PostgreSQL:
// - Merge, Keep separate, Skip and the outcome line stay in view at any window size the program
//   allows (the main window at its minimum size, and at 1280 x 720 with the connection banner),
//   even with a long comparison;
// - in the dark theme the merge explanation box's text contrasts with its background
//   (WCAG contrast ratio of at least 4.5).
// With INBOX_TEST_GRABS=DIR it also saves pictures of the screen there, to look at.
#include "consoleharness.h"
#include "duplicate_fixture.h"
#include "duplicates_util.h"
#include "testgrabs.h"
#include "widgettestcase.h"

#include "common/theme.h"
#include "db/consolecontext.h"
#include "db/dberror.h"
#include "duplicates/duplicatespage.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QtTest>

#include <cmath>

using inbox::DuplicatesPage;

namespace {

double luminance(const QColor &c)
{
    const auto channel = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (qMax(la, lb) + 0.05) / (qMin(la, lb) + 0.05);
}

// The colour most pixels of `image` have, and the one most different from it (the text).
std::pair<QColor, QColor> backgroundAndInk(const QImage &image)
{
    QHash<QRgb, int> counts;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            ++counts[image.pixel(x, y) | 0xff000000u];
    QRgb background = 0;
    int most = -1;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (it.value() > most) {
            most = it.value();
            background = it.key();
        }
    }
    QColor ink(background);
    double best = 1;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (it.value() < 20)
            continue; // antialiasing fringes
        const double c = contrast(QColor(it.key()), QColor(background));
        if (c > best) {
            best = c;
            ink = QColor(it.key());
        }
    }
    return {QColor(background), ink};
}

} // namespace

using duplicatesfix::shows;

class TestDuplicatesLook : public WidgetTestCase
{
    Q_OBJECT

public:
    TestDuplicatesLook() : WidgetTestCase{{"mgr_anna", {"inbox_manager"}}} {}

private:
    qint64 m_pair = 0;

    // One pair whose comparison is long: a message of many lines on both sides.
    void makeLongPair()
    {
        PgSession &su = m_db.su();
        QString message;
        for (int i = 0; i < 40; ++i)
            message +=
                QStringLiteral("Кухня на заказ, строка %1 длинного описания заявки.\n").arg(i);
        dupfix::Lead a = dupfix::person(QStringLiteral("l-a"), QStringLiteral("+7 903 555 11 22"),
                                        QStringLiteral("Ольга Смирнова"));
        a.email = QStringLiteral("olga.smirnova@example.org");
        a.summary = message;
        a.deal = QStringLiteral("D-2040");
        dupfix::Lead b =
            dupfix::fromTelegram(a, QStringLiteral("l-b"), QStringLiteral("8 903 555 11 22"));
        b.deal = QString();
        m_pair = dupfix::pair(su, a, b);
        QVERIFY(m_pair > 0);
    }

    // Each of the decision controls is wholly inside the visible part of the page.
    static void checkDecisionBarInView(DuplicatesPage *page)
    {
        const QRect pageRect = page->rect();
        for (const char *name : {"merge", "reject", "skip", "undo", "outcome"}) {
            auto *w = page->findChild<QWidget *>(QLatin1String(name));
            QVERIFY2(w && w->isVisible(), name);
            const QRect onPage(w->mapTo(page, QPoint(0, 0)), w->size());
            QVERIFY2(pageRect.contains(onPage),
                     qPrintable(QStringLiteral("%1 at %2,%3 %4x%5 outside the page %6x%7")
                                    .arg(QLatin1String(name))
                                    .arg(onPage.x())
                                    .arg(onPage.y())
                                    .arg(onPage.width())
                                    .arg(onPage.height())
                                    .arg(pageRect.width())
                                    .arg(pageRect.height())));
            QVERIFY2(
                w->visibleRegion().boundingRect() == w->rect(),
                qPrintable(QStringLiteral("%1 is not wholly visible").arg(QLatin1String(name))));
        }
    }

private slots:
    void init()
    {
        WidgetTestCase::init();
        inbox::Theme::apply(inbox::Theme::Mode::Light);
    }

    void cleanup() { inbox::Theme::apply(inbox::Theme::Mode::System); }

    void decisionBarInView_data()
    {
        QTest::addColumn<bool>("minimum");
        QTest::newRow("1280x720 with the banner") << false;
        QTest::newRow("the window's minimum size with the banner") << true;
    }

    void decisionBarInView()
    {
        QFETCH(bool, minimum);
        makeLongPair();
        inbox::MainWindow window;
        QVERIFY(ConsoleHarness(m_db).showReading(&window, *window.context(),
                                                 QStringLiteral("mgr_anna")));
        auto *page = ConsoleHarness::currentTab<DuplicatesPage>(&window);
        QVERIFY(page);
        QTRY_VERIFY_WITH_TIMEOUT(shows(page, m_pair), ConsoleHarness::kTimeoutMs);
        // The banner as a lost connection shows it (two lines at the minimum width).
        emit window.context()->connectionDown(
            inbox::DbError::plain(
                QStringLiteral("server closed the connection unexpectedly\nThis probably means "
                               "the server terminated abnormally before or while processing "
                               "the request.")),
            5);
        QTRY_VERIFY(window.findChild<QLabel *>(QStringLiteral("connectionBanner"))->isVisible());
        if (minimum) {
            window.resize(1, 1); // no smaller than the window allows
            QTRY_VERIFY(window.width() < 1280 && window.height() < 720);
        } else {
            window.resize(1280, 720);
        }
        QTest::qWait(50);
        QApplication::processEvents();
        QVERIFY2(
            window.height() <= 720 && page->height() > 0,
            qPrintable(QStringLiteral("window %1x%2").arg(window.width()).arg(window.height())));
        saveTestGrab(&window, minimum ? QStringLiteral("duplicates-minimum")
                                      : QStringLiteral("duplicates-1280x720"));
        checkDecisionBarInView(page);
    }

    // The merge explanation box in the dark theme, applied before and after the screen exists.
    void mergeStatementReadableInDark_data()
    {
        QTest::addColumn<bool>("darkFirst");
        QTest::newRow("dark at start") << true;
        QTest::newRow("dark chosen later") << false;
    }

    void mergeStatementReadableInDark()
    {
        QFETCH(bool, darkFirst);
        makeLongPair();
        if (darkFirst)
            inbox::Theme::apply(inbox::Theme::Mode::Dark);
        inbox::ConsoleContext context;
        DuplicatesPage page(&context);
        QVERIFY(ConsoleHarness(m_db).showReading(&page, context, QStringLiteral("mgr_anna")));
        QTRY_VERIFY_WITH_TIMEOUT(shows(&page, m_pair), ConsoleHarness::kTimeoutMs);
        if (!darkFirst)
            inbox::Theme::apply(inbox::Theme::Mode::Dark);
        QVERIFY(inbox::Theme::isDark());
        QApplication::processEvents();
        auto *box = page.findChild<QLabel *>(QStringLiteral("mergeStatement"));
        QVERIFY(box && box->isVisible() && !box->text().isEmpty());
        // What is really drawn: the box's own pixels, text against its background.
        const QImage image = box->grab().toImage();
        const auto [background, ink] = backgroundAndInk(image);
        saveTestGrab(&page, darkFirst ? QStringLiteral("duplicates-dark-start")
                                      : QStringLiteral("duplicates-dark-later"));
        const double ratio = contrast(background, ink);
        QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("text %1 on %2: contrast %3")
                                              .arg(ink.name(), background.name())
                                              .arg(ratio, 0, 'f', 2)));
        // The background is the dark theme's, not a light box.
        QVERIFY2(background.lightness() < 128, qPrintable(background.name()));
    }
};

QTEST_MAIN(TestDuplicatesLook)
#include "tst_duplicateslook.moc"
