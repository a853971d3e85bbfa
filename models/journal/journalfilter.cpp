#include "journal/journalfilter.h"

namespace inbox {

std::optional<qint64> JournalFilter::searchId() const
{
    const QString text = searchText();
    if (text.isEmpty() || text.size() > 19)
        return std::nullopt;
    for (const QChar c : text) {
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return std::nullopt;
    }
    bool ok = false;
    const qint64 id = text.toLongLong(&ok);
    if (!ok || id <= 0)
        return std::nullopt;
    return id;
}

JournalFilter::LeadMatch JournalFilter::leadMatch() const
{
    const QString text = searchText();
    if (text.isEmpty())
        return LeadMatch::None;
    int digits = 0;
    bool phoneChars = true;
    bool letter = false;
    bool space = false;
    for (const QChar c : text) {
        if (c.isDigit())
            ++digits;
        else if (!c.isSpace() && !QStringLiteral("+()-.").contains(c))
            phoneChars = false;
        letter = letter || c.isLetter();
        space = space || c.isSpace();
    }
    if (phoneChars && digits >= kPhoneDigits)
        return LeadMatch::Phone;
    if (text.contains(QLatin1Char('@')) && !space)
        return LeadMatch::Email;
    return letter ? LeadMatch::Name : LeadMatch::None;
}

const QStringList &JournalFilter::statusValues()
{
    static const QStringList values{QStringLiteral("received"), QStringLiteral("processing"),
                                    QStringLiteral("done"), QStringLiteral("failed")};
    return values;
}

JournalFilter::SortKey JournalFilter::effectiveSortKey() const
{
    // The id and external-id indexes carry no other column: with a status, kind, review or
    // time condition the walk would filter most of the table. Only the time order has an
    // index for every filter, so it takes over.
    const bool plain = statuses.isEmpty() && kinds.isEmpty() && !needsReview && !stuckOnly &&
                       range == Range::Any && !errorKey && !reviewKey &&
                       validation == Validation::Any;
    return plain ? sortKey : SortKey::ReceivedAt;
}

bool JournalFilter::operator==(const JournalFilter &o) const
{
    return searchText() == o.searchText() && sources == o.sources && statuses == o.statuses &&
           kinds == o.kinds && range == o.range &&
           (range != Range::Custom || (from == o.from && to == o.to)) &&
           needsReview == o.needsReview && stuckOnly == o.stuckOnly && errorKey == o.errorKey &&
           reviewKey == o.reviewKey && validation == o.validation && sortKey == o.sortKey &&
           order == o.order;
}

} // namespace inbox
