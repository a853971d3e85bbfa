// Wildberries marketplace API, the assembly tasks (orders) list, v3, as its public reference
// describes it:
//   GET {base_url}/api/v3/orders?limit=1..1000&next=N&dateFrom=UNIX&dateTo=UNIX
//   Authorization: <token>
//   200 {"next": N, "orders": [{"id": 13833711, "rid": "...", "createdAt": ISO,
//        "article": "...", "nmId": ..., "chrtId": ..., "price": ..., "convertedPrice": ...,
//        "currencyCode": 643, "warehouseId": ..., "skus": ["..."]}, ...]}
// Paging by the `next` cursor the answer gives (an id, stable while orders arrive); a page
// with fewer orders than `limit` is the last. The window (dateFrom, dateTo, unix seconds) may
// span at most 30 days. The published limit of the marketplace methods is 300 requests a
// minute with a burst of 20 (the default pace); beyond it 429 with X-Ratelimit-Retry.
//
// Key: the order's id, exactly as written. Ids pass 2^53, where a double loses digits, so the
// id and the cursor are read from the answer's bytes (rawjson.h), never through a number type,
// and the item's body is the answer's own text of it. Kind "wb.order"; time createdAt. An
// order's list entry does not change with its status (statuses are another method), but the
// fingerprint takes the fields that name what was bought (id, rid, article, nmId, chrtId,
// price, convertedPrice, skus) so that a field WB adds to the answer later is not a conflict.
//
// Statuses. The list entry never changes, so each order's status is asked for separately:
//   POST {base_url}/api/v3/orders/status  {"orders": [id, ...]} (at most 1000 ids)
//   200 {"orders": [{"id": 13833711, "supplierStatus": "confirm", "wbStatus": "waiting"}, ...]}
// Once a window's list is read to its end, the poll goes on with the statuses of the orders the
// cursor watches ("watch": id -> [createdAt as unix seconds, "supplierStatus/wbStatus" last
// stored, "" before the first]), in batches of 1000 ids in id order, and only then is done.
// Every order listed joins the watch; it leaves when its status is final (wbStatus sold,
// canceled, canceled_by_client, declined_by_client, defect, canceled_by_missed_call, or
// supplierStatus cancel) or when it is older than status_days (default 30). A status that
// differs from the last stored is an event of its own, key "<id>/<supplierStatus>/<wbStatus>",
// kind "wb.order.status": like Ozon's postings, each change is new and a change seen twice is a
// repeat. The watch travels in the cursor, stored with the items it covers, so a crash asks
// again and stores at most a repeat; keeping it there, rather than reading recent ids back from
// the inbox, leaves the poller's login (inbox_ingest) without the right to read events.
#include "wbadapter.h"

#include "pollwindow.h"
#include "rawjson.h"
#include "statuswatch.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrlQuery>

#include <algorithm>

namespace inbox::poll {

namespace {

constexpr int kMaxLimit = 1000;
constexpr int kStatusBatch = 1000; // ids in one status request, WB's own limit
constexpr qint64 kMaxWindowMs = 30LL * 24 * 3600 * 1000;

// Ids are digits of any length: in number order, a shorter one comes first.
bool idBefore(const QString &a, const QString &b)
{
    return a.size() != b.size() ? a.size() < b.size() : a < b;
}

bool isFinal(const QString &supplierStatus, const QString &wbStatus)
{
    static const QStringList finalWb = {QStringLiteral("sold"),
                                        QStringLiteral("canceled"),
                                        QStringLiteral("canceled_by_client"),
                                        QStringLiteral("declined_by_client"),
                                        QStringLiteral("defect"),
                                        QStringLiteral("canceled_by_missed_call")};
    return supplierStatus == QLatin1String("cancel") || finalWb.contains(wbStatus);
}

// The watched ids after `after` (all of them for an empty one), in id order, at most `count`.
QStringList idsAfter(const QJsonObject &watch, const QString &after, int count)
{
    QStringList ids = watch.keys();
    std::sort(ids.begin(), ids.end(), idBefore);
    QStringList out;
    for (const QString &id : std::as_const(ids)) {
        if (out.size() >= count)
            break;
        if (after.isEmpty() || idBefore(after, id))
            out << id;
    }
    return out;
}

class WbAdapter final : public PollAdapter
{
public:
    WbAdapter(const AdapterSettings &settings, const StatusWatchSettings &statuses)
        : m_base(settings.baseUrl.isEmpty()
                     ? QUrl(QStringLiteral("https://marketplace-api.wildberries.ru"))
                     : settings.baseUrl),
          m_token(settings.secrets.value(QStringLiteral("token"))),
          m_limit(settings.pageSize > 0 ? qMin(settings.pageSize, kMaxLimit) : kMaxLimit),
          m_statuses(statuses),
          m_statusBatch(settings.pageSize > 0 ? qMin(settings.pageSize, kStatusBatch)
                                              : kStatusBatch)
    {
        m_rules.overlapMs = settings.overlapMs;
        m_rules.firstWindowMs = settings.firstWindowMs;
        m_rules.maxWindowMs = kMaxWindowMs;
    }

