#include "dispatchdatabase.h"

#include "support/logging.h"

#include <spdlog/spdlog.h>

namespace inbox::dispatch {

bool DispatchDatabase::ensureOpen(QString *error)
{
    if (m_conn.isOpen() && !m_conn.isBroken())
        return true;
    if (m_lastAttempt.isValid() && m_lastAttempt.elapsed() < 1000) {
        *error = QStringLiteral("the database is not reachable (next try within a second)");
        return false;
    }
    m_lastAttempt.start();
    m_conn.close();
    DbError dbError;
    if (!m_conn.connect(m_options, &dbError)) {
        *error = dbError.oneLine();
        return false;
    }
    logger("dispatcher")->info("database connection open");
    return true;
}

std::optional<PgRows> DispatchDatabase::exec(const QString &sql, const QVector<PgParam> &params,
                                             QString *error)
{
    if (!ensureOpen(error))
        return std::nullopt;
    DbError dbError;
    std::optional<PgRows> rows = m_conn.exec(sql, params, &dbError);
    if (!rows)
        *error = dbError.oneLine();
    return rows;
}

} // namespace inbox::dispatch
