#include "journal/journalwindow.h"

#include <algorithm>

namespace inbox {

std::optional<JournalWindow::Pending>
JournalWindow::plan(Request kind, const JournalFilter &filter, const QVector<JournalRow> &held,
                    bool atEnd, bool droppedTop, bool following,
                    const std::optional<QStringList> &keptSources)
{
    Pending p;
    p.kind = kind;
    p.limit = kPageSize;
    switch (kind) {
    case Request::None:
        return std::nullopt;
    case Request::First:
    case Request::Live:
        p.anchor = true;
        break;
    case Request::More:
        if (held.isEmpty() || atEnd)
            return std::nullopt;
        p.key = held.last().key();
        break;
    case Request::Previous:
        if (held.isEmpty() || !droppedTop)
            return std::nullopt;
        p.key = held.first().key();
        p.direction = JournalQuery::Direction::Backward;
        break;
    case Request::Refresh:
        // From the top while following it (new rows come in); otherwise from the first row
        // held, so nothing is pulled in above the reader (new events are counted instead).
        p.limit = int(std::clamp<qsizetype>(held.size(), kPageSize, kMaxRows));
        if (!following && !held.isEmpty()) {
            p.key = held.first().key();
            p.inclusive = true;
        } else {
            p.anchor = true;
        }
        break;
    }
    const JournalQuery::Page page = JournalQuery::page(
        filter, p.key, p.direction, p.limit, p.inclusive, keptSources ? &*keptSources : nullptr);
    p.paged = page.paged;
    if (p.anchor) {
        p.batch << JournalQuery::newestAnchor();
        if (p.paged >= 0)
            ++p.paged;
    }
    p.batch += page.statements;
    if (!keptSources && JournalQuery::readsKeptKeys(filter)) {
        p.keptSourcesAt = int(p.batch.size());
        p.batch << JournalQuery::keptSources();
    }
    return p;
}

std::optional<QStringList> JournalWindow::keptSources(const QueryReply &reply, const Pending &p)
{
    if (p.keptSourcesAt < 0 || p.keptSourcesAt >= reply.results.size())
        return std::nullopt;
    QStringList sources;
    for (const QVariantList &r : reply.results.at(p.keptSourcesAt).rows)
        sources << r.value(0).toString();
    return sources;
}

QVector<JournalRow> JournalWindow::collect(const QueryReply &reply, const Pending &p,
                                           const JournalFilter &filter, bool *complete)
{
    *complete = p.paged < 0 || reply.results.value(p.paged).rows.size() < p.limit;
    const bool backward = p.direction == JournalQuery::Direction::Backward;
    QVector<JournalRow> rows;
    for (int i = p.anchor ? 1 : 0; i < reply.results.size(); ++i) {
        if (i == p.keptSourcesAt)
            continue;
        // Walking back, the exact block sits before the prefix rows: it belongs to this page
        // only when the prefix walk reached its start.
        if (backward && !*complete && i != p.paged)
            continue;
        for (const JournalRow &r : JournalRow::fromRows(reply.results.at(i))) {
            if (p.key) {
                const int c = JournalQuery::compare(filter, r.key(), *p.key);
                if (backward ? c >= 0 : (p.inclusive ? c < 0 : c <= 0))
                    continue;
            }
            rows << r;
        }
    }
    std::sort(rows.begin(), rows.end(), [&filter](const JournalRow &a, const JournalRow &b) {
        return JournalQuery::compare(filter, a.key(), b.key()) < 0;
    });
    return rows;
}

std::optional<JournalKey> JournalWindow::anchor(const QueryReply &reply)
{
    const Rows anchor = reply.results.value(0);
    if (anchor.rows.isEmpty())
        return std::nullopt;
    return JournalKey{0, anchor.rows.first().value(0).toLongLong(),
                      anchor.rows.first().value(1).toLongLong(), QString()};
}

QVector<JournalRow> JournalWindow::reread(const QVector<JournalRow> &held,
                                          const QVector<JournalRow> &read, const Pending &p,
                                          const JournalFilter &filter, bool complete)
{
    QVector<JournalRow> target;
    if (p.key) {
        for (const JournalRow &r : held) {
            if (JournalQuery::compare(filter, r.key(), *p.key) < 0)
                target << r;
        }
    }
    target += read;
    if (!complete && !read.isEmpty()) {
        const JournalKey last = read.last().key();
        for (const JournalRow &r : held) {
            if (JournalQuery::compare(filter, r.key(), last) > 0)
                target << r;
        }
    }
    return target;
}

} // namespace inbox
