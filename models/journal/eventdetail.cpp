#include "journal/eventdetail.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "db/rowcolumns.h"
#include "journal/bodydecoder.h"
#include "support/logging.h"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace inbox {

bool EventDetail::JournalEntry::isDelivery() const
{
    return entry == QLatin1String("received") || entry == QLatin1String("duplicate") ||
           entry == QLatin1String("conflict") || entry == QLatin1String("rearmed") ||
           entry == QLatin1String("pruned_repeat");
}

namespace {

constexpr int kConflictLimit = 50;
constexpr int kActionLimit = 500;
constexpr int kCandidateLimit = 200;
constexpr int kHandlerAttemptLimit = 500;

const char *const kLeadColumns =
    "%1.id AS %2id, %1.event_id AS %2event_id, %1.source AS %2source, "
    "%1.external_id AS %2external_id, %1.created_at AS %2created_at, %1.name AS %2name, "
    "%1.phone_raw AS %2phone_raw, %1.phone_norm AS %2phone_norm, %1.email_raw AS %2email_raw, "
    "%1.email_norm AS %2email_norm, %1.channel AS %2channel, %1.summary AS %2summary, "
    "%1.deal_ref AS %2deal_ref, %1.deal_open AS %2deal_open, %1.merged_into AS %2merged_into";

QString leadColumns(const char *alias, const char *prefix)
{
    return QString::fromLatin1(kLeadColumns).arg(QLatin1String(alias), QLatin1String(prefix));
}

EventDetail::Lead readLead(const Rows &rows, int r, const QString &prefix)
{
    auto v = [&](const char *name) {
        return rows.rows.at(r).value(rows.column(prefix + QLatin1String(name)));
    };
    EventDetail::Lead l;
    l.id = v("id").toLongLong();
    l.eventId = v("event_id").toLongLong();
    l.source = v("source").toString();
    l.externalId = v("external_id").toString();
    l.createdAt = v("created_at").toDateTime();
    l.name = v("name").toString();
    l.phoneRaw = v("phone_raw").toString();
    l.phoneNorm = v("phone_norm").toString();
    l.emailRaw = v("email_raw").toString();
    l.emailNorm = v("email_norm").toString();
    l.channel = v("channel").toString();
    l.summary = v("summary").toString();
    l.dealRef = v("deal_ref").toString();
    l.dealOpen = v("deal_open").toBool();
    l.mergedInto = v("merged_into").toLongLong();
    return l;
}

// The kept summary (`row`) and the deliveries after the prune (`repeats`, newest first) into
// `d`; false when the key is not kept (or kept for another event).
bool parseKept(EventDetail *d, const Rows &row, const Rows &repeats)
{
    if (row.rows.isEmpty())
        return false;
    EventDetail::Kept &k = d->kept;
    k.found = true;
    readColumns(row.rows.first(), k.source, k.externalId, k.fingerprint, k.kind, k.status,
                k.receivedAt, k.doneAt, k.deliveries, k.lastDeliveryAt, k.prunedAt,
                k.idempotencyKey);
    // The names the pane and the copy buttons read an event by.
    d->event.insert(QStringLiteral("source"), k.source);
    d->event.insert(QStringLiteral("external_id"), k.externalId);
    d->event.insert(QStringLiteral("idempotency_key"), k.idempotencyKey);
    int n = 0;
    for (const QVariantList &r : repeats.rows) {
        if (++n > EventDetailLoader::kJournalLimit) {
            d->repeatsTruncated = true;
            break;
        }
        EventDetail::JournalEntry e;
        readColumns(r, e.id, e.at, e.entry, e.actor, e.detail, e.byPerson);
        d->journal << e;
    }
    return true;
}

} // namespace

EventDetailLoader::EventDetailLoader(ConsoleContext *context, QObject *parent)
    : QObject(parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("detail"), this)),
      m_bodies(new QueryChannel(QStringLiteral("body"), this))
{
    qRegisterMetaType<inbox::EventDetail>();
    connect(m_channel, &QueryChannel::replied, this, &EventDetailLoader::onReply);
    connect(m_channel, &QueryChannel::busyChanged, this, &EventDetailLoader::busyChanged);
    connect(m_bodies, &QueryChannel::replied, this, &EventDetailLoader::onBodyReply);
    auto point = [this] {
        m_channel->setConnectOptions(m_context->readOptions());
        m_bodies->setConnectOptions(m_context->readOptions());
    };
    connect(m_context, &ConsoleContext::connected, this, [this, point] {
        point();
        reload();
    });
    connect(m_context, &ConsoleContext::reread, this, &EventDetailLoader::reload);
    if (m_context->isConnected())
        point();
}

