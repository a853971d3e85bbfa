#include "audit/auditfilter.h"

namespace inbox {

bool AuditFilter::operator==(const AuditFilter &o) const
{
    return person == o.person && actions == o.actions && range == o.range &&
           (range != JournalFilter::Range::Custom || (from == o.from && to == o.to));
}

} // namespace inbox
