#include "attention/requeuedialog.h"

#include "attention/requeueoutcome.h"
#include "attention/requeuer.h"
#include "common/theme.h"
#include "common/wrappinglabel.h"
#include "db/consolecontext.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMap>
#include <QProgressBar>
#include <QPushButton>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace inbox {

namespace {
enum Page { Counting, Confirm, Running, Result };
} // namespace

RequeueDialog::RequeueDialog(ConsoleContext *context, const Target &target, QWidget *parent)
    : QDialog(parent), m_context(context), m_requeuer(new Requeuer(context, this)),
      m_pages(new QStackedWidget(this)),
      m_counting(wrappingLabel(QStringLiteral("counting"), this)),
      m_summary(wrappingLabel(QStringLiteral("summary"), this)),
      m_warning(wrappingLabel(QStringLiteral("validationWarning"), this)),
      m_reason(new QLineEdit(this)), m_start(new QPushButton(tr("Requeue"), this)),
      m_progress(new QProgressBar(this)),
      m_progressText(wrappingLabel(QStringLiteral("progressText"), this)),
      m_stop(new QPushButton(tr("Stop"), this)),
      m_result(wrappingLabel(QStringLiteral("result"), this)), m_outcomes(new QTableWidget(this))
{
    setObjectName(QStringLiteral("requeueDialog"));
    setWindowTitle(tr("Requeue events"));
    setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('m')) * 52);

    // Counting.
    auto *counting = new QWidget(this);
    auto *cl = new QVBoxLayout(counting);
    m_counting->setText(tr("Counting %1...").arg(target.description));
    cl->addWidget(m_counting);
    auto *countingButtons = new QDialogButtonBox(QDialogButtonBox::Cancel, counting);
    connect(countingButtons, &QDialogButtonBox::rejected, this, &RequeueDialog::reject);
    cl->addStretch();
    cl->addWidget(countingButtons);

    // Confirmation.
    auto *confirm = new QWidget(this);
    auto *fl = new QVBoxLayout(confirm);
    auto *what = wrappingLabel(QStringLiteral("what"), confirm);
    what->setText(tr("Requeue %1: each event keeps its id, idempotency key, body and history, "
                     "and is processed again now with a fresh attempt budget.")
                      .arg(target.description));
    fl->addWidget(what);
    fl->addWidget(m_summary);
    Theme::setLook(m_warning, Theme::Look::WarningText);
    m_warning->hide();
    fl->addWidget(m_warning);
    auto *form = new QFormLayout;
    m_reason->setObjectName(QStringLiteral("reason"));
    m_reason->setPlaceholderText(tr("Why (required; recorded in the journal)"));
    m_reason->setMaxLength(500);
    form->addRow(tr("Reason:"), m_reason);
    fl->addLayout(form);
    auto *confirmButtons = new QDialogButtonBox(confirm);
    m_start->setObjectName(QStringLiteral("start"));
    m_start->setDefault(true);
    confirmButtons->addButton(m_start, QDialogButtonBox::AcceptRole);
    confirmButtons->addButton(QDialogButtonBox::Cancel);
    connect(confirmButtons, &QDialogButtonBox::rejected, this, &RequeueDialog::reject);
    connect(m_start, &QPushButton::clicked, this, [this] {
        m_progress->setRange(0, int(m_requeuer->ids().size()));
        m_progress->setValue(0);
        showPage(Running);
        m_requeuer->start(m_reason->text());
    });
    connect(m_reason, &QLineEdit::textChanged, this, &RequeueDialog::updateStart);
    fl->addStretch();
    fl->addWidget(confirmButtons);

    // Progress.
    auto *running = new QWidget(this);
    auto *rl = new QVBoxLayout(running);
    m_progress->setObjectName(QStringLiteral("progress"));
    rl->addWidget(m_progress);
    rl->addWidget(m_progressText);
    m_stop->setObjectName(QStringLiteral("stop"));
    m_stop->setToolTip(tr("Stops after the batch that is running; that batch is not undone"));
    connect(m_stop, &QPushButton::clicked, this, [this] {
        m_stop->setEnabled(false);
        m_progressText->setText(tr("Stopping after this batch..."));
        m_requeuer->stop();
    });
    rl->addStretch();
    rl->addWidget(m_stop, 0, Qt::AlignRight);

    // Outcome.
    auto *result = new QWidget(this);
    auto *tl = new QVBoxLayout(result);
    tl->addWidget(m_result);
    m_outcomes->setObjectName(QStringLiteral("outcomes"));
    m_outcomes->setColumnCount(2);
    m_outcomes->setHorizontalHeaderLabels({tr("Event"), tr("Outcome")});
    m_outcomes->horizontalHeader()->setStretchLastSection(true);
    m_outcomes->verticalHeader()->hide();
    m_outcomes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_outcomes->setSelectionBehavior(QAbstractItemView::SelectRows);
    tl->addWidget(m_outcomes);
    auto *closeButtons = new QDialogButtonBox(QDialogButtonBox::Close, result);
    connect(closeButtons, &QDialogButtonBox::rejected, this, &RequeueDialog::reject);
    tl->addWidget(closeButtons);

    m_pages->addWidget(counting);
    m_pages->addWidget(confirm);
    m_pages->addWidget(running);
    m_pages->addWidget(result);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_pages);

    connect(m_requeuer, &Requeuer::collected, this, [this](int n) {
        m_counting->setText(
            tr("Collecting the matching events: %1 so far...").arg(QLocale().toString(n)));
    });
    connect(m_requeuer, &Requeuer::previewReady, this, &RequeueDialog::onPreview);
    connect(m_requeuer, &Requeuer::failed, this, &RequeueDialog::onFailed);
    connect(m_requeuer, &Requeuer::progress, this, &RequeueDialog::onProgress);
    connect(m_requeuer, &Requeuer::finished, this, &RequeueDialog::onFinished);

    if (!target.filters.isEmpty())
        m_requeuer->prepare(target.filters);
    else
        m_requeuer->prepare(target.ids);
}