QVector<Query> EventDetailLoader::queries(qint64 eventId)
{
    const QVariant id = eventId;
    const QVariant head = BodyDecoder::kDisplayLimit;
    QVector<Query> q;
    q << Query{QStringLiteral(
                   "SELECT e.id, e.source, e.external_id, e.idempotency_key, e.kind, e.status, "
                   "e.attempts, e.max_attempts, e.last_error, e.error_retryable, e.occurred_at, "
                   "e.received_at, e.deliveries, e.last_delivery_at, e.next_attempt_at, "
                   "e.locked_by, e.locked_at, e.done_at, e.result::text AS result, "
                   "e.needs_review, e.content_type, e.fingerprint, "
                   "octet_length(e.body) AS body_bytes, "
                   "substring(e.body FROM 1 FOR $2::int4) AS body_head "
                   "FROM inbox.events e WHERE e.id = $1::int8"),
               {id, head}};
    q << Query{QStringLiteral("SELECT c.id, c.at, c.fingerprint, c.content_type, "
                              "octet_length(c.body) AS bytes, "
                              "substring(c.body FROM 1 FOR $2::int4) AS head "
                              "FROM inbox.conflict_bodies c WHERE c.event_id = $1::int8 "
                              "ORDER BY c.id LIMIT %1")
                   .arg(kConflictLimit),
               {id, head}};
    // The first entry (how it came) and the latest ones (where it is now); one more than
    // shown tells whether something in between is left out.
    q << Query{QStringLiteral("(SELECT j.id, j.at, j.entry, j.actor, j.detail::text AS detail, "
                              "j.by_person, 1 AS part FROM inbox.journal j "
                              "WHERE j.event_id = $1::int8 ORDER BY j.id LIMIT 1) UNION ALL "
                              "(SELECT j.id, j.at, j.entry, j.actor, j.detail::text, j.by_person, "
                              "2 FROM inbox.journal j WHERE j.event_id = $1::int8 "
                              "ORDER BY j.id DESC LIMIT %1)")
                   .arg(kJournalLimit + 1),
               {id}};
    q << Query{QStringLiteral("SELECT a.id, a.kind, a.operation_key, a.state, "
                              "a.result::text AS result, a.begun, a.started_at, a.finished_at "
                              "FROM inbox.actions a WHERE a.event_id = $1::int8 "
                              "ORDER BY a.id LIMIT %1")
                   .arg(kActionLimit),
               {id}};
    q << Query{QStringLiteral("SELECT ") + leadColumns("l", "") +
                   QStringLiteral(" FROM inbox.leads l WHERE l.event_id = $1::int8"),
               {id}};
    q << Query{
        QStringLiteral("SELECT c.id AS c_id, c.status AS c_status, "
                       "c.decided_by AS c_decided_by, c.note AS c_note, "
                       "array_to_string(c.reasons, ',') AS c_reasons, c.score AS c_score, "
                       "c.weak AS c_weak, c.created_at AS c_created_at, "
                       "c.decided_at AS c_decided_at, (c.lead_id = me.id) AS c_newer, ") +
            leadColumns("o", "o_") +
            QStringLiteral(" FROM inbox.leads me JOIN inbox.duplicate_candidates c "
                           "ON c.lead_id = me.id OR c.match_lead_id = me.id "
                           "JOIN inbox.leads o ON o.id = CASE WHEN c.lead_id = me.id "
                           "THEN c.match_lead_id ELSE c.lead_id END "
                           "WHERE me.event_id = $1::int8 ORDER BY c.created_at, c.id LIMIT %1")
                .arg(kCandidateLimit),
        {id}};
    // The newest attempts when there are more than shown, listed oldest first.
    q << Query{QStringLiteral("SELECT * FROM (SELECT d.id, d.at, d.destination, d.attempt, "
                              "d.http_status, d.duration_ms, d.outcome, d.applied, d.answer, "
                              "d.error FROM inbox.delivery_attempts d "
                              "WHERE d.event_id = $1::int8 ORDER BY d.id DESC LIMIT %1) x "
                              "ORDER BY x.id")
                   .arg(kHandlerAttemptLimit),
               {id}};
    return q;
}

