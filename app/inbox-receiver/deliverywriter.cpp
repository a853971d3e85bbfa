#include "deliverywriter.h"

#include "pgarray.h"
#include "serviceconnectoptions.h"

#include "db/connectoptions.h"
#include "db/dberror.h"
#include "db/pgconnection.h"
#include "support/logging.h"

#include <spdlog/spdlog.h>

#include <chrono>

namespace inbox::front {

namespace {

// The longest wait between two tries to reach the database.
constexpr int kMaxBackoffMs = 1000;
constexpr int kConflictRetries = 3;

bool isRefusal(const DbError &e)
{
    return e.sqlstate == QLatin1String("22004") || e.sqlstate == QLatin1String("22023");
}

bool isRetryable(const DbError &e)
{
    return e.isTransactionConflict() || e.sqlstate == QLatin1String("55P03");
}

QByteArray contentTypeOf(const ::receiver::Delivery &d)
{
    return d.contentType.isEmpty() ? QByteArrayLiteral("application/octet-stream")
                                   : d.contentType.toUtf8();
}

void answer(PendingDelivery &d, int status, qint64 eventId, const QByteArray &outcome)
{
    WriteResult result;
    result.status = status;
    result.eventId = eventId;
    result.outcome = outcome;
    if (d.done)
        d.done(result);
    d.done = nullptr;
}
} // namespace

DeliveryWriter::DeliveryWriter(const ReceiverConfig &config, Metrics &metrics)
    : m_config(config), m_metrics(metrics)
{}

DeliveryWriter::~DeliveryWriter()
{
    drainAndStop(0);
}

void DeliveryWriter::start()
{
    for (int i = 0; i < m_config.writers; ++i)
        m_threads.emplace_back([this, i] { run(i); });
}

bool DeliveryWriter::submit(PendingDelivery &&delivery)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping || m_connected.load() == 0 || int(m_queue.size()) >= m_config.queueLimit)
            return false;
        m_queue.push_back(std::move(delivery));
    }
    m_wake.notify_one();
    return true;
}

int DeliveryWriter::queueDepth() const
{
    std::lock_guard lock(m_mutex);
    return int(m_queue.size());
}

void DeliveryWriter::drainAndStop(int timeoutMs)
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    // The writers leave once the queue is empty; past the deadline they are told to leave
    // after their current group.
    while (std::chrono::steady_clock::now() < deadline) {
        {
            std::lock_guard lock(m_mutex);
            if (m_queue.empty())
                break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    {
        std::lock_guard lock(m_mutex);
        m_abandon = true;
    }
    m_wake.notify_all();
    for (std::thread &t : m_threads) {
        if (t.joinable())
            t.join();
    }
    m_threads.clear();
    std::vector<PendingDelivery> rest;
    {
        std::lock_guard lock(m_mutex);
        for (PendingDelivery &d : m_queue)
            rest.push_back(std::move(d));
        m_queue.clear();
    }
    failAll(rest);
}

void DeliveryWriter::failAll(std::vector<PendingDelivery> &group)
{
    for (PendingDelivery &d : group)
        answer(d, 503, 0, QByteArrayLiteral("unavailable"));
}

void DeliveryWriter::run(int index)
{
    const auto log = logger("writer");
    PgConnection conn;
    bool up = false;
    int backoffMs = 200;
    const ConnectOptions options =
        service::serviceConnectOptions(m_config, QStringLiteral("inbox-receiver"));
    auto lastCheck = std::chrono::steady_clock::now();
    auto markDown = [&] {
        if (up)
            m_connected.fetch_sub(1);
        up = false;
        conn.close();
    };

    for (;;) {
        if (!up) {
            {
                std::lock_guard lock(m_mutex);
                if (m_stopping && (m_queue.empty() || m_abandon))
                    break;
            }
            DbError error;
            // A 200 promises a stored delivery, so this session never commits with
            // synchronous_commit off (a server or login default that may lose the last
            // commits in a crash); a stronger setting (remote_apply...) is kept.
            if (conn.connect(options, &error) &&
                conn.run(QStringLiteral("SELECT set_config('synchronous_commit', 'on', false) "
                                        "WHERE current_setting('synchronous_commit') = 'off'"),
                         &error)) {
                up = true;
                m_connected.fetch_add(1);
                backoffMs = 200;
                lastCheck = std::chrono::steady_clock::now();
                log->info("writer {}: connected to the database", index);
                continue;
            }
            log->warn("writer {}: cannot reach the database: {} (next try in {} ms)", index,
                      error.oneLine().toStdString(), backoffMs);
            std::vector<PendingDelivery> waiting;
            {
                std::unique_lock lock(m_mutex);
                if (m_connected.load() == 0) {
                    for (PendingDelivery &d : m_queue)
                        waiting.push_back(std::move(d));
                    m_queue.clear();
                }
            }
            failAll(waiting);
            {
                std::unique_lock lock(m_mutex);
                m_wake.wait_for(lock, std::chrono::milliseconds(backoffMs),
                                [this] { return m_stopping; });
            }
            // At most a second between tries, so the 503s stop within about a second of the
            // database's return (a 5 s cap made senders wait up to 5 s more). A try against a
            // server that is away costs a refused connect; one that answers and refuses (a
            // bad password, too many clients) costs it one backend start a second per writer.
            backoffMs = std::min(backoffMs * 2, kMaxBackoffMs);
            continue;
        }

        std::vector<PendingDelivery> group;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait_for(lock, std::chrono::milliseconds(500),
                            [this] { return !m_queue.empty() || m_stopping; });
            if (m_abandon || (m_stopping && m_queue.empty()))
                break;
            while (!m_queue.empty() && int(group.size()) < m_config.groupMax) {
                group.push_back(std::move(m_queue.front()));
                m_queue.pop_front();
            }
        }
        if (group.empty()) {
            // Idle: readiness must notice a database that went away between deliveries.
            const auto now = std::chrono::steady_clock::now();
            if (now - lastCheck > std::chrono::seconds(1)) {
                lastCheck = now;
                DbError error;
                if (!conn.run(QStringLiteral("SELECT 1"), &error)) {
                    log->warn("writer {}: the database connection failed: {}", index,
                              error.oneLine().toStdString());
                    markDown();
                }
            }
            continue;
        }
        storeGroup(conn, group);
        lastCheck = std::chrono::steady_clock::now();
        if (conn.isBroken()) {
            log->warn("writer {}: lost the database connection; reconnecting", index);
            markDown();
        }
    }
    markDown();
}

