#pragma once
// Person actions for the audit screen's model and widget tests, made the way people make
// them: inbox.requeue and inbox.decide_duplicate called by real logins (the journal's actor
// is the session user), next to worker activity that must never show.

#include "duplicate_fixture.h"
#include "testdatabase.h"

#include <QStringList>

namespace auditfix {

// `n` failed events (superuser INSERT, as a receiver and a worker would have left them).
inline QVector<qint64> failedEvents(PgSession &su, int n, const QString &prefix)
{
    QVector<qint64> ids;
    const PgResult r = su.exec(
        QStringLiteral(
            "INSERT INTO inbox.events (source, external_id, idempotency_key, status, occurred_at,"
            " body, content_type, fingerprint, attempts, last_error, error_retryable)"
            " SELECT 'crm', $1::text || '-' || g, 'crm:' || $1::text || '-' || g, 'failed', now(),"
            " convert_to('{}', 'UTF8'), 'application/json', md5($1::text || g), 6, 'CRM 503', true"
            " FROM generate_series(1, $2::int) g RETURNING id"),
        {prefix, n});
    for (int i = 0; r.ok && i < r.rows(); ++i)
        ids << r.value(i, 0).toLongLong();
    return ids;
}

inline QString idArray(const QVector<qint64> &ids)
{
    QStringList parts;
    for (const qint64 id : ids)
        parts << QString::number(id);
    return QLatin1Char('{') + parts.join(QLatin1Char(',')) + QLatin1Char('}');
}

// The number of events `user` requeued (-1 on an error).
inline qint64 requeue(const TestDatabase &db, const QString &user, const QVector<qint64> &ids,
                      const QString &reason)
{
    PgSession s(db.conninfo(user));
    return contract::oneInt(s,
                            QStringLiteral("SELECT count(*) FILTER (WHERE outcome = 'requeued')"
                                           " FROM inbox.requeue($1::int8[], $2)"),
                            {idArray(ids), reason});
}

struct Pair
{
    qint64 candidate = -1;
    qint64 newerEvent = -1, earlierEvent = -1;
    qint64 newerLead = -1, earlierLead = -1;
};

// Two leads with the same phone: record_lead flags them as a pair.
inline Pair pair(PgSession &su, const QString &tag, const QString &phone)
{
    Pair p;
    p.earlierLead = dupfix::lead(su, {QStringLiteral("form"), tag + QStringLiteral("-a"), phone,
                                      QString(), QStringLiteral("Anna"), QString(), QString()});
    p.newerLead = dupfix::lead(su, {QStringLiteral("site"), tag + QStringLiteral("-b"), phone,
                                    QString(), QStringLiteral("Anna"), QString(), QString()});
    p.candidate = dupfix::candidate(su, p.newerLead, p.earlierLead);
    p.earlierEvent = contract::oneInt(
        su, QStringLiteral("SELECT event_id FROM inbox.leads WHERE id = $1"), {p.earlierLead});
    p.newerEvent = contract::oneInt(
        su, QStringLiteral("SELECT event_id FROM inbox.leads WHERE id = $1"), {p.newerLead});
    return p;
}

inline QString decide(const TestDatabase &db, const QString &user, qint64 candidate,
                      const QString &decision, const QString &note = QString())
{
    PgSession s(db.conninfo(user));
    return contract::one(s, QStringLiteral("SELECT inbox.decide_duplicate($1, $2, $3)"),
                         {candidate, decision, note.isNull() ? QVariant() : QVariant(note)});
}

// A worker claims and fails an event: journal rows with by_person = false.
inline bool workerActivity(PgSession &su, const QString &externalId)
{
    const qint64 id = contract::insertEvent(su, QStringLiteral("shop"), externalId);
    return id > 0 &&
           contract::oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.claim('worker-1', 5)")) >
               0 &&
           su.exec(QStringLiteral("SELECT inbox.fail($1, 'worker-1', coalesce((SELECT lock_token "
                                  "FROM inbox.events WHERE id = $1), 0), 'bad phone', false)"),
                   {id})
               .ok;
}

inline QVector<qint64> ids(const PgResult &r)
{
    QVector<qint64> out;
    for (int i = 0; r.ok && i < r.rows(); ++i)
        out << r.value(i, 0).toLongLong();
    return out;
}

} // namespace auditfix
