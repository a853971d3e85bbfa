#include "duplicates/leadcomparison.h"

#include "common/elidedlabel.h"
#include "common/theme.h"
#include "duplicates/duplicatewords.h"
#include "support/duration.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace inbox {

namespace {

// A tint that reads on light and dark palettes alike; the bold text and the middle column's
// words carry the meaning for anyone who cannot tell the colour.
const QString kMatchRules =
    QStringLiteral("border-radius: 3px; padding: 2px 4px; font-weight: bold;");
const QString kCellRules = QStringLiteral("padding: 2px 4px;");

QString orDash(const QString &s)
{
    return s.isEmpty() ? QStringLiteral("—") : s;
}

const char *const kFieldNames[] = {"channel",  "came",      "name",    "phoneRaw", "phoneNorm",
                                   "emailRaw", "emailNorm", "message", "deal",     "source"};

} // namespace

LeadComparison::LeadComparison(QWidget *parent)
    : QWidget(parent), m_grid(new QGridLayout), m_headA(new QLabel(this)),
      m_headB(new QLabel(this)), m_gap(new QLabel(this)),
      m_openA(new QPushButton(tr("Open event in the journal"), this)),
      m_openB(new QPushButton(tr("Open event in the journal"), this))
{
    const QString labels[FieldCount] = {tr("Channel"),
                                        tr("Came"),
                                        tr("Name"),
                                        tr("Phone as received"),
                                        tr("Phone normalised"),
                                        tr("E-mail as received"),
                                        tr("E-mail normalised"),
                                        tr("Message"),
                                        tr("Deal"),
                                        tr("Source event")};
    m_headA->setObjectName(QStringLiteral("headA"));
    m_headB->setObjectName(QStringLiteral("headB"));
    m_gap->setObjectName(QStringLiteral("gap"));
    m_openA->setObjectName(QStringLiteral("openEventA"));
    m_openB->setObjectName(QStringLiteral("openEventB"));
    for (QLabel *h : {m_headA, m_headB}) {
        QFont f = h->font();
        f.setBold(true);
        h->setFont(f);
    }
    m_grid->addWidget(m_headA, 0, 1);
    m_grid->addWidget(m_headB, 0, 3);
    for (int f = 0; f < FieldCount; ++f) {
        auto *name = new QLabel(labels[f], this);
        name->setAlignment(Qt::AlignRight | Qt::AlignTop);
        m_grid->addWidget(name, f + 1, 0);
        // An e-mail or a phone has no place to wrap: it shows "…" when the column runs short,
        // never a cut end that passes for the whole address.
        const bool oneWord = f == PhoneRaw || f == PhoneNorm || f == EmailRaw || f == EmailNorm;
        for (int c = 0; c < 3; ++c) {
            QLabel *cell = c != 1 && oneWord ? new ElidedLabel(this) : new QLabel(this);
            cell->setObjectName(QStringLiteral("%1%2")
                                    .arg(QLatin1String(kFieldNames[f]))
                                    .arg(c == 0   ? QStringLiteral("A")
                                         : c == 1 ? QStringLiteral("Match")
                                                  : QStringLiteral("B")));
            cell->setTextInteractionFlags(Qt::TextSelectableByMouse);
            cell->setAlignment(c == 1 ? Qt::AlignHCenter | Qt::AlignTop
                                      : Qt::AlignLeft | Qt::AlignTop);
            if (c != 1 && !oneWord) {
                cell->setWordWrap(true);
                cell->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
            }
            cell->setTextFormat(Qt::PlainText);
            m_cells[f][c] = cell;
            m_grid->addWidget(cell, f + 1, c == 0 ? 1 : c == 1 ? 2 : 3);
        }
    }
    m_grid->setColumnStretch(1, 1);
    m_grid->setColumnStretch(3, 1);
    m_grid->setColumnMinimumWidth(2, 70);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_openA);
    buttons->addStretch();
    buttons->addWidget(m_openB);
    m_grid->addWidget(m_gap, FieldCount + 1, 1, 1, 3);
    m_grid->addLayout(buttons, FieldCount + 2, 1, 1, 3);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_grid);

    connect(m_openA, &QPushButton::clicked, this, [this] {
        if (m_eventA)
            emit openEvent(m_eventA);
    });
    connect(m_openB, &QPushButton::clicked, this, [this] {
        if (m_eventB)
            emit openEvent(m_eventB);
    });
    clear();
}

