#include "db/replaywait.h"

namespace inbox::replaywait {

Query primaryPosition()
{
    // The insert position at the start of a page points past the page header (24 bytes, 40 at a
    // segment's start), where no record ends: the standby's replay stops at the page boundary
    // before it, so that boundary is the position to wait for.
    return Query{QStringLiteral("SELECT (CASE WHEN mod(p, b) <= 40 THEN p - mod(p, b) ELSE p END)"
                                "::int8 AS lsn"
                                " FROM (SELECT pg_current_wal_insert_lsn() - '0/0'::pg_lsn AS p,"
                                " current_setting('wal_block_size')::numeric AS b) w"),
                 {}};
}

Query untilReplayed(qint64 lsn, int boundMs)
{
    // One row per look, a short sleep between looks: the WHERE clause lets through the first
    // look that has caught up, or the last one allowed (OR is evaluated left to right). The
    // functions are volatile, so each look reads the replay position anew; pg_sleep returns
    // void, never NULL, so its term only sleeps.
    static const QString sql =
        QStringLiteral(
            "SELECT pg_is_in_recovery() AS standby, %1 AS caught_up,"
            " extract(epoch FROM clock_timestamp() - statement_timestamp()) * 1000 AS waited_ms,"
            " coalesce(greatest($1::numeric - (pg_last_wal_replay_lsn() - '0/0'::pg_lsn), 0), "
            "0)::int8"
            " AS behind_bytes"
            " FROM generate_series(1, $2::int) AS look"
            " WHERE %1 OR look = $2::int OR pg_sleep($3::float8) IS NULL"
            " LIMIT 1")
            .arg(QStringLiteral("(NOT pg_is_in_recovery() OR"
                                " pg_last_wal_replay_lsn() - '0/0'::pg_lsn >= $1::numeric)"));
    const int looks = qMax(1, boundMs / kPollMs);
    return Query{sql, {lsn, looks, kPollMs / 1000.0}};
}

} // namespace inbox::replaywait