    QString name() const override { return QStringLiteral("wb"); }
    bool readsAhead() const override { return true; }
    int defaultRatePerMinute() const override { return 300; }
    int defaultBurst() const override { return 20; }

    bool nextRequest(const QJsonObject &cursor, const QDateTime &now, PollRequest *out,
                     QString *error) const override
    {
        PollWindow window;
        bool isNew = false;
        if (!windowOf(cursor, now, m_rules, &window, &isNew, error))
            return false;
        QJsonObject watch;
        if (!readWatch(cursor, isIdKey, &watch, error))
            return false;
        if (!isNew && cursor.value(QLatin1String("phase")) == QLatin1String("status"))
            return statusRequest(cursor, window, watch, out, error);
        QString next = QStringLiteral("0");
        if (!isNew && cursor.contains(QLatin1String("next"))) {
            static const QRegularExpression digits(QStringLiteral("^[0-9]{1,20}$"));
            next = cursor.value(QLatin1String("next")).toString();
            if (!digits.match(next).hasMatch()) {
                *error = QStringLiteral("the cursor's next is not a number's text");
                return false;
            }
        }
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("limit"), QString::number(m_limit));
        query.addQueryItem(QStringLiteral("next"), next);
        query.addQueryItem(QStringLiteral("dateFrom"),
                           QString::number(window.since.toSecsSinceEpoch()));
        query.addQueryItem(QStringLiteral("dateTo"), QString::number(window.to.toSecsSinceEpoch()));
        QUrl url = m_base;
        url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0) +
                    QStringLiteral("/api/v3/orders"));
        url.setQuery(query);
        out->method = "GET";
        out->url = url;
        out->headers = {{"Authorization", m_token}, {"Accept", "application/json"}};
        out->body.clear();
        QJsonObject fixed = withWindow(QJsonObject(), window);
        fixed.insert(QLatin1String("next"), next);
        if (m_statuses.on)
            fixed.insert(QLatin1String("watch"), watch);
        out->requestCursor = fixed;
        return true;
    }

    PolledPage readPage(const QJsonObject &requestCursor, const QByteArray &answer) const override
    {
        PolledPage page;
        const PollWindow window = requestWindow(requestCursor);
        QJsonObject watch;
        if (!readWatch(requestCursor, isIdKey, &watch, &page.error))
            return page;
        if (requestCursor.value(QLatin1String("phase")) == QLatin1String("status"))
            return readStatuses(requestCursor, window, watch, answer);
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(answer, &parseError);
        if (!doc.isObject()) {
            page.error =
                QStringLiteral("the answer is not a JSON object: %1").arg(parseError.errorString());
            return page;
        }
        const rawjson::Span root = rawjson::root(answer);
        const rawjson::Span orders = rawjson::find(answer, root, QStringLiteral("orders"));
        if (!orders.found() || rawjson::kindOf(answer, orders) != '[') {
            page.error = QStringLiteral("the answer has no orders array");
            return page;
        }
        const QList<rawjson::Span> items = rawjson::elements(answer, orders);
        for (int i = 0; i < items.size(); ++i) {
            bool ok = false;
            const rawjson::Span id = rawjson::find(answer, items.at(i), QStringLiteral("id"));
            const QString idText = id.found() ? rawjson::scalarText(answer, id, &ok) : QString();
            if (!ok || idText.isEmpty()) {
                page.error = QStringLiteral("order %1 of the page has no id").arg(i + 1);
                return page;
            }
            const QByteArray body = rawjson::compact(answer, items.at(i));
            const QJsonObject o = QJsonDocument::fromJson(body).object();
            PolledItem item;
            item.externalId = idText;
            item.kind = QStringLiteral("wb.order");
            item.body = body;
            item.occurredAt = readIsoTime(o.value(QLatin1String("createdAt")));
            QByteArray stable = idText.toUtf8();
            for (const char *field :
                 {"rid", "article", "nmId", "chrtId", "price", "convertedPrice", "skus"}) {
                const rawjson::Span v =
                    rawjson::find(answer, items.at(i), QString::fromLatin1(field));
                stable += '\x1f' + (v.found() ? rawjson::compact(answer, v) : QByteArray("null"));
            }
            item.fingerprint = sha256Hex(stable);
            page.items.append(item);
            if (m_statuses.on && !watch.contains(idText)) {
                const QDateTime created = item.occurredAt.isValid() ? item.occurredAt : window.to;
                watchStatus(&watch, idText, created.toSecsSinceEpoch(), QString());
            }
        }
        const rawjson::Span next = rawjson::find(answer, root, QStringLiteral("next"));
        bool nextOk = false;
        const QString nextText =
            next.found() ? rawjson::scalarText(answer, next, &nextOk) : QString();
        if (items.size() < m_limit || !nextOk || nextText == QLatin1String("0")) {
            if (m_statuses.on && !watch.isEmpty()) {
                // The list is read; the window's poll goes on with the watched orders' statuses.
                page.cursor = withWindow(QJsonObject(), window);
                page.cursor.insert(QLatin1String("phase"), QStringLiteral("status"));
                page.cursor.insert(QLatin1String("watch"), watch);
                return page;
            }
            finish(&page, window, watch);
            return page;
        }
        // A full page whose cursor did not move would be asked for again and again.
        if (nextText == requestCursor.value(QLatin1String("next")).toString()) {
            page = PolledPage();
            page.error =
                QStringLiteral("a full page whose next cursor did not move (%1)").arg(nextText);
            return page;
        }
        page.cursor = withWindow(QJsonObject(), window);
        page.cursor.insert(QLatin1String("next"), nextText);
        if (m_statuses.on)
            page.cursor.insert(QLatin1String("watch"), watch);
        return page;
    }

