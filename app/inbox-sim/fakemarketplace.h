#pragma once
// Fake Ozon and Wildberries seller APIs on one loopback port (inbox-sim --fake-marketplace),
// for inbox-poller's tests and the demo. Shaped like the real ones:
//   Ozon  POST /v3/posting/fbs/list   Client-Id and Api-Key headers; a JSON body with dir,
//         filter.since/to (in_process_at, both included), optional filter.status, limit 1..1000,
//         offset; answers {"result":{"postings":[...],"has_next":bool}}. Errors are Ozon's
//         {"code":N,"message":"...","details":[]} (16 unauthenticated, 3 invalid argument,
//         8 too many requests, 13 internal).
//   WB    GET /api/v3/orders?limit=1..1000&next=N[&dateFrom=UNIX&dateTo=UNIX]  Authorization
//         header (the token as is); answers {"next":N,"orders":[...]} ordered by id, where next
//         is the last id given (a stable cursor). Errors are WB's {"title","detail","code",
//         "requestId","origin","status","statusText","timestamp"}.
//         POST /api/v3/orders/status {"orders":[id,...]} (1..1000 ids) answers
//         {"orders":[{"id","supplierStatus","wbStatus"}]} for the ids it knows, as of now.
// Each API has its own token bucket (--fake-marketplace-limit per minute, -burst at once), as
// WB documents for its marketplace methods (300/min, burst 20); past it the answer is 429 with
// X-Ratelimit-Retry, -Limit, -Reset and -Remaining (WB) or Retry-After (Ozon).
//
// What makes polling hard, all on with --fake-marketplace-hard, each off with
// --fake-marketplace-without LIST:
//   late      orders published up to --fake-marketplace-late-max seconds after their time
//   boundary  after half of the pages with has_next, an Ozon posting appears inside the window
//             being paged, before the page's end: the next offset page repeats one
//   errors    about 3 % of answers are 500 or 503 (Retry-After)
//   slow      about 3 % of answers come 1-4 s late
//
// The same port plays the CRMs' pull side (fakecrmqueues.h): Bitrix24's offline event queue
// at POST /rest/1/demo-code/event.offline.get.json and .../event.offline.clear.json, and
// amoCRM's GET /api/v4/events (Authorization: Bearer demo-amo-token), their events made at
// --fake-marketplace-rate each, and listed by GET /fake/crm-keys.
//
// Control: GET /fake/stats (requests and answers per API, 429s, orders created),
// GET /fake/orders (every order so far as JSON lines, with its status history and when each
// became visible: what the self-check compares the inbox with), and
// GET /fake/misbehave?api=ozon|wb&mode=429|500|503|401|slow&count=N&seconds=S (no api: both).

#include "fakecrmqueues.h"
#include "marketapis.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QHostAddress>
#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QString>

#include <random>

class QTcpServer;
class QTcpSocket;

namespace inbox::sim {

struct MarketplaceSettings
{
    QString listen;                                  // --fake-marketplace ADDRESS:PORT
    QString ozonClientId = QStringLiteral("123456"); // --fake-marketplace-ozon-client-id
    QString ozonKeyFile;                             // --fake-marketplace-ozon-key-file
    QString wbTokenFile;                             // --fake-marketplace-wb-token-file
    QString log;                                     // --fake-marketplace-log
    double perMinute = 6;                            // --fake-marketplace-rate
    int backfillMinutes = 0;                         // --fake-marketplace-backfill
    bool hard = false;                               // --fake-marketplace-hard
    QString without;                                 // --fake-marketplace-without
    int lateMaxS = 600;                              // --fake-marketplace-late-max
    double limitPerMinute = 300;                     // --fake-marketplace-limit
    int burst = 20;                                  // --fake-marketplace-burst
    double statusSpeed = 1;                          // --fake-marketplace-status-speed
    bool live = true;                                // false: --fake-marketplace-no-live
};

class FakeMarketplace final : public QObject
{
    Q_OBJECT

public:
    // Keys used when no file is given (the demo's).
    static constexpr const char *kDefaultOzonKey = "fake-ozon-api-key";
    static constexpr const char *kDefaultWbToken = "fake-wb-token";

    struct Hardships
    {
        bool late = false, boundary = false, errors = false, slow = false;
    };

    // inbox-sim --fake-marketplace: prints "fake marketplace listening on ADDRESS:PORT" and
    // serves until SIGINT/SIGTERM. 0 after a clean stop, 2 when it cannot listen or read a key
    // file, 64 usage.
    static int run(const MarketplaceSettings &settings, quint64 seed);
    // "late,boundary,errors,slow" minus --fake-marketplace-without; false for an unknown name.
    static bool parseHardships(bool hard, const QString &without, Hardships *out);

    FakeMarketplace(const MarketplaceSettings &settings, const Hardships &hardships, quint64 seed,
                    const QByteArray &ozonKey, const QByteArray &wbToken);
    ~FakeMarketplace() override;
    Q_DISABLE_COPY_MOVE(FakeMarketplace)

    bool listen(const QHostAddress &address, quint16 port, QString *problem);
    quint16 port() const;

private:
    struct Request
    {
        QByteArray method;
        QByteArray target;
        QHash<QByteArray, QByteArray> headers; // lower-case names
        QByteArray body;
    };
    struct Answer
    {
        int status = 200;
        QByteArray body;
        QByteArray headers; // extra header lines, each ending in \r\n
        int delayS = 0;
    };
    struct Misbehaviour
    {
        QString mode; // empty: behave
        int count = 0;
        int seconds = 1;
    };
    // A token bucket: `burst` requests at once, refilled at limit per minute.
    struct Bucket
    {
        double tokens = 0;
        qint64 lastMs = 0;
    };
    struct ApiStats
    {
        qint64 requests = 0;
        qint64 rateLimited = 0;
        QMap<int, qint64> answers;
    };

    void onConnection();
    void onReadable(QTcpSocket *socket);
    // Answers one request; false when a slow answer holds the connection.
    bool handle(QTcpSocket *socket, const Request &request);
    Answer control(const Request &request);
    Answer api(Market market, const Request &request);
    // The answer to an unwelcome request in each API's own error shape.
    Answer failure(Market market, int status, const QString &message, int retryAfterS = 0) const;
    // Takes a token from market's bucket; false (and the seconds to wait) when it is empty.
    bool take(Market market, int *retryAfterS, double *remaining);
    QByteArray ordersLines(qint64 nowS) const;
    QByteArray statsJson() const;
    void send(QTcpSocket *socket, const Answer &answer);
    void record(const QJsonObject &line);

    MarketplaceSettings m_settings;
    Hardships m_hard;
    QByteArray m_ozonKey;
    QByteArray m_wbToken;
    MarketApis m_apis;
    FakeCrmQueues m_crm;
    std::mt19937_64 m_chaos;
    QFile m_log;
    QTcpServer *m_server = nullptr;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QElapsedTimer m_clock;
    Bucket m_buckets[2];
    Misbehaviour m_misbehave[2];
    ApiStats m_stats[2];
    qint64 m_startedS = 0;
    qint64 m_logged = 0;
};

} // namespace inbox::sim
