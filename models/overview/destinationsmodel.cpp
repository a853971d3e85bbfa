#include "overview/destinationsmodel.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "db/rowcolumns.h"
#include "support/logging.h"

#include <QLocale>

#include <spdlog/spdlog.h>

namespace inbox {

DestinationsModel::DestinationsModel(ConsoleContext *context, QObject *parent)
    : RowTableModel(headers(), parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("destinations"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &DestinationsModel::onReply);
    connect(m_context, &ConsoleContext::disconnected, this, &DestinationsModel::clear);
    m_context->readThrough(m_channel);
    m_context->whenChanged(this, {QStringLiteral("destinations")}, &DestinationsModel::refresh);
}

DestinationsModel::~DestinationsModel() = default;

ColumnHeaders DestinationsModel::headers()
{
    return ColumnHeaders(
        staticMetaObject.className(),
        {{QT_TR_NOOP("Handler"),
          QT_TR_NOOP("A destination of inbox-dispatcher: the team's handler it delivers to")},
         {QT_TR_NOOP("State"), QT_TR_NOOP("Its circuit breaker as the dispatcher last reported "
                                          "it, or who paused it and why")},
         {QT_TR_NOOP("Delivered"),
          QT_TR_NOOP("Of its latest 1,000 requests: answered 2xx, the event done")},
         {QT_TR_NOOP("Failed"), QT_TR_NOOP("Of its latest 1,000 requests: an error answer or "
                                           "none (retried later, or refused for good)")},
         {QT_TR_NOOP("Median"), QT_TR_NOOP("Median time of its latest 1,000 requests")},
         {QT_TR_NOOP("p99"), QT_TR_NOOP("99th percentile time of its latest 1,000 requests")},
         {QT_TR_NOOP("Last error")}});
}

QString DestinationsModel::sql()
{
    return QStringLiteral(
               "SELECT d.name, d.state, d.paused, d.paused_by, d.paused_reason, d.paused_at, "
               "d.last_error, d.reported_by, d.reported_at, s.n, s.delivered, s.failed, "
               "s.p50, s.p99, s.since FROM inbox.destinations d "
               "LEFT JOIN LATERAL (SELECT count(*) AS n, "
               "count(*) FILTER (WHERE a.applied = 'done') AS delivered, "
               "count(*) FILTER (WHERE a.outcome IN ('retry', 'reject')) AS failed, "
               "percentile_cont(0.5) WITHIN GROUP (ORDER BY a.duration_ms) AS p50, "
               "percentile_cont(0.99) WITHIN GROUP (ORDER BY a.duration_ms) AS p99, "
               "min(a.at) AS since FROM (SELECT x.applied, x.outcome, x.duration_ms, x.at "
               "FROM inbox.delivery_attempts x WHERE x.destination = d.name "
               "ORDER BY x.id DESC LIMIT %1) a) s ON true ORDER BY d.name")
        .arg(kLatest);
}

void DestinationsModel::refresh()
{
    if (!m_context->isConnected())
        return;
    m_channel->submit(Query{sql(), {}});
}

int DestinationsModel::pausedCount() const
{
    int n = 0;
    for (const DestinationRow &r : m_rows)
        n += r.paused ? 1 : 0;
    return n;
}

void DestinationsModel::clear()
{
    m_channel->cancel();
    m_hasData = false;
    m_error = DbError();
    resetRows({});
    emit updated();
}

void DestinationsModel::onReply(const QueryReply &reply)
{
    if (!reply.ok() || reply.results.size() != 1 || reply.results.first().columns.size() != 15) {
        m_error = reply.ok() ? DbError::plain(QStringLiteral("unexpected shape of the handlers"))
                             : reply.error;
        logger("ui")->warn("destinations read failed: {}", m_error.oneLine().toStdString());
        emit failed(m_error);
        return;
    }
    QVector<DestinationRow> rows;
    for (const QVariantList &r : reply.results.first().rows) {
        DestinationRow d;
        readColumns(r, d.name, d.state, d.paused, d.pausedBy, d.pausedReason, d.pausedAt,
                    d.lastError, d.reportedBy, d.reportedAt, d.requests, d.delivered, d.failed);
        d.medianMs = r.value(12).toDouble();
        d.p99Ms = r.value(13).toDouble();
        d.since = r.value(14).toDateTime();
        rows << d;
    }
    m_error = DbError();
    m_hasData = true;
    updateRowsByKey(rows, &DestinationRow::name);
    emit updated();
}

QString DestinationsModel::stateText(const DestinationRow &row)
{
    if (row.paused) {
        if (row.state == QLatin1String("disabled"))
            return tr("disabled by the handler (410 Gone): %1").arg(row.pausedReason);
        return tr("paused by %1: %2").arg(row.pausedBy, row.pausedReason);
    }
    if (row.state == QLatin1String("closed"))
        return tr("delivering");
    if (row.state == QLatin1String("open"))
        return tr("breaker open: events wait, one probe now and then");
    if (row.state == QLatin1String("half_open"))
        return tr("probing whether the handler is back");
    if (row.state == QLatin1String("waiting"))
        return tr("waiting as the handler asked (Retry-After)");
    return row.state;
}

QVariant DestinationsModel::cell(const DestinationRow &row, const QModelIndex &index,
                                 int role) const
{
    const int column = index.column();
    const QLocale locale;
    auto ms = [&](double v) {
        return row.requests > 0 ? tr("%1 ms").arg(locale.toString(qRound64(v))) : QString();
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case Name:
            return row.name;
        case State:
            return stateText(row);
        case Delivered:
            return locale.toString(row.delivered);
        case Failed:
            return locale.toString(row.failed);
        case Median:
            return ms(row.medianMs);
        case P99:
            return ms(row.p99Ms);
        case LastError:
            return row.lastError.left(200);
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        return column >= Delivered && column <= P99
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    case Qt::ToolTipRole:
        if (column == LastError && !row.lastError.isEmpty())
            return row.lastError;
        if ((column == Delivered || column == Failed) && row.since.isValid())
            return tr("%1 requests since %2")
                .arg(locale.toString(row.requests),
                     row.since.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
        return {};
    case RawRole:
        switch (column) {
        case Name:
            return row.name;
        case State:
            return row.paused ? QStringLiteral("paused") : row.state;
        case Delivered:
            return row.delivered;
        case Failed:
            return row.failed;
        case Median:
            return row.medianMs;
        case P99:
            return row.p99Ms;
        case LastError:
            return row.lastError;
        default:
            return {};
        }
    case AlertRole:
        return (column == State && (row.paused || row.state != QLatin1String("closed"))) ||
               (column == Failed && row.failed > 0);
    default:
        return {};
    }
}

} // namespace inbox
