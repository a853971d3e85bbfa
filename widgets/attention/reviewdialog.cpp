#include "attention/reviewdialog.h"

#include "attention/reviewresolver.h"
#include "common/theme.h"
#include "common/wrappinglabel.h"
#include "db/consolecontext.h"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

#include <algorithm>

namespace inbox {

namespace {
constexpr int kNoteMax = 2000; // inbox.resolve_review's limit
} // namespace

bool ReviewDialog::Target::allConflicts() const
{
    return !reasons.isEmpty() &&
           std::all_of(reasons.cbegin(), reasons.cend(),
                       [](const QString &r) { return r == keyConflictReason(); });
}

ReviewDialog::ReviewDialog(ConsoleContext *context, const Target &target, QWidget *parent)
    : QDialog(parent), m_context(context), m_target(target),
      m_resolver(new ReviewResolver(context, this)), m_choices(new QButtonGroup(this)),
      m_note(new QLineEdit(this)), m_noteHint(wrappingLabel(QStringLiteral("noteHint"), this)),
      m_resolve(new QPushButton(tr("Resolve"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_result(wrappingLabel(QStringLiteral("result"), this))
{
    setObjectName(QStringLiteral("reviewDialog"));
    setWindowTitle(tr("Resolve review"));
    setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('m')) * 52);

    auto *layout = new QVBoxLayout(this);
    auto *what = wrappingLabel(QStringLiteral("what"), this);
    what->setText(tr("Resolve the review of %1. The flag is cleared and the resolution is "
                     "recorded in the journal with your name; no body is deleted.")
                      .arg(target.description));
    layout->addWidget(what);

    const bool conflicts = target.allConflicts();
    struct Choice
    {
        ReviewResolution value;
        QString name, text, sentence;
        bool enabled;
    };
    const Choice choices[] = {
        {ReviewResolution::KeptFirstBody, QStringLiteral("keptFirstBody"),
         tr("&Kept the first body"),
         tr("The stored body is the event; the other bodies stay stored."), conflicts},
        {ReviewResolution::SecondIsNewEvent, QStringLiteral("secondIsNewEvent"),
         tr("The other body is a &new event"),
         tr("Each other body becomes an event of its own, processed like a new delivery; this "
            "cannot be undone."),
         conflicts},
        {ReviewResolution::HandledByHand, QStringLiteral("handledByHand"), tr("&Handled by hand"),
         tr("You did what the worker could not; say what in the note."), true},
    };
    for (const Choice &c : choices) {
        auto *button = new QRadioButton(c.text, this);
        button->setObjectName(c.name);
        button->setEnabled(c.enabled);
        m_choices->addButton(button, int(c.value));
        layout->addWidget(button);
        auto *sentence = wrappingLabel(c.name + QStringLiteral("Text"), this);
        sentence->setText(c.sentence);
        sentence->setEnabled(c.enabled);
        sentence->setContentsMargins(fontMetrics().height() * 3 / 2, 0, 0, 0);
        layout->addWidget(sentence);
    }
    if (!conflicts) {
        auto *why = wrappingLabel(QStringLiteral("notConflicts"), this);
        why->setText(tr("Only \"handled by hand\" fits: not every chosen event is a key "
                        "conflict."));
        layout->addWidget(why);
    }

    auto *form = new QFormLayout;
    m_note->setObjectName(QStringLiteral("note"));
    m_note->setAccessibleName(tr("Note"));
    m_note->setMaxLength(kNoteMax);
    m_note->setPlaceholderText(tr("What was done (recorded in the journal)"));
    form->addRow(tr("&Note:"), m_note);
    layout->addLayout(form);
    layout->addWidget(m_noteHint);
    m_result->hide();
    layout->addWidget(m_result);

    auto *buttons = new QDialogButtonBox(this);
    m_resolve->setObjectName(QStringLiteral("resolve"));
    m_resolve->setDefault(true);
    m_cancel->setObjectName(QStringLiteral("cancel"));
    buttons->addButton(m_resolve, QDialogButtonBox::AcceptRole);
    buttons->addButton(m_cancel, QDialogButtonBox::RejectRole);
    connect(m_cancel, &QPushButton::clicked, this, &ReviewDialog::reject);
    connect(m_resolve, &QPushButton::clicked, this, [this] {
        const std::optional<ReviewResolution> r = chosen();
        if (!r || m_resolver->isBusy())
            return;
        m_resolve->setEnabled(false);
        for (QAbstractButton *b : m_choices->buttons())
            b->setEnabled(false);
        m_note->setEnabled(false);
        m_noteHint->setText(tr("Resolving..."));
        m_resolver->resolve(m_target.ids, *r, m_note->text());
    });
    layout->addStretch();
    layout->addWidget(buttons);

    connect(m_choices, &QButtonGroup::idClicked, this, &ReviewDialog::updateResolve);
    connect(m_note, &QLineEdit::textChanged, this, &ReviewDialog::updateResolve);
    connect(m_resolver, &ReviewResolver::finished, this, &ReviewDialog::onFinished);
    updateResolve();
}

ReviewDialog::~ReviewDialog() = default;

QRadioButton *ReviewDialog::choice(ReviewResolution resolution) const
{
    return qobject_cast<QRadioButton *>(m_choices->button(int(resolution)));
}

std::optional<ReviewResolution> ReviewDialog::chosen() const
{
    const int id = m_choices->checkedId();
    if (id < 0)
        return std::nullopt;
    return ReviewResolution(id);
}

QString ReviewDialog::resultText() const
{
    return m_result->text();
}

void ReviewDialog::updateResolve()
{
    const std::optional<ReviewResolution> r = chosen();
    const bool byHand = r == ReviewResolution::HandledByHand;
    const bool note = !m_note->text().trimmed().isEmpty();
    m_resolve->setEnabled(r.has_value() && (!byHand || note) && !m_resolver->isBusy());
    if (!r)
        m_noteHint->setText(tr("Choose what was decided."));
    else if (byHand && !note)
        m_noteHint->setText(tr("Say in the note what was done by hand: it is required."));
    else
        m_noteHint->clear();
}

void ReviewDialog::onFinished()
{
    const ReviewResolver &r = *m_resolver;
    const QLocale l;
    QString text;
    if (r.error().isPermissionDenied()) {
        text =
            tr("The database refused: %1 may not resolve reviews (the inbox_operator role is "
               "needed). Nothing was changed.")
                .arg(m_context->info().user.isEmpty() ? tr("this login") : m_context->info().user);
    } else if (!r.error().isEmpty()) {
        text = tr("Nothing was changed: %1").arg(r.error().oneLine());
    } else {
        QStringList parts;
        parts << tr("%n resolved", "", int(r.count(ReviewOutcome::Resolved)));
        const QVector<qint64> &made = r.newEventIds();
        if (!made.isEmpty()) {
            QStringList ids;
            for (qint64 id : made)
                ids << QString::number(id);
            parts << tr("the other body is now event %1", "", int(made.size()))
                         .arg(ids.join(QStringLiteral(", ")));
        }
        const qint64 notFlagged = r.count(ReviewOutcome::NotFlagged);
        if (notFlagged > 0)
            parts << tr("%n was no longer flagged", "", int(notFlagged));
        const qint64 notConflict = r.count(ReviewOutcome::NotAConflict);
        if (notConflict > 0)
            parts << tr("%n was not a key conflict", "", int(notConflict));
        const qint64 notFound = r.count(ReviewOutcome::NotFound);
        if (notFound > 0)
            parts << tr("%n not found", "", int(notFound));
        // Words this version does not know are shown as they came, never counted as resolved.
        const QMap<QString, qint64> counts = r.counts();
        for (auto it = counts.cbegin(); it != counts.cend(); ++it)
            if (parseReviewOutcome(it.key()) == ReviewOutcome::Unrecognised)
                parts << QStringLiteral("%1: %2").arg(it.key(), l.toString(it.value()));
        text = parts.join(QStringLiteral(", ")) + QLatin1Char('.');
    }
    m_noteHint->clear();
    m_result->setText(text);
    m_result->show();
    Theme::setLook(m_result, r.error().isEmpty() ? Theme::Look::Plain : Theme::Look::AlertText);
    m_cancel->setText(tr("Close"));
    m_cancel->setFocus();
    emit applied();
}

} // namespace inbox
