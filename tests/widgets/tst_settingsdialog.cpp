// File > Settings: the theme is previewed at once and Cancel puts it back, the choices are
// stored and read back, the reset forgets layout and filters but not connection profiles, and
// the log level reaches spdlog. No database needed.
#include "testsettings.h"

#include "common/theme.h"
#include "settings/connectionprofiles.h"
#include "support/logging.h"
#include "window/mainwindow.h"
#include "window/settingsdialog.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QtTest>

#include <spdlog/spdlog.h>

namespace {

QComboBox *combo(QWidget *dialog, const char *name)
{
    return dialog->findChild<QComboBox *>(QLatin1String(name));
}

void choose(QComboBox *box, const QVariant &data)
{
    const int row = box->findData(data);
    QVERIFY2(row >= 0, qPrintable(data.toString()));
    box->setCurrentIndex(row);
}

void press(QWidget *dialog, QDialogButtonBox::StandardButton which)
{
    QPushButton *button = dialog->findChild<QDialogButtonBox *>()->button(which);
    QVERIFY(button);
    QTest::mouseClick(button, Qt::LeftButton);
}

int windowLightness()
{
    return QApplication::palette().color(QPalette::Window).lightness();
}

} // namespace

class TestSettingsDialog final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        TestSettings::isolate(QStringLiteral("tst_settingsdialog"));
        // The offscreen platform has no dark preference: the system look is light.
        QVERIFY(!inbox::Theme::systemIsDark());
    }

    void init()
    {
        QSettings().clear();
        inbox::Theme::apply(inbox::Theme::Mode::System);
        inbox::setLogLevel(QStringLiteral("info"));
    }

    void darkPreviewThenCancelRestores()
    {
        const QColor before = QApplication::palette().color(QPalette::Window);
        QVERIFY(before.lightness() >= 128);
        // A widget styled through the theme follows it too.
        QLabel banner;
        inbox::Theme::setLook(&banner, inbox::Theme::Look::NoticeBanner);
        const QString lightSheet = banner.styleSheet();

        inbox::SettingsDialog dialog;
        dialog.show();
        choose(combo(&dialog, "theme"), int(inbox::Theme::Mode::Dark));
        QVERIFY2(windowLightness() < 80, qPrintable(QString::number(windowLightness())));
        QVERIFY(inbox::Theme::isDark());
        QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
        // Text stays readable on the dark window and base.
        const QPalette dark = QApplication::palette();
        QVERIFY(dark.color(QPalette::WindowText).lightness() > 180);
        QVERIFY(dark.color(QPalette::Text).lightness() > 180);
        QVERIFY(dark.color(QPalette::Base).lightness() < 80);
        QVERIFY(dark.color(QPalette::ToolTipBase).lightness() < 100);
        QVERIFY(dark.color(QPalette::Disabled, QPalette::Text) != dark.color(QPalette::Text));
        QVERIFY(banner.styleSheet() != lightSheet);

        press(&dialog, QDialogButtonBox::Cancel);
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QCOMPARE(QApplication::palette().color(QPalette::Window), before);
        QVERIFY(!inbox::Theme::isDark());
        QCOMPARE(inbox::Theme::mode(), inbox::Theme::Mode::System);
        QCOMPARE(banner.styleSheet(), lightSheet);
        QVERIFY(!QSettings().contains(QStringLiteral("ui/theme")));
    }

    void darkKeptWithOk()
    {
        inbox::SettingsDialog dialog;
        dialog.show();
        choose(combo(&dialog, "theme"), int(inbox::Theme::Mode::Dark));
        press(&dialog, QDialogButtonBox::Ok);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(windowLightness() < 80);
        QCOMPARE(QSettings().value(QStringLiteral("ui/theme")).toString(), QStringLiteral("dark"));

        // Light again, from dark, through a second dialog that opens on the current choice.
        inbox::SettingsDialog again;
        QCOMPARE(combo(&again, "theme")->currentData().toInt(), int(inbox::Theme::Mode::Dark));
        choose(combo(&again, "theme"), int(inbox::Theme::Mode::Light));
        QVERIFY(windowLightness() >= 128);
        press(&again, QDialogButtonBox::Ok);
        QCOMPARE(QSettings().value(QStringLiteral("ui/theme")).toString(), QStringLiteral("light"));
    }

    void storedValuesRoundTrip()
    {
        {
            inbox::SettingsDialog dialog;
            dialog.show();
            choose(combo(&dialog, "language"), QStringLiteral("ru"));
            choose(combo(&dialog, "theme"), int(inbox::Theme::Mode::Light));
            choose(combo(&dialog, "logLevel"), QStringLiteral("warn"));
            press(&dialog, QDialogButtonBox::Ok);
        }
        QSettings s;
        QCOMPARE(s.value(QStringLiteral("ui/language")).toString(), QStringLiteral("ru"));
        QCOMPARE(s.value(QStringLiteral("ui/theme")).toString(), QStringLiteral("light"));
        QCOMPARE(s.value(QStringLiteral("ui/logLevel")).toString(), QStringLiteral("warn"));
        QCOMPARE(inbox::SettingsDialog::storedLanguage(), QStringLiteral("ru"));
        QCOMPARE(inbox::storedLogLevel(), QStringLiteral("warn"));

        // A new dialog (as after a restart) shows what was stored.
        inbox::Theme::apply(inbox::Theme::Mode::System);
        inbox::SettingsDialog::applyAtStart();
        QCOMPARE(inbox::Theme::mode(), inbox::Theme::Mode::Light);
        inbox::SettingsDialog dialog;
        QCOMPARE(combo(&dialog, "language")->currentData().toString(), QStringLiteral("ru"));
        QCOMPARE(combo(&dialog, "theme")->currentData().toInt(), int(inbox::Theme::Mode::Light));
        QCOMPARE(combo(&dialog, "logLevel")->currentData().toString(), QStringLiteral("warn"));

        // "System" is stored as such and means no forced language.
        choose(combo(&dialog, "language"), QStringLiteral("system"));
        dialog.show();
        press(&dialog, QDialogButtonBox::Ok);
        QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(),
                 QStringLiteral("system"));
        QVERIFY(inbox::SettingsDialog::storedLanguage().isEmpty());
    }

    void cancelStoresNothing()
    {
        inbox::SettingsDialog dialog;
        dialog.show();
        choose(combo(&dialog, "language"), QStringLiteral("ru"));
        choose(combo(&dialog, "logLevel"), QStringLiteral("trace"));
        dialog.findChild<QCheckBox *>(QStringLiteral("resetLayout"))->setChecked(true);
        QSettings().setValue(QStringLiteral("layout/version"), QStringLiteral("x"));
        press(&dialog, QDialogButtonBox::Cancel);
        QSettings s;
        QVERIFY(!s.contains(QStringLiteral("ui/language")));
        QVERIFY(!s.contains(QStringLiteral("ui/logLevel")));
        QVERIFY(s.contains(QStringLiteral("layout/version")));
    }

    void resetForgetsLayoutAndFiltersNotProfiles()
    {
        inbox::ConnectionProfiles profiles;
        QVERIFY(profiles.save(QStringLiteral("prod"), QStringLiteral("host=db1 dbname=inbox")).ok);
        QSettings s;
        s.setValue(QStringLiteral("layout/version"), QStringLiteral("1.0"));
        s.setValue(QStringLiteral("layout/JournalPage/splitter0"), QByteArray("abc"));
        s.setValue(QStringLiteral("filters/JournalPage/status"), QStringLiteral("failed"));
        s.sync();

        // Without the box ticked nothing is forgotten.
        {
            inbox::SettingsDialog dialog;
            dialog.show();
            press(&dialog, QDialogButtonBox::Ok);
        }
        s.sync();
        QVERIFY(s.childGroups().contains(QStringLiteral("layout")));
        QVERIFY(s.childGroups().contains(QStringLiteral("filters")));

        inbox::SettingsDialog dialog;
        dialog.show();
        auto *reset = dialog.findChild<QCheckBox *>(QStringLiteral("resetLayout"));
        QVERIFY(!reset->accessibleName().isEmpty());
        reset->setChecked(true);
        press(&dialog, QDialogButtonBox::Ok);
        s.sync();
        QVERIFY(!s.childGroups().contains(QStringLiteral("layout")));
        QVERIFY(!s.childGroups().contains(QStringLiteral("filters")));
        QVERIFY(s.childGroups().contains(QStringLiteral("connect")));
        QCOMPARE(profiles.profiles().size(), 1);
        QCOMPARE(profiles.find(QStringLiteral("prod"))->conninfo,
                 QStringLiteral("host=db1 dbname=inbox"));

        // The window saves its layout again when it closes: the reset is repeated at the next
        // start, once.
        s.setValue(QStringLiteral("layout/version"), QStringLiteral("1.0"));
        s.setValue(QStringLiteral("filters/JournalPage/status"), QStringLiteral("failed"));
        s.sync();
        inbox::SettingsDialog::applyAtStart();
        s.sync();
        QVERIFY(!s.childGroups().contains(QStringLiteral("layout")));
        QVERIFY(!s.childGroups().contains(QStringLiteral("filters")));
        s.setValue(QStringLiteral("layout/version"), QStringLiteral("1.0"));
        s.sync();
        inbox::SettingsDialog::applyAtStart();
        s.sync();
        QVERIFY(s.childGroups().contains(QStringLiteral("layout")));
        QCOMPARE(profiles.profiles().size(), 1);
    }

    void logLevelReachesSpdlog()
    {
        const auto ui = inbox::logger("ui");
        QCOMPARE(ui->level(), spdlog::level::info);
        {
            inbox::SettingsDialog dialog;
            dialog.show();
            choose(combo(&dialog, "logLevel"), QStringLiteral("debug"));
            // At once, before OK.
            QCOMPARE(ui->level(), spdlog::level::debug);
            press(&dialog, QDialogButtonBox::Cancel);
            QCOMPARE(ui->level(), spdlog::level::info);
        }
        inbox::SettingsDialog dialog;
        dialog.show();
        choose(combo(&dialog, "logLevel"), QStringLiteral("error"));
        press(&dialog, QDialogButtonBox::Ok);
        QCOMPARE(ui->level(), spdlog::level::err);
        QCOMPARE(inbox::logger("db")->level(), spdlog::level::err);
        // Loggers made later start at the chosen level too.
        QCOMPARE(inbox::logger("settings-test-new")->level(), spdlog::level::err);
        QCOMPARE(inbox::logLevel(), QStringLiteral("error"));
        QVERIFY(!inbox::setLogLevel(QStringLiteral("loud")));
        QCOMPARE(ui->level(), spdlog::level::err);
        // setupLogging applies the stored level.
        inbox::setLogLevel(QStringLiteral("info"));
        inbox::setupLogging(QStringLiteral("tst_settingsdialog"), false);
        QCOMPARE(ui->level(), spdlog::level::err);
    }

    void keyboardAndNames()
    {
        inbox::SettingsDialog dialog;
        for (const char *name : {"language", "theme", "logLevel"}) {
            QComboBox *box = combo(&dialog, name);
            QVERIFY(box);
            QVERIFY2(!box->accessibleName().isEmpty(), name);
            QVERIFY2(box->focusPolicy() & Qt::TabFocus, name);
            bool hasBuddy = false;
            for (QLabel *label : dialog.findChildren<QLabel *>())
                hasBuddy = hasBuddy || label->buddy() == box;
            QVERIFY2(hasBuddy, name);
        }
        QVERIFY(dialog.findChild<QPushButton *>(QStringLiteral("restartNow")));
    }

    void mainWindowOffersSettings()
    {
        inbox::MainWindow window;
        QAction *found = nullptr;
        for (QAction *menu : window.menuBar()->actions())
            for (QAction *a : menu->menu() ? menu->menu()->actions() : QList<QAction *>())
                if (!a->shortcut().isEmpty() &&
                    (a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_Comma) ||
                     QKeySequence::keyBindings(QKeySequence::Preferences).contains(a->shortcut())))
                    found = a;
        QVERIFY(found);
        QVERIFY(found->text().contains(QStringLiteral("Settings")));
    }
};

QTEST_MAIN(TestSettingsDialog)
#include "tst_settingsdialog.moc"