RequeueDialog::~RequeueDialog() = default;

void RequeueDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    fitHeight();
}

void RequeueDialog::showPage(int page)
{
    m_pages->setCurrentIndex(page);
    fitHeight();
}

void RequeueDialog::fitHeight()
{
    layout()->activate();
    const int needed = heightForWidth(width());
    setMinimumHeight(qMax(needed, 0));
    if (needed > height())
        resize(width(), needed);
}

QString RequeueDialog::summaryText() const
{
    return m_summary->text();
}

QString RequeueDialog::resultText() const
{
    return m_result->text();
}

void RequeueDialog::reject()
{
    const Requeuer::State s = m_requeuer->state();
    if (s == Requeuer::State::Running || s == Requeuer::State::Verifying) {
        // A sent batch is never abandoned: stop after it and show the outcome.
        m_stop->click();
        return;
    }
    m_requeuer->cancel();
    QDialog::reject();
}

void RequeueDialog::updateStart()
{
    const bool reason = !m_reason->text().trimmed().isEmpty();
    m_start->setEnabled(reason && m_requeuer->preview().requeue > 0);
    m_start->setToolTip(reason ? QString() : tr("Say why: the reason is recorded in the journal"));
}

void RequeueDialog::onPreview()
{
    const Requeuer::Preview &p = m_requeuer->preview();
    const QLocale l;
    QString text = tr("%n event(s) will be requeued.", "", int(p.requeue));
    if (p.leftAlone() > 0) {
        text +=
            QLatin1Char(' ') +
            tr("%n left alone: %1 done, %2 in progress, %3 already queued.", "", int(p.leftAlone()))
                .arg(l.toString(p.done), l.toString(p.inProgress), l.toString(p.alreadyQueued));
        if (p.notFound > 0)
            text += QLatin1Char(' ') + tr("%n not found.", "", int(p.notFound));
    }
    if (p.requeue == 0)
        text += QLatin1Char(' ') + tr("Nothing to requeue.");
    m_summary->setText(text);
    m_warning->setVisible(p.validation > 0);
    m_warning->setText(tr("%n of them failed validation (the data was refused): a plain retry "
                          "will fail again unless the data was fixed.",
                          "", int(p.validation)));
    m_reason->setEnabled(p.requeue > 0);
    updateStart();
    showPage(Confirm);
    if (p.requeue > 0)
        m_reason->setFocus();
}

