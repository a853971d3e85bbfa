#pragma once

#include <QString>

namespace inbox {

// What the manager narrows the queue to. Values are bound; only the fixed fragments that
// belong to each field go into the SQL text.
struct DuplicateFilter
{
    enum class Age { Any, UnderHour, UnderDay, OverDay, OverWeek };
    QString channel; // either lead's channel; empty: any
    QString reason;  // a reason code, or "weak" / "strong"; empty: any
    Age age = Age::Any;
    QString search; // phone, e-mail or external id as typed; normalised on the server

    bool operator==(const DuplicateFilter &o) const
    {
        return channel == o.channel && reason == o.reason && age == o.age && search == o.search;
    }
    bool operator!=(const DuplicateFilter &o) const { return !(*this == o); }
};

} // namespace inbox
