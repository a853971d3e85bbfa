#pragma once
// Leads and candidate pairs for the duplicate queue's model and widget tests, made the way
// production makes them: an event row, then inbox.record_lead (which normalises and flags).

#include "contract_util.h"

namespace dupfix {

using contract::one;
using contract::oneInt;

struct Lead
{
    QString source = QStringLiteral("form");
    QString externalId;
    QString phone;
    QString email;
    QString name;
    QString summary;
    QString deal;
};

inline qint64 lead(PgSession &su, const Lead &l)
{
    const qint64 event = contract::insertEvent(su, l.source, l.externalId);
    if (event < 0)
        return -1;
    const auto orNull = [](const QString &s) {
        return s.isNull() ? QVariant() : QVariant(s);
    };
    return oneInt(su, QStringLiteral("SELECT inbox.record_lead($1, $2, $3, $4, $5, $6)"),
                  {event, orNull(l.phone), orNull(l.email), orNull(l.name), orNull(l.summary),
                   orNull(l.deal)});
}

inline qint64 candidate(PgSession &su, qint64 newer, qint64 earlier)
{
    return oneInt(su,
                  QStringLiteral("SELECT id FROM inbox.duplicate_candidates"
                                 " WHERE lead_id = $1 AND match_lead_id = $2"),
                  {newer, earlier});
}

// A person's lead from the default source, with a phone and a name.
inline Lead person(const QString &externalId, const QString &phone, const QString &name)
{
    Lead l;
    l.externalId = externalId;
    l.phone = phone;
    l.name = name;
    return l;
}

// The same person again from telegram: `earlier` under another id, the phone written another
// way.
inline Lead fromTelegram(const Lead &earlier, const QString &externalId, const QString &phone)
{
    Lead l = earlier;
    l.source = QStringLiteral("telegram");
    l.externalId = externalId;
    l.phone = phone;
    return l;
}

// Both leads recorded, `earlier` first, and the pair they make (negative if there is none).
inline qint64 pair(PgSession &su, const Lead &earlier, const Lead &newer)
{
    const qint64 e = lead(su, earlier);
    const qint64 n = lead(su, newer);
    return candidate(su, n, e);
}

// Moves a pair back in time (and its newer lead with it, so the gap stays what it was).
inline bool age(PgSession &su, qint64 candidateId, const QString &interval)
{
    return su
        .exec(QStringLiteral(
                  "UPDATE inbox.duplicate_candidates SET created_at = created_at - $2::interval"
                  " WHERE id = $1"),
              {candidateId, interval})
        .ok;
}

// `s` decides the pair through inbox.decide_duplicate ('merge', 'reject', 'undo' ...): its
// outcome word, or contract::one's "!ERROR ..." text.
inline QString decide(PgSession &s, qint64 candidateId, const QString &decision)
{
    return one(s, QStringLiteral("SELECT inbox.decide_duplicate($1, $2)"), {candidateId, decision});
}

inline QString status(PgSession &su, qint64 candidateId)
{
    return one(su,
               QStringLiteral("SELECT status || coalesce(' ' || decided_by, '')"
                              " FROM inbox.duplicate_candidates WHERE id = $1"),
               {candidateId});
}

inline QVector<qint64> openIdsInOrder(PgSession &su, const QString &where = QStringLiteral("true"))
{
    QVector<qint64> ids;
    const PgResult r = su.exec(QStringLiteral("SELECT d.id FROM inbox.duplicate_candidates d"
                                              " JOIN inbox.leads a ON a.id = d.match_lead_id"
                                              " JOIN inbox.leads b ON b.id = d.lead_id"
                                              " WHERE d.status = 'open' AND (%1)"
                                              " ORDER BY d.created_at, d.id")
                                   .arg(where));
    for (int i = 0; r.ok && i < r.rows(); ++i)
        ids << r.value(i, 0).toLongLong();
    return ids;
}

} // namespace dupfix
