#pragma once

#include "db/dberror.h"
#include "report/importproblem.h"

#include <QByteArray>
#include <QString>
#include <QVector>

#include <atomic>
#include <functional>

namespace inbox {

class ExportReader;
class PgConnection;

// A whole export stored as a baseline the fast way (migration 0035): the rows are streamed
// with COPY into the session's staging table while the file is still being read, so the
// server stores one piece while the client reads the next, then inbox.import_baseline_copy
// stores them, all in one transaction (a failure or a cancel stores nothing). The command
// line (`report import`) and the Report screen's import dialog both import this way, so they
// store the same rows and name the same unreadable lines.
class BaselineCopy final
{
public:
    // Names of what is stored: the baseline's name, the file's name, the layout's name.
    struct Names
    {
        QString name;
        QString fileName;
        QString layoutName;
    };

    // Reads every record `reader` (opened, its layout set) has left and stores the readable
    // ones over `db` (connected, no transaction open). `cancelled`, when given, is checked
    // every thousand records; a cancelled import rolls back and says so. A file without a
    // readable row is not stored (and is no error: rows() is 0). `storing`, when given, is
    // called with the row count when the file was read and the rows are being stored.
    static BaselineCopy run(PgConnection &db, ExportReader &reader, const Names &names,
                            const std::atomic_bool *cancelled = nullptr,
                            const std::function<void(int rows)> &storing = {});

    bool stored() const { return m_baselineId > 0; }
    qint64 baselineId() const { return m_baselineId; }
    const DbError &error() const { return m_error; } // empty unless the database refused
    int rows() const { return m_rows; }
    int unreadable() const { return m_unreadable; } // records, not problems
    const QVector<ImportProblem> &problems() const { return m_problems; }
    bool wasCancelled() const { return m_cancelled; }

    // The statements, in the order they run (for the contract's documentation and tests).
    static QString beginSql();
    static QString copySql();
    static QString storeSql();

private:
    bool readAndSend(PgConnection &db, ExportReader &reader, const std::atomic_bool *cancelled);

    qint64 m_baselineId = 0;
    DbError m_error;
    int m_rows = 0;
    int m_unreadable = 0;
    bool m_cancelled = false;
    QVector<ImportProblem> m_problems;
};

} // namespace inbox
