#include "fakecrmqueues.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace inbox::sim {

namespace {

const QStringList kBitrixEvents = {
    QStringLiteral("ONCRMLEADADD"), QStringLiteral("ONCRMLEADUPDATE"),
    QStringLiteral("ONCRMDEALADD"), QStringLiteral("ONCRMDEALUPDATE")};
const QStringList kAmoTypes = {QStringLiteral("lead_added"), QStringLiteral("lead_status_changed"),
                               QStringLiteral("contact_added"), QStringLiteral("incoming_call")};

QByteArray json(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

FakeAnswer bitrixError(int status, const QString &code, const QString &description)
{
    return {
        status,
        json({{QStringLiteral("error"), code}, {QStringLiteral("error_description"), description}}),
        {}};
}

// amoCRM's event ids are 26-character strings; the fake's sort as the order they were made.
QString amoId(qint64 n)
{
    return QStringLiteral("01fake%1").arg(n, 20, 10, QLatin1Char('0'));
}

// The first id of a fake started at `start`: 100,000 ids a second of start time.
qint64 firstId(const QDateTime &start)
{
    return start.toSecsSinceEpoch() * 100000 + 1;
}

} // namespace

FakeCrmQueues::FakeCrmQueues(const Options &options, quint64 seed, const QDateTime &start)
    : m_options(options), m_rng(seed), m_nextEvent(start.toUTC()), m_nextId(firstId(start)),
      m_bitrixLast(start), m_amoLast(start)
{}

void FakeCrmQueues::advance(const QDateTime &now)
{
    if (m_options.eventsPerMinute <= 0)
        return;
    while (m_nextEvent <= now) {
        const qint64 n = m_nextId++;
        // One Bitrix24 record and one amoCRM event per step: the two CRMs at the same pace.
        m_bitrix.append({n, m_nextEvent, m_rng.pick(kBitrixEvents), 1000 + n, QString()});
        m_bitrixMade.append({QStringLiteral("msg-%1").arg(n), m_nextEvent});
        const qint64 late = m_options.lateSeconds > 0 ? m_rng.between(0, m_options.lateSeconds) : 0;
        // Visible from m_nextEvent on, created up to `late` seconds before.
        m_amo.append(
            {amoId(n), m_rng.pick(kAmoTypes), 5000 + n, m_nextEvent.addSecs(-late), m_nextEvent});
        const double gapSeconds = m_rng.exponential(m_options.eventsPerMinute / 60.0);
        m_nextEvent = m_nextEvent.addMSecs(qMax<qint64>(1, qint64(gapSeconds * 1000)));
    }
}

bool FakeCrmQueues::takeToken(double *tokens, QDateTime *last, double perSecond, double burst,
                              const QDateTime &now)
{
    if (!m_options.rateLimits)
        return true;
    *tokens = qMin(burst, *tokens + last->msecsTo(now) / 1000.0 * perSecond);
    *last = now;
    if (*tokens < 1)
        return false;
    *tokens -= 1;
    return true;
}

bool FakeCrmQueues::handle(const QByteArray &method, const QString &path, const QUrlQuery &query,
                           const QByteArray &authorization, const QByteArray &body,
                           const QDateTime &now, FakeAnswer *answer)
{
    if (path.startsWith(QLatin1String("/rest/"))) {
        // /rest/<user>/<code>/<method>.json
        const QStringList parts = path.mid(6).split(QLatin1Char('/'));
        if (parts.size() != 3) {
            *answer = bitrixError(404, QStringLiteral("ERROR_METHOD_NOT_FOUND"),
                                  QStringLiteral("Method not found!"));
            return true;
        }
        if (parts.at(1).toUtf8() != m_options.bitrixCode) {
            *answer = bitrixError(401, QStringLiteral("INVALID_CREDENTIALS"),
                                  QStringLiteral("Invalid request credentials"));
            return true;
        }
        if (method != "POST") {
            *answer = bitrixError(405, QStringLiteral("ERROR_METHOD"),
                                  QStringLiteral("POST only in this fake"));
            return true;
        }
        if (!takeToken(&m_bitrixTokens, &m_bitrixLast, 2, 10, now)) {
            *answer = bitrixError(503, QStringLiteral("QUERY_LIMIT_EXCEEDED"),
                                  QStringLiteral("Too many requests"));
            return true;
        }
        advance(now);
        if (parts.at(2) == QLatin1String("event.offline.get.json"))
            *answer = bitrixGet(body, now);
        else if (parts.at(2) == QLatin1String("event.offline.clear.json"))
            *answer = bitrixClear(body);
        else
            *answer = bitrixError(404, QStringLiteral("ERROR_METHOD_NOT_FOUND"),
                                  QStringLiteral("Method not found!"));
        return true;
    }
    if (path == QLatin1String("/api/v4/events")) {
        if (authorization != "Bearer " + m_options.amoToken) {
            *answer = {401,
                       json({{QStringLiteral("title"), QStringLiteral("Unauthorized")},
                             {QStringLiteral("status"), 401},
                             {QStringLiteral("detail"), QStringLiteral("Invalid token")}}),
                       {}};
            return true;
        }
        if (!takeToken(&m_amoTokens, &m_amoLast, 7, 7, now)) {
            *answer = {429,
                       json({{QStringLiteral("title"), QStringLiteral("Too Many Requests")},
                             {QStringLiteral("status"), 429}}),
                       {{"Retry-After", "1"}}};
            return true;
        }
        advance(now);
        *answer = amoEvents(query, now);
        return true;
    }
    return false;
}

FakeAnswer FakeCrmQueues::bitrixGet(const QByteArray &body, const QDateTime &now)
{
    const QJsonObject params = QJsonDocument::fromJson(body).object();
    const bool clear = params.value(QLatin1String("clear")).toVariant().toInt() != 0 ||
                       !params.contains(QLatin1String("clear")); // the API's default is 1
    QString processId = params.value(QLatin1String("process_id")).toString();
    const int limit = qBound(1, params.value(QLatin1String("limit")).toInt(50), 50);
    if (processId.isEmpty())
        processId = QStringLiteral("proc-%1").arg(++m_processes);
    QJsonArray events;
    QList<qint64> taken;
    for (BitrixRecord &r : m_bitrix) {
        if (events.size() >= limit)
            break;
        if (!r.processId.isEmpty() && r.processId != processId)
            continue; // another process's: never handed out twice to two processes
        r.processId = processId;
        taken.append(r.id);
        events.append(QJsonObject{
            {QStringLiteral("ID"), QString::number(r.id)},
            {QStringLiteral("TIMESTAMP_X"), r.at.toOffsetFromUtc(3 * 3600).toString(Qt::ISODate)},
            {QStringLiteral("EVENT_NAME"), r.event},
            {QStringLiteral("EVENT_DATA"),
             QJsonObject{{QStringLiteral("FIELDS"),
                          QJsonObject{{QStringLiteral("ID"), QString::number(r.entityId)}}}}},
            {QStringLiteral("EVENT_ADDITIONAL"),
             QJsonObject{{QStringLiteral("user_id"), QStringLiteral("1")}}},
            {QStringLiteral("MESSAGE_ID"), QStringLiteral("msg-%1").arg(r.id)}});
    }
    if (clear) {
        m_bitrix.erase(std::remove_if(m_bitrix.begin(), m_bitrix.end(),
                                      [&](const BitrixRecord &r) { return taken.contains(r.id); }),
                       m_bitrix.end());
    }
    return {200,
            json({{QStringLiteral("result"), QJsonObject{{QStringLiteral("process_id"), processId},
                                                         {QStringLiteral("events"), events}}},
                  {QStringLiteral("time"),
                   QJsonObject{{QStringLiteral("date_finish"), now.toString(Qt::ISODate)}}}}),
            {}};
}

FakeAnswer FakeCrmQueues::bitrixClear(const QByteArray &body)
{
    const QJsonObject params = QJsonDocument::fromJson(body).object();
    const QString processId = params.value(QLatin1String("process_id")).toString();
    if (processId.isEmpty())
        return bitrixError(400, QStringLiteral("ERROR_ARGUMENT"),
                           QStringLiteral("process_id is required"));
    QList<qint64> ids;
    const bool all = !params.value(QLatin1String("id")).isArray();
    for (const QJsonValue &v : params.value(QLatin1String("id")).toArray())
        ids.append(v.toVariant().toLongLong());
    for (const qint64 id : ids) {
        const auto it = std::find_if(m_bitrix.cbegin(), m_bitrix.cend(),
                                     [&](const BitrixRecord &r) { return r.id == id; });
        if (it != m_bitrix.cend() && it->processId != processId)
            ++m_clearedUnseen; // asked to clear what this process was never given
    }
    m_bitrix.erase(std::remove_if(m_bitrix.begin(), m_bitrix.end(),
                                  [&](const BitrixRecord &r) {
                                      return r.processId == processId &&
                                             (all || ids.contains(r.id));
                                  }),
                   m_bitrix.end());
    return {200, json({{QStringLiteral("result"), true}}), {}};
}

FakeAnswer FakeCrmQueues::amoEvents(const QUrlQuery &query, const QDateTime &now) const
{
    bool okFrom = false, okTo = false;
    const qint64 from =
        query.queryItemValue(QStringLiteral("filter[created_at][from]")).toLongLong(&okFrom);
    const qint64 to =
        query.queryItemValue(QStringLiteral("filter[created_at][to]")).toLongLong(&okTo);
    const int page = qMax(1, query.queryItemValue(QStringLiteral("page")).toInt());
    const int limit = qBound(1, query.queryItemValue(QStringLiteral("limit")).toInt(), 100);
    const QStringList types = query.allQueryItemValues(QStringLiteral("filter[type][]"));
    QList<const AmoEvent *> matching;
    for (const AmoEvent &e : m_amo) {
        const qint64 at = e.createdAt.toSecsSinceEpoch();
        if (e.visibleAt > now || (okFrom && at < from) || (okTo && at > to) ||
            (!types.isEmpty() && !types.contains(e.type)))
            continue;
        matching.append(&e);
    }
    // Newest first, as amoCRM lists them.
    std::sort(matching.begin(), matching.end(), [](const AmoEvent *a, const AmoEvent *b) {
        return a->createdAt != b->createdAt ? a->createdAt > b->createdAt : a->id > b->id;
    });
    const int first = (page - 1) * limit;
    if (first >= matching.size())
        return {204, QByteArray(), {}};
    QJsonArray events;
    for (int i = first; i < qMin(int(matching.size()), first + limit); ++i) {
        const AmoEvent &e = *matching.at(i);
        events.append(QJsonObject{{QStringLiteral("id"), e.id},
                                  {QStringLiteral("type"), e.type},
                                  {QStringLiteral("entity_id"), e.entityId},
                                  {QStringLiteral("entity_type"), QStringLiteral("lead")},
                                  {QStringLiteral("created_by"), 0},
                                  {QStringLiteral("created_at"), e.createdAt.toSecsSinceEpoch()},
                                  {QStringLiteral("value_after"), QJsonArray()},
                                  {QStringLiteral("value_before"), QJsonArray()},
                                  {QStringLiteral("account_id"), 7}});
    }
    QJsonObject links{{QStringLiteral("self"),
                       QJsonObject{{QStringLiteral("href"),
                                    QStringLiteral("/api/v4/events?page=%1").arg(page)}}}};
    if (first + limit < matching.size())
        links.insert(QStringLiteral("next"),
                     QJsonObject{{QStringLiteral("href"),
                                  QStringLiteral("/api/v4/events?page=%1").arg(page + 1)}});
    return {200,
            json({{QStringLiteral("_page"), page},
                  {QStringLiteral("_links"), links},
                  {QStringLiteral("_embedded"), QJsonObject{{QStringLiteral("events"), events}}}}),
            {}};
}

QList<FakeCrmQueues::MadeKey> FakeCrmQueues::bitrixMade() const
{
    return m_bitrixMade;
}

QList<FakeCrmQueues::MadeKey> FakeCrmQueues::amoMade() const
{
    QList<MadeKey> out;
    for (const AmoEvent &e : m_amo)
        out.append({e.id, e.visibleAt});
    return out;
}

QStringList FakeCrmQueues::bitrixKeys() const
{
    QStringList out;
    for (const MadeKey &m : m_bitrixMade)
        out << m.key;
    return out;
}

QStringList FakeCrmQueues::amoKeys() const
{
    QStringList out;
    for (const AmoEvent &e : m_amo)
        out << e.id;
    return out;
}

int FakeCrmQueues::pendingBitrix() const
{
    return int(m_bitrix.size());
}

} // namespace inbox::sim
