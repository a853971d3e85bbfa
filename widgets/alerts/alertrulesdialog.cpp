#include "alerts/alertrulesdialog.h"

#include "alerts/alertepisodesmodel.h"
#include "alerts/alertlistview.h"
#include "alerts/alertnotedialog.h"
#include "alerts/alertnotifier.h"
#include "alerts/alertruleeditor.h"
#include "alerts/alertrulesmodel.h"
#include "alerts/alertrulewriter.h"
#include "common/theme.h"
#include "db/consolecontext.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace inbox {

AlertRulesDialog::AlertRulesDialog(ConsoleContext *context, AlertNotifier *notifier,
                                   QWidget *parent)
    : QDialog(parent), m_context(context), m_notifier(notifier),
      m_rules(new AlertRulesModel(context, this)),
      m_history(new AlertEpisodesModel(context, AlertEpisodesModel::Mode::History, this)),
      m_writer(new AlertRuleWriter(this)), m_tabs(new QTabWidget(this)),
      m_readOnly(new QLabel(this)), m_status(new QLabel(this)),
      m_new(new QPushButton(tr("&New rule..."), this)),
      m_edit(new QPushButton(tr("&Edit..."), this)),
      m_remove(new QPushButton(tr("&Remove..."), this)),
      m_silence(new QPushButton(tr("&Silence..."), this)),
      m_unsilence(new QPushButton(tr("End si&lence"), this)),
      m_subscribe(new QCheckBox(tr("Notify &me on this computer"), this))
{
    setObjectName(QStringLiteral("alertRulesDialog"));
    setWindowTitle(tr("Alert rules"));
    resize(1000, 520);
    m_ruleView =
        makeAlertListView(m_rules, QStringLiteral("alertRuleView"), tr("Alert rules"), this);
    m_historyView = makeAlertListView(m_history, QStringLiteral("alertHistoryView"),
                                      tr("History of alerts"), this);
    m_new->setObjectName(QStringLiteral("alertRuleNew"));
    m_edit->setObjectName(QStringLiteral("alertRuleEdit"));
    m_remove->setObjectName(QStringLiteral("alertRuleRemove"));
    m_silence->setObjectName(QStringLiteral("alertRuleSilence"));
    m_unsilence->setObjectName(QStringLiteral("alertRuleUnsilence"));
    m_subscribe->setObjectName(QStringLiteral("alertRuleSubscribe"));
    m_subscribe->setToolTip(tr("A desktop notice when this rule fires, while the console runs. "
                               "Kept for you on this computer only."));
    m_readOnly->setObjectName(QStringLiteral("alertRulesReadOnly"));
    m_readOnly->setWordWrap(true);
    m_readOnly->setText(tr("Only managers (inbox_manager) change alert rules; you can read them "
                           "and subscribe to their desktop notices."));
    Theme::setLook(m_readOnly, Theme::Look::Box, QStringLiteral("padding: 4px;"));
    m_status->setObjectName(QStringLiteral("alertRulesStatus"));
    m_status->setWordWrap(true);

    auto *buttons = new QHBoxLayout;
    for (QPushButton *b : {m_new, m_edit, m_remove, m_silence, m_unsilence}) {
        // Enter on the list edits the rule; it must not also press a button of the dialog.
        b->setAutoDefault(false);
        buttons->addWidget(b);
    }
    buttons->addStretch();
    buttons->addWidget(m_subscribe);
    auto *rulesTab = new QWidget(this);
    auto *rulesLayout = new QVBoxLayout(rulesTab);
    rulesLayout->addWidget(m_readOnly);
    rulesLayout->addWidget(m_ruleView, 1);
    rulesLayout->addLayout(buttons);
    rulesLayout->addWidget(m_status);
    m_tabs->addTab(rulesTab, tr("R&ules"));
    m_tabs->addTab(m_historyView, tr("&History"));
    m_tabs->setObjectName(QStringLiteral("alertTabs"));

    auto *close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    close->button(QDialogButtonBox::Close)->setAutoDefault(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(close);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(m_new, &QPushButton::clicked, this, &AlertRulesDialog::newRule);
    connect(m_edit, &QPushButton::clicked, this, &AlertRulesDialog::editCurrent);
    connect(m_remove, &QPushButton::clicked, this, &AlertRulesDialog::removeCurrent);
    connect(m_silence, &QPushButton::clicked, this, &AlertRulesDialog::silenceCurrent);
    connect(m_unsilence, &QPushButton::clicked, this, &AlertRulesDialog::unsilenceCurrent);
    connect(m_ruleView, &QAbstractItemView::activated, this, [this] {
        // After the key press is done: the view passes Enter on to this dialog, which would
        // press the default button of an editor already open as its child (Save, unchanged).
        if (mayEdit())
            QTimer::singleShot(0, this, &AlertRulesDialog::editCurrent);
    });
    m_ruleView->installEventFilter(this); // Delete on the list: remove
    connect(m_subscribe, &QCheckBox::toggled, this, [this](bool on) {
        const int row = currentRow();
        if (row >= 0)
            m_notifier->setSubscribed(m_rules->rule(row).id, on);
    });
    connect(m_rules, &AlertRulesModel::loaded, this, [this] {
        m_ruleView->resizeColumnsToContents();
        if (!m_ruleView->currentIndex().isValid() && m_rules->rowCount() > 0)
            m_ruleView->setCurrentIndex(m_rules->index(0, 0));
        updateActions();
    });
    connect(m_rules, &AlertRulesModel::errorOccurred, this, [this](const DbError &error) {
        m_status->setText(tr("The rules could not be read: %1").arg(error.oneLine()));
    });
    connect(m_history, &AlertEpisodesModel::loaded, this,
            [this] { m_historyView->resizeColumnsToContents(); });
    connect(m_ruleView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &AlertRulesDialog::updateActions);
    connect(m_rules, &QAbstractItemModel::modelReset, this, &AlertRulesDialog::updateActions);
    connect(m_writer, &AlertRuleWriter::finished, this, [this](const AlertRuleChange &change) {
        if (change.op == AlertRuleChange::Op::Unsilence)
            m_status->setText(change.ok() ? QString() : change.error.message);
        m_rules->refresh();
    });
    m_context->whenConnected(this, [this] {
        m_writer->setConnectOptions(m_context->options());
        updateActions();
    });
    updateActions();
}

AlertRulesDialog::~AlertRulesDialog() = default;

bool AlertRulesDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_ruleView && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent *>(event)->matches(QKeySequence::Delete) && mayEdit()) {
        removeCurrent();
        return true;
    }
    return QDialog::eventFilter(watched, event);
}

