#include "pastevent.h"

#include "copyrow.h"
#include "fakecrm.h"
#include "pastformat.h"
#include "rng.h"

#include <QStringList>

#include <algorithm>

namespace inbox::sim {

namespace {

const char *const kSources[] = {"web_form", "telegram",   "email",     "ozon", "wb",
                                "payments", "crm_events", "crm_forms", "pbx"};
const double kCum[] = {0, 10, 70, 370, 2170, 9370, 30970}; // seconds after the first claim
const double kDelay[] = {10, 60, 300, 1800, 7200, 21600};  // retry after attempt n

} // namespace

PastEvent::PastEvent(const PastConfig &config, qint64 g, qint64 receivedAt, Rng &rng)
    : m_config(config), m_rng(rng), m_g(g), m_id(config.firstEventId + g), m_u(config.idBase + g),
      m_t0(receivedAt), m_age(config.now - double(receivedAt) / double(kSecond))
{}

void PastEvent::drawSource(const QVector<double> &sourceCuts)
{
    const double rs = m_rng.uniform();
    while (m_si < 8 && rs >= sourceCuts.at(m_si))
        ++m_si;
    m_src = QString::fromLatin1(kSources[m_si]);
    m_sid = sources().at(m_si).id;
    m_rStory = m_rng.uniform();
    m_rPerson = m_rng.uniform();
    m_rVar = m_rng.uniform();
    m_rMisc = m_rng.uniform();
    m_rRep = m_rng.uniform();
    m_rJit = m_rng.uniform();
    m_rE = m_rng.uniform();
    m_rE2 = m_rng.uniform();
    m_orders = m_sid == SourceId::Ozon || m_sid == SourceId::Wb;
    m_forms = m_sid == SourceId::WebForm || m_sid == SourceId::CrmForms;
}

void PastEvent::tellStory()
{
    const double r = m_rStory, age = m_age;
    if (age < 60)
        m_story = Due;
    else if (r < 0.012 && age >= 300 && age <= 7200)
        m_story = Waiting;
    else if (r >= 0.012 && r < 0.016 && age >= 600 && age <= 7200)
        m_story = Stuck;
    else if (r >= 0.016 && r < 0.018 && age > 14400)
        m_story = Exhausted;
    else if (r >= 0.018 && r < 0.058)
        m_story = Retried;
    else if ((r >= 0.9 && r < 0.912 && m_orders) || (r >= 0.9 && r < 0.908 && m_forms))
        m_story = age > 86400 && m_rMisc < 0.4 ? InvalidRequeued : Invalid;
    const Source &source = sources().at(m_si);
    m_leadSource = source.leads;
    m_act = source.action ? QString::fromLatin1(source.action) : QString();
}

// Who wrote it: fresh, the same person minutes ago on another channel, a customer returning
// weeks later, an office line, a placeholder, a phone no CRM accepts.
void PastEvent::choosePerson()
{
    if (!m_leadSource)
        return;
    static const QStringList badPhones = {QStringLiteral("916-12"), QStringLiteral("123"),
                                          QStringLiteral("+7 9"), QStringLiteral("45-67")};
    const auto fresh = [this](qint64 x) {
        return ((m_config.personSeed + 7919 * x) % 1000000000 + 1000000000) % 1000000000;
    };
    const double perDay = double(m_config.events) / m_config.days;
    const qint64 g = m_g;
    if (invalid()) {
        m_person = People::person(fresh(g));
        m_person.phone = badPhones.at(int(m_rVar * 4));
        m_person.badPhone = true;
    } else if (m_sid == SourceId::Pbx || m_rPerson >= 0.125) {
        m_person = People::person(fresh(g));
    } else if (m_rPerson < 0.05) {
        m_person = People::person(fresh(g - 1 - qint64(m_rVar * 30)));
    } else if (m_rPerson < 0.08) {
        m_person = People::person(fresh(g - qint64(perDay * (7 + m_rVar * 14))));
    } else if (m_rPerson < 0.11 && m_sid != SourceId::Telegram) {
        m_person =
            People::officeMember(int(m_rVar * double(m_config.offices)), int(m_rMisc * 6), m_rng);
    } else if (m_sid != SourceId::Email) {
        m_person = People::placeholder(m_rng);
    } else {
        m_person = People::person(fresh(g));
    }
}

// The body, by the live senders' own generators.
void PastEvent::composeBody()
{
    m_at0 = QDateTime::fromMSecsSinceEpoch(m_t0 / 1000, Qt::UTC);
    m_unknownOffer = m_orders && invalid();
    const Person &person = m_person;
    const QDateTime &at0 = m_at0;
    Rng &rng = m_rng;
    const qint64 u = m_u;
    const double rE = m_rE;
    Message &m = m_message;
    switch (m_sid) {
    case SourceId::WebForm:
        m = bodies::webForm(person, rng.uuid(), at0.addSecs(-20 - qint64(m_rJit * 580)), at0, rng);
        break;
    case SourceId::Telegram:
        m = bodies::telegram(person, u, at0, rng);
        break;
    case SourceId::Email:
        m = bodies::email(person, u, at0.addSecs(-5 - qint64(rE * 115)), rng);
        break;
    case SourceId::Ozon:
        m = bodies::ozon(u, at0.addSecs(-qint64(rE * 540)), rng, m_unknownOffer);
        break;
    case SourceId::Wb:
        m = bodies::wb(u, at0.addSecs(-qint64(rE * 540)), rng, m_unknownOffer);
        break;
    case SourceId::Payments:
        m = bodies::payment(rng.uuid(), QStringLiteral("payment.succeeded"), u, at0, rng);
        break;
    case SourceId::CrmEvents:
        m = bodies::crmEvent(u, at0, rng);
        break;
    case SourceId::CrmForms:
        m = bodies::crmForm(bodies::crmFormFields(person, u, at0, rng), at0, rng);
        break;
    case SourceId::Pbx:
        m = bodies::pbx(person, at0.addSecs(-qint64(rE * 20)), rng);
        break;
    }
    m_key = m_src + QLatin1Char(':') +
            sha256Hex((m_src + QLatin1Char('\x1f') + m.externalId).toUtf8()).left(32);
    m_fp = m.fingerprint.isEmpty() ? sha256Hex(m.body) : m.fingerprint;
}

qint64 PastEvent::claimAt(int k) const
{
    return m_t0 + micros(m_lag + kCum[k - 1] * m_jit);
}

// Timeline (microseconds).
void PastEvent::planTimeline()
{
    m_lag = 0.3 + m_rMisc * 2.5;
    m_jit = 0.8 + m_rJit * 0.4;
    m_fails = m_story == Waiting                  ? 3
              : (invalid() || m_story == Retried) ? 1
              : m_story == Exhausted              ? 6
                                                  : 0;
    m_finalFail = invalid() || m_story == Exhausted;
    m_requeued = m_story == InvalidRequeued;
    m_success = m_story == Done || m_story == Retried || m_story == InvalidRequeued;
    m_failAt = m_finalFail ? claimAt(m_fails) + micros(0.45) : 0;
    m_rq = m_requeued ? m_failAt + qint64(2 + int(m_rE * 18)) * 3600 * kSecond : 0;
    m_tSucc = !m_success ? 0 : m_requeued ? m_rq + 2 * kSecond : claimAt(m_fails + 1);
    m_doneAt = m_success ? m_tSucc + micros(0.5) : 0;
    m_attSucc = m_requeued ? 1 : m_fails + 1;
    m_hasAction = !m_act.isEmpty() && m_story != Due && m_story != Stuck;
    m_begun = m_fails + (m_success ? 1 : 0);
    m_worker = QStringLiteral("worker-%1").arg(1 + m_g % 4);
}

// Repeats: a few percent, more from the pollers, ten times more on the slow afternoon.
void PastEvent::planRepeats()
{
    const SourceId sid = m_sid;
    const double base = m_orders                                                 ? 0.06
                        : sid == SourceId::Telegram || sid == SourceId::CrmForms ? 0.04
                        : sid == SourceId::Payments                              ? 0.05
                        : sid == SourceId::Email || sid == SourceId::CrmEvents   ? 0.02
                                                                                 : 0.03;
    const double t0s = double(m_t0) / double(kSecond);
    const double rate = base * (t0s >= m_config.incidentFrom && t0s < m_config.incidentTo ? 10 : 1);
    m_repGap = m_orders ? 600.0 : sid == SourceId::Email ? 300.0 : 5 + m_rMisc * 55;
    if (m_story != Due) {
        m_repeats = (m_rRep < rate ? 1 : 0) + (m_rRep < rate / 3 ? 1 : 0) +
                    (m_orders && m_rRep < rate / 6 ? 1 : 0);
        m_repeats = int(std::min<qint64>(m_repeats, qint64(m_age / (m_repGap * m_jit))));
    }
    m_conflict = sid == SourceId::CrmEvents && m_rE2 < 0.015 && m_age > 900;
    m_deliveries = 1 + m_repeats + (m_conflict ? 1 : 0);
    m_lastAt = m_t0 + micros(m_repeats * m_repGap * m_jit);
    if (m_conflict)
        m_lastAt = std::max(m_lastAt, m_t0 + micros(300 * m_jit));
}

// What the worker read out of the body (the same parser), for the lead and errors.
void PastEvent::readBody()
{
    if (m_leadSource || m_unknownOffer)
        m_x = extract(m_src, m_message.contentType, m_message.body);
    if (invalid()) {
        QString unknown;
        for (const QString &o : m_x.offers) {
            if (!Catalog::knows(o) && unknown.isEmpty())
                unknown = o;
        }
        m_err = m_orders ? QStringLiteral("CRM API: 422 unknown article %1").arg(unknown)
                         : QStringLiteral("CRM API: 422 phone '%1' is not a phone number")
                               .arg(m_x.phone.trimmed());
    } else if (m_act.isEmpty()) {
        m_err = QStringLiteral("sync: CRM API timeout");
    } else {
        m_err = QStringLiteral("CRM API: 503 Service Unavailable");
    }
}

void PastEvent::takeIds(Past &past)
{
    m_actionId = m_hasAction ? past.nextAction.fetch_add(1) : 0;
    m_leadId = m_leadSource && m_success ? past.nextLead.fetch_add(1) : 0;
    m_conflictId = m_conflict ? past.nextConflict.fetch_add(1) : 0;
    const SourceId sid = m_sid;
    m_entity = m_hasAction && m_success
                   ? (sid == SourceId::Ozon || sid == SourceId::Wb ? QStringLiteral("O-h")
                      : sid == SourceId::Payments                  ? QStringLiteral("P-h")
                                                                   : QStringLiteral("D-h")) +
                         QString::number(m_u)
                   : QString();
    m_leadPhone = m_x.phone.isEmpty() ? QString() : m_x.phone;
    m_leadEmail = m_x.email.isEmpty() ? QString() : m_x.email;
    m_phoneNorm = normalizePhone(m_leadPhone);
    m_emailNorm = normalizeEmail(m_leadEmail);
    m_review = m_leadId > 0 && m_rE2 >= 0.992;
    m_status = m_story == Due || m_story == Waiting         ? "received"
               : m_story == Stuck                           ? "processing"
               : m_story == Invalid || m_story == Exhausted ? "failed"
                                                            : "done";
}

QByteArray PastEvent::resultJson() const
{
    QByteArray result = "{";
    if (!m_entity.isEmpty())
        result += "\"entity_id\": " + jsonString(m_entity) + ", ";
    if (m_leadId > 0) {
        result += "\"lead_id\": " + QByteArray::number(m_leadId) + ", ";
        if (m_review) {
            result += "\"needs_review\": \"" + QByteArray(kEnrichmentFailed) + "\", ";
        } else {
            const QString region = m_phoneNorm.startsWith(QStringLiteral("7495"))
                                       ? QStringLiteral("Москва")
                                       : QStringLiteral("Россия, мобильный");
            result +=
                "\"enrichment\": " +
                jsonString(m_emailNorm.isEmpty() ? region
                                                 : region + QStringLiteral(", ") +
                                                       m_emailNorm.section(QLatin1Char('@'), 1)) +
                ", ";
        }
    }
    if (result.endsWith(", "))
        result.chop(2);
    result += '}';
    return result;
}

// The event row.
void PastEvent::writeEvent(PastChunk &c) const
{
    const int attempts = m_story == Due         ? 0
                         : m_story == Waiting   ? 3
                         : m_story == Exhausted ? 6
                         : m_story == Retried   ? 2
                                                : 1;
    qint64 nextAt = m_t0;
    if (m_story == Waiting)
        nextAt =
            std::max(m_t0 + micros(m_lag + 370 * m_jit), micros(m_config.now + 30 + m_rE * 1700));
    else if (m_story == Retried)
        nextAt = claimAt(2);
    else if (m_story == Exhausted)
        nextAt = m_t0 + micros(m_lag + 9370 * m_jit);
    else if (m_requeued)
        nextAt = m_rq;
    const Message &m = m_message;
    CopyRow r(c.events, 23);
    r.i8(m_id)
        .text(m_src)
        .text(m.externalId)
        .text(m_key)
        .text(m.kind)
        .text(m_status)
        .i4(attempts)
        .i4(6);
    // A retried event that succeeded carries no error: complete clears it (0024).
    if (m_story == Waiting || m_story == Exhausted || m_story == Invalid)
        r.text(m_err).boolean(m_story != Invalid);
    else
        r.null().null();
    r.ts(m.occurredAt.toMSecsSinceEpoch() * 1000).ts(m_t0).i4(m_deliveries).ts(m_lastAt).ts(nextAt);
    if (m_story == Stuck)
        r.text(m_worker).ts(m_t0 + micros(m_lag));
    else
        r.null().null();
    if (m_success)
        r.ts(m_doneAt).jsonb(resultJson());
    else
        r.null().null();
    if (m_conflict)
        r.text("key conflict");
    else if (m_review && m_success)
        r.text(kEnrichmentFailed);
    else
        r.null();
    r.bytea(m.body).text(m.contentType).text(m_fp);
    ++c.nEvents;
}

namespace {

// Decimal digits of a non-negative number, appended.
void appendNumber(QByteArray &out, qint64 v)
{
    char b[24];
    char *p = b + sizeof b;
    do {
        *--p = char('0' + v % 10);
        v /= 10;
    } while (v > 0);
    out.append(p, qsizetype(b + sizeof b - p));
}

} // namespace

// Its journal, in order: the rows' details written straight into the COPY buffer (no entry
// list, no detail built by concatenation first).
void PastEvent::writeJournal(Past &past, PastChunk &c)
{
    const Story story = m_story;
    const int actionRows = m_hasAction ? 2 : 0;
    // The rows below, counted first: their ids are taken in one block.
    qint64 rows = 1 + qint64(m_fails) * (2 + actionRows) + (m_requeued ? 1 : 0) +
                  (story == Stuck ? 1 : 0) + m_repeats + (m_conflict ? 1 : 0);
    if (m_success)
        rows += 2 + actionRows + (m_leadId > 0 ? 1 : 0) + (m_review ? 1 : 0);
    qint64 journalId = past.nextJournal.fetch_add(rows);
    const qint64 firstId = journalId;
    QByteArray &out = c.journal;
    const QByteArray worker = m_worker.toUtf8();
    const QByteArray receiver = QByteArrayLiteral("receiver");
    const QByteArray integration = QByteArrayLiteral("integration");
    qsizetype detailAt = 0;
    // A row up to its detail, whose length is filled in by `end`.
    const auto begin = [&](qint64 at, const char *entry, const QByteArray &actor) {
        CopyRow r(out, 7);
        r.i8(journalId++).i8(m_id).ts(at).text(entry).text(actor);
        detailAt = r.beginJsonb();
    };
    const auto end = [&](bool byPerson) {
        CopyRow::endJsonb(out, detailAt);
        CopyRow::appendBoolean(out, byPerson);
    };
    const QByteArray kind = jsonString(m_act);
    const QByteArray opKey = jsonString(m_act + QLatin1Char(':') + m_key);
    const QByteArray err = jsonString(m_err);
    const auto actionRow = [&](qint64 at, const char *entry, int begunNow) {
        begin(at, entry, integration);
        out += "{\"action_id\": ";
        appendNumber(out, m_actionId);
        out += ", \"kind\": ";
        out += kind;
        out += ", \"operation_key\": ";
        out += opKey;
        out += ", \"begun\": ";
        appendNumber(out, begunNow);
        out += '}';
        end(false);
    };
    const auto attemptRow = [&](qint64 at, const char *entry, int attempt) {
        begin(at, entry, worker);
        out += "{\"attempt\": ";
        appendNumber(out, attempt);
        out += '}';
        end(false);
    };
    begin(m_t0, "received", receiver);
    out += "{\"bytes\": ";
    appendNumber(out, m_message.body.size());
    out += ", \"fingerprint\": \"";
    out += m_fp.toLatin1();
    out += "\"}";
    end(false);
    for (int k = 1; k <= m_fails; ++k) {
        const qint64 at = claimAt(k);
        attemptRow(at, "claimed", k);
        if (m_hasAction) {
            actionRow(at + micros(0.05), "action_started", k);
            actionRow(at + micros(0.4), "action_failed", k);
        }
        const bool final = k == m_fails && m_finalFail;
        begin(at + micros(0.45), final ? "failed" : "retry_scheduled", worker);
        out += "{\"attempt\": ";
        appendNumber(out, k);
        out += ", \"error\": ";
        out += err;
        if (final) {
            out += ", \"retryable\": ";
            out += story == Exhausted ? "true" : "false";
            out += ", \"reason\": \"";
            out += story == Exhausted ? "out_of_attempts" : "not_retryable";
            out += "\"}";
        } else {
            out += ", \"delay_seconds\": ";
            out += QByteArray::number(kDelay[k - 1] * m_jit, 'f', 1);
            out += '}';
        }
        end(false);
    }
    if (m_requeued) {
        begin(m_rq, "requeued", QByteArrayLiteral("anna.operator"));
        out += "{\"reason\": \"исправили данные в CRM, повторить\", \"batch\": \"";
        out += m_rng.uuid().toLatin1();
        out += "\", \"previous_status\": \"failed\", \"previous_error\": ";
        out += err;
        out += ", \"previous_attempts\": ";
        appendNumber(out, m_fails);
        out += ", \"previous_locked_by\": null}";
        end(true);
    }
    if (m_success) {
        attemptRow(m_tSucc, "claimed", m_attSucc);
        if (m_hasAction) {
            actionRow(m_tSucc + micros(0.05), "action_started", m_begun);
            actionRow(m_tSucc + micros(0.35), "action_done", m_begun);
        }
        if (m_leadId > 0) {
            begin(m_tSucc + micros(0.4), "lead_recorded", integration);
            out += "{\"lead_id\": ";
            appendNumber(out, m_leadId);
            out += ", \"has_phone\": ";
            out += m_phoneNorm.isEmpty() ? "false" : "true";
            out += ", \"has_email\": ";
            out += m_emailNorm.isEmpty() ? "false" : "true";
            out += ", \"deal_ref\": ";
            out += m_entity.isEmpty() ? QByteArray("null") : jsonString(m_entity);
            out += '}';
            end(false);
        }
        if (m_review) { // the worker flags the lead for a person before it completes
            begin(m_doneAt, "review_flagged", worker);
            out += "{\"reason\": \"";
            out += kEnrichmentFailed;
            out += "\"}";
            end(false);
        }
        attemptRow(m_doneAt, "done", m_attSucc);
    }
    if (story == Stuck)
        attemptRow(m_t0 + micros(m_lag), "claimed", 1);
    for (int k = 1; k <= m_repeats; ++k) {
        begin(m_t0 + micros(k * m_repGap * m_jit), "duplicate", receiver);
        out += "{\"delivery\": ";
        appendNumber(out, k + 1);
        out += ", \"status\": \"";
        out += story == Due || story == Waiting ? "received" : "done";
        out += "\"}";
        end(false);
    }
    if (m_conflict) {
        m_other = bodies::crmEvent(m_u, m_at0.addSecs(300), m_rng);
        m_fp2 = sha256Hex(m_other.body);
        begin(m_t0 + micros(300 * m_jit), "conflict", receiver);
        out += "{\"delivery\": ";
        appendNumber(out, m_deliveries);
        out += ", \"fingerprint\": \"";
        out += m_fp2.toLatin1();
        out += "\", \"stored_fingerprint\": \"";
        out += m_fp.toLatin1();
        out += "\", \"conflict_body_id\": ";
        appendNumber(out, m_conflictId);
        out += ", \"bytes\": ";
        appendNumber(out, m_other.body.size());
        out += '}';
        end(false);
    }
    Q_ASSERT(journalId == firstId + rows);
    Q_UNUSED(firstId)
    c.nJournal += rows;
}

void PastEvent::writeAction(PastChunk &c) const
{
    if (!m_hasAction)
        return;
    const qint64 at = m_success ? m_tSucc : claimAt(m_fails);
    CopyRow r(c.actions, 9);
    r.i8(m_actionId)
        .i8(m_id)
        .text(m_act)
        .text(m_act + QLatin1Char(':') + m_key)
        .text(m_success ? "done" : "failed");
    r.jsonb(m_success ? "{\"entity_id\": " + jsonString(m_entity) + "}"
                      : "{\"error\": " + jsonString(m_err) + "}");
    r.i4(m_begun).ts(at + micros(0.05)).ts(at + micros(0.35));
    ++c.nActions;
}

// As record_lead stores it: name trimmed or NULL, raw contacts as given, normalised ones
// beside them, the deal open when there is one.
void PastEvent::writeLead(PastChunk &c) const
{
    if (m_leadId <= 0)
        return;
    CopyRow r(c.leads, 14);
    const QString name = m_x.name.trimmed();
    r.i8(m_leadId).i8(m_id).text(m_src).text(m_message.externalId).ts(m_tSucc + micros(0.4));
    r.text(name.isEmpty() ? QString() : name)
        .text(m_leadPhone)
        .text(m_phoneNorm.isEmpty() ? QString() : m_phoneNorm);
    r.text(m_leadEmail).text(m_emailNorm.isEmpty() ? QString() : m_emailNorm).text(m_src);
    r.text(m_x.summary.isEmpty() ? QString() : m_x.summary);
    if (m_entity.isEmpty())
        r.null().boolean(false);
    else
        r.text(m_entity).boolean(true);
    ++c.nLeads;
}

void PastEvent::writeConflict(PastChunk &c) const
{
    if (!m_conflict)
        return;
    CopyRow r(c.conflicts, 6);
    r.i8(m_conflictId)
        .i8(m_id)
        .ts(m_t0 + micros(300 * m_jit))
        .text(m_fp2)
        .text(m_other.contentType)
        .bytea(m_other.body);
    ++c.nConflicts;
}

// Counters, by the UTC day of each happening.
void PastEvent::count(PastChunk &c) const
{
    PastChunk::Daily &d = c.daily[QString::fromLatin1(dayText(m_t0) + '\t') + m_src];
    ++d.received;
    d.repeats += m_repeats;
    d.conflicts += m_conflict ? 1 : 0;
    if (m_success)
        ++c.daily[QString::fromLatin1(dayText(m_doneAt) + '\t') + m_src].done;
    if (m_finalFail)
        ++c.daily[QString::fromLatin1(dayText(m_failAt) + '\t') + m_src].failed;
    if (m_requeued)
        ++c.daily[QString::fromLatin1(dayText(m_rq) + '\t') + m_src].requeued;
    ++c.status[m_src + QLatin1Char('\t') + QLatin1String(m_status)];
}

} // namespace inbox::sim
