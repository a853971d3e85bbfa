#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>

namespace inbox {

// One order or lead of a CRM's export, as the baseline counts it. Phones and e-mails are kept
// as the CRM wrote them: the database's inbox.normalize_phone and normalize_email make them
// comparable later, so the console and the inbox agree on what "the same phone" is.
struct ExportRow
{
    qint64 line = 0; // where the record starts in the file, for "show me this row"
    QString source;
    QString externalId;
    QDateTime createdAt; // UTC
    QStringList phones;  // every phone column, a cell with several split
    QStringList emails;
    QString name;

    bool operator==(const ExportRow &other) const
    {
        return line == other.line && source == other.source && externalId == other.externalId &&
               createdAt == other.createdAt && phones == other.phones && emails == other.emails &&
               name == other.name;
    }
};

} // namespace inbox