bool AlertRulesDialog::mayEdit() const
{
    return m_context->isConnected() && m_context->info().hasRole(QStringLiteral("inbox_manager"));
}

int AlertRulesDialog::currentRow() const
{
    const QModelIndex at = m_ruleView->currentIndex();
    return at.isValid() ? at.row() : -1;
}

void AlertRulesDialog::updateActions()
{
    const bool manager = mayEdit();
    const int row = currentRow();
    // Not offered at all to a person who may not change rules.
    for (QPushButton *b : {m_new, m_edit, m_remove, m_silence, m_unsilence})
        b->setVisible(manager);
    m_readOnly->setVisible(!manager);
    m_new->setEnabled(manager);
    m_edit->setEnabled(manager && row >= 0);
    m_remove->setEnabled(manager && row >= 0);
    m_silence->setEnabled(manager && row >= 0);
    m_unsilence->setEnabled(manager && row >= 0 && m_rules->rule(row).isSilenced());
    m_subscribe->setEnabled(row >= 0);
    const QSignalBlocker block(m_subscribe);
    m_subscribe->setChecked(row >= 0 && m_notifier->isSubscribed(m_rules->rule(row).id));
}

void AlertRulesDialog::newRule()
{
    if (!mayEdit())
        return;
    AlertRule rule;
    rule.kind = QStringLiteral("stuck");
    openEditor(rule);
}

void AlertRulesDialog::editCurrent()
{
    const int row = currentRow();
    if (!mayEdit() || row < 0)
        return;
    openEditor(m_rules->rule(row));
}

void AlertRulesDialog::openEditor(const AlertRule &rule)
{
    m_editor = new AlertRuleEditor(m_writer, rule, this);
    m_editor->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_editor, &QObject::destroyed, this, [this] { m_editor = nullptr; });
    connect(m_editor, &AlertRuleEditor::saved, this,
            [this](qint64 id) { m_status->setText(tr("Rule %1 saved.").arg(id)); });
    m_editor->open();
}

void AlertRulesDialog::removeCurrent()
{
    openNoteDialog(AlertNoteDialog::Mode::Remove);
}

void AlertRulesDialog::silenceCurrent()
{
    openNoteDialog(AlertNoteDialog::Mode::Silence);
}

void AlertRulesDialog::openNoteDialog(AlertNoteDialog::Mode mode)
{
    const int row = currentRow();
    if (!mayEdit() || row < 0)
        return;
    const AlertRule &rule = m_rules->rule(row);
    m_noteDialog = new AlertNoteDialog(m_writer, mode, rule.id, rule.name, this);
    m_noteDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_noteDialog, &QObject::destroyed, this, [this] { m_noteDialog = nullptr; });
    m_noteDialog->open();
}

void AlertRulesDialog::unsilenceCurrent()
{
    const int row = currentRow();
    if (!mayEdit() || row < 0)
        return;
    m_writer->unsilence(m_rules->rule(row).id);
}

} // namespace inbox
