#pragma once

#include "auditfilter.h"
#include "duplicatequeuemodel.h"
#include "journalfilter.h"

#include <QString>

namespace inbox {

// Remembers each screen's filters between runs, in QSettings group "filters/<screen>" (the
// Settings dialog forgets them all by removing "filters"). One place for the four screens.
//
// The free-text search is never saved: it is almost always an id typed once, and a search
// restored at the next start would show a near-empty list with no visible reason (it may
// also hold a customer's phone or e-mail, which has no business in a settings file).
//
// Values are stored by name (range "last24h", age "overDay"), not by enum number, under a
// layout version. A saved layout of another version is ignored as a whole; inside a known
// layout a value that makes no sense (an unknown status, range or reason, a wrong type, a
// custom range without valid ends) is dropped and the field keeps its default.
namespace FilterMemory {

constexpr int kVersion = 1;
QString groupOf(const QString &screen); // "filters/<screen>"

// Journal and "Needs attention": sources, statuses, kinds, time range (preset or custom),
// needs review. `search`, sort and the attention-only group fields are not touched by load.
void save(const QString &screen, const JournalFilter &filter);
// Lays what is remembered over `filter`; false when nothing usable was saved.
bool load(const QString &screen, JournalFilter *filter);

// Audit: person, actions, time range.
void save(const QString &screen, const AuditFilter &filter);
bool load(const QString &screen, AuditFilter *filter);

// Possible duplicates: channel, reason, age (the search is not saved).
void save(const QString &screen, const DuplicateFilter &filter);
// `reasons`: the reason codes the screen offers; any other saved reason is dropped.
bool load(const QString &screen, DuplicateFilter *filter, const QStringList &reasons);

// Names used in the settings (stable across versions of the enums).
QString rangeName(JournalFilter::Range range);
std::optional<JournalFilter::Range> rangeFromName(const QString &name);

} // namespace FilterMemory

} // namespace inbox
