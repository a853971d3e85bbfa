// Ozon Seller API, the FBS postings list, version 3, as its public reference describes it:
//   POST {base_url}/v3/posting/fbs/list   Client-Id: <id>   Api-Key: <key>
//   {"dir": "ASC", "filter": {"since": ISO, "to": ISO}, "limit": 1..1000, "offset": N,
//    "with": {"analytics_data": false, "financial_data": false}}
//   200 {"result": {"postings": [{"posting_number": "05708065-0029-1", "order_id": ...,
//        "status": "awaiting_packaging", "substatus": ..., "in_process_at": ISO,
//        "tracking_number": ..., "products": [{"sku", "name", "quantity", "offer_id",
//        "price", "currency_code"}], ...}], "has_next": bool}}
// The window filters by in_process_at and may not be longer than a year. Ozon publishes no
// per-method request limit for it; the default pace is that of the simulator's fake (300 a
// minute, a burst of 20), and rate_per_minute changes it.
//
// Key design. A posting keeps changing status for weeks (awaiting_packaging, awaiting_deliver,
// delivering, delivered, cancelled; returns later) and each change is something the shop acts
// on, so each status of a posting is its own event: external id "<posting_number>/<status>",
// kind "ozon.posting.<status>". A posting seen again in the same status (the next overlapping
// window) is a repeat. The fingerprint is a SHA-256 of the stable fields only (posting number,
// status, and each product's sku, offer_id, quantity and price, in the answer's order): the
// tracking number, dates and substatus that change under one status do not make every repeat a
// conflict, while a product list that changed under the same status is one, kept for review.
// The event's time is in_process_at.
//
// Paging that cannot skip. Offset paging over a list that grows while it is read shows an item
// twice or hides one at the boundary. Instead each next page starts again at the last posting's
// in_process_at with offset 0 (keyset paging by time): postings after the boundary can only be
// behind it, and those at the boundary instant are read again (harmless repeats). Only when a
// whole page shares one instant (more postings than `limit` in one millisecond) does it fall
// back to offsets within that instant, so a page never repeats forever. The cursor keeps the
// window ("since", "to"), the page's start ("page_since") and that offset ("offset").
//
// Later statuses. The list filters by in_process_at, so the regular windows see a posting only
// while it is new, and its statuses come for weeks. Every posting listed in a status that is
// not final (final: delivered, cancelled) is watched (statuswatch.h); once every status_every
// (default an hour), after a window is read, the poll goes on with a sweep: the same list over
// the last status_days (default 30), paged the same way ("phase": "sweep"), where only a
// watched posting whose status changed is an event. A posting that is not watched is either
// final and stored, or older than the watch: a sweep stores nothing for it, so it costs no
// repeat in the journal. "swept_at" says when the last sweep ended (the first poll's end, for a
// source that has not swept yet).
#include "ozonadapter.h"

#include "pollwindow.h"
#include "statuswatch.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace inbox::poll {

namespace {

constexpr int kMaxLimit = 1000;
constexpr qint64 kMaxWindowMs = 365LL * 24 * 3600 * 1000;

QString fingerprintOf(const QJsonObject &posting)
{
    QJsonArray products;
    for (const QJsonValue &v : posting.value(QLatin1String("products")).toArray()) {
        const QJsonObject p = v.toObject();
        products.append(
            QJsonArray{p.value(QLatin1String("sku")), p.value(QLatin1String("offer_id")),
                       p.value(QLatin1String("quantity")), p.value(QLatin1String("price"))});
    }
    const QJsonArray stable{posting.value(QLatin1String("posting_number")),
                            posting.value(QLatin1String("status")), products};
    return sha256Hex(QJsonDocument(stable).toJson(QJsonDocument::Compact));
}

bool isFinal(const QString &status)
{
    return status == QLatin1String("delivered") || status == QLatin1String("cancelled");
}

class OzonAdapter final : public PollAdapter
{
public:
    OzonAdapter(const AdapterSettings &settings, const StatusWatchSettings &statuses)
        : m_base(settings.baseUrl.isEmpty() ? QUrl(QStringLiteral("https://api-seller.ozon.ru"))
                                            : settings.baseUrl),
          m_statuses(statuses), m_clientId(settings.secrets.value(QStringLiteral("client_id"))),
          m_apiKey(settings.secrets.value(QStringLiteral("api_key"))),
          m_limit(settings.pageSize > 0 ? qMin(settings.pageSize, kMaxLimit) : kMaxLimit)
    {
        m_rules.overlapMs = settings.overlapMs;
        m_rules.firstWindowMs = settings.firstWindowMs;
        m_rules.maxWindowMs = kMaxWindowMs;
    }

