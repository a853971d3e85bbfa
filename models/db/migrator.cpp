#include "db/migrator.h"

#include <QCryptographicHash>
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
        const QByteArray sql = f.readAll();
        list.append({m.captured(1).toInt(), m.captured(2), sql,
                     QCryptographicHash::hash(sql, QCryptographicHash::Sha256).toHex()});
    }
    std::sort(list.begin(), list.end(),
              [](const Migration &a, const Migration &b) { return a.version < b.version; });
    return list;
}

Result runParams(PGconn *conn, const char *sql, const QVector<QByteArray> &values)
{
    QVector<const char *> params;
    for (const QByteArray &v : values)
        params.append(v.constData());
    return Result(PQexecParams(conn, sql, int(params.size()), nullptr, params.constData(), nullptr,
                               nullptr, 0));
}

// The step's row in inbox.schema_version, in the step's transaction. The step that adds the
// checksum column also gives the steps before it the checksums this program ships for them.
Result recordStep(PGconn *conn, const Migration &m)
{
    const QByteArray version = QByteArray::number(m.version);
    if (m.version < Migrator::kChecksumStep)
        return runParams(conn, "INSERT INTO inbox.schema_version (version, name) VALUES ($1, $2)",
                         {version, m.name.toUtf8()});
    if (m.version == Migrator::kChecksumStep) {
        QByteArrayList versions, checksums;
        for (const Migration &earlier : Migrator::bundled()) {
            if (earlier.version < m.version) {
                versions << QByteArray::number(earlier.version);
                checksums << earlier.checksum;
            }
        }
        Result backfill =
            runParams(conn,
                      "UPDATE inbox.schema_version s SET checksum = c.checksum"
                      "  FROM unnest($1::int[], $2::text[]) c(version, checksum)"
                      " WHERE s.version = c.version AND s.checksum IS NULL",
                      {'{' + versions.join(',') + '}', '{' + checksums.join(',') + '}'});
        if (!succeeded(backfill))
            return backfill;
    }
    return runParams(conn,
                     "INSERT INTO inbox.schema_version (version, name, checksum) "
                     "VALUES ($1, $2, $3)",
                     {version, m.name.toUtf8(), m.checksum});
}

// Applied steps whose recorded checksum is not the shipped one: the first, as an error.
std::optional<DbError> checkAppliedSteps(PGconn *conn)
{
    Result rows = run(conn, "SELECT version, checksum FROM inbox.schema_version "
                            "WHERE checksum IS NOT NULL ORDER BY version");
    if (!succeeded(rows))
        return DbError::fromResult(rows.get(), conn);
    for (int i = 0; i < PQntuples(rows.get()); ++i) {
        const int version = QByteArray(PQgetvalue(rows.get(), i, 0)).toInt();
        const QByteArray recorded(PQgetvalue(rows.get(), i, 1));
        for (const Migration &m : Migrator::bundled()) {
            if (m.version == version && m.checksum != recorded) {
                DbError e =
                    DbError::plain(Migrator::editedStepMessage(m, QString::fromLatin1(recorded)));
                e.sqlstate = sqlstate::NotInPrerequisiteState;
                return e;
            }
        }
    }
    return std::nullopt;
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

QString Migrator::editedStepMessage(const Migration &shipped, const QString &recorded)
{
    return QStringLiteral("migration %1 (%2) as applied to this database differs from the step "
                          "this program ships (checksum %3 recorded, %4 shipped): a landed step "
                          "was edited, or another build migrated this database; nothing was "
                          "applied")
        .arg(shipped.version, 4, 10, QLatin1Char('0'))
        .arg(shipped.name, recorded.left(12), QString::fromLatin1(shipped.checksum.left(12)));
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

std::optional<Migrator::Outcome> Migrator::apply(PGconn *conn, DbError *error, int targetVersion)
{
    if (targetVersion < 0)
        targetVersion = latestVersion();
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
        e.sqlstate = sqlstate::NotInPrerequisiteState;
        return fail(e);
    }
    if (*current >= kChecksumStep) {
        if (const std::optional<DbError> edited = checkAppliedSteps(conn)) {
            unlock();
            return fail(*edited);
        }
    }

    for (const Migration &m : bundled()) {
        if (m.version <= *current || m.version > targetVersion)
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
        Result record = recordStep(conn, m);
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
