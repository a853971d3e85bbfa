#pragma once

#include "db/querychannel.h"
#include "journal/journalfilter.h"
#include "journal/journalquery.h"
#include "journal/journalrow.h"

#include <QVector>

#include <optional>

namespace inbox {

// The journal's keyset window, apart from the view: which page a request reads (its batch of
// statements, keyed on the first or last row held), which rows of a reply belong to that
// page, and what the held rows become after a re-read of part of them. It holds no rows and
// sends nothing; JournalModel keeps the rows, the channel and the row signals.
class JournalWindow final
{
public:
    enum class Request { None, First, More, Previous, Refresh, Live };
    // One request on its way: what it reads and how its reply is to be read.
    struct Pending
    {
        Request kind = Request::None;
        quint64 ticket = 0;
        JournalQuery::Direction direction = JournalQuery::Direction::Forward;
        std::optional<JournalKey> key;
        bool inclusive = false;
        int limit = 0;
        int paged = -1;
        bool anchor = false;    // the batch starts with newestAnchor()
        int keptSourcesAt = -1; // the batch's JournalQuery::keptSources(), if it has one
        bool retried = false;
        QVector<Query> batch;
    };

    static constexpr int kPageSize = 200;
    static constexpr int kMaxRows = 10000;

    // The request `kind` over the rows held; nothing when there is nothing to read (no row to
    // page from, or the end of that side is reached). `keptSources`: the sources of the kept
    // keys read a moment ago; without them a search that reads kept keys reads them too.
    static std::optional<Pending> plan(Request kind, const JournalFilter &filter,
                                       const QVector<JournalRow> &held, bool atEnd, bool droppedTop,
                                       bool following,
                                       const std::optional<QStringList> &keptSources = {});
    // The sources of the kept keys the reply read (keptSourcesAt), if it read them.
    static std::optional<QStringList> keptSources(const QueryReply &reply, const Pending &p);
    // The rows of the reply that belong to the page, in the filter's order; `complete`: the
    // page came back short, so nothing lies beyond it.
    static QVector<JournalRow> collect(const QueryReply &reply, const Pending &p,
                                       const JournalFilter &filter, bool *complete);
    // The newest row's key as the anchor statement read it (none: the journal is empty).
    static std::optional<JournalKey> anchor(const QueryReply &reply);
    // A re-read covers [its key, the last row read]; the held rows outside it stay.
    static QVector<JournalRow> reread(const QVector<JournalRow> &held,
                                      const QVector<JournalRow> &read, const Pending &p,
                                      const JournalFilter &filter, bool complete);
};

} // namespace inbox
