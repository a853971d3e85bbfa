#include "refusalledger.h"

#include "pgarray.h"
#include "serviceconnectoptions.h"

#include "db/connectoptions.h"
#include "db/dberror.h"
#include "db/pgconnection.h"
#include "support/logging.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <vector>

namespace inbox::front {

namespace {
constexpr qint64 kMaxCount = 1000000; // per entry of a call (the function's bound)

bool isReasonWord(const QByteArray &reason)
{
    if (reason.isEmpty() || reason.size() > 32 || reason.at(0) < 'a' || reason.at(0) > 'z')
        return false;
    return std::all_of(reason.cbegin(), reason.cend(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
}
} // namespace

const QString RefusalLedger::kUnknownPathSource = QStringLiteral("(unknown path)");

RefusalLedger::RefusalLedger(const ReceiverConfig &config) : m_config(config) {}

RefusalLedger::~RefusalLedger()
{
    stop();
}

void RefusalLedger::count(const QString &source, const QByteArray &reason, int status)
{
    const Key key{source.isEmpty() ? kUnknownPathSource : source,
                  isReasonWord(reason) ? reason : QByteArrayLiteral("other")};
    std::lock_guard lock(m_mutex);
    Tally &t = m_counts[key];
    ++t.n;
    t.lastStatus = status;
}

qint64 RefusalLedger::pending() const
{
    std::lock_guard lock(m_mutex);
    qint64 n = 0;
    for (const Tally &t : m_counts)
        n += t.n;
    return n;
}

void RefusalLedger::start()
{
    m_thread = std::thread([this] { run(); });
}

void RefusalLedger::stop()
{
    {
        std::lock_guard lock(m_mutex);
        if (m_stopping && !m_thread.joinable())
            return;
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void RefusalLedger::putBack(const QMap<Key, Tally> &batch)
{
    std::lock_guard lock(m_mutex);
    for (auto it = batch.cbegin(); it != batch.cend(); ++it) {
        Tally &t = m_counts[it.key()];
        t.n += it.value().n;
        if (t.lastStatus == 0)
            t.lastStatus = it.value().lastStatus; // a newer refusal's status stays
    }
}

void RefusalLedger::run()
{
    const auto log = logger("refusals");
    PgConnection conn;
    for (;;) {
        bool last = false;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait_for(lock, std::chrono::milliseconds(kFlushIntervalMs),
                            [this] { return m_stopping; });
            last = m_stopping;
        }
        if (!flush(conn) && last) {
            const qint64 lost = pending();
            if (lost > 0)
                log->warn("stopping with {} refusals not written to the database (they are in "
                          "/metrics and the log)",
                          lost);
        }
        if (last)
            break;
    }
    conn.close();
}

bool RefusalLedger::flush(PgConnection &conn)
{
    const auto log = logger("refusals");
    QMap<Key, Tally> batch;
    {
        std::lock_guard lock(m_mutex);
        if (m_counts.isEmpty())
            return true;
        batch.swap(m_counts);
    }
    if (!conn.isOpen() || conn.isBroken()) {
        conn.close();
        DbError error;
        if (!conn.connect(
                service::serviceConnectOptions(m_config, QStringLiteral("inbox-receiver refusals")),
                &error)) {
            log->debug("cannot write the refusal counters yet: {}", error.oneLine().toStdString());
            putBack(batch);
            return false;
        }
    }

    // Entries in key order; a tally above the function's bound goes as several entries.
    struct Entry
    {
        const Key *key;
        qint64 n;
        int status;
    };
    std::vector<Entry> entries;
    for (auto it = batch.cbegin(); it != batch.cend(); ++it) {
        for (qint64 left = it.value().n; left > 0; left -= kMaxCount)
            entries.push_back({&it.key(), std::min(left, kMaxCount), it.value().lastStatus});
    }
    const QString sql =
        QStringLiteral("SELECT inbox.count_refusals($1::text[], $2::text[], $3::int[], $4::int[])");
    QMap<Key, Tally> unwritten = batch;
    for (size_t from = 0; from < entries.size(); from += kMaxPerCall) {
        PgArray sources(PgArray::kText), reasons(PgArray::kText);
        QByteArray counts = "{", statuses = "{";
        const size_t to = std::min(entries.size(), from + kMaxPerCall);
        for (size_t i = from; i < to; ++i) {
            sources.append(entries[i].key->first.toUtf8());
            reasons.append(entries[i].key->second);
            counts += (i > from ? "," : "") + QByteArray::number(entries[i].n);
            statuses += (i > from ? "," : "") + QByteArray::number(entries[i].status);
        }
        counts += '}';
        statuses += '}';
        DbError error;
        const QVector<PgParam> params = {
            PgParam::bytes(sources.wire()), PgParam::bytes(reasons.wire()),
            PgParam(QString::fromLatin1(counts)), PgParam(QString::fromLatin1(statuses))};
        if (!conn.exec(sql, params, &error)) {
            if (!error.connectionLost && (error.sqlstate == QLatin1String("22004") ||
                                          error.sqlstate == QLatin1String("22023"))) {
                // Cannot succeed on a retry: say so loudly and drop this part.
                log->error("the database refused {} refusal counts: {}", to - from,
                           error.oneLine().toStdString());
                for (size_t i = from; i < to; ++i)
                    unwritten[*entries[i].key].n -= entries[i].n;
                continue;
            }
            log->warn("could not write the refusal counters (kept for the next try): {}",
                      error.oneLine().toStdString());
            if (error.connectionLost || conn.isBroken())
                conn.close();
            QMap<Key, Tally> rest;
            for (auto it = unwritten.cbegin(); it != unwritten.cend(); ++it) {
                if (it.value().n > 0)
                    rest.insert(it.key(), it.value());
            }
            putBack(rest);
            return false;
        }
        for (size_t i = from; i < to; ++i)
            unwritten[*entries[i].key].n -= entries[i].n;
    }
    return true;
}

} // namespace inbox::front
