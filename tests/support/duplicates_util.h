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

// n open pairs of one person who wrote on the site and then from Telegram, the oldest
// first: leads `<prefix>-a-i` and `<prefix>-b-i`, phone +7 903 <firstPhone + i> 11 22.
inline QVector<qint64> openPairs(PgSession &su, const QString &prefix, int firstPhone, int n)
{
    QVector<qint64> pairs;
    for (int i = 0; i < n; ++i) {
        const dupfix::Lead a = dupfix::person(QStringLiteral("%1-a-%2").arg(prefix).arg(i),
                                              QStringLiteral("+7 903 %1 11 22").arg(firstPhone + i),
                                              QStringLiteral("Ольга Смирнова"));
        pairs << dupfix::pair(
            su, a, dupfix::fromTelegram(a, QStringLiteral("%1-b-%2").arg(prefix).arg(i), a.phone));
        dupfix::age(su, pairs.last(), QStringLiteral("%1 hours").arg(n - i));
    }
    return pairs;
}

// How many pairs have been decided (merged or kept separate), by anyone.
inline int decidedPairs(PgSession &su)
{
    return int(
        dupfix::oneInt(su, QStringLiteral("SELECT count(*) FROM "
                                          "inbox.duplicate_candidates WHERE status <> 'open'")));
}

} // namespace duplicatesfix
