#include "marketorders.h"

#include <cmath>

namespace inbox::sim {

namespace {

// 2^53: the first integer a double cannot tell from its neighbour (2^53 + 1).
constexpr qint64 kDoubleExactLimit = qint64(1) << 53;

struct CatalogueItem
{
    qint64 sku;
    const char *name;
    const char *offerId;
    qint64 priceKopecks;
};

// A small shop's range; sku and price are what the postings repeat.
const CatalogueItem kCatalogue[] = {
    {1523478901, "Кружка керамическая 350 мл", "MUG-350-WHT", 49000},
    {1523478902, "Кружка керамическая 350 мл, чёрная", "MUG-350-BLK", 49000},
    {1498810233, "Чайник заварочный 0.8 л", "TEAPOT-08", 129000},
    {1611207745, "Набор чайных ложек, 6 шт.", "SPOON-6", 35900},
    {1388450021, "Подставка под горячее, пробка", "CORK-PAD", 19900},
    {1702334456, "Термос 1 л, сталь", "THERMOS-1L", 219000},
    {1702334457, "Термос 0.5 л, сталь", "THERMOS-05L", 159000},
    {1455190876, "Френч-пресс 600 мл", "FRENCH-600", 149000},
    {1590023311, "Сахарница с крышкой", "SUGAR-BOWL", 42000},
    {1433007788, "Поднос деревянный 40x30", "TRAY-4030", 89000},
};

constexpr qint64 kWarehouses[] = {1020000145678, 1020000145679, 23018765};

} // namespace

const char *marketName(Market market)
{
    return market == Market::Ozon ? "ozon" : "wb";
}

QString MarketOrder::statusAt(qint64 nowS) const
{
    QString current;
    for (const MarketStatus &s : statuses) {
        if (s.atS <= nowS)
            current = s.status;
    }
    return current;
}

MarketOrders::MarketOrders(const Settings &settings)
    : m_settings(settings), m_rng(settings.seed), m_injectRng(settings.seed ^ 0x5eed1a7e0b00da11ULL)
{
    m_nextArrivalS = double(settings.startS - qint64(settings.backfillMinutes) * 60);
    // A little below 2^53, so the first few WB orders cross it.
    m_nextWbId = kDoubleExactLimit - m_rng.between(1500, 2500);
    m_nextOzonOrderId = 30000000000LL + m_rng.between(0, 999999) * 1000;
    m_nextArrivalS += m_rng.exponential(settings.perMinute / 60.0);
}

void MarketOrders::advanceTo(qint64 nowS)
{
    if (!m_settings.live)
        nowS = std::min(nowS, m_settings.startS);
    while (m_nextArrivalS <= double(nowS)) {
        const qint64 visibleS = qint64(std::floor(m_nextArrivalS));
        const Market market = m_rng.chance(0.5) ? Market::Ozon : Market::Wb;
        qint64 createdS = visibleS;
        if (m_settings.lateMaxS > 0 && m_rng.chance(m_settings.lateShare))
            createdS =
                visibleS - m_rng.between(std::min(30, m_settings.lateMaxS), m_settings.lateMaxS);
        m_orders.push_back(make(m_rng, market, visibleS, createdS));
        m_nextArrivalS += m_rng.exponential(m_settings.perMinute / 60.0);
    }
}

const MarketOrder &MarketOrders::inject(Market market, qint64 createdS, qint64 nowS)
{
    MarketOrder order = make(m_injectRng, market, nowS, std::min(createdS, nowS));
    order.injected = true;
    m_orders.push_back(std::move(order));
    return m_orders.back();
}

MarketOrder MarketOrders::make(Rng &rng, Market market, qint64 visibleS, qint64 createdS)
{
    MarketOrder o;
    o.market = market;
    o.visibleS = visibleS;
    o.createdS = createdS;
    o.late = createdS < visibleS;
    o.warehouseId = kWarehouses[rng.between(0, 2)];
    const int lines = market == Market::Ozon ? int(rng.between(1, 3)) : 1;
    for (int i = 0; i < lines; ++i) {
        const CatalogueItem &c = kCatalogue[rng.between(0, std::size(kCatalogue) - 1)];
        o.products.append({c.sku, QString::fromUtf8(c.name), QString::fromLatin1(c.offerId),
                           market == Market::Ozon ? int(rng.between(1, 3)) : 1, c.priceKopecks});
    }
    if (market == Market::Ozon) {
        ++m_ozon;
        o.id = m_nextOzonOrderId;
        m_nextOzonOrderId += rng.between(1, 977);
        // "12345678-0001-1": the buyer's number, the order's, and the posting within it.
        do {
            o.number = QStringLiteral("%1-%2")
                           .arg(rng.between(10000000, 99999999))
                           .arg(rng.between(1, 9999), 4, 10, QLatin1Char('0'));
            o.key = o.number + QStringLiteral("-1");
        } while (m_keys.contains(o.key));
        ozonHistory(rng, &o);
    } else {
        ++m_wb;
        o.id = m_nextWbId;
        m_nextWbId += rng.between(1, 997);
        o.key = QString::number(o.id);
        o.number = rng.hex(32); // rid
        o.nmId = rng.between(10000000, 300000000);
        o.chrtId = rng.between(10000000, 400000000);
        o.barcode = QStringLiteral("20%1").arg(rng.between(10000000000LL, 99999999999LL));
        wbHistory(&o);
    }
    m_keys.insert(o.key);
    return o;
}

void MarketOrders::wbHistory(MarketOrder *o) const
{
    // Its own stream per order, so the statuses leave the seed's arrivals as they were.
    Rng rng(m_settings.seed ^ quint64(o->id) * 0x9e3779b97f4a7c15ULL);
    const auto step = [this, &rng](qint64 lo, qint64 hi) {
        return std::max<qint64>(1, qint64(double(rng.between(lo, hi)) / m_settings.statusSpeed));
    };
    qint64 at = o->visibleS;
    o->statuses.append({QStringLiteral("new/waiting"), at});
    if (rng.chance(0.05)) {
        o->statuses.append({QStringLiteral("new/declined_by_client"), at + step(60, 1800)});
        return;
    }
    at += step(60, 900);
    o->statuses.append({QStringLiteral("confirm/waiting"), at});
    if (rng.chance(0.03)) {
        o->statuses.append({QStringLiteral("cancel/canceled"), at + step(60, 1800)});
        return;
    }
    at += step(600, 3600);
    o->statuses.append({QStringLiteral("complete/waiting"), at});
    at += step(1800, 4 * 3600);
    o->statuses.append({QStringLiteral("complete/sorted"), at});
    at += step(3600, 6 * 3600);
    o->statuses.append({QStringLiteral("complete/sold"), at});
}

void MarketOrders::ozonHistory(Rng &rng, MarketOrder *o)
{
    // Changes count from when the posting became visible: a change before it would be one no
    // poller could ever see. The draws are the same at any speed, only scaled.
    const auto step = [this, &rng](qint64 lo, qint64 hi) {
        return std::max<qint64>(1, qint64(double(rng.between(lo, hi)) / m_settings.statusSpeed));
    };
    qint64 at = o->visibleS;
    o->statuses.append({QStringLiteral("awaiting_packaging"), at});
    if (rng.chance(0.07)) {
        o->statuses.append({QStringLiteral("cancelled"), at + step(60, 1800)});
        return;
    }
    at += step(60, 900);
    o->statuses.append({QStringLiteral("awaiting_deliver"), at});
    at += step(600, 3600);
    o->statuses.append({QStringLiteral("delivering"), at});
    o->tracking = QStringLiteral("3300%1").arg(rng.between(1000000000LL, 9999999999LL));
    at += step(3600, 6 * 3600);
    o->statuses.append({QStringLiteral("delivered"), at});
}

} // namespace inbox::sim
