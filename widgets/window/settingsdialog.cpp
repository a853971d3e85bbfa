#include "window/settingsdialog.h"

#include "common/layoutmemory.h"
#include "support/logging.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <spdlog/spdlog.h>

namespace inbox {

namespace {

const QString kLanguageKey = QStringLiteral("ui/language");
const QString kThemeKey = QStringLiteral("ui/theme");
const QString kLogLevelKey = QStringLiteral("ui/logLevel");
// Set when the person asked for a reset: the window saves its layout again when it closes, so
// the reset is repeated at the next start, before anything is restored.
const QString kResetKey = QStringLiteral("ui/resetPending");
const QString kFiltersGroup = QStringLiteral("filters");

QLabel *note(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

void forgetLayoutAndFilters()
{
    LayoutMemory::reset();
    QSettings().remove(kFiltersGroup);
}

} // namespace

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent), m_language(new QComboBox(this)), m_theme(new QComboBox(this)),
      m_logLevel(new QComboBox(this)),
      m_reset(new QCheckBox(tr("&Reset window layout and filters"), this)),
      m_restart(new QPushButton(tr("Restart &now"), this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)),
      m_themeAtOpen(Theme::mode()), m_levelAtOpen(logLevel())
{
    setWindowTitle(tr("Settings"));
    setObjectName(QStringLiteral("settingsDialog"));

    // Language names in their own language: someone who cannot read the current one finds theirs.
    m_language->setObjectName(QStringLiteral("language"));
    m_language->addItem(tr("System"), QStringLiteral("system"));
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("Русский"), QStringLiteral("ru"));
    m_language->setAccessibleName(tr("Language"));
    const int language =
        m_language->findData(QSettings().value(kLanguageKey, QStringLiteral("system")).toString());
    m_language->setCurrentIndex(qMax(0, language));

    m_theme->setObjectName(QStringLiteral("theme"));
    m_theme->addItem(tr("System"), int(Theme::Mode::System));
    m_theme->addItem(tr("Light"), int(Theme::Mode::Light));
    m_theme->addItem(tr("Dark"), int(Theme::Mode::Dark));
    m_theme->setAccessibleName(tr("Theme"));
    m_theme->setCurrentIndex(qMax(0, m_theme->findData(int(m_themeAtOpen))));

    m_logLevel->setObjectName(QStringLiteral("logLevel"));
    m_logLevel->addItem(tr("Trace (everything)"), QStringLiteral("trace"));
    m_logLevel->addItem(tr("Debug"), QStringLiteral("debug"));
    m_logLevel->addItem(tr("Info (default)"), QStringLiteral("info"));
    m_logLevel->addItem(tr("Warnings"), QStringLiteral("warn"));
    m_logLevel->addItem(tr("Errors"), QStringLiteral("error"));
    m_logLevel->setAccessibleName(tr("Log level"));
    m_logLevel->setCurrentIndex(qMax(0, m_logLevel->findData(m_levelAtOpen)));

    m_reset->setObjectName(QStringLiteral("resetLayout"));
    m_reset->setAccessibleName(tr("Reset window layout and filters"));
    m_restart->setObjectName(QStringLiteral("restartNow"));
    m_restart->setAccessibleName(tr("Restart now"));
    m_restart->setAutoDefault(false);