private:
    bool statusRequest(const QJsonObject &cursor, const PollWindow &window,
                       const QJsonObject &watch, PollRequest *out, QString *error) const
    {
        const QString after = cursor.value(QLatin1String("after")).toString();
        const QStringList ids = idsAfter(watch, after, m_statusBatch);
        if (ids.isEmpty()) {
            *error = QStringLiteral("the cursor asks for statuses, but watches no order after "
                                    "\"%1\"")
                         .arg(after.left(24));
            return false;
        }
        QUrl url = m_base;
        url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0) +
                    QStringLiteral("/api/v3/orders/status"));
        out->method = "POST";
        out->url = url;
        out->headers = {{"Authorization", m_token},
                        {"Accept", "application/json"},
                        {"Content-Type", "application/json"}};
        // The ids are written as the digits they were read as: no number type in between.
        out->body = "{\"orders\":[" + ids.join(QLatin1Char(',')).toLatin1() + "]}";
        QJsonObject fixed = withWindow(QJsonObject(), window);
        fixed.insert(QLatin1String("phase"), QStringLiteral("status"));
        if (!after.isEmpty())
            fixed.insert(QLatin1String("after"), after);
        fixed.insert(QLatin1String("watch"), watch);
        out->requestCursor = fixed;
        return true;
    }

    PolledPage readStatuses(const QJsonObject &requestCursor, const PollWindow &window,
                            QJsonObject watch, const QByteArray &answer) const
    {
        PolledPage page;
        const QString after = requestCursor.value(QLatin1String("after")).toString();
        const QStringList asked = idsAfter(watch, after, m_statusBatch);
        if (!QJsonDocument::fromJson(answer).isObject()) {
            page.error = QStringLiteral("the status answer is not a JSON object");
            return page;
        }
        const rawjson::Span orders =
            rawjson::find(answer, rawjson::root(answer), QStringLiteral("orders"));
        if (!orders.found() || rawjson::kindOf(answer, orders) != '[') {
            page.error = QStringLiteral("the status answer has no orders array");
            return page;
        }
        for (const rawjson::Span &entry : rawjson::elements(answer, orders)) {
            bool idOk = false, supplierOk = false, wbOk = false;
            const rawjson::Span idSpan = rawjson::find(answer, entry, QStringLiteral("id"));
            const rawjson::Span supplierSpan =
                rawjson::find(answer, entry, QStringLiteral("supplierStatus"));
            const rawjson::Span wbSpan = rawjson::find(answer, entry, QStringLiteral("wbStatus"));
            const QString id =
                idSpan.found() ? rawjson::scalarText(answer, idSpan, &idOk) : QString();
            const QString supplier = supplierSpan.found()
                                         ? rawjson::scalarText(answer, supplierSpan, &supplierOk)
                                         : QString();
            const QString wb =
                wbSpan.found() ? rawjson::scalarText(answer, wbSpan, &wbOk) : QString();
            if (!idOk || !asked.contains(id)) {
                page = PolledPage();
                page.error = QStringLiteral("the status answer names an order not asked about "
                                            "(%1)")
                                 .arg(id.left(24));
                return page;
            }
            if (!supplierOk || !wbOk || supplier.isEmpty() || wb.isEmpty() ||
                supplier.contains(QLatin1Char('/')) || wb.contains(QLatin1Char('/'))) {
                page = PolledPage();
                page.error =
                    QStringLiteral("order %1's status is not two plain words").arg(id.left(24));
                return page;
            }
            if (!watch.contains(id))
                continue; // named twice in one answer, and final the first time
            const QString status = supplier + QLatin1Char('/') + wb;
            if (watchedStatus(watch, id) != status) {
                PolledItem item;
                item.externalId = id + QLatin1Char('/') + status;
                item.kind = QStringLiteral("wb.order.status");
                item.body = rawjson::compact(answer, entry);
                item.fingerprint =
                    sha256Hex(id.toUtf8() + '\x1f' + supplier.toUtf8() + '\x1f' + wb.toUtf8());
                page.items.append(item);
            }
            if (isFinal(supplier, wb))
                watch.remove(id);
            else
                watchStatus(&watch, id, 0, status);
        }
        // An id WB did not answer for stays watched: it is asked again at the next poll.
        const QString last = asked.isEmpty() ? after : asked.constLast();
        if (!idsAfter(watch, last, 1).isEmpty()) {
            page.cursor = withWindow(QJsonObject(), window);
            page.cursor.insert(QLatin1String("phase"), QStringLiteral("status"));
            page.cursor.insert(QLatin1String("after"), last);
            page.cursor.insert(QLatin1String("watch"), watch);
            return page;
        }
        finish(&page, window, watch);
        return page;
    }

    // The window is done: the cursor keeps where it ended and the orders still watched, less
    // those older than status_days (a status that changes later than that is not asked for).
    void finish(PolledPage *page, const PollWindow &window, QJsonObject watch) const
    {
        page->pollDone = true;
        page->windowEnd = window.to;
        page->cursor = finishedCursor(window);
        if (!m_statuses.on)
            return;
        forgetOlderThan(&watch, window.to.toSecsSinceEpoch() - qint64(m_statuses.days) * 86400);
        page->cursor.insert(QLatin1String("watch"), watch);
    }

    QUrl m_base;
    QByteArray m_token;
    int m_limit;
    StatusWatchSettings m_statuses;
    int m_statusBatch;
    WindowRules m_rules;
};

} // namespace

std::unique_ptr<PollAdapter> makeWbAdapter(const AdapterSettings &settings,
                                           QList<SettingProblem> *problems)
{
    const int before = problems->size();
    if (settings.secrets.value(QStringLiteral("token")).isEmpty())
        problems->append({QStringLiteral("token_file"),
                          QStringLiteral("wb needs an API token (token_file or token_env)")});
    if (!settings.baseUrl.isEmpty() &&
        (!settings.baseUrl.isValid() || settings.baseUrl.host().isEmpty()))
        problems->append(
            {QStringLiteral("base_url"), QStringLiteral("base_url is not an http(s) URL")});
    const StatusWatchSettings statuses = readStatusWatchSettings(settings, false, problems);
    if (problems->size() > before)
        return nullptr;
    return std::make_unique<WbAdapter>(settings, statuses);
}

} // namespace inbox::poll
