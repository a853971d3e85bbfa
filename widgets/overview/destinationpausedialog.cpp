#include "overview/destinationpausedialog.h"

#include "common/theme.h"
#include "overview/destinationwriter.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace inbox {

DestinationPauseDialog::DestinationPauseDialog(DestinationWriter *writer, bool pause,
                                               const QString &destination, QWidget *parent)
    : QDialog(parent), m_writer(writer), m_pause(pause), m_destination(destination),
      m_reason(new QLineEdit(this)), m_error(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("destinationPauseDialog"));
    setWindowTitle(pause ? tr("Pause the handler \"%1\"").arg(destination)
                         : tr("Resume the handler \"%1\"").arg(destination));
    auto *form = new QFormLayout;
    auto *text = new QLabel(pause ? tr("inbox-dispatcher stops sending events to this handler. "
                                       "They wait as they are: nothing fails and nothing is "
                                       "dropped, and they go out once someone resumes it.")
                                  : tr("inbox-dispatcher sends to this handler again, the "
                                       "waiting events first, each with its own "
                                       "Idempotency-Key as before."),
                            this);
    text->setWordWrap(true);
    form->addRow(text);
    m_reason->setObjectName(QStringLiteral("destinationReason"));
    m_reason->setAccessibleName(tr("Reason"));
    m_reason->setMaxLength(500);
    m_reason->setPlaceholderText(pause ? tr("why, for whoever resumes it")
                                       : tr("why it can take events again"));
    auto *label = new QLabel(tr("&Reason:"), this);
    label->setBuddy(m_reason);
    form->addRow(label, m_reason);
    m_error->setObjectName(QStringLiteral("destinationPauseError"));
    m_error->setWordWrap(true);
    Theme::setLook(m_error, Theme::Look::AlertText);
    m_error->hide();
    form->addRow(m_error);
    m_apply =
        m_buttons->addButton(pause ? tr("&Pause") : tr("R&esume"), QDialogButtonBox::AcceptRole);
    m_apply->setObjectName(QStringLiteral("destinationPauseApply"));
    m_apply->setEnabled(false); // a reason is required: the journal keeps it
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_buttons);
    connect(m_reason, &QLineEdit::textChanged, this,
            [this](const QString &typed) { m_apply->setEnabled(!typed.trimmed().isEmpty()); });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &DestinationPauseDialog::apply);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_writer, &DestinationWriter::finished, this, &DestinationPauseDialog::onFinished);
}

QString DestinationPauseDialog::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void DestinationPauseDialog::apply()
{
    if (m_pending || m_reason->text().trimmed().isEmpty())
        return;
    m_pending = true;
    m_error->hide();
    if (m_pause)
        m_writer->pause(m_destination, m_reason->text());
    else
        m_writer->resume(m_destination, m_reason->text());
}

void DestinationPauseDialog::onFinished(const DestinationChange &change)
{
    if (!m_pending || change.pause != m_pause || change.destination != m_destination)
        return;
    m_pending = false;
    if (change.ok()) {
        emit done(change.outcome);
        accept();
        return;
    }
    m_error->setText(
        change.error.isPermissionDenied()
            ? tr("Only an operator (inbox_operator) may do this. The database said: %1")
                  .arg(change.error.oneLine())
            : change.error.message);
    m_error->show();
}

} // namespace inbox
