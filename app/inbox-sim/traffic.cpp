#include "traffic.h"

#include "db/pgconnection.h"
#include "pause.h"
#include "support/logging.h"

#include <QDateTime>

#include <spdlog/spdlog.h>

namespace inbox::sim {

namespace {
using Clock = std::chrono::steady_clock;

Clock::duration seconds(double s)
{
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}
} // namespace

Traffic::Traffic(const TrafficConfig &config, Ledger &ledger)
    : m_config(config), m_ledger(ledger), m_senders(config.sender, config.idBase)
{
    for (int i = 0; i < qMax(1, config.threads); ++i)
        m_shards.push_back(std::make_unique<Shard>());
}

Traffic::~Traffic()
{
    stop();
}

bool Traffic::start(DbError *error)
{
    std::vector<std::future<DbError>> ready;
    for (int i = 0; !m_config.sink && i < int(m_shards.size()); ++i) {
        std::promise<DbError> p;
        ready.push_back(p.get_future());
        m_threads.emplace_back(&Traffic::deliver, this, i, std::move(p));
    }
    for (auto &f : ready) {
        const DbError e = f.get();
        if (!e.isEmpty()) {
            if (error)
                *error = e;
            stop();
            return false;
        }
    }
    m_threads.emplace_back(&Traffic::generate, this);
    return true;
}

void Traffic::stop()
{
    m_stop = true;
    m_stopWake.notify_all();
    for (auto &s : m_shards) {
        std::lock_guard lock(s->mutex);
        s->wake.notify_all();
    }
    for (std::thread &t : m_threads) {
        if (t.joinable())
            t.join();
    }
    m_threads.clear();
    for (auto &s : m_shards) {
        std::lock_guard lock(s->mutex);
        m_dropped += qint64(s->queue.size());
        s->queue = {};
    }
}

void Traffic::enqueue(const QVector<Delivery> &plan)
{
    if (m_config.sink) {
        for (const Delivery &d : plan)
            m_config.sink(d);
        return;
    }
    const Clock::time_point now = Clock::now();
    for (const Delivery &d : plan) {
        const size_t shard =
            qHash(d.msg.source + QLatin1Char('\x1f') + d.msg.externalId) % m_shards.size();
        Shard &s = *m_shards[shard];
        std::lock_guard lock(s.mutex);
        s.queue.push({now + seconds(d.at), m_seq++, d});
        s.wake.notify_one();
    }
}

Person Traffic::pickPerson(SourceId source, Rng &rng)
{
    const bool form = source == SourceId::WebForm || source == SourceId::CrmForms;
    if (source != SourceId::Pbx) {
        const double x = rng.uniform();
        if (x < 0.04) {
            // A returning customer: someone from the history, or from earlier in this run.
            const QVector<Person> &pool =
                (!m_config.returning.isEmpty() && (m_recent.isEmpty() || rng.chance(0.6)))
                    ? m_config.returning
                    : m_recent;
            if (!pool.isEmpty())
                return rng.pick(pool);
        } else if (x < 0.08 && source != SourceId::Telegram) {
            // Several people behind one office line.
            return People::officeMember(int(rng.between(0, People::officeCount() - 1)),
                                        int(rng.between(0, 5)), rng);
        } else if (x < 0.10) {
            return People::placeholder(rng);
        } else if (x < 0.11 && form) {
            return People::withBadPhone(rng);
        }
    }
    return People::person(rng.between(1000000000LL, 1999999999LL));
}

void Traffic::generate()
{
    Rng rng(m_config.seed ^ 0x9e3779b97f4a7c15ULL);
    QVector<double> weights;
    for (const Source &s : sources())
        weights << s.weight;
    const double minute = m_config.sender.secondsPerMinute;
    Clock::time_point next = Clock::now();
    while (!m_stop) {
        {
            std::unique_lock lock(m_stopMutex);
            m_stopWake.wait_until(lock, next, [this] { return m_stop.load(); });
        }
        if (m_stop)
            break;
        const QDateTime now = QDateTime::currentDateTimeUtc();

        // The same person writing again minutes later, from another channel.
        while (!m_followUps.empty() && m_followUps.front().due <= Clock::now()) {
            const FollowUp f = m_followUps.front();
            m_followUps.pop_front();
            const SourceId channel = rng.chance(0.7) ? SourceId::Telegram : SourceId::Email;
            enqueue(m_senders.plan(channel, f.person, now, rng));
            ++m_originals;
        }

        const SourceId src = sources().at(rng.weighted(weights)).id;
        const Person person = pickPerson(src, rng);
        enqueue(m_senders.plan(src, person, now, rng));
        ++m_originals;

        const bool realPerson = !person.placeholder && !person.badPhone && person.office < 0;
        if (realPerson && source(src).leads) {
            if (m_recent.size() < 500)
                m_recent << person;
            else
                m_recent[int(rng.between(0, 499))] = person;
            if ((src == SourceId::WebForm || src == SourceId::CrmForms) && rng.chance(0.12)) {
                const double after = (2 + 13 * rng.uniform()) * minute; // 2..15 "minutes"
                m_followUps.push_back({Clock::now() + seconds(after), person});
                std::sort(m_followUps.begin(), m_followUps.end(),
                          [](const FollowUp &a, const FollowUp &b) { return a.due < b.due; });
            }
        }
        next += seconds(rng.exponential(m_config.rate));
        // After a stall (a slow machine), do not burst to catch up.
        if (next < Clock::now() - std::chrono::seconds(1))
            next = Clock::now();
    }
}

void Traffic::deliver(int shard, std::promise<DbError> ready)
{
    static const auto log = logger("sim");
    PgConnection db;
    DbError error;
    const QString app = QStringLiteral("inbox-sim receiver %1").arg(shard + 1);
    if (!db.connect(m_config.conninfo, app, &error)) {
        ready.set_value(error);
        return;
    }
    ready.set_value(DbError());

    const QString sql = QStringLiteral(
        "SELECT event_id, outcome FROM inbox.accept($1, $2, $3, $4, $5::timestamptz, $6, $7)");
    Shard &s = *m_shards[size_t(shard)];
    Backoff backoff;
    while (true) {
        Delivery d;
        {
            std::unique_lock lock(s.mutex);
            while (!m_stop && (s.queue.empty() || s.queue.top().due > Clock::now())) {
                if (s.queue.empty())
                    s.wake.wait(lock);
                else
                    s.wake.wait_until(lock, s.queue.top().due);
            }
            if (m_stop)
                return;
            d = s.queue.top().delivery;
            s.queue.pop();
        }
        // A sender whose call fails on the connection sends again after a growing pause,
        // until the inbox answers: at-least-once, as every real sender here is.
        const Message &m = d.msg;
        while (!m_stop) {
            if (!db.isOpen()) {
                if (!db.connect(m_config.conninfo, app, &error)) {
                    pause(m_stop, backoff.next()); // not sent: nothing to account for yet
                    continue;
                }
                backoff.reset();
            }
            const std::optional<PgRows> rows =
                db.exec(sql,
                        {m.source, m.externalId, PgParam::bytes(m.body), m.contentType,
                         m.occurredAt.toUTC().toString(Qt::ISODateWithMs), m.kind,
                         m.fingerprint.isEmpty() ? PgParam::null() : PgParam(m.fingerprint)},
                        &error);
            if (rows && rows->rows() == 1) {
                m_ledger.answered(m.source, m.externalId, d.expect, rows->text(0, 1),
                                  rows->toInt(0, 0));
                break;
            }
            if (db.isBroken()) {
                // Sent, but the reply was lost: the inbox may have stored it. Sent again; the
                // self-check counts this send as unknown.
                m_ledger.lost(m.source, m.externalId);
                log->warn("accept {}/{}: connection lost ({}); sending again",
                          m.source.toStdString(), m.externalId.toStdString(),
                          error.oneLine().toStdString());
                db.close();
                pause(m_stop, backoff.next());
                continue;
            }
            // Refused: the sender does not know whether the inbox stored it: counted as an
            // error, and the self-check then refuses to vouch for the run.
            m_ledger.failed(m.source, m.externalId, error.oneLine());
            log->warn("accept {}/{} failed: {}", m.source.toStdString(), m.externalId.toStdString(),
                      error.oneLine().toStdString());
            break;
        }
    }
}

} // namespace inbox::sim
