#pragma once

#include "navigation/consolelink.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QSystemTrayIcon;
class QTableView;

namespace inbox {

class AlertEpisodesModel;
class AlertNotifier;
class AlertRulesDialog;
class ConsoleContext;
struct AlertEpisode;

// The overview's "Alerts firing now": the open alert episodes (rule, severity, what it is
// about, since when, the latest message's outcome), each leading to what it is about, and the
// way to the alert rules and their history. It also runs the desktop notices for the rules
// the person subscribed to (AlertNotifier), through the system tray's freedesktop
// notifications, for as long as the console runs.
class FiringAlertsPanel final : public QWidget
{
    Q_OBJECT
public:
    explicit FiringAlertsPanel(ConsoleContext *context, QWidget *parent = nullptr);
    ~FiringAlertsPanel() override;

    AlertEpisodesModel *model() const { return m_model; }
    AlertNotifier *notifier() const { return m_notifier; }
    QTableView *view() const { return m_view; }
    QPushButton *rulesButton() const { return m_rules; }
    QPushButton *openButton() const { return m_open; }
    // The rules dialog, made on first use.
    AlertRulesDialog *rulesDialog();

    // Where an episode leads: stuck and failed to Needs attention for its source, share
    // rules and a silent source to the source's journal today, old duplicates to Duplicates.
    static ConsoleLink placeOf(const AlertEpisode &episode);

signals:
    void openPlace(const inbox::ConsoleLink &place);

private:
    void update();
    void openCurrent();
    void showNotice(const QString &title, const QString &body, const QString &severity);

    ConsoleContext *m_context;
    AlertEpisodesModel *m_model;
    AlertNotifier *m_notifier;
    QLabel *m_title;
    QTableView *m_view;
    QPushButton *m_open;
    QPushButton *m_rules;
    AlertRulesDialog *m_dialog = nullptr;
    QSystemTrayIcon *m_tray = nullptr;
};

} // namespace inbox
