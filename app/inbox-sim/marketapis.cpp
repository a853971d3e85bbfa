#include "marketapis.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>
#include <cmath>

namespace inbox::sim {

namespace {

constexpr int kMaxLimit = 1000;
constexpr double kBoundaryShare = 0.5;

MarketAnswer refusal(int status, const QString &why)
{
    return MarketAnswer{status, {}, why};
}

QString substatus(const QString &status)
{
    if (status == QLatin1String("awaiting_packaging"))
        return QStringLiteral("posting_created");
    if (status == QLatin1String("awaiting_deliver"))
        return QStringLiteral("posting_transferring_to_delivery");
    if (status == QLatin1String("delivering"))
        return QStringLiteral("posting_in_carriage");
    if (status == QLatin1String("delivered"))
        return QStringLiteral("posting_delivered");
    return QStringLiteral("posting_canceled");
}

QJsonObject ozonPosting(const MarketOrder &o, qint64 nowS)
{
    const QString status = o.statusAt(nowS);
    QJsonArray products;
    for (const MarketProduct &p : o.products)
        products.append(QJsonObject{
            {QStringLiteral("sku"), p.sku},
            {QStringLiteral("name"), p.name},
            {QStringLiteral("quantity"), p.quantity},
            {QStringLiteral("offer_id"), p.offerId},
            {QStringLiteral("price"), QString::number(double(p.priceKopecks) / 100.0, 'f', 6)},
            {QStringLiteral("currency_code"), QStringLiteral("RUB")}});
    const bool tracked =
        status == QLatin1String("delivering") || status == QLatin1String("delivered");
    return QJsonObject{
        {QStringLiteral("posting_number"), o.key},
        {QStringLiteral("order_id"), o.id},
        {QStringLiteral("order_number"), o.number},
        {QStringLiteral("status"), status},
        {QStringLiteral("substatus"), substatus(status)},
        {QStringLiteral("tpl_integration_type"), QStringLiteral("ozon")},
        {QStringLiteral("tracking_number"), tracked ? o.tracking : QString()},
        {QStringLiteral("in_process_at"), MarketApis::iso(o.createdS)},
        {QStringLiteral("shipment_date"), MarketApis::iso(o.createdS + 24 * 3600)},
        {QStringLiteral("delivery_method"),
         QJsonObject{{QStringLiteral("warehouse_id"), o.warehouseId},
                     {QStringLiteral("tpl_provider"), QStringLiteral("Ozon Логистика")}}},
        {QStringLiteral("products"), products}};
}

QJsonObject wbOrder(const MarketOrder &o)
{
    const MarketProduct &p = o.products.first();
    // id is a qint64 in the JSON value, written as an exact integer (not through a double).
    return QJsonObject{{QStringLiteral("id"), o.id},
                       {QStringLiteral("rid"), o.number},
                       {QStringLiteral("createdAt"), MarketApis::iso(o.createdS)},
                       {QStringLiteral("article"), p.offerId},
                       {QStringLiteral("nmId"), o.nmId},
                       {QStringLiteral("chrtId"), o.chrtId},
                       {QStringLiteral("price"), p.priceKopecks},
                       {QStringLiteral("convertedPrice"), p.priceKopecks},
                       {QStringLiteral("currencyCode"), 643},
                       {QStringLiteral("convertedCurrencyCode"), 643},
                       {QStringLiteral("warehouseId"), o.warehouseId},
                       {QStringLiteral("cargoType"), 1},
                       {QStringLiteral("deliveryType"), QStringLiteral("fbs")},
                       {QStringLiteral("skus"), QJsonArray{o.barcode}}};
}
} // namespace

MarketApis::MarketApis(const MarketOrders::Settings &orders, bool boundary, int lateMaxS,
                       quint64 boundarySeed)
    : m_orders(orders), m_boundary(boundary), m_lateMaxS(lateMaxS), m_boundaryDraw(boundarySeed)
{}

QString MarketApis::iso(qint64 s)
{
    return QDateTime::fromSecsSinceEpoch(s, Qt::UTC).toString(Qt::ISODate);
}

QByteArray MarketApis::compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

std::optional<Market> MarketApis::marketOf(const QByteArray &path)
{
    if (path == "/v3/posting/fbs/list")
        return Market::Ozon;
    if (path == "/api/v3/orders" || path == "/api/v3/orders/status")
        return Market::Wb;
    return std::nullopt;
}

MarketAnswer MarketApis::answer(const QByteArray &method, const QByteArray &target,
                                const QByteArray &body, qint64 nowS)
{
    m_orders.advanceTo(nowS);
    const qsizetype question = target.indexOf('?');
    const QByteArray path = question < 0 ? target : target.left(question);
    if (path == "/v3/posting/fbs/list")
        return ozonList(method, body, nowS);
    if (path == "/api/v3/orders")
        return wbOrders(method, target, nowS);
    if (path == "/api/v3/orders/status")
        return wbStatuses(method, body, nowS);
    return refusal(404, QStringLiteral("no such method"));
}

MarketAnswer MarketApis::ozonList(const QByteArray &method, const QByteArray &body, qint64 nowS)
{
    if (method != "POST")
        return refusal(405, QStringLiteral("POST only"));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (!doc.isObject())
        return refusal(400, QStringLiteral("invalid JSON: %1").arg(parseError.errorString()));
    const QJsonObject request = doc.object();
    const QJsonObject filter = request.value(QLatin1String("filter")).toObject();
    const QDateTime since =
        QDateTime::fromString(filter.value(QLatin1String("since")).toString(), Qt::ISODateWithMs);
    const QDateTime to =
        QDateTime::fromString(filter.value(QLatin1String("to")).toString(), Qt::ISODateWithMs);
    const QString dir =
        request.value(QLatin1String("dir")).toString(QStringLiteral("ASC")).toUpper();
    const QJsonValue limitValue = request.value(QLatin1String("limit"));
    const QJsonValue offsetValue = request.value(QLatin1String("offset"));
    const double limit = limitValue.toDouble(-1);
    const double offset = offsetValue.isUndefined() ? 0 : offsetValue.toDouble(-1);
    if (!since.isValid() || !to.isValid())
        return refusal(400, QStringLiteral("filter.since and filter.to must be RFC 3339 times"));
    if (limit < 1 || limit > kMaxLimit || limit != std::floor(limit))
        return refusal(400, QStringLiteral("limit must be from 1 to 1000"));
    if (offset < 0 || offset != std::floor(offset))
        return refusal(400, QStringLiteral("offset must be 0 or more"));
    if (dir != QLatin1String("ASC") && dir != QLatin1String("DESC"))
        return refusal(400, QStringLiteral("dir must be ASC or DESC"));
    const QString status = filter.value(QLatin1String("status")).toString();
    const qint64 sinceS = since.toSecsSinceEpoch();
    const qint64 toS = to.toSecsSinceEpoch();

    std::vector<const MarketOrder *> matching;
    for (const MarketOrder &o : m_orders.orders()) {
        if (o.market == Market::Ozon && o.visibleS <= nowS && o.createdS >= sinceS &&
            o.createdS <= toS && (status.isEmpty() || o.statusAt(nowS) == status))
            matching.push_back(&o);
    }
    const bool asc = dir == QLatin1String("ASC");
    std::sort(matching.begin(), matching.end(), [asc](const MarketOrder *a, const MarketOrder *b) {
        if (a->createdS != b->createdS)
            return asc ? a->createdS < b->createdS : a->createdS > b->createdS;
        return asc ? a->key < b->key : a->key > b->key;
    });
    const size_t from = std::min(matching.size(), size_t(offset));
    const size_t end = std::min(matching.size(), from + size_t(limit));
    QJsonArray postings;
    for (size_t i = from; i < end; ++i)
        postings.append(ozonPosting(*matching[i], nowS));
    const bool hasNext = end < matching.size();

    // The shifting boundary: a posting published now with a time before the end of the page
    // just given, so everything after it moves one place on. It is late like any late posting,
    // by at most --fake-marketplace-late-max: a page further back than that is left alone.
    const qint64 lateFloor = nowS - m_lateMaxS;
    const qint64 edge = end > from ? matching[end - 1]->createdS : 0;
    if (m_boundary && hasNext && end > from && (asc ? edge : toS) >= lateFloor &&
        std::uniform_real_distribution<double>(0, 1)(m_boundaryDraw) < kBoundaryShare) {
        const qint64 lo = std::max(asc ? sinceS : edge, lateFloor);
        const qint64 hi = asc ? edge : std::min(toS, nowS);
        m_orders.inject(Market::Ozon,
                        lo + qint64(std::uniform_int_distribution<qint64>(
                                 0, std::max<qint64>(0, hi - lo))(m_boundaryDraw)),
                        nowS);
    }
    MarketAnswer a;
    a.body = compact(QJsonObject{
        {QStringLiteral("result"), QJsonObject{{QStringLiteral("postings"), postings},
                                               {QStringLiteral("has_next"), hasNext}}}});
    return a;
}
MarketAnswer MarketApis::wbOrders(const QByteArray &method, const QByteArray &target, qint64 nowS)
{
    if (method != "GET")
        return refusal(405, QStringLiteral("GET only"));
    const QUrlQuery q(QUrl(QString::fromLatin1(target)));
    bool limitOk = false, nextOk = false, fromOk = true, toOk = true;
    const int limit = q.queryItemValue(QStringLiteral("limit")).toInt(&limitOk);
    const qint64 next = q.queryItemValue(QStringLiteral("next")).toLongLong(&nextOk);
    const bool hasFrom = q.hasQueryItem(QStringLiteral("dateFrom"));
    const bool hasTo = q.hasQueryItem(QStringLiteral("dateTo"));
    const qint64 dateFrom =
        hasFrom ? q.queryItemValue(QStringLiteral("dateFrom")).toLongLong(&fromOk) : 0;
    const qint64 dateTo = hasTo ? q.queryItemValue(QStringLiteral("dateTo")).toLongLong(&toOk) : 0;
    if (!limitOk || limit < 1 || limit > kMaxLimit)
        return refusal(400, QStringLiteral("limit must be from 1 to 1000"));
    if (!nextOk || next < 0)
        return refusal(400, QStringLiteral("next must be 0 or a value given"));
    if (!fromOk || !toOk)
        return refusal(400, QStringLiteral("dateFrom and dateTo are Unix seconds"));

    // Orders are kept in the order they were created, and WB ids grow with it: id order.
    QJsonArray orders;
    qint64 last = next;
    for (const MarketOrder &o : m_orders.orders()) {
        if (orders.size() >= limit)
            break;
        if (o.market != Market::Wb || o.visibleS > nowS || o.id <= next ||
            (hasFrom && o.createdS < dateFrom) || (hasTo && o.createdS > dateTo))
            continue;
        orders.append(wbOrder(o));
        last = o.id;
    }
    MarketAnswer a;
    a.body =
        compact(QJsonObject{{QStringLiteral("next"), last}, {QStringLiteral("orders"), orders}});
    return a;
}
MarketAnswer MarketApis::wbStatuses(const QByteArray &method, const QByteArray &body, qint64 nowS)
{
    if (method != "POST")
        return refusal(405, QStringLiteral("POST only"));
    // The ids are read from the body's text: past 2^53 a JSON number read as a double would
    // name a neighbouring order.
    static const QRegularExpression shape(
        QStringLiteral(R"(^\s*\{\s*"orders"\s*:\s*\[([0-9,\s]*)\]\s*\}\s*$)"));
    const QRegularExpressionMatch match = shape.match(QString::fromUtf8(body));
    if (!match.hasMatch())
        return refusal(400, QStringLiteral("the body is {\"orders\": [id, ...]}"));
    QSet<qint64> asked;
    for (const QString &part : match.captured(1).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        asked.insert(part.trimmed().toLongLong(&ok));
        if (!ok)
            return refusal(400, QStringLiteral("an id is not an integer"));
    }
    if (asked.isEmpty() || asked.size() > kMaxLimit)
        return refusal(400, QStringLiteral("from 1 to 1000 ids"));
    // Ids it does not know are left out of the answer, as WB leaves out another seller's.
    QJsonArray orders;
    for (const MarketOrder &o : m_orders.orders()) {
        if (o.market != Market::Wb || o.visibleS > nowS || !asked.contains(o.id))
            continue;
        const QString status = o.statusAt(nowS);
        orders.append(
            QJsonObject{{QStringLiteral("id"), o.id},
                        {QStringLiteral("supplierStatus"), status.section(QLatin1Char('/'), 0, 0)},
                        {QStringLiteral("wbStatus"), status.section(QLatin1Char('/'), 1)}});
    }
    MarketAnswer a;
    a.body = compact(QJsonObject{{QStringLiteral("orders"), orders}});
    return a;
}
} // namespace inbox::sim
