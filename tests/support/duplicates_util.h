#pragma once
// The Duplicates screen, for its widget tests.

#include "duplicate_fixture.h"

#include "duplicates/duplicatespage.h"

#include <QLabel>

namespace duplicatesfix {

// The pair on screen is `id`, its detail loaded (the title names it) and drawn, as a person
// sees it before deciding.
inline bool shows(inbox::DuplicatesPage *page, qint64 id)
{
    auto *title = page->findChild<QLabel *>(QStringLiteral("pairTitle"));
    return page->currentCandidate() == id && page->drawnCandidate() == id && title->isVisible() &&
           title->text().startsWith(QStringLiteral("Pair #%1 ").arg(id));
}

// How many pairs have been decided (merged or kept separate), by anyone.
inline int decidedPairs(PgSession &su)
{
    return int(
        dupfix::oneInt(su, QStringLiteral("SELECT count(*) FROM "
                                          "inbox.duplicate_candidates WHERE status <> 'open'")));
}

} // namespace duplicatesfix
