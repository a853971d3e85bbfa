// Bitrix24 offline events, as the REST reference describes them:
//   POST {webhook}event.offline.get.json {"clear": 0, "process_id": P, "limit": 50}
//     200 {"result": {"process_id": P, "events": [{"ID": "12", "TIMESTAMP_X": "...",
//          "EVENT_NAME": "ONCRMLEADADD", "EVENT_DATA": {...}, "EVENT_ADDITIONAL": {...},
//          "MESSAGE_ID": "..."}]}}
//   POST {webhook}event.offline.clear.json {"process_id": P, "id": ["12", ...]}
//     200 {"result": true}
// With clear = 0 the portal marks what it hands out with the process id instead of deleting
// it, hands it out again to a get with the same process id until it is cleared, and never to
// another process. That is what makes this source crash-safe, in two steps per page:
//   1. get: the events are stored with the cursor {"process_id": P, "clear": [their IDs]};
//   2. clear: exactly those IDs, then the cursor {"process_id": P}.
// A crash before step 1 commits: the next get with the same process id hands the same events
// out again (nothing lost). A crash between 1 and 2: the stored cursor still says what to
// clear, and the clear is repeated (clearing cleared IDs is harmless; nothing uncommitted is
// ever cleared). The process id is fixed per source ("inbox-<source>", or the option) rather
// than the portal's, so even the very first get of a fresh install is handed out again after a
// crash; if the portal answers with another process id the adapter adopts it.
//
// Key: the record's MESSAGE_ID when present (the portal's id of the event message, the same
// for one event however many times it is queued), else "id:" + ID; kind "bitrix24.<event
// name in lower case>"; occurred at TIMESTAMP_X. A page is done when it is shorter than the
// limit: the queue is empty, wait for the next schedule.
#include "bitrix24adapter.h"

#include "pollwindow.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace inbox::poll {

namespace {

constexpr int kMaxLimit = 50; // event.offline.get's default; larger pages are not documented

class Bitrix24Adapter final : public PollAdapter
{
public:
    Bitrix24Adapter(const AdapterSettings &settings, QString processId)
        : m_webhook(settings.secrets.value(QStringLiteral("webhook_url"))),
          m_limit(settings.pageSize > 0 ? qMin(settings.pageSize, kMaxLimit) : kMaxLimit),
          m_processId(std::move(processId))
    {
        if (!m_webhook.endsWith('/'))
            m_webhook.append('/');
    }

    QString name() const override { return QStringLiteral("bitrix24"); }
    // Bitrix24 allows 2 requests a second, with a burst; beyond it answers 503
    // QUERY_LIMIT_EXCEEDED.
    int defaultRatePerMinute() const override { return 2 * 60; }
    int defaultBurst() const override { return 5; } // below the portal's own burst

    bool nextRequest(const QJsonObject &cursor, const QDateTime &now, PollRequest *out,
                     QString *error) const override
    {
        const QJsonValue pid = cursor.value(QLatin1String("process_id"));
        if (!pid.isUndefined() && (!pid.isString() || pid.toString().isEmpty())) {
            *error = QStringLiteral("the cursor's process_id is not a string");
            return false;
        }
        const QString processId = pid.isString() ? pid.toString() : m_processId;
        const QJsonValue pending = cursor.value(QLatin1String("clear"));
        out->method = "POST";
        out->headers = {{"Content-Type", "application/json"}, {"Accept", "application/json"}};
        if (!pending.isUndefined()) {
            if (!pending.isArray() || pending.toArray().isEmpty()) {
                *error = QStringLiteral("the cursor's clear is not a list of record IDs");
                return false;
            }
            out->url = QUrl::fromEncoded(m_webhook + "event.offline.clear.json");
            out->body = QJsonDocument(QJsonObject{{QStringLiteral("process_id"), processId},
                                                  {QStringLiteral("id"), pending}})
                            .toJson(QJsonDocument::Compact);
            out->requestCursor = QJsonObject{{QStringLiteral("process_id"), processId},
                                             {QStringLiteral("clear"), pending}};
            return true;
        }
        out->url = QUrl::fromEncoded(m_webhook + "event.offline.get.json");
        out->body = QJsonDocument(QJsonObject{{QStringLiteral("clear"), 0},
                                              {QStringLiteral("process_id"), processId},
                                              {QStringLiteral("limit"), m_limit}})
                        .toJson(QJsonDocument::Compact);
        // When it was asked: an empty queue means the source is read up to then.
        out->requestCursor = QJsonObject{{QStringLiteral("process_id"), processId},
                                         {QStringLiteral("asked_at"), isoTime(now)}};
        return true;
    }

