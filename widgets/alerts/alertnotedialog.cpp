#include "alerts/alertnotedialog.h"

#include "alerts/alertrulewriter.h"
#include "common/theme.h"

#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace inbox {

AlertNoteDialog::AlertNoteDialog(AlertRuleWriter *writer, Mode mode, qint64 ruleId,
                                 const QString &ruleName, QWidget *parent)
    : QDialog(parent), m_writer(writer), m_mode(mode), m_ruleId(ruleId),
      m_note(new QLineEdit(this)), m_error(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
{
    setObjectName(mode == Mode::Remove ? QStringLiteral("alertRemoveDialog")
                                       : QStringLiteral("alertSilenceDialog"));
    setWindowTitle(mode == Mode::Remove ? tr("Remove the alert rule \"%1\"").arg(ruleName)
                                        : tr("Silence the alert rule \"%1\"").arg(ruleName));
    auto *form = new QFormLayout;
    auto *text = new QLabel(mode == Mode::Remove
                                ? tr("The rule stops and its firing alerts close. Its history "
                                     "and journal entries stay.")
                                : tr("Nothing of the rule is sent until then. Its alerts still "
                                     "open and close, so the console stays true."),
                            this);
    text->setWordWrap(true);
    form->addRow(text);
    if (mode == Mode::Silence) {
        m_period = new QComboBox(this);
        m_period->setObjectName(QStringLiteral("silencePeriod"));
        m_period->setAccessibleName(tr("Silence for"));
        m_period->addItem(tr("1 hour"), 3600);
        m_period->addItem(tr("4 hours"), 4 * 3600);
        m_period->addItem(tr("1 day"), 24 * 3600);
        m_period->addItem(tr("3 days"), 3 * 24 * 3600);
        m_period->addItem(tr("1 week"), 7 * 24 * 3600);
        m_period->addItem(tr("30 days"), 30 * 24 * 3600);
        auto *label = new QLabel(tr("Silence &for:"), this);
        label->setBuddy(m_period);
        form->addRow(label, m_period);
    }
    m_note->setObjectName(QStringLiteral("alertNote"));
    m_note->setAccessibleName(tr("Note"));
    m_note->setMaxLength(2000);
    m_note->setPlaceholderText(mode == Mode::Remove ? tr("why (optional)")
                                                    : tr("why the rule is silenced"));
    auto *noteLabel = new QLabel(tr("&Note:"), this);
    noteLabel->setBuddy(m_note);
    form->addRow(noteLabel, m_note);
    m_error->setObjectName(QStringLiteral("alertNoteError"));
    m_error->setWordWrap(true);
    Theme::setLook(m_error, Theme::Look::AlertText);
    m_error->hide();
    form->addRow(m_error);
    QPushButton *ok = m_buttons->addButton(mode == Mode::Remove ? tr("&Remove") : tr("&Silence"),
                                           QDialogButtonBox::AcceptRole);
    ok->setObjectName(QStringLiteral("alertNoteApply"));
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &AlertNoteDialog::apply);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_writer, &AlertRuleWriter::finished, this, &AlertNoteDialog::onFinished);
}

QString AlertNoteDialog::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void AlertNoteDialog::apply()
{
    if (m_pending)
        return;
    m_pending = true;
    m_error->hide();
    if (m_mode == Mode::Remove)
        m_writer->remove(m_ruleId, m_note->text());
    else
        m_writer->silence(m_ruleId,
                          QDateTime::currentDateTimeUtc().addSecs(m_period->currentData().toInt()),
                          m_note->text());
}

void AlertNoteDialog::onFinished(const AlertRuleChange &change)
{
    const AlertRuleChange::Op op =
        m_mode == Mode::Remove ? AlertRuleChange::Op::Remove : AlertRuleChange::Op::Silence;
    if (!m_pending || change.op != op || change.ruleId != m_ruleId)
        return;
    m_pending = false;
    if (change.ok()) {
        emit done(change.outcome);
        accept();
        return;
    }
    m_error->setText(change.error.isPermissionDenied()
                         ? tr("Only a manager (inbox_manager) may do this. The database said: %1")
                               .arg(change.error.oneLine())
                         : change.error.message);
    m_error->show();
}

} // namespace inbox
