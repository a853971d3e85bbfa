#pragma once

#include "common/theme.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QPushButton;

namespace inbox {

// File > Settings: language (after a restart), theme and log level (at once, live; Cancel puts
// them back), and forgetting the window layout and remembered filters (at the next start).
// Everything is kept in QSettings group "ui".
class SettingsDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    // Whether the person chose "Restart now" (the settings are stored by then).
    bool restartRequested() const { return m_restartRequested; }

    // Shows the dialog and, when asked, restarts the program.
    static void run(QWidget *parent);
    // At start, before the main window exists: a reset asked for last time, the stored theme.
    static void applyAtStart();
    // The stored language for installTranslations(): "en", "ru", or empty for the system's.
    static QString storedLanguage();
    // Closes the windows (they save their layout), starts the program again with the same
    // arguments except --lang (the stored language is the point of a restart), and quits.
    static void restartProgram();

    void done(int result) override;

private:
    void store();

    QComboBox *m_language;
    QComboBox *m_theme;
    QComboBox *m_logLevel;
    QCheckBox *m_reset;
    QPushButton *m_restart;
    QDialogButtonBox *m_buttons;
    Theme::Mode m_themeAtOpen;
    QString m_levelAtOpen;
    bool m_restartRequested = false;
};

} // namespace inbox
