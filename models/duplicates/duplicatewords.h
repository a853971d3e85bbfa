#pragma once

#include "duplicates/duplicatepair.h"

#include <QCoreApplication>
#include <QString>

namespace inbox {

// The duplicate screen's words for what the database stores as codes: reasons, decisions,
// outcomes, what a merge will do. Kept out of the widgets so the model layer and tests use
// the same sentences.
class DuplicateWords final
{
    Q_DECLARE_TR_FUNCTIONS(DuplicateWords)
public:
    // '79161234567' -> '+7 916 123-45-67'; other countries: '+' and the digits in groups.
    static QString phone(const QString &normalised);
    // "same phone +7 916 123-45-67; names differ; open deal D-1042"
    static QString reasons(const DuplicatePair &pair);
    // One short word per code for the list ("phone", "e-mail", "open deal", "names differ").
    static QString reasonShort(const QString &code);
    // Empty when the evidence is strong; otherwise why it is weak.
    static QString weakness(const DuplicatePair &pair);
    // What pressing Merge will change, said before it is done.
    static QString mergeStatement(const DuplicatePair &pair);
    // "merged by boris at 14:03 (note: ...)"; for a status this version does not know, the
    // word as it came (`word`), never "open".
    static QString decision(PairStatus status, const QString &word, const QString &by,
                            const QDateTime &at, const QString &note = QString());
    static QString time(const QDateTime &at);
    static QString lead(const LeadSide &lead, const QString &letter);
};

} // namespace inbox