void DeliveryWriter::storeGroup(PgConnection &conn, std::vector<PendingDelivery> &group)
{
    const auto log = logger("writer");
    PgArray sources(PgArray::kText), ids(PgArray::kText), bodies(PgArray::kBytea),
        types(PgArray::kText), times(PgArray::kTimestamptz), kinds(PgArray::kText),
        fingerprints(PgArray::kText);
    for (const PendingDelivery &d : group) {
        sources.append(d.source.toUtf8());
        ids.append(d.delivery.externalId.toUtf8());
        bodies.append(d.body);
        types.append(contentTypeOf(d.delivery));
        times.appendTime(d.delivery.occurredAt);
        if (d.delivery.kind.isEmpty())
            kinds.appendNull();
        else
            kinds.append(d.delivery.kind.toUtf8());
        if (d.delivery.fingerprint.isEmpty())
            fingerprints.appendNull();
        else
            fingerprints.append(d.delivery.fingerprint.toUtf8());
    }
    const QVector<PgParam> params = {
        PgParam::bytes(sources.wire()),     PgParam::bytes(ids.wire()),
        PgParam::bytes(bodies.wire()),      PgParam::bytes(types.wire()),
        PgParam::bytes(times.wire()),       PgParam::bytes(kinds.wire()),
        PgParam::bytes(fingerprints.wire())};
    const QString sql = QStringLiteral(
        "SELECT ord, event_id, outcome FROM inbox.accept_many($1::text[], $2::text[], "
        "$3::bytea[], $4::text[], $5::timestamptz[], $6::text[], $7::text[]) ORDER BY ord");
    for (int attempt = 0;; ++attempt) {
        DbError error;
        std::optional<PgRows> rows = conn.exec(sql, params, &error);
        if (rows && rows->rows() == int(group.size())) {
            m_metrics.stored(int(group.size()));
            for (int i = 0; i < rows->rows(); ++i) {
                const int ord = int(rows->toInt(i, 0));
                if (ord >= 1 && ord <= int(group.size()))
                    answer(group[size_t(ord - 1)], 200, rows->toInt(i, 1), rows->raw(i, 2));
            }
            failAll(group); // none left unless the rows were not 1..n
            return;
        }
        if (rows) {
            log->error("inbox.accept_many returned {} rows for {} deliveries", rows->rows(),
                       group.size());
            failAll(group);
            return;
        }
        if (isRefusal(error)) {
            storeOneByOne(conn, group);
            return;
        }
        if (isRetryable(error) && attempt < kConflictRetries) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10 * (attempt + 1)));
            continue;
        }
        log->warn("a group of {} deliveries was not stored: {}", group.size(),
                  error.oneLine().toStdString());
        failAll(group);
        return;
    }
}

void DeliveryWriter::storeOneByOne(PgConnection &conn, std::vector<PendingDelivery> &group)
{
    const auto log = logger("writer");
    const QString sql = QStringLiteral(
        "SELECT event_id, outcome FROM inbox.accept($1, $2, $3::bytea, p_content_type => $4, "
        "p_occurred_at => $5::timestamptz, p_kind => $6, p_fingerprint => $7)");
    int stored = 0;
    for (PendingDelivery &d : group) {
        if (conn.isBroken())
            break;
        const ::receiver::Delivery &x = d.delivery;
        const QVector<PgParam> params = {
            PgParam(d.source),
            PgParam(x.externalId),
            PgParam::bytes(d.body),
            PgParam(QString::fromUtf8(contentTypeOf(x))),
            x.occurredAt ? PgParam(x.occurredAt->toUTC().toString(Qt::ISODateWithMs))
                         : PgParam::null(),
            x.kind.isEmpty() ? PgParam::null() : PgParam(x.kind),
            x.fingerprint.isEmpty() ? PgParam::null() : PgParam(x.fingerprint)};
        for (int attempt = 0;; ++attempt) {
            DbError error;
            std::optional<PgRows> rows = conn.exec(sql, params, &error);
            if (rows && rows->rows() == 1) {
                ++stored;
                answer(d, 200, rows->toInt(0, 0), rows->raw(0, 1));
                break;
            }
            if (isRefusal(error)) {
                // Loud: the inbox refused what the adapter accepted; a retry cannot succeed.
                log->error("the inbox refused a delivery of source {} ({} bytes): {}",
                           d.source.toStdString(), d.body.size(), error.oneLine().toStdString());
                m_metrics.refused(d.source, QByteArrayLiteral("inbox_refused"));
                answer(d, 400, 0, QByteArrayLiteral("refused"));
                break;
            }
            if (isRetryable(error) && attempt < kConflictRetries)
                continue;
            log->warn("a delivery of source {} was not stored: {}", d.source.toStdString(),
                      error.oneLine().toStdString());
            answer(d, 503, 0, QByteArrayLiteral("unavailable"));
            break;
        }
    }
    if (stored > 0)
        m_metrics.stored(stored);
    failAll(group); // those after a lost connection
}

} // namespace inbox::front
