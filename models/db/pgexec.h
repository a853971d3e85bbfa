#pragma once

#include "db/querychannel.h"

#include <QVariant>

struct pg_conn;

namespace inbox {

// Runs one statement with its values over libpq in one round trip (PQexecParams). The Qt
// driver sends PREPARE, EXECUTE and DEALLOCATE for every statement, three round trips, which
// the benchmark showed as 2-6 ms of the console's own cost per page; this keeps the same
// contract: values bound ($1, $2 ...), never pasted into the text, and results as the
// QVariant types the driver gives (bool, int, qlonglong, double, QString, QByteArray,
// QDate, QTime, QDateTime in UTC; NULL as a null QVariant of the column's type).
bool execParams(pg_conn *conn, const Query &query, Rows *rows, DbError *error);

// A value as the server sends it in text format, converted by the column's type oid.
QVariant pgTextToVariant(unsigned int typeOid, const char *text, int length);

// A QDateTime from PostgreSQL's text output ("2026-11-29 12:08:07.899123+03", also with
// "+05:30", "BC" not supported): in UTC, microseconds rounded down to milliseconds.
QDateTime pgTimestampToDateTime(const QByteArray &text, bool withZone);

} // namespace inbox
