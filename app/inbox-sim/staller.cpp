#include "staller.h"

#include "db/pgconnection.h"
#include "rng.h"
#include "support/logging.h"

#include <spdlog/spdlog.h>

namespace inbox::sim {

namespace {
using Clock = std::chrono::steady_clock;
}

Staller::Staller(const QString &conninfo, int holdMs, double gapMs, quint64 seed)
    : m_conninfo(conninfo), m_holdMs(holdMs), m_gapMs(gapMs), m_seed(seed)
{}

Staller::~Staller()
{
    stop();
}

bool Staller::start(QString *error)
{
    // The first stall comes after a pause too, not at the first delivery.
    Rng rng(m_seed);
    if (m_gapMs > 0)
        m_next = Clock::now() + std::chrono::milliseconds(qint64(rng.exponential(1.0 / m_gapMs)));
    PgConnection probe;
    DbError e;
    if (!probe.connect(m_conninfo, QStringLiteral("inbox-sim staller"), &e)) {
        *error = e.oneLine();
        return false;
    }
    probe.close();
    m_thread = std::thread(&Staller::loop, this);
    return true;
}

void Staller::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void Staller::setGapMs(double gapMs)
{
    std::lock_guard lock(m_mutex);
    // Slower to faster: the next delivery is held at once, as a person switching expects.
    const bool sooner = gapMs > 0 && (m_gapMs <= 0 || gapMs < m_gapMs);
    m_gapMs = gapMs;
    if (gapMs > 0)
        m_next = Clock::now() + std::chrono::milliseconds(sooner ? 0 : qint64(gapMs));
}

bool Staller::due() const
{
    std::lock_guard lock(m_mutex);
    return !m_stop && !m_busy && m_gapMs > 0 && Clock::now() >= m_next;
}

void Staller::trap(const Message &m, std::function<void()> go)
{
    {
        std::lock_guard lock(m_mutex);
        m_busy = true;
        m_haveTrap = true;
        m_trap = m;
        m_go = std::move(go);
    }
    m_wake.notify_all();
}

void Staller::loop()
{
    static const auto log = logger("sim");
    Rng rng(m_seed + 1);
    PgConnection db;
    DbError e;
    while (true) {
        Message m;
        std::function<void()> go;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_stop || m_haveTrap; });
            if (m_stop && !m_haveTrap)
                return;
            m = m_trap;
            go = std::move(m_go);
            m_haveTrap = false;
        }
        bool held = false;
        if (!m_stop &&
            (db.isOpen() || db.connect(m_conninfo, QStringLiteral("inbox-sim staller"), &e))) {
            held = db.run(QStringLiteral("BEGIN"), &e) &&
                   db.exec(QStringLiteral("SELECT inbox.accept($1, $2, $3, $4, $5::timestamptz, "
                                          "$6, NULL)"),
                           {m.source, m.externalId, PgParam::bytes(m.body), m.contentType,
                            m.occurredAt.toUTC().toString(Qt::ISODateWithMs), m.kind},
                           &e)
                       .has_value();
            if (!held) {
                log->warn("staller: cannot hold {}/{}: {}", m.source.toStdString(),
                          m.externalId.toStdString(), e.oneLine().toStdString());
                db.close();
            }
        }
        go(); // the sender delivers now; with the key held, the receiver's writer waits
        if (held) {
            ++m_stalls;
            std::unique_lock lock(m_mutex);
            m_wake.wait_for(lock, std::chrono::milliseconds(m_holdMs), [this] { return m_stop; });
        }
        if (held && !db.run(QStringLiteral("ROLLBACK"), &e))
            db.close();
        std::lock_guard lock(m_mutex);
        m_busy = false;
        if (m_gapMs > 0)
            m_next =
                Clock::now() + std::chrono::milliseconds(qint64(rng.exponential(1.0 / m_gapMs)));
        if (m_stop)
            return;
    }
}

} // namespace inbox::sim
