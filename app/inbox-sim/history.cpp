#include "history.h"

#include "bodies.h"
#include "extract.h"
#include "people.h"
#include "rng.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QRegularExpression>

#include <cmath>

namespace inbox::sim {

namespace {

constexpr qint64 kSecond = 1000000; // microseconds

qint64 micros(double seconds)
{
    return qint64(std::llround(seconds * double(kSecond)));
}

// Days since 1970-01-01 to a civil date (proleptic Gregorian), without QDateTime: this runs
// for every journal entry.
void civil(qint64 days, int *y, int *m, int *d)
{
    days += 719468;
    const qint64 era = (days >= 0 ? days : days - 146096) / 146097;
    const qint64 doe = days - era * 146097;
    const qint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const qint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const qint64 mp = (5 * doy + 2) / 153;
    *d = int(doy - (153 * mp + 2) / 5 + 1);
    *m = int(mp < 10 ? mp + 3 : mp - 9);
    *y = int(yoe + era * 400 + (*m <= 2 ? 1 : 0));
}

// Decimal digits into buf (zero-padded to width); returns the length.
int digits(char *buf, qint64 v, int width)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = char('0' + v % 10);
        v /= 10;
    } while (v > 0 || n < width);
    for (int i = 0; i < n; ++i)
        buf[i] = tmp[n - 1 - i];
    return n;
}

void put(QByteArray &out, qint64 v, int width)
{
    char buf[24];
    out.append(buf, digits(buf, v, width));
}

QByteArray dayText(qint64 us)
{
    qint64 secs = us / kSecond;
    if (us % kSecond < 0)
        --secs;
    const qint64 days = (secs >= 0 ? secs : secs - 86399) / 86400;
    int y, m, d;
    civil(days, &y, &m, &d);
    QByteArray out;
    put(out, y, 4);
    out += '-';
    put(out, m, 2);
    out += '-';
    put(out, d, 2);
    return out;
}

QByteArray jsonString(const QString &s)
{
    QByteArray utf8 = s.toUtf8();
    bool plain = true;
    for (const char c : utf8) {
        if (c == '"' || c == '\\' || (c >= 0 && c < 0x20)) {
            plain = false;
            break;
        }
    }
    if (plain)
        return '"' + utf8 + '"';
    QByteArray out = "\"";
    for (const char c : utf8) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (c >= 0 && c < 0x20) {
            out += "\\u00";
            out += QByteArray::number(int(c), 16).rightJustified(2, '0');
        } else {
            out += c;
        }
    }
    return out + '"';
}

// One row in COPY's binary format: no parsing on the server (timestamps as microseconds,
// bytea as raw bytes, numbers in network order). The types must match the columns exactly.
class Row final
{
public:
    Row(QByteArray &out, qint16 fields) : m_out(out) { be16(fields); }
    Q_DISABLE_COPY_MOVE(Row)

    Row &null()
    {
        be32(-1);
        return *this;
    }
    Row &text(const QByteArray &utf8)
    {
        be32(qint32(utf8.size()));
        m_out += utf8;
        return *this;
    }
    Row &text(const QString &s) { return s.isNull() ? null() : text(s.toUtf8()); }
    Row &text(const char *s) { return text(QByteArray(s)); }
    Row &i8(qint64 v)
    {
        be32(8);
        be64(v);
        return *this;
    }
    Row &i4(qint32 v)
    {
        be32(4);
        be32(v);
        return *this;
    }
    Row &boolean(bool v)
    {
        be32(1);
        m_out += char(v ? 1 : 0);
        return *this;
    }
    // timestamptz: microseconds since 2000-01-01 00:00 UTC.
    Row &ts(qint64 usSinceUnixEpoch) { return i8(usSinceUnixEpoch - 946684800LL * kSecond); }
    Row &bytea(const QByteArray &raw)
    {
        be32(qint32(raw.size()));
        m_out += raw;
        return *this;
    }
    Row &jsonb(const QByteArray &json)
    {
        be32(qint32(json.size() + 1));
        m_out += char(1); // jsonb binary format version
        m_out += json;
        return *this;
    }

