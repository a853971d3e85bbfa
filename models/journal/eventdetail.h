#pragma once

#include "db/dberror.h"

#include <QByteArray>
#include <QDateTime>
#include <QObject>
#include <QStringList>
#include <QVariantMap>
#include <QVector>

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// Everything the detail pane shows about one event, as plain values.
struct EventDetail
{
    struct Body
    {
        qint64 conflictId = 0; // 0: the event's own (first) body
        QDateTime at;
        QString contentType;
        QString fingerprint;
        qint64 bytes = 0;
        QByteArray head; // at most BodyDecoder::kDisplayLimit bytes
    };
    struct JournalEntry
    {
        qint64 id = 0;
        QDateTime at;
        QString entry, actor, detail;
        bool byPerson = false;
        bool isDelivery() const; // received, duplicate, conflict, rearmed
    };
    struct Action
    {
        qint64 id = 0;
        QString kind, operationKey, state, result;
        int begun = 0;
        QDateTime startedAt, finishedAt;
    };
    // One HTTP request inbox-dispatcher made to hand the event to a destination (0025).
    struct HandlerAttempt
    {
        qint64 id = 0;
        QDateTime at;
        QString destination, outcome, applied, answer, error;
        int attempt = 0;
        int httpStatus = 0; // 0: no answer (timeout, refused, reset)
        int durationMs = 0;
    };
    struct Lead
    {
        qint64 id = 0;
        qint64 eventId = 0;
        QString source, externalId, name, phoneRaw, phoneNorm, emailRaw, emailNorm, channel,
            summary, dealRef;
        bool dealOpen = false;
        qint64 mergedInto = 0;
        QDateTime createdAt;
    };
    struct Candidate
    {
        qint64 id = 0;
        QString status, decidedBy, note;
        QStringList reasons;
        double score = 0;
        bool weak = false;
        bool thisIsNewer = false; // this event's lead is lead_id (the newer one)
        QDateTime createdAt, decidedAt;
        Lead other;
    };

    // The summary prune kept of an event it removed (inbox.kept_keys, 0033).
    struct Kept
    {
        bool found = false;
        QString source, externalId, idempotencyKey, fingerprint, kind, status;
        QDateTime receivedAt, doneAt, lastDeliveryAt, prunedAt;
        int deliveries = 0; // every delivery, the repeats after the prune included
    };

    qint64 id = 0;
    bool found = false;
    QVariantMap event; // every column but the body, by name
    Body body;
    QVector<Body> conflictBodies;
    QVector<JournalEntry> journal;
    bool journalTruncated = false; // more than kJournalLimit entries
    QVector<Action> actions;
    QVector<HandlerAttempt> handlerAttempts;
    bool hasLead = false;
    Lead lead;
    QVector<Candidate> candidates;
    Kept kept; // loaded by loadKept(): the event is gone, its key is kept
    // The 'pruned_repeat' entries (deliveries after the prune) are in `journal` too; more than
    // kJournalLimit of them: the oldest left out.
    bool repeatsTruncated = false;

    // No event, but the key prune kept of it: a summary, no body, no actions.
    bool isKept() const { return !found && kept.found; }

    QString source() const { return event.value(QStringLiteral("source")).toString(); }
    QString externalId() const { return event.value(QStringLiteral("external_id")).toString(); }
    QString idempotencyKey() const
    {
        return event.value(QStringLiteral("idempotency_key")).toString();
    }
    QString status() const { return event.value(QStringLiteral("status")).toString(); }
};

// Loads one event's detail over its own channel: the row, the first body's head, the bodies
// of conflicting deliveries, the journal timeline, outgoing actions, the lead and its
// duplicate candidates, and the dispatcher's requests to the team's handler, in one batch.
// Selecting another event supersedes (and cancels) the load before. A whole body is read only when
// asked for (saving it).
class EventDetailLoader final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kJournalLimit = 1000;

    explicit EventDetailLoader(ConsoleContext *context, QObject *parent = nullptr);

    void load(qint64 eventId);
    // A key prune kept (a journal row with JournalRow::isKept): what load() reads by the id it
    // had (the journal entries and the lead that still name it), the kept summary by its key,
    // and the 'pruned_repeat' entries that name it.
    void loadKept(qint64 eventId, const QString &source, const QString &externalId);
    void reload();
    void clear();
    qint64 eventId() const { return m_eventId; }
    // Reads the whole body of the event (conflictId 0) or of a conflicting delivery.
    void fetchWholeBody(qint64 eventId, qint64 conflictId);

    // The SQL of the batch, for the benchmark and the tests (a kept key's: with its key).
    static QVector<struct Query> queries(qint64 eventId);
    static QVector<struct Query> keptQueries(qint64 eventId, const QString &source,
                                             const QString &externalId);
    static EventDetail parse(qint64 eventId, const QueryReply &reply);

signals:
    void loaded(const inbox::EventDetail &detail);
    void failed(const inbox::DbError &error);
    void wholeBodyFetched(qint64 eventId, qint64 conflictId, const QByteArray &bytes);
    void wholeBodyFailed(const inbox::DbError &error);
    void busyChanged(bool busy);

private:
    void onReply(const QueryReply &reply);
    void onBodyReply(const QueryReply &reply);

    ConsoleContext *m_context;
    QueryChannel *m_channel;
    QueryChannel *m_bodies;
    QVector<struct Query> batch() const; // of the event or key loaded
    qint64 m_eventId = 0;
    QString m_keptSource, m_keptExternalId; // set: a kept key is loaded
    quint64 m_ticket = 0;
    quint64 m_bodyTicket = 0;
    qint64 m_bodyEvent = 0, m_bodyConflict = 0;
    bool m_retried = false;
};

} // namespace inbox

Q_DECLARE_METATYPE(inbox::EventDetail)