void RequeueDialog::onFailed()
{
    const DbError &e = m_requeuer->error();
    m_result->setText(
        e.isPermissionDenied()
            ? tr("The database refused to read the events: %1. Nothing was changed.").arg(e.message)
            : tr("The events could not be counted: %1. Nothing was changed.").arg(e.message));
    m_outcomes->hide();
    showPage(Result);
}

void RequeueDialog::onProgress(int requeued, int processed, int total)
{
    m_progress->setValue(processed);
    if (m_stop->isEnabled())
        m_progressText->setText(tr("%1 of %2 done, %3 requeued")
                                    .arg(QLocale().toString(processed), QLocale().toString(total),
                                         QLocale().toString(requeued)));
}

void RequeueDialog::onFinished()
{
    const Requeuer &r = *m_requeuer;
    const QLocale l;
    QStringList lines;
    if (r.error().isPermissionDenied()) {
        lines << tr("The database refused the requeue: %1 may not requeue events (the "
                    "inbox_operator role is needed). Nothing was changed.")
                     .arg(m_context->info().user.isEmpty() ? tr("this login")
                                                           : m_context->info().user);
    } else if (r.connectionWasLost()) {
        lines << tr("The connection was lost during the run. The batch that was running was not "
                    "sent again; the journal was read after reconnecting and the outcome below "
                    "is what it shows.");
    } else if (!r.error().isEmpty()) {
        lines << tr("The requeue stopped on an error: %1").arg(r.error().message);
    } else if (r.wasStopped()) {
        lines << tr("Stopped. The batches sent before the stop were applied; the rest was not "
                    "attempted.");
    }
    lines << tr("%n event(s) requeued.", "", int(r.count(RequeueOutcome::Requeued)));
    for (const RequeueOutcome o :
         {RequeueOutcome::Done, RequeueOutcome::InProgress, RequeueOutcome::AlreadyQueued,
          RequeueOutcome::NotFound, RequeueOutcome::NotApplied, RequeueOutcome::NotAttempted,
          RequeueOutcome::Unknown}) {
        const qint64 n = r.count(o);
        if (n > 0)
            lines << QStringLiteral("%1: %2").arg(Requeuer::outcomeText(o), l.toString(n));
    }
    // Words this version does not know are shown as they came, never counted as requeued.
    const QMap<QString, qint64> other = r.unrecognised();
    for (auto it = other.cbegin(); it != other.cend(); ++it)
        lines << QStringLiteral("%1: %2").arg(it.key(), l.toString(it.value()));
    m_result->setText(lines.join(QLatin1Char('\n')));
    m_outcomes->setRowCount(int(r.outcomes().size()));
    for (int i = 0; i < r.outcomes().size(); ++i) {
        const Requeuer::Outcome &o = r.outcomes().at(i);
        auto *id = new QTableWidgetItem;
        id->setData(Qt::DisplayRole, o.id);
        m_outcomes->setItem(i, 0, id);
        auto *what = new QTableWidgetItem(Requeuer::outcomeText(o));
        what->setData(Qt::UserRole, o.outcome);
        m_outcomes->setItem(i, 1, what);
    }
    showPage(Result);
    emit applied();
}

} // namespace inbox