    static void begin(QByteArray &out)
    {
        out.append("PGCOPY\n\377\r\n\0", 11);
        out.append(8, '\0'); // flags, header extension length
    }
    static void end(QByteArray &out) { out.append("\xff\xff", 2); }

private:
    void be16(qint16 v)
    {
        const char b[2] = {char((v >> 8) & 0xff), char(v & 0xff)};
        m_out.append(b, 2);
    }
    void be32(qint32 v)
    {
        const quint32 u = quint32(v);
        const char b[4] = {char(u >> 24), char(u >> 16), char(u >> 8), char(u)};
        m_out.append(b, 4);
    }
    void be64(qint64 v)
    {
        const quint64 u = quint64(v);
        const char b[8] = {char(u >> 56), char(u >> 48), char(u >> 40), char(u >> 32),
                           char(u >> 24), char(u >> 16), char(u >> 8),  char(u)};
        m_out.append(b, 8);
    }
    QByteArray &m_out;
};

QString sha256Hex(const QByteArray &data)
{
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

struct Entry
{
    qint64 at = 0;
    const char *entry = "";
    QString actor;
    QByteArray detail;
    bool byPerson = false;
};

const char *const kSources[] = {"web_form", "telegram",   "email",     "ozon", "wb",
                                "payments", "crm_events", "crm_forms", "pbx"};
const double kCum[] = {0, 10, 70, 370, 2170, 9370, 30970}; // seconds after the first claim
const double kDelay[] = {10, 60, 300, 1800, 7200, 21600};  // retry after attempt n

} // namespace

// ---------------------------------------------------------------------------------------
Past::Past(const PastConfig &config) : m_config(config)
{
    // Hourly slots weighted by the hour of the day and the day of the week in Moscow time
    // (quiet nights, busy weekdays, quieter weekends) with a slight growth; each slot gets
    // its share of the events, spread evenly inside it.
    static const double hourWeight[24] = {0.15, 0.10, 0.08, 0.07, 0.07, 0.10, 0.20, 0.40,
                                          0.70, 1.00, 1.20, 1.25, 1.20, 1.20, 1.25, 1.20,
                                          1.10, 1.00, 0.90, 0.80, 0.70, 0.55, 0.40, 0.25};
    static const double dayWeight[7] = {1.00, 1.02, 1.00, 0.98, 0.95, 0.60, 0.50}; // Mon..Sun
    const double end = config.now;
    const double start = end - config.days * 86400.0;
    QVector<double> weights;
    double t = start;
    while (t < end) {
        const double next = std::min((std::floor(t / 3600.0) + 1) * 3600.0, end);
        const QDateTime msk = QDateTime::fromSecsSinceEpoch(qint64(t), Qt::UTC).addSecs(3 * 3600);
        const double progress = (t - start) / std::max(1.0, end - start);
        weights << hourWeight[msk.time().hour()] * dayWeight[msk.date().dayOfWeek() - 1] *
                       (0.9 + 0.2 * progress) * (next - t) / 3600.0;
        m_slotStart << t;
        m_slotLength << next - t;
        t = next;
    }
    double sum = 0;
    for (const double w : weights)
        sum += w;
    double cumulative = 0;
    for (const double w : weights) {
        m_slotFirst << qint64(std::llround(double(config.events) * cumulative / sum));
        cumulative += w;
    }
    m_slotFirst << config.events;

    double total = 0;
    for (const Source &s : sources())
        total += s.weight;
    double acc = 0;
    for (const Source &s : sources()) {
        acc += s.weight;
        m_sourceCuts << acc / total;
    }
}

qint64 Past::eventTime(qint64 g) const
{
    // The slot holding event g: the last slot whose first event is <= g.
    const auto it = std::upper_bound(m_slotFirst.cbegin(), m_slotFirst.cend(), g);
    const int i = int(it - m_slotFirst.cbegin()) - 1;
    const qint64 count = m_slotFirst.at(i + 1) - m_slotFirst.at(i);
    const double at = m_slotStart.at(i) +
                      (double(g - m_slotFirst.at(i)) + 0.5) * m_slotLength.at(i) / double(count);
    return micros(at);
}

