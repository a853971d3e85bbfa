#include "ledger.h"

namespace inbox::sim {

void Ledger::answered(const QString &source, const QString &externalId, Expect expect,
                      const QString &outcome, qint64 eventId)
{
    QMutexLocker lock(&m_mutex);
    ++m_deliveries;
    if (outcome == QLatin1String("new"))
        ++m_newKeys;
    else if (outcome == QLatin1String("conflict"))
        ++m_conflicts;
    if (!m_keepKeys)
        return;
    Key &k = m_keys[source + QLatin1Char('\x1f') + externalId];
    if (k.sent == 0) {
        k.source = source;
        k.externalId = externalId;
    }
    k.eventId = eventId;
    ++k.sent;
    switch (expect) {
    case Expect::New:
        ++k.expectNew;
        break;
    case Expect::Repeat:
        ++k.expectRepeat;
        break;
    case Expect::Conflict:
        ++k.expectConflict;
        break;
    }
    if (outcome == QLatin1String("new"))
        ++k.gotNew;
    else if (outcome == QLatin1String("conflict"))
        ++k.gotConflict;
    else
        ++k.gotRepeat; // duplicate, rearmed
}

void Ledger::failed(const QString &source, const QString &externalId, const QString &error)
{
    QMutexLocker lock(&m_mutex);
    ++m_errorCount;
    if (m_errors.size() < 20)
        m_errors << QStringLiteral("%1/%2: %3").arg(source, externalId, error);
}

void Ledger::lost(const QString &source, const QString &externalId)
{
    QMutexLocker lock(&m_mutex);
    ++m_unknown;
    if (!m_keepKeys)
        return;
    Key &k = m_keys[source + QLatin1Char('\x1f') + externalId];
    k.source = source;
    k.externalId = externalId;
    ++k.unknown;
}

void Ledger::workerDied(const QString &worker)
{
    QMutexLocker lock(&m_mutex);
    m_dead.insert(worker);
}

void Ledger::rekey(const QHash<qint64, QString> &externalIds)
{
    QMutexLocker lock(&m_mutex);
    QHash<QString, Key> renamed;
    for (const Key &old : std::as_const(m_keys)) {
        Key k = old;
        const auto found = externalIds.constFind(k.eventId);
        if (k.eventId != 0 && found != externalIds.cend())
            k.externalId = *found;
        Key &into = renamed[k.source + QLatin1Char('\x1f') + k.externalId];
        if (into.source.isEmpty()) {
            into = k;
            continue;
        }
        into.eventId = into.eventId ? into.eventId : k.eventId;
        into.sent += k.sent;
        into.expectNew += k.expectNew;
        into.expectRepeat += k.expectRepeat;
        into.expectConflict += k.expectConflict;
        into.gotNew += k.gotNew;
        into.gotRepeat += k.gotRepeat;
        into.gotConflict += k.gotConflict;
        into.unknown += k.unknown;
    }
    m_keys = renamed;
}

Ledger::Totals Ledger::totals() const
{
    QMutexLocker lock(&m_mutex);
    Totals t;
    t.deliveries = m_deliveries;
    // Keys answered at least once (a key whose every send was lost may not exist).
    t.keys = m_newKeys;
    if (m_keepKeys) {
        t.keys = 0;
        for (const Key &k : m_keys)
            t.keys += k.sent > 0 ? 1 : 0;
    }
    t.errors = m_errorCount;
    t.unknown = m_unknown;
    t.repeats = t.deliveries - t.keys;
    t.conflicts = m_conflicts;
    return t;
}

QVector<Ledger::Key> Ledger::keys() const
{
    QMutexLocker lock(&m_mutex);
    return QVector<Key>(m_keys.cbegin(), m_keys.cend());
}

QStringList Ledger::deadWorkers() const
{
    QMutexLocker lock(&m_mutex);
    return QStringList(m_dead.cbegin(), m_dead.cend());
}

QStringList Ledger::errors(int max) const
{
    QMutexLocker lock(&m_mutex);
    return m_errors.mid(0, max);
}

} // namespace inbox::sim
