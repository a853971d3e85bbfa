#include "querybench.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "duplicates/duplicatequeuemodel.h"
#include "journal/journalmodel.h"
#include "journal/journalquery.h"
#include "overview/overviewmodel.h"
#include "plainsql.h"
#include "signalwait.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

namespace bench {

namespace {

constexpr double kFirstPageMs = 20;
constexpr double kExactSearchMs = 5;
constexpr double kDeepPageMs = 20;
constexpr double kOverviewMs = 50;
constexpr double kDuplicateQueueMs = 20;
// The Duplicates screen leaves the queue model at its default page size.
constexpr int kDuplicatePage = 100;

double msSince(const QElapsedTimer &t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

// One figure: run i times console(i) and plain(i), the same value; warm-up runs are not kept.
// Each callback returns false with the reason on failure. The two take turns going first: the
// first to read a value's rows pays for bringing them into shared buffers and the second finds
// them there, which at 10M events (larger than the buffers) made the console, always first,
// look up to 6 ms slower than the same statements over bare libpq (issue 30, point 22).
bool measure(const Options &o, Figure *f, const std::function<bool(int, QString *)> &console,
             const std::function<bool(int, QString *)> &plain, QString *error)
{
    std::fprintf(stderr, "  %s ...\n", qPrintable(f->name));
    auto timed = [&](const std::function<bool(int, QString *)> &run, int i, const char *side,
                     double *ms) {
        QElapsedTimer t;
        t.start();
        if (!run(i, error)) {
            *error = QStringLiteral("%1 (%2): %3").arg(f->name, QLatin1String(side), *error);
            return false;
        }
        *ms = msSince(t);
        return true;
    };
    for (int i = 0; i < o.warmup + o.runs; ++i) {
        double c = 0, p = 0;
        const bool consoleFirst = i % 2 == 0;
        const bool ok = consoleFirst
                            ? timed(console, i, "console", &c) && timed(plain, i, "plain", &p)
                            : timed(plain, i, "plain", &p) && timed(console, i, "console", &c);
        if (!ok)
            return false;
        if (i >= o.warmup) {
            f->console.ms << c;
            f->plain.ms << p;
        }
    }
    return true;
}

// Contacts of random leads as a customer quotes them: the phone and e-mail as they were
// recorded (raw, so the search's normalisation does the work) and the start of the name (at
// least 3 characters, half of it).
struct LeadSamples
{
    QStringList phones, emails, names;
};

bool drawLeadSamples(inbox::PgConnection &db, int count, LeadSamples *out, QString *error)
{
    inbox::DbError e;
    // Random leads by id, one index probe each, separately per contact (not every lead has
    // each).
    const char *const columns[][2] = {
        {"phone_raw", "phone_norm"}, {"email_raw", "email_norm"}, {"name", "name"}};
    QStringList *lists[] = {&out->phones, &out->emails, &out->names};
    for (int k = 0; k < 3; ++k) {
        const auto picked = db.exec(
            QStringLiteral("WITH b AS (SELECT min(id) AS lo, max(id) AS hi FROM inbox.leads) "
                           "SELECT l.v FROM b, generate_series(1, $1) g, "
                           "LATERAL (SELECT %1 AS v FROM inbox.leads "
                           "         WHERE id >= b.lo + (random() * (b.hi - b.lo))::bigint + 0 * g "
                           "           AND %2 IS NOT NULL ORDER BY id LIMIT 1) l")
                .arg(QLatin1String(columns[k][0]), QLatin1String(columns[k][1])),
            {inbox::PgParam(count)}, &e);
        if (!picked) {
            *error = QStringLiteral("sampling leads: %1").arg(e.message);
            return false;
        }
        for (int i = 0; i < picked->rows(); ++i) {
            const QString v = picked->text(i, 0).trimmed();
            *lists[k] << (k == 2 ? v.left(std::max(3, int(v.size()) / 2)) : v);
        }
    }
    return true;
}

QString targetText(double targetMs)
{
    return QStringLiteral("median <= %1 ms and <= plain + %2 ms").arg(targetMs).arg(kLayerBudgetMs);
}

} // namespace

void judgeLatency(Figure *f, double targetMs)
{
    f->target = targetText(targetMs);
    const double layer = f->console.median() - f->plain.median();
    f->met = f->console.median() <= targetMs && layer <= kLayerBudgetMs;
    f->extra.insert(QStringLiteral("layer_ms"), std::round(layer * 1000.0) / 1000.0);
}

namespace {

// One run of the query figures: the journal's first pages and searches, the lead searches,
// deep pages, the overview and the duplicate queue, each a stage of its own (as PeerRun).
class QueryRun final
{
public:
    QueryRun(const Options &o, inbox::ConsoleContext *context, inbox::PgConnection &plain,
             const Samples &s, QVector<Figure> *figures, QString *error)
        : m_o(o), m_context(context), m_plain(plain), m_s(s), m_figures(figures), m_error(error)
    {}

