#include "samples.h"

#include "journal/journalquery.h"

#include <algorithm>

namespace bench {

std::optional<Samples> drawSamples(inbox::PgConnection &db, int count, qint64 events,
                                   const QVector<qint64> &depthPages, int pageSize, QString *error)
{
    Samples s;
    inbox::DbError e;
    // Random events by id (ids are dense from the fill): one index probe each.
    const auto picked = db.exec(
        QStringLiteral(
            "WITH b AS (SELECT min(id) AS lo, max(id) AS hi FROM inbox.events) "
            "SELECT e.source, e.external_id, e.idempotency_key FROM b, generate_series(1, $1) g, "
            "LATERAL (SELECT source, external_id, idempotency_key FROM inbox.events "
            "         WHERE id >= b.lo + (random() * (b.hi - b.lo))::bigint + 0 * g "
            "         ORDER BY id LIMIT 1) e"),
        {inbox::PgParam(count)}, &e);
    if (!picked || picked->rows() == 0) {
        *error = QStringLiteral("sampling events: %1").arg(e.message);
        return std::nullopt;
    }
    for (int i = 0; i < picked->rows(); ++i) {
        s.sources << picked->text(i, 0);
        const QString ext = picked->text(i, 1);
        s.externalIds << ext;
        s.idempotencyKeys << picked->text(i, 2);
        s.prefixes << ext.left(std::max(4, int(ext.size()) / 2));
    }
    // A whole UTC day in the middle of the data.
    const auto day = db.exec(
        QStringLiteral("SELECT (extract(epoch FROM date_trunc('day', lo + (hi - lo) / 2)) * "
                       "1000000)::int8 FROM (SELECT min(received_at) AS lo, max(received_at) "
                       "AS hi FROM inbox.events) b"),
        &e);
    if (!day || day->rows() != 1) {
        *error = QStringLiteral("finding a day: %1").arg(e.message);
        return std::nullopt;
    }
    s.dayFrom = inbox::JournalQuery::fromMicros(day->toInt(0, 0)).toUTC();
    s.dayTo = s.dayFrom.addDays(1);
    for (const qint64 pages : depthPages) {
        Samples::Deep d;
        d.requestedPages = pages;
        d.offsetRows =
            std::clamp<qint64>(pages * pageSize, 0, std::max<qint64>(0, events - pageSize - 1));
        // The same key columns as JournalQuery's pages (microseconds, id), once per depth.
        const auto key = db.exec(
            QStringLiteral("SELECT (extract(epoch FROM e.received_at) * 1000000)::int8, e.id, "
                           "e.external_id FROM inbox.events e "
                           "ORDER BY e.received_at DESC, e.id DESC OFFSET $1 LIMIT 1"),
            {inbox::PgParam(d.offsetRows)}, &e);
        if (!key || key->rows() != 1) {
            *error = QStringLiteral("finding the key at depth %1: %2").arg(pages).arg(e.message);
            return std::nullopt;
        }
        d.key = inbox::JournalKey{0, key->toInt(0, 0), key->toInt(0, 1), key->text(0, 2)};
        s.deep << d;
    }
    return s;
}

} // namespace bench
