#pragma once

#include "alerts/alertnotedialog.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QPushButton;
class QTabWidget;
class QTableView;

namespace inbox {

class AlertEpisodesModel;
class AlertNotifier;
class AlertRuleEditor;
class AlertRuleWriter;
class AlertRulesModel;
struct AlertRule;
class ConsoleContext;

// The alert rules and the history of alerts, in two tabs. Rules: every rule not removed with
// its kind, severity, scope, chats, repeat interval, resolved message, whether it is on, its
// silence and who changed it last; managers create, edit, remove, silence and end a silence
// (the buttons are not offered to anyone else, and the database refuses them anyway). Anyone
// may subscribe to a rule's desktop notices on this computer. History: every alert episode,
// newest first, with its messages' outcomes, read in keyset pages as the list scrolls.
//
// The history is a tab here rather than an Audit topic: the Audit lists what people did (the
// journal's by_person rows, on their own index), while an episode is the evaluator's, and its
// fired, repeated and resolved messages are many journal entries that belong on one line.
// The people's rule changes are in the Audit (AuditModel's alert entries).
class AlertRulesDialog final : public QDialog
{
    Q_OBJECT
public:
    AlertRulesDialog(ConsoleContext *context, AlertNotifier *notifier, QWidget *parent = nullptr);
    ~AlertRulesDialog() override;

    AlertRulesModel *rules() const { return m_rules; }
    AlertEpisodesModel *history() const { return m_history; }
    AlertRuleWriter *writer() const { return m_writer; }
    QTabWidget *tabs() const { return m_tabs; }
    QTableView *ruleView() const { return m_ruleView; }
    QTableView *historyView() const { return m_historyView; }
    QPushButton *newButton() const { return m_new; }
    QPushButton *editButton() const { return m_edit; }
    QPushButton *removeButton() const { return m_remove; }
    QPushButton *silenceButton() const { return m_silence; }
    QPushButton *unsilenceButton() const { return m_unsilence; }
    QCheckBox *subscribeBox() const { return m_subscribe; }
    // The editor or note dialog open now (tests drive them), or nullptr.
    AlertRuleEditor *editor() const { return m_editor; }
    AlertNoteDialog *noteDialog() const { return m_noteDialog; }
    bool mayEdit() const;

    void newRule();
    void editCurrent();
    void removeCurrent();
    void silenceCurrent();
    void unsilenceCurrent();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    int currentRow() const;
    // The editor of `rule` (a new one: id 0), its saves told in the status line.
    void openEditor(const AlertRule &rule);
    // The note dialog that removes or silences the current rule (a manager's, on a row).
    void openNoteDialog(AlertNoteDialog::Mode mode);
    void updateActions();

    ConsoleContext *m_context;
    AlertNotifier *m_notifier;
    AlertRulesModel *m_rules;
    AlertEpisodesModel *m_history;
    AlertRuleWriter *m_writer;
    QTabWidget *m_tabs;
    QTableView *m_ruleView;
    QTableView *m_historyView;
    QLabel *m_readOnly;
    QLabel *m_status;
    QPushButton *m_new, *m_edit, *m_remove, *m_silence, *m_unsilence;
    QCheckBox *m_subscribe;
    AlertRuleEditor *m_editor = nullptr;
    AlertNoteDialog *m_noteDialog = nullptr;
};

} // namespace inbox
