#pragma once

#include "db/querychannel.h"
#include "journal/journalfilter.h"

#include <QDateTime>
#include <QStringList>
#include <QVector>

#include <optional>

namespace inbox {

// What the audit screen shows: human actions (journal rows with by_person), narrowed by
// person, action and time. A plain value; AuditQuery turns it into SQL.
struct AuditFilter
{
    QString person;      // the journal's actor; empty: everyone
    QStringList actions; // journal entries (requeued, duplicate_merged ...); empty: all
    JournalFilter::Range range = JournalFilter::Range::Any;
    QDateTime from, to; // Range::Custom: at in [from, to); an invalid end is open

    bool operator==(const AuditFilter &other) const;
    bool operator!=(const AuditFilter &other) const { return !(*this == other); }
};

// A place in the audit order (at DESC, id DESC); `at` in microseconds since the epoch, so a
// page boundary never rounds (QDateTime stops at milliseconds).
struct AuditKey
{
    qint64 atUs = 0;
    qint64 id = 0;
    bool operator<(const AuditKey &o) const
    {
        return atUs < o.atUs || (atUs == o.atUs && id < o.id);
    }
};

} // namespace inbox