    bool run()
    {
        // The journal: one model, as the Journal screen holds one; each run sets the filter
        // and waits for `loaded` (the first page in the model).
        inbox::JournalModel model(m_context);
        if (!runUntil(&model, &inbox::JournalModel::loaded, &inbox::JournalModel::errorOccurred,
                      [] {})) {
            *m_error =
                QStringLiteral("the journal model did not load: %1").arg(model.lastError().message);
            return false;
        }
        model.setFollowing(true);
        return journalFigures(model) && leadSearchFigures(model) && deepPageFigures() &&
               overviewFigure() && duplicateQueueFigure();
    }

private:
    static QString pick(const QStringList &list, int i) { return list.at(i % list.size()); }

    // One journal figure: the filter set on the model, to its first page loaded.
    bool journalFigure(inbox::JournalModel &model, const QString &name, double targetMs,
                       const std::function<inbox::JournalFilter(int)> &filterFor)
    {
        using inbox::JournalFilter;
        using inbox::JournalModel;
        using inbox::JournalQuery;
        Figure f;
        f.name = name;
        const bool ok = measure(
            m_o, &f,
            [&](int i, QString *err) {
                const JournalFilter filter = filterFor(i);
                if (!runUntil(&model, &JournalModel::loaded, &JournalModel::errorOccurred,
                              [&] { model.setFilter(filter); })) {
                    *err = model.lastError().message;
                    return false;
                }
                return true;
            },
            [&](int i, QString *err) {
                const JournalFilter filter = filterFor(i);
                // What the model sends for a first page: the anchor, then the page (with the
                // kept keys' sources as the model last read them).
                QVector<inbox::Query> batch{JournalQuery::newestAnchor()};
                const std::optional<QStringList> kept = model.keptSources();
                batch += JournalQuery::page(filter, std::nullopt, JournalQuery::Direction::Forward,
                                            JournalModel::kPageSize, false, kept ? &*kept : nullptr)
                             .statements;
                return runPlain(m_plain, batch, err);
            },
            m_error);
        if (ok) {
            judgeLatency(&f, targetMs);
            f.extra.insert(QStringLiteral("rows"), model.rowCount());
            *m_figures << f;
        }
        return ok;
    }