QVector<Query> EventDetailLoader::keptQueries(qint64 eventId, const QString &source,
                                              const QString &externalId)
{
    QVector<Query> q = queries(eventId);
    // By the key (kept_keys' primary key); the id too, so that a key kept again after its
    // summary was somehow replaced never shows another event's summary.
    q << Query{QStringLiteral(
                   "SELECT k.source, k.external_id, k.fingerprint, k.kind, k.status, "
                   "k.received_at, k.done_at, k.deliveries, k.last_delivery_at, k.pruned_at, "
                   "k.source || ':' || left(encode(sha256(convert_to(k.source || E'\\x1f' || "
                   "k.external_id, 'UTF8')), 'hex'), 32) AS idempotency_key "
                   "FROM inbox.kept_keys k WHERE k.source = $1::text AND k.external_id = $2::text "
                   "AND k.event_id = $3::int8"),
               {source, externalId, eventId}};
    // The deliveries after the prune (event_id NULL: the key is in the detail). The newest
    // ones when there are more than shown. No index names them: the entries without an event
    // are walked (journal_event_idx, event_id IS NULL), newest first, until enough are found.
    q << Query{QStringLiteral("SELECT j.id, j.at, j.entry, j.actor, j.detail::text AS detail, "
                              "j.by_person FROM inbox.journal j "
                              "WHERE j.event_id IS NULL AND j.entry = 'pruned_repeat' "
                              "AND j.detail ->> 'pruned_event_id' = $1::int8::text "
                              "ORDER BY j.id DESC LIMIT %1")
                   .arg(kJournalLimit + 1),
               {eventId}};
    return q;
}

EventDetail EventDetailLoader::parse(qint64 eventId, const QueryReply &reply)
{
    EventDetail d;
    d.id = eventId;
    if (reply.results.size() < 7)
        return d;
    const Rows &ev = reply.results.at(0);
    if (ev.rows.isEmpty()) {
        if (reply.results.size() < 9 || !parseKept(&d, reply.results.at(7), reply.results.at(8)))
            return d;
    } else {
        d.found = true;
        for (int c = 0; c < ev.columns.size(); ++c) {
            const QString &name = ev.columns.at(c);
            if (name != QLatin1String("body_head"))
                d.event.insert(name, ev.rows.first().at(c));
        }
        d.body.contentType = d.event.value(QStringLiteral("content_type")).toString();
        d.body.fingerprint = d.event.value(QStringLiteral("fingerprint")).toString();
        d.body.at = d.event.value(QStringLiteral("received_at")).toDateTime();
        d.body.bytes = d.event.value(QStringLiteral("body_bytes")).toLongLong();
        d.body.head = ev.rows.first().value(ev.column(QStringLiteral("body_head"))).toByteArray();
    }

    const Rows &cb = reply.results.at(1);
    for (const QVariantList &r : cb.rows) {
        EventDetail::Body b;
        b.conflictId = r.value(cb.column(QStringLiteral("id"))).toLongLong();
        b.at = r.value(cb.column(QStringLiteral("at"))).toDateTime();
        b.fingerprint = r.value(cb.column(QStringLiteral("fingerprint"))).toString();
        b.contentType = r.value(cb.column(QStringLiteral("content_type"))).toString();
        b.bytes = r.value(cb.column(QStringLiteral("bytes"))).toLongLong();
        b.head = r.value(cb.column(QStringLiteral("head"))).toByteArray();
        d.conflictBodies << b;
    }

    const Rows &j = reply.results.at(2);
    qint64 firstId = 0;
    int latest = 0;
    bool firstAmongLatest = false;
    for (const QVariantList &r : j.rows) {
        if (r.value(6).toInt() == 1)
            firstId = r.value(0).toLongLong();
    }
    for (const QVariantList &r : j.rows) {
        EventDetail::JournalEntry e;
        readColumns(r, e.id, e.at, e.entry, e.actor, e.detail, e.byPerson);
        if (r.value(6).toInt() == 2) {
            if (e.id == firstId) {
                firstAmongLatest = true;
                continue;
            }
            if (++latest > kJournalLimit)
                continue; // the extra one only says that more exist
        }
        d.journal << e;
    }
    std::sort(d.journal.begin(), d.journal.end(),
              [](const auto &a, const auto &b) { return a.id < b.id; });
    d.journalTruncated = latest > kJournalLimit && !firstAmongLatest;

    const Rows &a = reply.results.at(3);
    for (const QVariantList &r : a.rows) {
        EventDetail::Action x;
        readColumns(r, x.id, x.kind, x.operationKey, x.state, x.result, x.begun, x.startedAt,
                    x.finishedAt);
        d.actions << x;
    }

    const Rows &l = reply.results.at(4);
    if (!l.rows.isEmpty()) {
        d.hasLead = true;
        d.lead = readLead(l, 0, QString());
    }

    const Rows &c = reply.results.at(5);
    for (int r = 0; r < c.rows.size(); ++r) {
        auto v = [&](const char *name) {
            return c.rows.at(r).value(c.column(QLatin1String(name)));
        };
        EventDetail::Candidate x;
        x.id = v("c_id").toLongLong();
        x.status = v("c_status").toString();
        x.decidedBy = v("c_decided_by").toString();
        x.note = v("c_note").toString();
        x.reasons = v("c_reasons").toString().split(QLatin1Char(','), Qt::SkipEmptyParts);
        x.score = v("c_score").toDouble();
        x.weak = v("c_weak").toBool();
        x.createdAt = v("c_created_at").toDateTime();
        x.decidedAt = v("c_decided_at").toDateTime();
        x.thisIsNewer = v("c_newer").toBool();
        x.other = readLead(c, r, QStringLiteral("o_"));
        d.candidates << x;
    }

    const Rows &h = reply.results.at(6);
    for (const QVariantList &r : h.rows) {
        EventDetail::HandlerAttempt x;
        readColumns(r, x.id, x.at, x.destination, x.attempt, x.httpStatus, x.durationMs, x.outcome,
                    x.applied, x.answer, x.error);
        d.handlerAttempts << x;
    }
    return d;
}

