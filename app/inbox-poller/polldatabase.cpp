#include "polldatabase.h"

#include "pgarray.h"

#include "support/logging.h"

#include <QJsonDocument>

#include <spdlog/spdlog.h>

namespace inbox::poll {

namespace {
constexpr qint64 kFirstPauseMs = 1000;
constexpr qint64 kLongestPauseMs = 30000;
} // namespace

bool PollDatabase::ensureOpen(DbError *error)
{
    if (m_conn.isOpen() && !m_conn.isBroken())
        return true;
    if (m_lastAttempt.isValid() && m_lastAttempt.elapsed() < m_pauseMs) {
        *error =
            DbError::plain(QStringLiteral("the database is not reachable (next try within %1 s)")
                               .arg((m_pauseMs - m_lastAttempt.elapsed() + 999) / 1000));
        error->connectionLost = true;
        return false;
    }
    m_lastAttempt.start();
    m_conn.close();
    if (!m_conn.connect(m_options, error)) {
        error->connectionLost = true;
        m_pauseMs = m_pauseMs == 0 ? kFirstPauseMs : qMin(m_pauseMs * 2, kLongestPauseMs);
        return false;
    }
    m_pauseMs = 0;
    logger("poller")->info("database connection open");
    return true;
}

std::optional<PgRows> PollDatabase::exec(const QString &sql, const QVector<PgParam> &params,
                                         DbError *error)
{
    if (!ensureOpen(error))
        return std::nullopt;
    std::optional<PgRows> rows = m_conn.exec(sql, params, error);
    if (!rows && m_conn.isBroken())
        error->connectionLost = true;
    return rows;
}

std::optional<OpenedSource> PollDatabase::open(const QString &source, const QString &adapter,
                                               DbError *error)
{
    const std::optional<PgRows> rows =
        exec(QStringLiteral("SELECT cursor::text, state FROM inbox.poll_open($1, $2, $3)"),
             {PgParam(m_poller), PgParam(source), PgParam(adapter)}, error);
    if (!rows)
        return std::nullopt;
    if (rows->rows() != 1) {
        *error =
            DbError::plain(QStringLiteral("inbox.poll_open returned %1 rows").arg(rows->rows()));
        return std::nullopt;
    }
    OpenedSource opened;
    opened.cursor = QJsonDocument::fromJson(rows->raw(0, 0)).object();
    opened.state = rows->text(0, 1);
    return opened;
}

std::optional<StoredPage> PollDatabase::store(const QString &source, const PolledPage &page,
                                              DbError *error)
{
    using front::PgArray;
    PgArray ids(PgArray::kText), bodies(PgArray::kBytea), times(PgArray::kTimestamptz),
        kinds(PgArray::kText), fingerprints(PgArray::kText);
    for (const PolledItem &item : page.items) {
        ids.append(item.externalId.toUtf8());
        bodies.append(item.body);
        times.appendTime(item.occurredAt.isValid() ? std::optional<QDateTime>(item.occurredAt)
                                                   : std::nullopt);
        if (item.kind.isEmpty())
            kinds.appendNull();
        else
            kinds.append(item.kind.toUtf8());
        if (item.fingerprint.isEmpty())
            fingerprints.appendNull();
        else
            fingerprints.append(item.fingerprint.toUtf8());
    }
    const QVector<PgParam> params = {
        PgParam(m_poller),
        PgParam(source),
        PgParam::bytes(ids.wire()),
        PgParam::bytes(bodies.wire()),
        PgParam::bytes(times.wire()),
        PgParam::bytes(kinds.wire()),
        PgParam::bytes(fingerprints.wire()),
        PgParam(QString::fromUtf8(QJsonDocument(page.cursor).toJson(QJsonDocument::Compact))),
        PgParam(page.pollDone),
        page.pollDone ? PgParam(page.windowEnd.toUTC().toString(Qt::ISODateWithMs))
                      : PgParam::null()};
    const std::optional<PgRows> rows =
        exec(QStringLiteral("SELECT outcome FROM inbox.poll_store($1, $2, $3::text[], $4::bytea[], "
                            "$5::timestamptz[], $6::text[], $7::text[], $8::jsonb, $9, "
                            "$10::timestamptz)"),
             params, error);
    if (!rows)
        return std::nullopt;
    if (rows->rows() != page.items.size()) {
        *error = DbError::plain(QStringLiteral("inbox.poll_store returned %1 rows for %2 items")
                                    .arg(rows->rows())
                                    .arg(page.items.size()));
        return std::nullopt;
    }
    StoredPage stored;
    for (int i = 0; i < rows->rows(); ++i) {
        const QString outcome = rows->text(i, 0);
        if (outcome == QLatin1String("new"))
            ++stored.fresh;
        else if (outcome == QLatin1String("conflict"))
            ++stored.conflicts;
        else
            ++stored.repeats;
    }
    return stored;
}

bool PollDatabase::failed(const QString &source, const QString &what, int httpStatus, bool stop,
                          DbError *error)
{
    return exec(QStringLiteral("SELECT inbox.poll_failed($1, $2, $3, $4, $5)"),
                {PgParam(m_poller), PgParam(source), PgParam(what.left(2000)),
                 httpStatus >= 100 && httpStatus <= 599 ? PgParam(httpStatus) : PgParam::null(),
                 PgParam(stop)},
                error)
        .has_value();
}

} // namespace inbox::poll