    auto *form = new QFormLayout;
    auto *languageLabel = new QLabel(tr("&Language:"), this);
    languageLabel->setBuddy(m_language);
    form->addRow(languageLabel, m_language);
    auto *languageNote = note(tr("The screens are built in one language: a change applies "
                                 "after a restart."),
                              this);
    auto *restartRow = new QHBoxLayout;
    restartRow->addWidget(languageNote, 1);
    restartRow->addWidget(m_restart, 0, Qt::AlignTop);
    form->addRow(QString(), restartRow);
    auto *themeLabel = new QLabel(tr("&Theme:"), this);
    themeLabel->setBuddy(m_theme);
    form->addRow(themeLabel, m_theme);
    auto *levelLabel = new QLabel(tr("Log le&vel:"), this);
    levelLabel->setBuddy(m_logLevel);
    form->addRow(levelLabel, m_logLevel);
    form->addRow(QString(), note(tr("Debug and trace write much more to the log file; use them "
                                    "while investigating a problem."),
                                 this));
    form->addRow(QString(), m_reset);
    form->addRow(QString(), note(tr("Forgets the window's size, splitters, columns and every "
                                    "screen's remembered filters. The window opens with the "
                                    "built-in layout at the next start."),
                                 this));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addStretch();
    layout->addWidget(m_buttons);
    setMinimumWidth(480);

    // Theme and log level take effect at once, so the person sees the choice before keeping it.
    connect(m_theme, &QComboBox::currentIndexChanged, this,
            [this] { Theme::apply(Theme::Mode(m_theme->currentData().toInt())); });
    connect(m_logLevel, &QComboBox::currentIndexChanged, this,
            [this] { setLogLevel(m_logLevel->currentData().toString()); });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_restart, &QPushButton::clicked, this, [this] {
        m_restartRequested = true;
        accept();
    });
}

void SettingsDialog::done(int result)
{
    if (result == QDialog::Accepted) {
        store();
    } else {
        // Cancel undoes the live preview.
        if (Theme::mode() != m_themeAtOpen)
            Theme::apply(m_themeAtOpen);
        setLogLevel(m_levelAtOpen);
        m_restartRequested = false;
    }
    QDialog::done(result);
}

void SettingsDialog::store()
{
    QSettings s;
    s.setValue(kLanguageKey, m_language->currentData().toString());
    s.setValue(kThemeKey, Theme::modeName(Theme::Mode(m_theme->currentData().toInt())));
    s.setValue(kLogLevelKey, m_logLevel->currentData().toString());
    if (m_reset->isChecked()) {
        forgetLayoutAndFilters();
        s.setValue(kResetKey, true);
    }
    s.sync();
    logger("ui")->info("settings: language {}, theme {}, log level {}{}",
                       m_language->currentData().toString().toStdString(),
                       Theme::modeName(Theme::mode()).toStdString(), logLevel().toStdString(),
                       m_reset->isChecked() ? ", layout and filters reset" : "");
}

void SettingsDialog::run(QWidget *parent)
{
    SettingsDialog dialog(parent);
    if (dialog.exec() == QDialog::Accepted && dialog.restartRequested())
        restartProgram();
}

void SettingsDialog::applyAtStart()
{
    QSettings s;
    if (s.value(kResetKey).toBool()) {
        forgetLayoutAndFilters();
        s.remove(kResetKey);
    }
    const Theme::Mode mode = Theme::modeFromName(s.value(kThemeKey).toString());
    if (mode != Theme::Mode::System)
        Theme::apply(mode);
}

QString SettingsDialog::storedLanguage()
{
    const QString language = QSettings().value(kLanguageKey).toString();
    return language == QLatin1String("en") || language == QLatin1String("ru") ? language
                                                                              : QString();
}

void SettingsDialog::restartProgram()
{
    QStringList args = QCoreApplication::arguments().mid(1);
    for (int i = 0; i < args.size();) {
        if (args.at(i) == QLatin1String("--lang") || args.at(i) == QLatin1String("-lang"))
            args.remove(i, qMin(2, args.size() - i));
        else if (args.at(i).startsWith(QLatin1String("--lang=")))
            args.remove(i);
        else
            ++i;
    }
    QApplication::closeAllWindows(); // the main window saves its layout as it closes
    QSettings().sync();
    if (!QProcess::startDetached(QCoreApplication::applicationFilePath(), args))
        logger("ui")->error("restart: could not start {}",
                            QCoreApplication::applicationFilePath().toStdString());
    QCoreApplication::quit();
}

} // namespace inbox
