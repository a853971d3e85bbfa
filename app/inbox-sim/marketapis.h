#pragma once
// What the fake Ozon and Wildberries seller APIs answer, without sockets, credentials, rate
// limits or chaos (fakemarketplace.* adds those): the order book and the three methods a poller
// calls, on a clock the caller gives. inbox-sim --fake-marketplace serves it on the real clock;
// tst_marketschedule drives it on a fake one, an hour of trading in a second.
//   Ozon  POST /v3/posting/fbs/list       the postings created in [since, to], paged by offset
//   WB    GET  /api/v3/orders             the orders created in [dateFrom, dateTo], by id cursor
//   WB    POST /api/v3/orders/status      the asked orders' supplierStatus and wbStatus, now
// The shifting page boundary (a posting published inside the window being paged) is the
// methods' own behaviour, so it is here too.

#include "marketorders.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <random>

namespace inbox::sim {

struct MarketAnswer
{
    int status = 200;
    QByteArray body; // with 200: the API's JSON
    QString refusal; // otherwise: why, for the API's own error shape
};

class MarketApis final
{
public:
    // boundary: the shifting page boundary is on; lateMaxS: how late a posting may be published
    // (the boundary's injections are never later than that).
    MarketApis(const MarketOrders::Settings &orders, bool boundary, int lateMaxS,
               quint64 boundarySeed);

    // The market whose method `path` is, none for another path.
    static std::optional<Market> marketOf(const QByteArray &path);
    // The answer to a request at nowS (the order book advanced to it first).
    MarketAnswer answer(const QByteArray &method, const QByteArray &target, const QByteArray &body,
                        qint64 nowS);

    MarketOrders &orders() { return m_orders; }
    const MarketOrders &orders() const { return m_orders; }

    // ISO 8601 of whole seconds in UTC, as the fakes write times; a compact JSON document.
    static QString iso(qint64 s);
    static QByteArray compact(const QJsonObject &o);

private:
    MarketAnswer ozonList(const QByteArray &method, const QByteArray &body, qint64 nowS);
    MarketAnswer wbOrders(const QByteArray &method, const QByteArray &target, qint64 nowS);
    MarketAnswer wbStatuses(const QByteArray &method, const QByteArray &body, qint64 nowS);

    MarketOrders m_orders;
    bool m_boundary;
    int m_lateMaxS;
    std::mt19937_64 m_boundaryDraw;
};

} // namespace inbox::sim
