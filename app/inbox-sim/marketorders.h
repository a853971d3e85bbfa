#pragma once
// The fake marketplaces' order book (inbox-sim --fake-marketplace): Ozon FBS postings and
// Wildberries assembly tasks created continuously on the real clock, the same ones for the same
// seed. Each order remembers when it became visible, so the self-check can tell what a poller
// should have stored:
//   - a late item is listed first at visible_s but carries a creation time (Ozon's
//     in_process_at, WB's createdAt) up to lateMaxS earlier, as marketplaces publish late;
//   - an Ozon posting moves through awaiting_packaging -> awaiting_deliver -> delivering ->
//     delivered (or is cancelled), each change at a time fixed when it is created, and its
//     tracking number appears only once it is delivering (a volatile field);
//   - a WB assembly task moves through supplierStatus/wbStatus pairs: new/waiting ->
//     confirm/waiting -> complete/waiting -> complete/sorted -> complete/sold (or is declined
//     or cancelled), each change fixed when it is created, like Ozon's;
//   - WB ids start just below 2^53 and grow by uneven steps, so the ids pass 2^53 after a few
//     orders and a client reading them through a double loses digits.
// Nothing here knows about HTTP; fakemarketplace.* serves it.

#include "rng.h"

#include <QSet>
#include <QString>
#include <QVector>

#include <vector>

namespace inbox::sim {

enum class Market { Ozon, Wb };

struct MarketProduct
{
    qint64 sku = 0;
    QString name;
    QString offerId;
    int quantity = 1;
    qint64 priceKopecks = 0;
};

struct MarketStatus
{
    QString status;
    qint64 atS = 0; // when the change is visible (never before the order itself is)
};

struct MarketOrder
{
    Market market = Market::Ozon;
    qint64 id = 0;                  // Ozon: order_id; WB: the assembly task's id (the key)
    QString key;                    // Ozon: posting_number; WB: the id as text
    QString number;                 // Ozon: order_number; WB: rid
    qint64 createdS = 0;            // in_process_at / createdAt, seconds since the epoch
    qint64 visibleS = 0;            // when it is listed first
    bool late = false;              // createdS lies before visibleS
    bool injected = false;          // put inside a window being paged (the shifting boundary)
    QVector<MarketStatus> statuses; // Ozon: status; WB: "supplierStatus/wbStatus"
    QString tracking;               // Ozon: shown from "delivering" on
    QVector<MarketProduct> products;
    qint64 warehouseId = 0;
    qint64 nmId = 0, chrtId = 0; // WB card and size
    QString barcode;             // WB skus[0]

    // The last status whose time has come, empty before the order is visible.
    QString statusAt(qint64 nowS) const;
};

class MarketOrders final
{
public:
    struct Settings
    {
        quint64 seed = 1;
        double perMinute = 6;    // new orders a minute, both marketplaces together
        int lateMaxS = 0;        // 0: no late items
        double lateShare = 0.25; // of the orders, when lateMaxS > 0
        qint64 startS = 0;       // the clock at start
        int backfillMinutes = 0; // history created at start, with times in the past
        double statusSpeed = 1;  // Ozon's status changes this many times faster than life
        bool live = true;        // false: no orders after the backfill (a fixed book, to time)
    };

    explicit MarketOrders(const Settings &settings);

    // Creates every order whose arrival time has come by nowS.
    void advanceTo(qint64 nowS);
    // An order of `market` created at createdS, visible from nowS: the new arrival a page
    // boundary shifts on. Drawn from its own random stream, so what clients ask never changes
    // the regular arrivals of a seed.
    const MarketOrder &inject(Market market, qint64 createdS, qint64 nowS);
    const std::vector<MarketOrder> &orders() const { return m_orders; }
    qint64 count(Market market) const { return market == Market::Ozon ? m_ozon : m_wb; }

private:
    MarketOrder make(Rng &rng, Market market, qint64 visibleS, qint64 createdS);
    void ozonHistory(Rng &rng, MarketOrder *order);
    void wbHistory(MarketOrder *order) const;

    Settings m_settings;
    Rng m_rng;
    Rng m_injectRng;
    double m_nextArrivalS = 0;
    std::vector<MarketOrder> m_orders;
    QSet<QString> m_keys;
    qint64 m_nextWbId = 0;
    qint64 m_nextOzonOrderId = 0;
    qint64 m_ozon = 0, m_wb = 0;
};

const char *marketName(Market market);

} // namespace inbox::sim