    PolledPage readPage(const QJsonObject &requestCursor, const QByteArray &answer) const override
    {
        PolledPage page;
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(answer, &parseError);
        if (!doc.isObject()) {
            page.error =
                QStringLiteral("the answer is not a JSON object: %1").arg(parseError.errorString());
            return page;
        }
        const QJsonObject root = doc.object();
        if (root.contains(QLatin1String("error"))) {
            page.error =
                QStringLiteral("Bitrix24 refused: %1 %2")
                    .arg(root.value(QLatin1String("error")).toString(),
                         root.value(QLatin1String("error_description")).toString().left(200));
            return page;
        }
        const QString processId = requestCursor.value(QLatin1String("process_id")).toString();
        if (requestCursor.contains(QLatin1String("clear"))) {
            // The committed records are cleared: go on reading the queue.
            page.cursor = QJsonObject{{QStringLiteral("process_id"), processId}};
            return page;
        }
        const QJsonObject result = root.value(QLatin1String("result")).toObject();
        if (!result.value(QLatin1String("events")).isArray()) {
            page.error = QStringLiteral("the answer has no result.events array");
            return page;
        }
        const QString answeredId = result.value(QLatin1String("process_id")).toString();
        const QString keep = answeredId.isEmpty() ? processId : answeredId;
        const QJsonArray events = result.value(QLatin1String("events")).toArray();
        QJsonArray ids;
        for (int i = 0; i < events.size(); ++i) {
            const QJsonObject e = events.at(i).toObject();
            const QString id = e.value(QLatin1String("ID")).toVariant().toString();
            if (id.isEmpty()) {
                page.error = QStringLiteral("record %1 of the page has no ID").arg(i + 1);
                return page;
            }
            const QString message = e.value(QLatin1String("MESSAGE_ID")).toString();
            PolledItem item;
            item.externalId = message.isEmpty() ? QStringLiteral("id:") + id : message;
            item.body = QJsonDocument(e).toJson(QJsonDocument::Compact);
            const QString name = e.value(QLatin1String("EVENT_NAME")).toString();
            if (!name.isEmpty())
                item.kind = QStringLiteral("bitrix24.") + name.toLower();
            // TIMESTAMP_X is the portal's local time with its offset (ISO 8601).
            const QDateTime at = QDateTime::fromString(
                e.value(QLatin1String("TIMESTAMP_X")).toString(), Qt::ISODate);
            if (at.isValid() && at.timeSpec() != Qt::LocalTime)
                item.occurredAt = at.toUTC();
            page.items.append(item);
            ids.append(id);
        }
        if (events.isEmpty()) {
            // The queue is empty: this poll is done, wait for the next schedule.
            page.cursor = QJsonObject{{QStringLiteral("process_id"), keep}};
            page.pollDone = true;
            page.windowEnd = readIsoTime(requestCursor.value(QLatin1String("asked_at")));
            return page;
        }
        page.cursor =
            QJsonObject{{QStringLiteral("process_id"), keep}, {QStringLiteral("clear"), ids}};
        return page;
    }

private:
    QByteArray m_webhook;
    int m_limit;
    QString m_processId;
};

} // namespace

std::unique_ptr<PollAdapter> makeBitrix24Adapter(const AdapterSettings &settings,
                                                 QList<SettingProblem> *problems)
{
    const int before = problems->size();
    const QByteArray webhook = settings.secrets.value(QStringLiteral("webhook_url"));
    const QUrl url = QUrl::fromEncoded(webhook, QUrl::StrictMode);
    if (webhook.isEmpty())
        problems->append({QStringLiteral("webhook_url_file"),
                          QStringLiteral("bitrix24 needs the REST address with its code "
                                         "(webhook_url_file or webhook_url_env)")});
    else if (!url.isValid() ||
             (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http")) ||
             url.host().isEmpty())
        // Never the address itself in the message: it carries the code.
        problems->append({QStringLiteral("webhook_url_file"),
                          QStringLiteral("the REST address is not an http(s) URL")});
    QString processId = settings.options.value(QStringLiteral("process_id"));
    if (processId.isEmpty())
        processId = QStringLiteral("inbox-") + settings.options.value(QStringLiteral("source"));
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_.-]{1,64}$"));
    if (!plain.match(processId).hasMatch())
        problems->append({QStringLiteral("process_id"),
                          QStringLiteral("process_id must be 1..64 of A-Z, a-z, 0-9, _ . -")});
    if (problems->size() > before)
        return nullptr;
    return std::make_unique<Bitrix24Adapter>(settings, processId);
}

} // namespace inbox::poll
