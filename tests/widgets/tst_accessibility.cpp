// Every control of every screen can be named by a screen reader: a button by its text, any
// other input, list or table by a label that is its buddy or by an accessible name. Built
// offscreen without a connection; lists the offenders by object name and class.
#include "testsettings.h"

#include "help/aboutdialog.h"
#include "window/mainwindow.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QtTest>

namespace {

// Parts of a composite control (a combo box's line edit, a table's corner button, a tab
// bar's scroll arrows, a header): the composite itself is what is checked.
bool isPartOfAnother(const QWidget *w, const QWidget *top)
{
    if (w->objectName().startsWith(QLatin1String("qt_"))) // Qt's own parts (menu bar arrow...)
        return true;
    for (const QWidget *p = w->parentWidget(); p && p != top; p = p->parentWidget()) {
        if (qobject_cast<const QComboBox *>(p) || qobject_cast<const QAbstractSpinBox *>(p) ||
            qobject_cast<const QLineEdit *>(p) || qobject_cast<const QTabBar *>(p) ||
            qobject_cast<const QAbstractItemView *>(p))
            return true;
    }
    return false;
}

bool isChecked(const QWidget *w)
{
    return qobject_cast<const QAbstractButton *>(w) || qobject_cast<const QLineEdit *>(w) ||
           qobject_cast<const QComboBox *>(w) || qobject_cast<const QAbstractItemView *>(w) ||
           qobject_cast<const QSpinBox *>(w) || qobject_cast<const QDateTimeEdit *>(w);
}

// What a screen reader would say, or empty.
QString nameOf(const QWidget *w, const QList<QLabel *> &labels)
{
    if (!w->accessibleName().trimmed().isEmpty())
        return w->accessibleName();
    if (const auto *b = qobject_cast<const QAbstractButton *>(w)) {
        QString text = b->text();
        text.remove(QLatin1Char('&'));
        if (!text.trimmed().isEmpty())
            return text;
    }
    for (const QLabel *l : labels) {
        if (l->buddy() == w && !l->text().trimmed().isEmpty())
            return l->text();
    }
    return {};
}

QStringList offendersIn(const QWidget *top)
{
    const QList<QLabel *> labels = top->findChildren<QLabel *>();
    QStringList offenders;
    for (const QWidget *w : top->findChildren<QWidget *>()) {
        if (!isChecked(w) || isPartOfAnother(w, top))
            continue;
        if (nameOf(w, labels).isEmpty()) {
            const QWidget *parent = w->parentWidget();
            offenders << QStringLiteral("%1 (%2, in %3)")
                             .arg(w->objectName().isEmpty() ? QStringLiteral("<no name>")
                                                            : w->objectName(),
                                  QLatin1String(w->metaObject()->className()),
                                  parent ? parent->objectName() + QLatin1Char(':') +
                                               QLatin1String(parent->metaObject()->className())
                                         : QString());
        }
    }
    return offenders;
}

} // namespace

class TestAccessibility final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_accessibility")); }

    void everyScreenNamesItsControls_data()
    {
        QTest::addColumn<int>("screen");
        inbox::MainWindow window;
        auto *tabs = window.centralWidget()->findChild<QTabWidget *>();
        QVERIFY(tabs);
        QVERIFY(tabs->count() >= 6);
        for (int i = 0; i < tabs->count(); ++i)
            QTest::newRow(qPrintable(tabs->tabText(i).remove(QLatin1Char('&')))) << i;
    }

    void everyScreenNamesItsControls()
    {
        QFETCH(int, screen);
        inbox::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *tabs = window.centralWidget()->findChild<QTabWidget *>();
        tabs->setCurrentIndex(screen);
        QWidget *page = tabs->widget(screen);
        // A walk that finds nothing would pass for the wrong reason.
        int checked = 0;
        for (const QWidget *w : page->findChildren<QWidget *>())
            checked += isChecked(w) && !isPartOfAnother(w, page) ? 1 : 0;
        QVERIFY2(checked > 0, "no controls found on the screen");
        const QStringList offenders = offendersIn(page);
        QVERIFY2(offenders.isEmpty(), qPrintable(QString::number(offenders.size()) +
                                                 QStringLiteral(" control(s) without a name: ") +
                                                 offenders.join(QStringLiteral("; "))));
    }

    void windowFrameAndAboutNameTheirControls()
    {
        inbox::MainWindow window;
        // The frame outside the screens: the tab bar, the status bar, the banner.
        QStringList offenders;
        auto *tabs = window.centralWidget()->findChild<QTabWidget *>();
        for (const QWidget *w : window.findChildren<QWidget *>()) {
            // By the object tree: a popup menu is a window of its own for isAncestorOf().
            bool inScreen = false;
            for (const QObject *o = w; o && !inScreen; o = o->parent())
                inScreen = o->parent() == tabs->widget(0)->parentWidget();
            if (!inScreen && isChecked(w) && !isPartOfAnother(w, &window) &&
                nameOf(w, window.findChildren<QLabel *>()).isEmpty())
                offenders << w->objectName() + QLatin1Char(' ') +
                                 QLatin1String(w->metaObject()->className()) +
                                 QStringLiteral(" in ") +
                                 QLatin1String(w->parent()->metaObject()->className());
        }
        QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join(QStringLiteral(", "))));
        inbox::AboutDialog about(inbox::ServerInfo(), false);
        const QStringList aboutOffenders = offendersIn(&about);
        QVERIFY2(aboutOffenders.isEmpty(), qPrintable(aboutOffenders.join(QStringLiteral("; "))));
    }

    // The check itself: a nameless line edit is caught, a buddy or a name clears it.
    void theCheckCatchesANamelessField()
    {
        QWidget top;
        auto *edit = new QLineEdit(&top);
        edit->setObjectName(QStringLiteral("nameless"));
        QCOMPARE(offendersIn(&top).size(), 1);
        QVERIFY(offendersIn(&top).first().startsWith(QStringLiteral("nameless (QLineEdit")));
        auto *label = new QLabel(QStringLiteral("&Name:"), &top);
        label->setBuddy(edit);
        QVERIFY(offendersIn(&top).isEmpty());
        label->setBuddy(nullptr);
        edit->setAccessibleName(QStringLiteral("Name"));
        QVERIFY(offendersIn(&top).isEmpty());
    }
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