PastChunk Past::chunk(qint64 from, qint64 to, quint64 seed)
{
    Rng rng(seed);
    PastChunk c;
    const qint64 n = to - from;
    c.events.reserve(n * 1400);
    c.journal.reserve(n * 6 * 190);
    c.actions.reserve(n * 230);
    c.leads.reserve(n * 200);
    for (QByteArray *b : {&c.events, &c.journal, &c.actions, &c.leads, &c.conflicts})
        Row::begin(*b);
    const QStringList badPhones = {QStringLiteral("916-12"), QStringLiteral("123"),
                                   QStringLiteral("+7 9"), QStringLiteral("45-67")};
    const auto fresh = [this](qint64 x) {
        return ((m_config.personSeed + 7919 * x) % 1000000000 + 1000000000) % 1000000000;
    };
    const double perDay = double(m_config.events) / m_config.days;
    QVector<Entry> entries;

    for (qint64 g = from; g < to; ++g) {
        const qint64 id = m_config.firstEventId + g;
        const qint64 u = m_config.idBase + g;
        const qint64 t0 = eventTime(g);
        const double age = m_config.now - double(t0) / double(kSecond);
        int si = 0;
        const double rs = rng.uniform();
        while (si < 8 && rs >= m_sourceCuts.at(si))
            ++si;
        const QString src = QString::fromLatin1(kSources[si]);
        const SourceId sid = sources().at(si).id;
        const double rStory = rng.uniform(), rPerson = rng.uniform(), rVar = rng.uniform(),
                     rMisc = rng.uniform(), rRep = rng.uniform(), rJit = rng.uniform(),
                     rE = rng.uniform(), rE2 = rng.uniform();
        const bool orders = sid == SourceId::Ozon || sid == SourceId::Wb;
        const bool forms = sid == SourceId::WebForm || sid == SourceId::CrmForms;

        // The story of the event, as the functions would have lived it.
        enum Story { Due, Waiting, Stuck, Exhausted, Retried, Invalid, InvalidRequeued, Done };
        Story story = Done;
        if (age < 60)
            story = Due;
        else if (rStory < 0.012 && age >= 300 && age <= 7200)
            story = Waiting;
        else if (rStory >= 0.012 && rStory < 0.016 && age >= 600 && age <= 7200)
            story = Stuck;
        else if (rStory >= 0.016 && rStory < 0.018 && age > 14400)
            story = Exhausted;
        else if (rStory >= 0.018 && rStory < 0.058)
            story = Retried;
        else if ((rStory >= 0.9 && rStory < 0.912 && orders) ||
                 (rStory >= 0.9 && rStory < 0.908 && forms))
            story = age > 86400 && rMisc < 0.4 ? InvalidRequeued : Invalid;
        const Source &source = sources().at(si);
        const bool leadSource = source.leads;
        const QString act = source.action ? QString::fromLatin1(source.action) : QString();

        // Who wrote it: fresh, the same person minutes ago on another channel, a customer
        // returning weeks later, an office line, a placeholder, a phone no CRM accepts.
        Person person;
        if (leadSource) {
            if (story == Invalid || story == InvalidRequeued) {
                person = People::person(fresh(g));
                person.phone = badPhones.at(int(rVar * 4));
                person.badPhone = true;
            } else if (sid == SourceId::Pbx || rPerson >= 0.125) {
                person = People::person(fresh(g));
            } else if (rPerson < 0.05) {
                person = People::person(fresh(g - 1 - qint64(rVar * 30)));
            } else if (rPerson < 0.08) {
                person = People::person(fresh(g - qint64(perDay * (7 + rVar * 14))));
            } else if (rPerson < 0.11 && sid != SourceId::Telegram) {
                person =
                    People::officeMember(int(rVar * double(m_config.offices)), int(rMisc * 6), rng);
            } else if (sid != SourceId::Email) {
                person = People::placeholder(rng);
            } else {
                person = People::person(fresh(g));
            }
        }

        // The body, by the live senders' own generators.
        const QDateTime at0 = QDateTime::fromMSecsSinceEpoch(t0 / 1000, Qt::UTC);
        const bool unknownOffer = orders && (story == Invalid || story == InvalidRequeued);
        Message m;
        switch (sid) {
        case SourceId::WebForm:
            m = bodies::webForm(person, rng.uuid(), at0.addSecs(-20 - qint64(rJit * 580)), at0,
                                rng);
            break;
        case SourceId::Telegram:
            m = bodies::telegram(person, u, at0, rng);
            break;
        case SourceId::Email:
            m = bodies::email(person, u, at0.addSecs(-5 - qint64(rE * 115)), rng);
            break;
        case SourceId::Ozon:
            m = bodies::ozon(u, at0.addSecs(-qint64(rE * 540)), rng, unknownOffer);
            break;
        case SourceId::Wb:
            m = bodies::wb(u, at0.addSecs(-qint64(rE * 540)), rng, unknownOffer);
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
        const QString key = src + QLatin1Char(':') +
                            sha256Hex((src + QLatin1Char('\x1f') + m.externalId).toUtf8()).left(32);
        const QString fp = m.fingerprint.isEmpty() ? sha256Hex(m.body) : m.fingerprint;

        // Timeline (microseconds).
        const double lag = 0.3 + rMisc * 2.5, jit = 0.8 + rJit * 0.4;
        const int fails = story == Waiting                                                     ? 3
                          : (story == Invalid || story == InvalidRequeued || story == Retried) ? 1
                          : story == Exhausted                                                 ? 6
                                                                                               : 0;
        const bool finalFail = story == Invalid || story == InvalidRequeued || story == Exhausted;
        const bool requeued = story == InvalidRequeued;
        const bool success = story == Done || story == Retried || story == InvalidRequeued;
        const auto claimAt = [&](int k) {
            return t0 + micros(lag + kCum[k - 1] * jit);
        };
        const qint64 failAt = finalFail ? claimAt(fails) + micros(0.45) : 0;
        const qint64 rq = requeued ? failAt + qint64(2 + int(rE * 18)) * 3600 * kSecond : 0;
        const qint64 tSucc = !success ? 0 : requeued ? rq + 2 * kSecond : claimAt(fails + 1);
        const qint64 doneAt = success ? tSucc + micros(0.5) : 0;
        const int attSucc = requeued ? 1 : fails + 1;
        const bool hasAction = !act.isEmpty() && story != Due && story != Stuck;
        const int begun = fails + (success ? 1 : 0);
        const QString worker = QStringLiteral("worker-%1").arg(1 + g % 4);

        // Repeats: a few percent, more from the pollers, ten times more on the slow afternoon.
        const double base = orders                                                   ? 0.06
                            : sid == SourceId::Telegram || sid == SourceId::CrmForms ? 0.04
                            : sid == SourceId::Payments                              ? 0.05
                            : sid == SourceId::Email || sid == SourceId::CrmEvents   ? 0.02
                                                                                     : 0.03;
        const double t0s = double(t0) / double(kSecond);
        const double rate =
            base * (t0s >= m_config.incidentFrom && t0s < m_config.incidentTo ? 10 : 1);
        const double repGap = orders ? 600.0 : sid == SourceId::Email ? 300.0 : 5 + rMisc * 55;
        int repeats = 0;
        if (story != Due) {
            repeats = (rRep < rate ? 1 : 0) + (rRep < rate / 3 ? 1 : 0) +
                      (orders && rRep < rate / 6 ? 1 : 0);
            repeats = int(std::min<qint64>(repeats, qint64(age / (repGap * jit))));
        }
        const bool conflict = sid == SourceId::CrmEvents && rE2 < 0.015 && age > 900;
        const int deliveries = 1 + repeats + (conflict ? 1 : 0);
        qint64 lastAt = t0 + micros(repeats * repGap * jit);
        if (conflict)
            lastAt = std::max(lastAt, t0 + micros(300 * jit));

        // What the worker read out of the body (the same parser), for the lead and errors.
        Extracted x;
        if (leadSource || unknownOffer)
            x = extract(src, m.contentType, m.body);
        QString err;
        if (story == Invalid || story == InvalidRequeued) {
            QString unknown;
            for (const QString &o : x.offers) {
                if (!Catalog::knows(o) && unknown.isEmpty())
                    unknown = o;
            }
            err = orders ? QStringLiteral("CRM API: 422 unknown article %1").arg(unknown)
                         : QStringLiteral("CRM API: 422 phone '%1' is not a phone number")
                               .arg(x.phone.trimmed());
        } else if (act.isEmpty()) {
            err = QStringLiteral("sync: CRM API timeout");
        } else {
            err = QStringLiteral("CRM API: 503 Service Unavailable");
        }

        const qint64 actionId = hasAction ? nextAction.fetch_add(1) : 0;
        const qint64 leadId = leadSource && success ? nextLead.fetch_add(1) : 0;
        const qint64 conflictId = conflict ? nextConflict.fetch_add(1) : 0;
        const QString entity =
            hasAction && success
                ? (sid == SourceId::Ozon || sid == SourceId::Wb ? QStringLiteral("O-h")
                   : sid == SourceId::Payments                  ? QStringLiteral("P-h")
                                                                : QStringLiteral("D-h")) +
                      QString::number(u)
                : QString();
        const QString leadPhone = x.phone.isEmpty() ? QString() : x.phone;
        const QString leadEmail = x.email.isEmpty() ? QString() : x.email;
        const QString phoneNorm = normalizePhone(leadPhone);
        const QString emailNorm = normalizeEmail(leadEmail);
        const bool review = leadId > 0 && rE2 >= 0.992;

        // The event row.
        const char *status = story == Due || story == Waiting         ? "received"
                             : story == Stuck                         ? "processing"
                             : story == Invalid || story == Exhausted ? "failed"
                                                                      : "done";
        const int attempts = story == Due         ? 0
                             : story == Waiting   ? 3
                             : story == Exhausted ? 6
                             : story == Retried   ? 2
                                                  : 1;
        qint64 nextAt = t0;
        if (story == Waiting)
            nextAt = std::max(t0 + micros(lag + 370 * jit), micros(m_config.now + 30 + rE * 1700));
        else if (story == Retried)
            nextAt = claimAt(2);
        else if (story == Exhausted)
            nextAt = t0 + micros(lag + 9370 * jit);
        else if (requeued)
            nextAt = rq;
        QByteArray result;
        if (success) {
            result = "{";
            if (!entity.isEmpty())
                result += "\"entity_id\": " + jsonString(entity) + ", ";
            if (leadId > 0) {
                result += "\"lead_id\": " + QByteArray::number(leadId) + ", ";
                if (review) {
                    result += "\"needs_review\": \"enrichment failed after 3 tries\", ";
                } else {
                    const QString region = phoneNorm.startsWith(QStringLiteral("7495"))
                                               ? QStringLiteral("Москва")
                                               : QStringLiteral("Россия, мобильный");
                    result += "\"enrichment\": " +
                              jsonString(emailNorm.isEmpty()
                                             ? region
                                             : region + QStringLiteral(", ") +
                                                   emailNorm.section(QLatin1Char('@'), 1)) +
                              ", ";
                }
            }
            if (result.endsWith(", "))
                result.chop(2);
            result += '}';
        }
        {
            Row r(c.events, 23);
            r.i8(id)
                .text(src)
                .text(m.externalId)
                .text(key)
                .text(m.kind)
                .text(status)
                .i4(attempts)
                .i4(6);
            if (story == Waiting || story == Exhausted || story == Retried || story == Invalid)
                r.text(err).boolean(story != Invalid);
            else
                r.null().null();
            r.ts(m.occurredAt.toMSecsSinceEpoch() * 1000)
                .ts(t0)
                .i4(deliveries)
                .ts(lastAt)
                .ts(nextAt);
            if (story == Stuck)
                r.text(worker).ts(t0 + micros(lag));
            else
                r.null().null();
            if (success)
                r.ts(doneAt).jsonb(result);
            else
                r.null().null();
            if (conflict)
                r.text("key conflict");
            else
                r.null();
            r.bytea(m.body).text(m.contentType).text(fp);
        }
        ++c.nEvents;

        // Its journal, in order.
        entries.clear();
        const QByteArray opKey = jsonString(act + QLatin1Char(':') + key);
        const auto actionDetail = [&](int begunNow) {
            return "{\"action_id\": " + QByteArray::number(actionId) +
                   ", \"kind\": " + jsonString(act) + ", \"operation_key\": " + opKey +
                   ", \"begun\": " + QByteArray::number(begunNow) + "}";
        };
        entries.append({t0, "received", QStringLiteral("receiver"),
                        "{\"bytes\": " + QByteArray::number(m.body.size()) +
                            ", \"fingerprint\": \"" + fp.toLatin1() + "\"}",
                        false});
        for (int k = 1; k <= fails; ++k) {
            const qint64 at = claimAt(k);
            entries.append(
                {at, "claimed", worker, "{\"attempt\": " + QByteArray::number(k) + "}", false});
            if (hasAction) {
                entries.append({at + micros(0.05), "action_started", QStringLiteral("integration"),
                                actionDetail(k), false});
                entries.append({at + micros(0.4), "action_failed", QStringLiteral("integration"),
                                actionDetail(k), false});
            }
            if (k == fails && finalFail)
                entries.append(
                    {at + micros(0.45), "failed", worker,
                     "{\"attempt\": " + QByteArray::number(k) + ", \"error\": " + jsonString(err) +
                         ", \"retryable\": " + (story == Exhausted ? "true" : "false") +
                         ", \"reason\": \"" +
                         (story == Exhausted ? "out_of_attempts" : "not_retryable") + "\"}",
                     false});
            else
                entries.append({at + micros(0.45), "retry_scheduled", worker,
                                "{\"attempt\": " + QByteArray::number(k) +
                                    ", \"error\": " + jsonString(err) + ", \"delay_seconds\": " +
                                    QByteArray::number(kDelay[k - 1] * jit, 'f', 1) + "}",
                                false});
        }
        if (requeued)
            entries.append(
                {rq, "requeued", QStringLiteral("anna.operator"),
                 "{\"reason\": \"исправили данные в CRM, повторить\", \"batch\": \"" +
                     rng.uuid().toLatin1() +
                     "\", \"previous_status\": \"failed\", \"previous_error\": " + jsonString(err) +
                     ", \"previous_attempts\": " + QByteArray::number(fails) +
                     ", \"previous_locked_by\": null}",
                 true});
        if (success) {
            entries.append({tSucc, "claimed", worker,
                            "{\"attempt\": " + QByteArray::number(attSucc) + "}", false});
            if (hasAction) {
                entries.append({tSucc + micros(0.05), "action_started",
                                QStringLiteral("integration"), actionDetail(begun), false});
                entries.append({tSucc + micros(0.35), "action_done", QStringLiteral("integration"),
                                actionDetail(begun), false});
            }
            if (leadId > 0)
                entries.append({tSucc + micros(0.4), "lead_recorded", QStringLiteral("integration"),
                                "{\"lead_id\": " + QByteArray::number(leadId) +
                                    ", \"has_phone\": " + (phoneNorm.isEmpty() ? "false" : "true") +
                                    ", \"has_email\": " + (emailNorm.isEmpty() ? "false" : "true") +
                                    ", \"deal_ref\": " +
                                    (entity.isEmpty() ? QByteArray("null") : jsonString(entity)) +
                                    "}",
                                false});
            entries.append({doneAt, "done", worker,
                            "{\"attempt\": " + QByteArray::number(attSucc) + "}", false});
        }
        if (story == Stuck)
            entries.append({t0 + micros(lag), "claimed", worker, "{\"attempt\": 1}", false});
        for (int k = 1; k <= repeats; ++k)
            entries.append({t0 + micros(k * repGap * jit), "duplicate", QStringLiteral("receiver"),
                            "{\"delivery\": " + QByteArray::number(k + 1) + ", \"status\": \"" +
                                (story == Due || story == Waiting ? "received" : "done") + "\"}",
                            false});
        Message other;
        QString fp2;
        if (conflict) {
            other = bodies::crmEvent(u, at0.addSecs(300), rng);
            fp2 = sha256Hex(other.body);
            entries.append({t0 + micros(300 * jit), "conflict", QStringLiteral("receiver"),
                            "{\"delivery\": " + QByteArray::number(deliveries) +
                                ", \"fingerprint\": \"" + fp2.toLatin1() +
                                "\", \"stored_fingerprint\": \"" + fp.toLatin1() +
                                "\", \"conflict_body_id\": " + QByteArray::number(conflictId) +
                                ", \"bytes\": " + QByteArray::number(other.body.size()) + "}",
                            false});
        }
        qint64 journalId = nextJournal.fetch_add(entries.size());
        for (const Entry &e : entries) {
            Row r(c.journal, 7);
            r.i8(journalId++)
                .i8(id)
                .ts(e.at)
                .text(e.entry)
                .text(e.actor)
                .jsonb(e.detail)
                .boolean(e.byPerson);
        }
        c.nJournal += entries.size();

        if (hasAction) {
            const qint64 at = success ? tSucc : claimAt(fails);
            Row r(c.actions, 9);
            r.i8(actionId)
                .i8(id)
                .text(act)
                .text(act + QLatin1Char(':') + key)
                .text(success ? "done" : "failed");
            r.jsonb(success ? "{\"entity_id\": " + jsonString(entity) + "}"
                            : "{\"error\": " + jsonString(err) + "}");
            r.i4(begun).ts(at + micros(0.05)).ts(at + micros(0.35));
            ++c.nActions;
        }
        if (leadId > 0) {
            // As record_lead stores it: name trimmed or NULL, raw contacts as given,
            // normalised ones beside them, the deal open when there is one.
            Row r(c.leads, 14);
            const QString name = x.name.trimmed();
            r.i8(leadId).i8(id).text(src).text(m.externalId).ts(tSucc + micros(0.4));
            r.text(name.isEmpty() ? QString() : name)
                .text(leadPhone)
                .text(phoneNorm.isEmpty() ? QString() : phoneNorm);
            r.text(leadEmail).text(emailNorm.isEmpty() ? QString() : emailNorm).text(src);
            r.text(x.summary.isEmpty() ? QString() : x.summary);
            if (entity.isEmpty())
                r.null().boolean(false);
            else
                r.text(entity).boolean(true);
            ++c.nLeads;
        }
        if (conflict) {
            Row r(c.conflicts, 6);
            r.i8(conflictId)
                .i8(id)
                .ts(t0 + micros(300 * jit))
                .text(fp2)
                .text(other.contentType)
                .bytea(other.body);
            ++c.nConflicts;
        }

        // Counters, by the UTC day of each happening.
        PastChunk::Daily &d = c.daily[QString::fromLatin1(dayText(t0) + '\t') + src];
        ++d.received;
        d.repeats += repeats;
        d.conflicts += conflict ? 1 : 0;
        if (success)
            ++c.daily[QString::fromLatin1(dayText(doneAt) + '\t') + src].done;
        if (finalFail)
            ++c.daily[QString::fromLatin1(dayText(failAt) + '\t') + src].failed;
        if (requeued)
            ++c.daily[QString::fromLatin1(dayText(rq) + '\t') + src].requeued;
        ++c.status[src + QLatin1Char('\t') + QLatin1String(status)];
    }
    for (QByteArray *b : {&c.events, &c.journal, &c.actions, &c.leads, &c.conflicts})
        Row::end(*b);
    return c;
}

// ---------------------------------------------------------------------------------------
QString normalizePhone(const QString &phone)
{
    if (phone.isNull())
        return {};
    static const QRegularExpression extension(QStringLiteral("(доб|ext|вн|x|#).*$"),
                                              QRegularExpression::CaseInsensitiveOption);
    QString cut = phone;
    cut.remove(extension);
    QString d;
    for (const QChar c : cut) {
        if (c >= QLatin1Char('0') && c <= QLatin1Char('9'))
            d += c;
    }
    if (d.startsWith(QStringLiteral("00")))
        d = d.mid(2);
    else if (d.startsWith(QStringLiteral("810")) && d.size() > 11)
        d = d.mid(3);
    if (d.size() == 11 && d.startsWith(QLatin1Char('8')))
        d = QLatin1Char('7') + d.mid(1);
    else if (d.size() == 10 && d.startsWith(QLatin1Char('9')))
        d = QLatin1Char('7') + d;
    if (d.size() < 8 || d.size() > 15)
        return {};
    const auto sameDigit = [](const QString &s) {
        return !s.isEmpty() && s.count(s.at(0)) == s.size();
    };
    if (sameDigit(d) || (d.startsWith(QLatin1Char('7')) && d.size() == 11 && sameDigit(d.mid(1))))
        return {};
    return d;
}

QString normalizeEmail(const QString &email)
{
    if (email.isNull())
        return {};
    const auto trim = [](QString s) {
        while (!s.isEmpty() && QStringLiteral(" \t\r\n").contains(s.front()))
            s.remove(0, 1);
        while (!s.isEmpty() && QStringLiteral(" \t\r\n").contains(s.back()))
            s.chop(1);
        return s;
    };
    QString e = trim(email).toLower();
    static const QRegularExpression angle(QStringLiteral("<([^<>]*)>"));
    const QRegularExpressionMatch m = angle.match(e);
    if (m.hasMatch())
        e = m.captured(1);
    e = trim(e);
    if (e.startsWith(QStringLiteral("mailto:")))
        e = e.mid(7);
    static const QRegularExpression shape(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[^@\\s.]+$"));
    if (!shape.match(e).hasMatch())
        return {};
    QString local = e.section(QLatin1Char('@'), 0, 0);
    QString domain = e.section(QLatin1Char('@'), 1, 1);
    while (domain.endsWith(QLatin1Char('.')))
        domain.chop(1);
    if (domain == QLatin1String("gmail.com") || domain == QLatin1String("googlemail.com")) {
        local = local.section(QLatin1Char('+'), 0, 0).remove(QLatin1Char('.'));
        domain = QStringLiteral("gmail.com");
    } else if (domain == QLatin1String("ya.ru") || domain == QLatin1String("yandex.com") ||
               domain == QLatin1String("yandex.by") || domain == QLatin1String("yandex.kz") ||
               domain == QLatin1String("yandex.ua")) {
        domain = QStringLiteral("yandex.ru");
    }
    static const QStringList placeholders = {
        QStringLiteral("unknown"),      QStringLiteral("noreply"),
        QStringLiteral("no-reply"),     QStringLiteral("no_reply"),
        QStringLiteral("donotreply"),   QStringLiteral("do-not-reply"),
        QStringLiteral("do_not_reply"), QStringLiteral("mailer-daemon"),
        QStringLiteral("none"),         QStringLiteral("null"),
        QStringLiteral("nomail"),       QStringLiteral("no-email"),
        QStringLiteral("noemail")};
    if (local.isEmpty() || placeholders.contains(local) ||
        (local == QLatin1String("test") && domain.startsWith(QStringLiteral("test"))) ||
        domain == QLatin1String("example.com") || domain == QLatin1String("example.org") ||
        domain == QLatin1String("example.net") || domain.endsWith(QStringLiteral(".invalid")) ||
        domain.endsWith(QStringLiteral(".example")))
        return {};
    return local + QLatin1Char('@') + domain;
}

} // namespace inbox::sim