    QString name() const override { return QStringLiteral("ozon"); }
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
        if (!readWatch(cursor, isPostingKey, &watch, error))
            return false;
        const bool sweep = !isNew && cursor.value(QLatin1String("phase")) == QLatin1String("sweep");
        const QDateTime from = sweep ? sweepSince(window) : window.since;
        QDateTime pageSince = from;
        int offset = 0;
        if (!isNew && cursor.contains(QLatin1String("page_since"))) {
            pageSince = readIsoTime(cursor.value(QLatin1String("page_since")));
            offset = cursor.value(QLatin1String("offset")).toInt(-1);
            if (!pageSince.isValid() || pageSince < from || pageSince > window.to || offset < 0) {
                *error = QStringLiteral("the cursor's page_since or offset does not fit its "
                                        "window");
                return false;
            }
        }
        QUrl url = m_base;
        url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0) +
                    QStringLiteral("/v3/posting/fbs/list"));
        out->method = "POST";
        out->url = url;
        out->headers = {{"Client-Id", m_clientId},
                        {"Api-Key", m_apiKey},
                        {"Content-Type", "application/json"},
                        {"Accept", "application/json"}};
        out->body =
            QJsonDocument(QJsonObject{{QStringLiteral("dir"), QStringLiteral("ASC")},
                                      {QStringLiteral("filter"),
                                       QJsonObject{{QStringLiteral("since"), isoTime(pageSince)},
                                                   {QStringLiteral("to"), isoTime(window.to)}}},
                                      {QStringLiteral("limit"), m_limit},
                                      {QStringLiteral("offset"), offset},
                                      {QStringLiteral("with"),
                                       QJsonObject{{QStringLiteral("analytics_data"), false},
                                                   {QStringLiteral("financial_data"), false}}}})
                .toJson(QJsonDocument::Compact);
        QJsonObject fixed = withWindow(QJsonObject(), window);
        fixed.insert(QLatin1String("page_since"), isoTime(pageSince));
        fixed.insert(QLatin1String("offset"), offset);
        keepStatusState(&fixed, cursor, watch);
        if (sweep)
            fixed.insert(QLatin1String("phase"), QStringLiteral("sweep"));
        out->requestCursor = fixed;
        return true;
    }

    PolledPage readPage(const QJsonObject &requestCursor, const QByteArray &answer) const override
    {
        PolledPage page;
        const PollWindow window = requestWindow(requestCursor);
        const QDateTime pageSince = readIsoTime(requestCursor.value(QLatin1String("page_since")));
        const int offset = requestCursor.value(QLatin1String("offset")).toInt();
        const bool sweep = requestCursor.value(QLatin1String("phase")) == QLatin1String("sweep");
        QJsonObject watch;
        if (!readWatch(requestCursor, isPostingKey, &watch, &page.error))
            return page;
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(answer, &parseError);
        const QJsonObject result = doc.object().value(QLatin1String("result")).toObject();
        if (!doc.isObject() || !result.value(QLatin1String("postings")).isArray()) {
            page.error = doc.isObject() ? QStringLiteral("the answer has no result.postings array")
                                        : QStringLiteral("the answer is not a JSON object: %1")
                                              .arg(parseError.errorString());
            return page;
        }
        const QJsonArray postings = result.value(QLatin1String("postings")).toArray();
        QDateTime last;
        for (int i = 0; i < postings.size(); ++i) {
            const QJsonObject p = postings.at(i).toObject();
            const QString number = p.value(QLatin1String("posting_number")).toString();
            const QString status = p.value(QLatin1String("status")).toString();
            if (number.isEmpty() || status.isEmpty()) {
                page.error = QStringLiteral("posting %1 of the page has no posting_number or "
                                            "status")
                                 .arg(i + 1);
                return page;
            }
            const QDateTime processed = readIsoTime(p.value(QLatin1String("in_process_at")));
            if (processed.isValid() && (!last.isValid() || processed > last))
                last = processed;
            if (m_statuses.on) {
                const bool watched = watch.contains(number);
                // A sweep stores only what changed under a watched posting.
                if (sweep && (!watched || watchedStatus(watch, number) == status))
                    continue;
                if (isFinal(status))
                    watch.remove(number);
                else if (!sweep || watched)
                    watchStatus(&watch, number,
                                processed.isValid() ? processed.toSecsSinceEpoch()
                                                    : window.to.toSecsSinceEpoch(),
                                status);
            }
            PolledItem item;
            item.externalId = number + QLatin1Char('/') + status;
            item.kind = QStringLiteral("ozon.posting.") + status;
            item.body = QJsonDocument(p).toJson(QJsonDocument::Compact);
            item.occurredAt = processed;
            item.fingerprint = fingerprintOf(p);
            page.items.append(item);
        }
        if (!result.value(QLatin1String("has_next")).toBool() || postings.isEmpty()) {
            finishList(&page, requestCursor, window, watch, sweep);
            return page;
        }
        page.cursor = withWindow(QJsonObject(), window);
        keepStatusState(&page.cursor, requestCursor, watch);
        if (sweep)
            page.cursor.insert(QLatin1String("phase"), QStringLiteral("sweep"));
        if (last.isValid() && last > pageSince) {
            // Keyset: the next page starts at the last instant read, offset 0.
            page.cursor.insert(QLatin1String("page_since"), isoTime(last));
            page.cursor.insert(QLatin1String("offset"), 0);
        } else {
            // A whole page at one instant (or without times): go on by offset within it.
            page.cursor.insert(QLatin1String("page_since"), isoTime(pageSince));
            page.cursor.insert(QLatin1String("offset"), offset + int(postings.size()));
        }
        return page;
    }

