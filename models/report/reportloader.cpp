#include "report/reportloader.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "support/logging.h"

#include <spdlog/spdlog.h>

namespace inbox {

namespace {

const QString kBaseline = QStringLiteral(
    "SELECT id, name, file_name, layout_name, imported_by, imported_at, period_first, "
    "period_last, row_count, unreadable_lines FROM inbox.baseline_list() WHERE id = $1");
const QString kBefore =
    QStringLiteral("SELECT source, rows, dup_external_id, dup_phone, dup_email, duplicates "
                   "FROM inbox.baseline_summary($1, make_interval(hours => $2::int))");
const QString kAfter = QStringLiteral(
    "SELECT source, received, repeats, conflicts, deliveries, flagged, merged, rejected, "
    "still_open, refused, failed FROM inbox.remeasure($1::date, $2::date)");

qint64 number(const QVariantList &row, int column)
{
    return row.value(column).toLongLong();
}

} // namespace

ReportLoader::ReportLoader(ConsoleContext *context, QObject *parent)
    : QObject(parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("report"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &ReportLoader::onReply);
    connect(m_context, &ConsoleContext::disconnected, m_channel, &QueryChannel::cancel);
    m_context->readThrough(m_channel);
}

ReportLoader::~ReportLoader() = default;

bool ReportLoader::isBusy() const
{
    return m_channel->isBusy();
}

void ReportLoader::load(qint64 baselineId, int windowHours, int minutesPerDuplicate,
                        const QDate &from, const QDate &to)
{
    if (!m_context->isConnected())
        return;
    m_pending = ReportFigures();
    m_pending.baseline.id = baselineId;
    m_pending.windowHours = windowHours;
    m_pending.minutesPerDuplicate = minutesPerDuplicate;
    m_pending.from = from;
    m_pending.to = to;
    m_channel->submit({Query{kBaseline, {baselineId}}, Query{kBefore, {baselineId, windowHours}},
                       Query{kAfter, {from, to}}});
}

void ReportLoader::onReply(const QueryReply &reply)
{
    if (!reply.ok() || reply.results.size() != 3) {
        const DbError error = reply.ok()
                                  ? DbError::plain(QStringLiteral("unexpected shape of the report"))
                                  : reply.error;
        logger("ui")->warn("report read failed: {}", error.oneLine().toStdString());
        m_context->readFailed(error);
        emit failed(error);
        return;
    }
    ReportFigures figures = m_pending;
    const Rows &baseline = reply.results.at(0);
    if (baseline.rows.size() != 1) {
        emit failed(
            DbError::plain(tr("The baseline %1 is no longer there (deleted by someone else?).")
                               .arg(figures.baseline.id)));
        return;
    }
    const QVariantList &b = baseline.rows.first();
    figures.baseline.name = b.value(1).toString();
    figures.baseline.fileName = b.value(2).toString();
    figures.baseline.layoutName = b.value(3).toString();
    figures.baseline.importedBy = b.value(4).toString();
    figures.baseline.importedAt = b.value(5).toDateTime();
    figures.baseline.periodFirst = b.value(6).toDateTime();
    figures.baseline.periodLast = b.value(7).toDateTime();
    figures.baseline.rowCount = b.value(8).toInt();
    figures.baseline.unreadableLines = b.value(9).toInt();
    for (const QVariantList &r : reply.results.at(1).rows)
        figures.before.append({r.value(0).toString(), number(r, 1), number(r, 2), number(r, 3),
                               number(r, 4), number(r, 5)});
    for (const QVariantList &r : reply.results.at(2).rows)
        figures.after.append({r.value(0).toString(), number(r, 1), number(r, 2), number(r, 3),
                              number(r, 4), number(r, 5), number(r, 6), number(r, 7), number(r, 8),
                              number(r, 9), number(r, 10)});
    emit loaded(figures);
}

} // namespace inbox