void LeadComparison::setRow(Field field, const QString &a, const QString &b, Match match,
                            const QString &matchText)
{
    QLabel *ca = m_cells[field][0];
    QLabel *cm = m_cells[field][1];
    QLabel *cb = m_cells[field][2];
    for (auto [cell, value] : {std::pair{ca, &a}, std::pair{cb, &b}}) {
        if (auto *elided = qobject_cast<ElidedLabel *>(cell))
            elided->setFullText(orDash(*value));
        else
            cell->setText(orDash(*value));
    }
    // A long value wraps in its cell; the tooltip holds it whole, whatever the width.
    ca->setToolTip(a);
    cb->setToolTip(b);
    switch (match) {
    case Match::Same:
        cm->setText(matchText.isEmpty() ? tr("= same") : matchText);
        Theme::setLook(ca, Theme::Look::Match, kMatchRules);
        Theme::setLook(cb, Theme::Look::Match, kMatchRules);
        Theme::setLook(cm, Theme::Look::Plain, QStringLiteral("font-weight: bold;"));
        break;
    case Match::Differ:
        cm->setText(matchText.isEmpty() ? tr("≠ differ") : matchText);
        Theme::setLook(ca, Theme::Look::Plain, kCellRules);
        Theme::setLook(cb, Theme::Look::Plain, kCellRules);
        Theme::setLook(cm, Theme::Look::Plain);
        break;
    case Match::None:
        cm->setText(matchText);
        Theme::setLook(ca, Theme::Look::Plain, kCellRules);
        Theme::setLook(cb, Theme::Look::Plain, kCellRules);
        Theme::setLook(cm, Theme::Look::Plain);
        break;
    }
    // Screen readers get the verdict with the values.
    ca->setAccessibleDescription(cm->text());
    cb->setAccessibleDescription(cm->text());
}

void LeadComparison::clear()
{
    m_headA->setText(tr("Lead A (earlier)"));
    m_headB->setText(tr("Lead B (newer)"));
    m_gap->clear();
    for (int f = 0; f < FieldCount; ++f)
        setRow(Field(f), QString(), QString(), Match::None);
    m_eventA = m_eventB = 0;
    m_openA->setEnabled(false);
    m_openB->setEnabled(false);
}

void LeadComparison::setPair(const DuplicatePair &p)
{
    const LeadSide &a = p.earlier;
    const LeadSide &b = p.newer;
    m_headA->setText(tr("Lead A (earlier) #%1").arg(a.id));
    m_headB->setText(tr("Lead B (newer) #%1").arg(b.id));

    setRow(Channel, a.channel, b.channel, a.channel == b.channel ? Match::Same : Match::None);
    const QString gap = formatDuration(a.createdAt.secsTo(b.createdAt));
    setRow(Came, DuplicateWords::time(a.createdAt), DuplicateWords::time(b.createdAt), Match::None,
           tr("+%1").arg(gap));
    m_gap->setText(tr("B came %1 after A.").arg(gap));

    Match names = Match::None;
    if (p.has("names_differ"))
        names = Match::Differ;
    else if (!a.name.isEmpty() && !b.name.isEmpty())
        names = Match::Same;
    setRow(Name, a.name, b.name, names);

    const bool samePhone = p.has("same_phone");
    const bool weakPhone = p.has("weak_shared_phone");
    setRow(PhoneRaw, a.phoneRaw, b.phoneRaw, Match::None);
    setRow(PhoneNorm, DuplicateWords::phone(a.phoneNorm), DuplicateWords::phone(b.phoneNorm),
           samePhone
               ? Match::Same
               : (a.phoneNorm.isEmpty() || b.phoneNorm.isEmpty() ? Match::None : Match::Differ),
           samePhone ? (weakPhone ? tr("= same (weak)") : tr("= same")) : QString());

    const bool sameEmail = p.has("same_email");
    const bool weakEmail = p.has("weak_shared_email");
    setRow(EmailRaw, a.emailRaw, b.emailRaw, Match::None);
    setRow(EmailNorm, a.emailNorm, b.emailNorm,
           sameEmail
               ? Match::Same
               : (a.emailNorm.isEmpty() || b.emailNorm.isEmpty() ? Match::None : Match::Differ),
           sameEmail ? (weakEmail ? tr("= same (weak)") : tr("= same")) : QString());

    setRow(Message, a.summary, b.summary, Match::None);

    const auto deal = [](const LeadSide &l) {
        QString s = l.dealRef.isEmpty() ? tr("no deal")
                                        : (l.dealOpen ? tr("%1 (open)").arg(l.dealRef)
                                                      : tr("%1 (closed)").arg(l.dealRef));
        if (l.mergedInto)
            s += tr(", linked to lead #%1").arg(l.mergedInto);
        return s;
    };
    setRow(Deal, deal(a), deal(b),
           !a.dealRef.isEmpty() && a.dealRef == b.dealRef ? Match::Same : Match::None,
           p.has("open_deal") ? tr("open deal") : QString());

    const auto source = [](const LeadSide &l) {
        return l.eventExists
                   ? tr("%1 · %2 · event #%3").arg(l.source, l.externalId).arg(l.eventId)
                   : tr("%1 · %2 · event #%3 (pruned)").arg(l.source, l.externalId).arg(l.eventId);
    };
    setRow(Source, source(a), source(b), Match::None);

    m_eventA = a.eventExists ? a.eventId : 0;
    m_eventB = b.eventExists ? b.eventId : 0;
    m_openA->setEnabled(m_eventA != 0);
    m_openB->setEnabled(m_eventB != 0);
    m_openA->setText(tr("Open A's event #%1 in the journal").arg(a.eventId));
    m_openB->setText(tr("Open B's event #%1 in the journal").arg(b.eventId));
    const QString pruned = tr("The event was pruned; the lead keeps its source and external id.");
    m_openA->setToolTip(m_eventA ? QString() : pruned);
    m_openB->setToolTip(m_eventB ? QString() : pruned);
}

} // namespace inbox