    // The first pages under each kind of filter, and the searches.
    bool journalFigures(inbox::JournalModel &model)
    {
        using inbox::JournalFilter;
        if (!journalFigure(model, QStringLiteral("journal_first_page_unfiltered"), kFirstPageMs,
                           [](int) { return JournalFilter(); }))
            return false;
        if (!journalFigure(model, QStringLiteral("journal_first_page_source"), kFirstPageMs,
                           [&](int i) {
                               JournalFilter f;
                               f.sources = QStringList{pick(m_s.sources, i)};
                               return f;
                           }))
            return false;
        if (!journalFigure(model, QStringLiteral("journal_first_page_failed"), kFirstPageMs,
                           [](int) {
                               JournalFilter f;
                               f.statuses = QStringList{QStringLiteral("failed")};
                               return f;
                           }))
            return false;
        if (!journalFigure(model, QStringLiteral("journal_first_page_one_day"), kFirstPageMs,
                           [&](int) {
                               JournalFilter f;
                               f.range = JournalFilter::Range::Custom;
                               f.from = m_s.dayFrom;
                               f.to = m_s.dayTo;
                               return f;
                           }))
            return false;
        if (!journalFigure(model, QStringLiteral("journal_first_page_needs_review"), kFirstPageMs,
                           [](int) {
                               JournalFilter f;
                               f.needsReview = true;
                               return f;
                           }))
            return false;
        if (!journalFigure(model, QStringLiteral("search_exact_external_id"), kExactSearchMs,
                           [&](int i) {
                               JournalFilter f;
                               f.search = pick(m_s.externalIds, i);
                               return f;
                           }))
            return false;
        if (!journalFigure(model, QStringLiteral("search_idempotency_key"), kExactSearchMs,
                           [&](int i) {
                               JournalFilter f;
                               f.search = pick(m_s.idempotencyKeys, i);
                               return f;
                           }))
            return false;
        if (!journalFigure(model, QStringLiteral("search_prefix"), kFirstPageMs, [&](int i) {
                JournalFilter f;
                f.search = pick(m_s.prefixes, i);
                return f;
            }))
            return false;

        return true;
    }

    bool leadSearchFigures(inbox::JournalModel &model)
    {
        using inbox::JournalFilter;
        // The lead searches (issue 18): the same first page as search_exact_external_id, for a
        // phone, an e-mail or the start of a name. Skipped, with a note, without leads.
        LeadSamples leads;
        if (!drawLeadSamples(m_plain, std::max(64, m_o.warmup + m_o.runs), &leads, m_error))
            return false;
        // A contact names few leads (the exact search's target); a name's start is a page of
        // them (the prefix search's).
        struct LeadSearch
        {
            const char *name;
            const QStringList *values;
            double targetMs;
        };
        const LeadSearch leadSearches[] = {{"search_lead_phone", &leads.phones, kExactSearchMs},
                                           {"search_lead_email", &leads.emails, kExactSearchMs},
                                           {"search_lead_name_prefix", &leads.names, kFirstPageMs}};
        for (const LeadSearch &ls : leadSearches) {
            if (ls.values->isEmpty()) {
                std::fprintf(stderr, "  %s: no leads with it, skipped\n", ls.name);
                continue;
            }
            if (!journalFigure(model, QLatin1String(ls.name), ls.targetMs, [&](int i) {
                    JournalFilter f;
                    f.search = pick(*ls.values, i);
                    return f;
                }))
                return false;
        }

        return true;
    }

    bool deepPageFigures()
    {
        using inbox::JournalFilter;
        using inbox::JournalModel;
        using inbox::JournalQuery;
        // Deep pages: the statements the model sends for the next page after a key, through a
        // QueryChannel (submit to replied); the model cannot be put at a depth without paging
        // there.
        inbox::QueryChannel channel(QStringLiteral("bench-deep"));
        channel.setConnectOptions(m_context->options());
        for (const Samples::Deep &d : m_s.deep) {
            const QVector<inbox::Query> batch =
                JournalQuery::page(JournalFilter(), d.key, JournalQuery::Direction::Forward,
                                   JournalModel::kPageSize)
                    .statements;
            Figure f;
            f.name = QStringLiteral("journal_deep_page_%1").arg(d.requestedPages);
            int rows = 0;
            const bool ok = measure(
                m_o, &f,
                [&](int, QString *err) {
                    inbox::QueryReply last;
                    const auto conn =
                        QObject::connect(&channel, &inbox::QueryChannel::replied,
                                         [&](const inbox::QueryReply &r) { last = r; });
                    const bool got = runUntil(&channel, &inbox::QueryChannel::replied,
                                              &inbox::QueryChannel::connectionLost,
                                              [&] { channel.submit(batch); });
                    QObject::disconnect(conn);
                    if (!got || !last.ok()) {
                        *err = got ? last.error.message : QStringLiteral("no reply");
                        return false;
                    }
                    rows = int(last.results.value(0).rows.size());
                    return true;
                },
                [&](int, QString *err) { return runPlain(m_plain, batch, err); }, m_error);
            if (!ok)
                return false;
            judgeLatency(&f, kDeepPageMs);
            f.extra.insert(QStringLiteral("offset_rows"), double(d.offsetRows));
            f.extra.insert(QStringLiteral("rows"), rows);
            if (d.offsetRows < d.requestedPages * JournalModel::kPageSize)
                f.note = QStringLiteral("the table is smaller: key at row %1 (%2 pages) instead")
                             .arg(d.offsetRows)
                             .arg(d.offsetRows / JournalModel::kPageSize);
            *m_figures << f;
        }

        return true;
    }