void EventDetailLoader::load(qint64 eventId)
{
    m_eventId = eventId;
    m_keptSource.clear();
    m_keptExternalId.clear();
    m_retried = false;
    if (!m_context->isConnected() || eventId <= 0)
        return;
    m_ticket = m_channel->submit(batch());
}

void EventDetailLoader::loadKept(qint64 eventId, const QString &source, const QString &externalId)
{
    m_eventId = eventId;
    m_keptSource = source;
    m_keptExternalId = externalId;
    m_retried = false;
    if (!m_context->isConnected() || eventId <= 0)
        return;
    m_ticket = m_channel->submit(batch());
}

void EventDetailLoader::reload()
{
    if (!m_eventId)
        return;
    if (m_keptSource.isEmpty())
        load(m_eventId);
    else
        loadKept(m_eventId, m_keptSource, m_keptExternalId);
}

QVector<Query> EventDetailLoader::batch() const
{
    return m_keptSource.isEmpty() ? queries(m_eventId)
                                  : keptQueries(m_eventId, m_keptSource, m_keptExternalId);
}

void EventDetailLoader::clear()
{
    m_eventId = 0;
    m_keptSource.clear();
    m_keptExternalId.clear();
    m_ticket = 0;
    m_channel->cancel();
}

void EventDetailLoader::onReply(const QueryReply &reply)
{
    if (reply.ticket != m_ticket)
        return;
    if (!reply.ok()) {
        if (m_context->retryAfter(reply.error, &m_retried)) {
            m_ticket = m_channel->submit(batch());
            return;
        }
        emit failed(reply.error);
        return;
    }
    emit loaded(parse(m_eventId, reply));
}

void EventDetailLoader::fetchWholeBody(qint64 eventId, qint64 conflictId)
{
    m_bodyEvent = eventId;
    m_bodyConflict = conflictId;
    const Query q =
        conflictId
            ? Query{QStringLiteral("SELECT c.body FROM inbox.conflict_bodies c "
                                   "WHERE c.id = $1::int8 AND c.event_id = $2::int8"),
                    {conflictId, eventId}}
            : Query{QStringLiteral("SELECT e.body FROM inbox.events e WHERE e.id = $1::int8"),
                    {eventId}};
    m_bodyTicket = m_bodies->submit(q);
}

void EventDetailLoader::onBodyReply(const QueryReply &reply)
{
    if (reply.ticket != m_bodyTicket)
        return;
    if (!reply.ok()) {
        m_context->readFailed(reply.error);
        emit wholeBodyFailed(reply.error);
        return;
    }
    const Rows rows = reply.results.value(0);
    if (rows.rows.isEmpty()) {
        emit wholeBodyFailed(DbError::plain(tr("The event is no longer in the database.")));
        return;
    }
    emit wholeBodyFetched(m_bodyEvent, m_bodyConflict, rows.rows.first().value(0).toByteArray());
}

} // namespace inbox