private:
    QDateTime sweepSince(const PollWindow &window) const
    {
        return window.to.addSecs(-qint64(m_statuses.days) * 86400);
    }

    // The watch and the last sweep's time travel with every cursor of the source.
    void keepStatusState(QJsonObject *out, const QJsonObject &from, const QJsonObject &watch) const
    {
        if (!m_statuses.on)
            return;
        out->insert(QLatin1String("watch"), watch);
        if (from.contains(QLatin1String("swept_at")))
            out->insert(QLatin1String("swept_at"), from.value(QLatin1String("swept_at")));
    }

    // The end of a list: a regular window goes on with a sweep when one is due, else the poll
    // is done; a sweep's end is the poll's end, and the watch forgets what is too old.
    void finishList(PolledPage *page, const QJsonObject &requestCursor, const PollWindow &window,
                    QJsonObject watch, bool sweep) const
    {
        const QDateTime sweptAt = readIsoTime(requestCursor.value(QLatin1String("swept_at")));
        if (m_statuses.on && !sweep && !watch.isEmpty() && sweptAt.isValid() &&
            sweptAt.secsTo(window.to) >= m_statuses.everyS) {
            page->cursor = withWindow(QJsonObject(), window);
            keepStatusState(&page->cursor, requestCursor, watch);
            page->cursor.insert(QLatin1String("phase"), QStringLiteral("sweep"));
            page->cursor.insert(QLatin1String("page_since"), isoTime(sweepSince(window)));
            page->cursor.insert(QLatin1String("offset"), 0);
            return;
        }
        page->pollDone = true;
        page->windowEnd = window.to;
        page->cursor = finishedCursor(window);
        if (!m_statuses.on)
            return;
        forgetOlderThan(&watch, sweepSince(window).toSecsSinceEpoch());
        keepStatusState(&page->cursor, requestCursor, watch);
        // The first poll counts as a sweep: nothing was watched before it.
        if (sweep || !sweptAt.isValid())
            page->cursor.insert(QLatin1String("swept_at"), isoTime(window.to));
    }

    QUrl m_base;
    StatusWatchSettings m_statuses;
    QByteArray m_clientId;
    QByteArray m_apiKey;
    int m_limit;
    WindowRules m_rules;
};

} // namespace

std::unique_ptr<PollAdapter> makeOzonAdapter(const AdapterSettings &settings,
                                             QList<SettingProblem> *problems)
{
    const int before = problems->size();
    if (settings.secrets.value(QStringLiteral("client_id")).isEmpty())
        problems->append({QStringLiteral("client_id_file"),
                          QStringLiteral("ozon needs the seller's Client-Id (client_id_file or "
                                         "client_id_env)")});
    if (settings.secrets.value(QStringLiteral("api_key")).isEmpty())
        problems->append({QStringLiteral("api_key_file"),
                          QStringLiteral("ozon needs an Api-Key (api_key_file or api_key_env)")});
    if (!settings.baseUrl.isEmpty() &&
        (!settings.baseUrl.isValid() || settings.baseUrl.host().isEmpty()))
        problems->append(
            {QStringLiteral("base_url"), QStringLiteral("base_url is not an http(s) URL")});
    const StatusWatchSettings statuses = readStatusWatchSettings(settings, true, problems);
    if (problems->size() > before)
        return nullptr;
    return std::make_unique<OzonAdapter>(settings, statuses);
}

} // namespace inbox::poll
