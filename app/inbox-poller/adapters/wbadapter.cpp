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
// Orders' statuses (POST /api/v3/orders/status) are not polled: see docs/poller-adapters.md.
#include "wbadapter.h"

#include "pollwindow.h"
#include "rawjson.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrlQuery>

namespace inbox::poll {

namespace {

constexpr int kMaxLimit = 1000;
constexpr qint64 kMaxWindowMs = 30LL * 24 * 3600 * 1000;

class WbAdapter final : public PollAdapter
{
public:
    explicit WbAdapter(const AdapterSettings &settings)
        : m_base(settings.baseUrl.isEmpty()
                     ? QUrl(QStringLiteral("https://marketplace-api.wildberries.ru"))
                     : settings.baseUrl),
          m_token(settings.secrets.value(QStringLiteral("token"))),
          m_limit(settings.pageSize > 0 ? qMin(settings.pageSize, kMaxLimit) : kMaxLimit)
    {
        m_rules.overlapMs = settings.overlapMs;
        m_rules.firstWindowMs = settings.firstWindowMs;
        m_rules.maxWindowMs = kMaxWindowMs;
    }

    QString name() const override { return QStringLiteral("wb"); }
    int defaultRatePerMinute() const override { return 300; }
    int defaultBurst() const override { return 20; }

    bool nextRequest(const QJsonObject &cursor, const QDateTime &now, PollRequest *out,
                     QString *error) const override
    {
        PollWindow window;
        bool isNew = false;
        if (!windowOf(cursor, now, m_rules, &window, &isNew, error))
            return false;
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
        out->requestCursor = fixed;
        return true;
    }

    PolledPage readPage(const QJsonObject &requestCursor, const QByteArray &answer) const override
    {
        PolledPage page;
        PollWindow window;
        window.since = readIsoTime(requestCursor.value(QLatin1String("since")));
        window.to = readIsoTime(requestCursor.value(QLatin1String("to")));
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
            item.fingerprint = QString::fromLatin1(
                QCryptographicHash::hash(stable, QCryptographicHash::Sha256).toHex());
            page.items.append(item);
        }
        const rawjson::Span next = rawjson::find(answer, root, QStringLiteral("next"));
        bool nextOk = false;
        const QString nextText =
            next.found() ? rawjson::scalarText(answer, next, &nextOk) : QString();
        if (items.size() < m_limit || !nextOk || nextText == QLatin1String("0")) {
            page.pollDone = true;
            page.windowEnd = window.to;
            page.cursor = finishedCursor(window);
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
        return page;
    }

private:
    QUrl m_base;
    QByteArray m_token;
    int m_limit;
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
    if (problems->size() > before)
        return nullptr;
    return std::make_unique<WbAdapter>(settings);
}

} // namespace inbox::poll