    bool overviewFigure()
    {
        // The overview: refresh() to updated (the snapshot in the model).
        {
            inbox::OverviewModel overview(m_context);
            overview.setMinimumInterval(0);
            const QVector<inbox::Query> batch = inbox::overviewQueries(inbox::OverviewModel::kDays);
            Figure f;
            f.name = QStringLiteral("overview");
            const bool ok = measure(
                m_o, &f,
                [&](int, QString *err) {
                    if (!runUntil(&overview, &inbox::OverviewModel::updated,
                                  &inbox::OverviewModel::failed, [&] { overview.refresh(); })) {
                        *err = overview.lastError().message;
                        return false;
                    }
                    return true;
                },
                [&](int, QString *err) { return runPlain(m_plain, batch, err); }, m_error);
            if (!ok)
                return false;
            judgeLatency(&f, kOverviewMs);
            *m_figures << f;
        }

        return true;
    }

    bool duplicateQueueFigure()
    {
        // The duplicate queue's first page: reload() to loaded.
        {
            inbox::DuplicateQueueModel queue;
            queue.setPageSize(kDuplicatePage);
            queue.setConnectOptions(m_context->options());
            const inbox::Query q = inbox::DuplicateQueueModel::pageQuery(
                inbox::DuplicateFilter(), nullptr, nullptr, kDuplicatePage);
            Figure f;
            f.name = QStringLiteral("duplicate_queue_first_page");
            const bool ok = measure(
                m_o, &f,
                [&](int, QString *err) {
                    QString why;
                    const auto conn =
                        QObject::connect(&queue, &inbox::DuplicateQueueModel::failed,
                                         [&](const inbox::DbError &e) { why = e.message; });
                    const bool got =
                        runUntil(&queue, &inbox::DuplicateQueueModel::loaded,
                                 &inbox::DuplicateQueueModel::failed, [&] { queue.reload(); });
                    QObject::disconnect(conn);
                    if (!got)
                        *err = why.isEmpty() ? QStringLiteral("no reply") : why;
                    return got;
                },
                [&](int, QString *err) { return runPlain(m_plain, {q}, err); }, m_error);
            if (!ok)
                return false;
            judgeLatency(&f, kDuplicateQueueMs);
            f.extra.insert(QStringLiteral("rows"), queue.rowCount());
            *m_figures << f;
        }
        return true;
    }

    const Options &m_o;
    inbox::ConsoleContext *m_context;
    inbox::PgConnection &m_plain;
    const Samples &m_s;
    QVector<Figure> *m_figures;
    QString *m_error;
};

} // namespace

bool runQueryFigures(const Options &o, inbox::ConsoleContext *context, inbox::PgConnection &plain,
                     const Samples &s, QVector<Figure> *figures, QString *error)
{
    return QueryRun(o, context, plain, s, figures, error).run();
}

} // namespace bench
