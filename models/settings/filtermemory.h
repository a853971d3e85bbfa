#pragma once

#include "audit/auditfilter.h"
#include "duplicates/duplicatequeuemodel.h"
#include "journal/journalfilter.h"

#include <QObject>
#include <QString>

#include <functional>

class QTimer;

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

// Writes a screen's filters a moment after the last change rather than on every change:
// each QSettings write rewrites and syncs the whole file (measured 0.2-18 ms, more on a busy
// disk), and a date field or a burst of ticks changes the filter many times a second. The
// last write asked for wins; a pending one is done at once when this is destroyed, so
// closing the window never loses it.
class FilterSaver final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilterSaver)
public:
    static constexpr int kDelayMs = 1000;
    explicit FilterSaver(QObject *parent = nullptr);
    ~FilterSaver() override;

    // `write` must not refer to the page (it may run while the page is being destroyed):
    // capture the filter by value.
    void schedule(std::function<void()> write);
    void flush();
    bool isPending() const { return bool(m_write); }

private:
    QTimer *m_timer;
    std::function<void()> m_write;
};

} // namespace inbox
