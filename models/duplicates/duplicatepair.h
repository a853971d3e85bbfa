#pragma once

#include "db/querychannel.h"
#include "duplicates/decisionoutcome.h"

#include <QDateTime>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace inbox {

// One lead of a candidate pair, as the duplicate screen shows it.
struct LeadSide
{
    qint64 id = 0;
    qint64 eventId = 0;
    bool eventExists = false; // false once the event was pruned (the lead outlives it)
    QString source;
    QString externalId;
    QString channel;
    QDateTime createdAt;
    QString name;
    QString phoneRaw;
    QString phoneNorm;
    QString emailRaw;
    QString emailNorm;
    QString summary;
    QString dealRef;
    bool dealOpen = false;
    qint64 mergedInto = 0; // 0: not merged
};

// A row of inbox.duplicate_candidates with both leads. `earlier` is match_lead_id (lead A),
// `newer` is lead_id (lead B): a merge links B to A.
struct DuplicatePair
{
    qint64 id = 0;
    // The row's word as it came (for showing a word this version does not know) and the same
    // word parsed once (setStatus keeps the two together): what callers compare.
    QString statusWord;
    PairStatus status = PairStatus::Unknown;
    QStringList reasons;
    double score = 0;
    bool weak = false;
    QDateTime createdAt;
    QString decidedBy;
    QDateTime decidedAt;
    QString note;
    LeadSide earlier;
    LeadSide newer;
    // How many different names use the shared contact; filled only when a weak_shared_*
    // reason is present (the figure behind "weak evidence").
    int phoneNames = 0;
    int emailNames = 0;

    void setStatus(const QString &word)
    {
        statusWord = word;
        status = parsePairStatus(word);
    }
    bool isOpen() const { return status == PairStatus::Open; }
    bool has(const char *reason) const { return reasons.contains(QLatin1String(reason)); }
};

// The SELECT list and FROM clause that read pairs with both leads; parsePairs() reads its rows.
QString pairSelectSql();
QVector<DuplicatePair> parsePairs(const Rows &rows);

} // namespace inbox

Q_DECLARE_METATYPE(inbox::DuplicatePair)
