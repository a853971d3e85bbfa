#pragma once

#include "db/dberror.h"

#include <QList>
#include <QPair>
#include <QString>

#include <optional>

namespace inbox {

// A libpq connection string (key=value or postgresql:// URI, including service=), parsed by
// libpq itself. Keys left out are filled by libpq from the PG* environment, the service file
// and .pgpass at connect time, exactly as psql would.
class ConnInfo final
{
public:
    static std::optional<ConnInfo> parse(const QString &text, DbError *error);

    QString value(const QString &key) const;
    void set(const QString &key, const QString &value);
    bool contains(const QString &key) const;
    const QList<QPair<QString, QString>> &pairs() const { return m_pairs; }

    // key='value' pairs in libpq syntax; the password is left out.
    QString toRedactedString() const;
    // One line naming where the session goes: user@host:port/dbname (blank parts omitted).
    QString describe() const;

private:
    QList<QPair<QString, QString>> m_pairs;
};

// Quotes a value for a key=value connection string.
QString quoteConnValue(const QString &value);

} // namespace inbox
