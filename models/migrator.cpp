#include "migrator.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <libpq-fe.h>

#include <algorithm>
#include <memory>

namespace inbox {

namespace {

// Arbitrary but fixed: every inbox-console serialises its migrations on this key.
constexpr const char *kLockKey = "7317452011";

struct ResultDeleter
{
    void operator()(PGresult *r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

Result run(PGconn *conn, const char *sql)
{
    return Result(PQexec(conn, sql));
}

bool succeeded(const Result &r)
{
    const ExecStatusType s = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
    return s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK;
}

QVector<Migration> loadBundled()
{
    QVector<Migration> list;
    static const QRegularExpression pattern(QStringLiteral("^(\\d{4})_(\\w+)\\.sql$"));
    const QDir dir(QStringLiteral(":/migrations"));
    for (const QString &file : dir.entryList(QDir::Files, QDir::Name)) {
        const auto m = pattern.match(file);
        if (!m.hasMatch())
            continue;
        QFile f(dir.filePath(file));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        list.append({m.captured(1).toInt(), m.captured(2), f.readAll()});
    }
    std::sort(list.begin(), list.end(),
              [](const Migration &a, const Migration &b) { return a.version < b.version; });
    return list;
}

} // namespace

const QVector<Migration> &Migrator::bundled()
{
    static const QVector<Migration> list = loadBundled();
    return list;
}

int Migrator::latestVersion()
{
    const auto &list = bundled();
    return list.isEmpty() ? 0 : list.last().version;
}

QString Migrator::newerSchemaMessage(int databaseVersion)
{
    return QStringLiteral("the database schema is version %1, newer than this program "
                          "(it knows up to version %2): use a newer inbox-console")
        .arg(databaseVersion)
        .arg(latestVersion());
}

std::optional<int> Migrator::currentVersion(PGconn *conn, DbError *error)
{
    if (!conn || PQstatus(conn) != CONNECTION_OK) {
        if (error)
            *error = DbError::fromConnection(conn);
        return std::nullopt;
    }
    Result exists = run(conn, "SELECT to_regclass('inbox.schema_version') IS NOT NULL");
    if (!succeeded(exists)) {
        if (error)
            *error = DbError::fromResult(exists.get(), conn);
        return std::nullopt;
    }
    if (QByteArray(PQgetvalue(exists.get(), 0, 0)) != "t")
        return 0;
    Result version = run(conn, "SELECT coalesce(max(version), 0) FROM inbox.schema_version");
    if (!succeeded(version)) {
        if (error)
            *error = DbError::fromResult(version.get(), conn);
        return std::nullopt;
    }
    return QByteArray(PQgetvalue(version.get(), 0, 0)).toInt();
}

std::optional<Migrator::Outcome> Migrator::apply(PGconn *conn, DbError *error)
{
    const auto fail = [&](const DbError &e) {
        if (error)
            *error = e;
        return std::nullopt;
    };
    if (!conn || PQstatus(conn) != CONNECTION_OK)
        return fail(DbError::fromConnection(conn));

    const QByteArray lockSql = QByteArray("SELECT pg_advisory_lock(") + kLockKey + ")";
    const QByteArray unlockSql = QByteArray("SELECT pg_advisory_unlock(") + kLockKey + ")";
    Result lock = run(conn, lockSql.constData());
    if (!succeeded(lock))
        return fail(DbError::fromResult(lock.get(), conn));
    const auto unlock = [&] {
        run(conn, unlockSql.constData());
    };

    DbError versionError;
    const std::optional<int> current = currentVersion(conn, &versionError);
    if (!current) {
        unlock();
        return fail(versionError);
    }
    Outcome outcome;
    outcome.before = outcome.after = *current;
    if (*current > latestVersion()) {
        unlock();
        DbError e = DbError::plain(newerSchemaMessage(*current));
        e.sqlstate = QStringLiteral("55000");
        return fail(e);
    }

    for (const Migration &m : bundled()) {
        if (m.version <= *current)
            continue;
        Result begin = run(conn, "BEGIN");
        Result body = succeeded(begin) ? run(conn, m.sql.constData()) : Result();
        if (!succeeded(begin) || !succeeded(body)) {
            DbError e = DbError::fromResult(succeeded(begin) ? body.get() : begin.get(), conn);
            e.message = QStringLiteral("migration %1 (%2) failed: %3")
                            .arg(m.version)
                            .arg(m.name, e.message);
            run(conn, "ROLLBACK");
            unlock();
            return fail(e);
        }
        const QByteArray version = QByteArray::number(m.version);
        const QByteArray name = m.name.toUtf8();
        const char *params[2] = {version.constData(), name.constData()};
        Result record(
            PQexecParams(conn, "INSERT INTO inbox.schema_version (version, name) VALUES ($1, $2)",
                         2, nullptr, params, nullptr, nullptr, 0));
        Result commit = succeeded(record) ? run(conn, "COMMIT") : Result();
        if (!succeeded(record) || !succeeded(commit)) {
            DbError e = DbError::fromResult(succeeded(record) ? commit.get() : record.get(), conn);
            run(conn, "ROLLBACK");
            unlock();
            return fail(e);
        }
        outcome.applied.append(m.version);
        outcome.after = m.version;
    }
    unlock();
    return outcome;
}

} // namespace inbox
