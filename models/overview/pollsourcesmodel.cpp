#include "overview/pollsourcesmodel.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "support/duration.h"
#include "support/logging.h"
#include "support/timetext.h"

#include <QLocale>

#include <spdlog/spdlog.h>

namespace inbox {

namespace {

constexpr int kColumns = 20;

} // namespace

PollSourcesModel::PollSourcesModel(ConsoleContext *context, QObject *parent)
    : RowTableModel(headers(), parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("poll_sources"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &PollSourcesModel::onReply);
    connect(m_context, &ConsoleContext::disconnected, this, &PollSourcesModel::clear);
    m_context->readThrough(m_channel);
}

PollSourcesModel::~PollSourcesModel() = default;

ColumnHeaders PollSourcesModel::headers()
{
    return ColumnHeaders(
        staticMetaObject.className(),
        {{QT_TR_NOOP("Source"), QT_TR_NOOP("The events' source, and the API inbox-poller reads "
                                           "for it")},
         {QT_TR_NOOP("State"), QT_TR_NOOP("Whether its last requests worked")},
         {QT_TR_NOOP("Last success"),
          QT_TR_NOOP("When a poll last read its whole window and stored it")},
         {QT_TR_NOOP("Behind by"),
          QT_TR_NOOP("How long ago the end of the last window read is: an order placed since "
                     "then is not in the inbox yet")},
         {QT_TR_NOOP("Last poll"),
          QT_TR_NOOP("What the last poll read: new events, repeats of events already stored "
                     "(the windows overlap on purpose), and conflicts (an item changed under "
                     "the same key, kept for review)")},
         {QT_TR_NOOP("Last error")}});
}

QString PollSourcesModel::sql()
{
    return QStringLiteral(
        "SELECT source, adapter, state, failures, last_success_at, "
        "floor(extract(epoch FROM now() - polled_to))::bigint, last_items, last_new, "
        "last_repeats, last_conflicts, last_duration_ms, polls, items, new_events, repeats, "
        "conflicts, last_error, last_error_at, last_http_status, stopped_at "
        "FROM inbox.poll_sources ORDER BY source");
}

void PollSourcesModel::refresh()
{
    if (!m_context->isConnected())
        return;
    m_channel->submit(Query{sql(), {}});
}

int PollSourcesModel::troubled() const
{
    int n = 0;
    for (const PolledSource &r : m_rows)
        n += r.state != QLatin1String("polling") ? 1 : 0;
    return n;
}

void PollSourcesModel::clear()
{
    m_channel->cancel();
    m_hasData = false;
    m_error = DbError();
    resetRows({});
    emit updated();
}

void PollSourcesModel::onReply(const QueryReply &reply)
{
    if (!reply.ok() || reply.results.size() != 1 ||
        reply.results.first().columns.size() != kColumns) {
        m_error = reply.ok() ? DbError::plain(QStringLiteral("unexpected shape of poll_sources"))
                             : reply.error;
        logger("ui")->warn("polled sources read failed: {}", m_error.oneLine().toStdString());
        emit failed(m_error);
        return;
    }
    QVector<PolledSource> rows;
    for (const QVariantList &r : reply.results.first().rows) {
        PolledSource s;
        s.source = r.at(0).toString();
        s.adapter = r.at(1).toString();
        s.state = r.at(2).toString();
        s.failures = r.at(3).toInt();
        s.lastSuccessAt = r.at(4).toDateTime();
        s.lagSeconds = r.at(5).isNull() ? -1 : r.at(5).toLongLong();
        s.lastItems = r.at(6).isNull() ? -1 : r.at(6).toInt();
        s.lastNew = r.at(7).toInt();
        s.lastRepeats = r.at(8).toInt();
        s.lastConflicts = r.at(9).toInt();
        s.lastDurationMs = r.at(10).toLongLong();
        s.polls = r.at(11).toLongLong();
        s.items = r.at(12).toLongLong();
        s.newEvents = r.at(13).toLongLong();
        s.repeats = r.at(14).toLongLong();
        s.conflicts = r.at(15).toLongLong();
        s.lastError = r.at(16).toString();
        s.lastErrorAt = r.at(17).toDateTime();
        s.lastHttpStatus = r.at(18).toInt();
        s.stoppedAt = r.at(19).toDateTime();
        rows.append(s);
    }
    m_error = DbError();
    m_hasData = true;
    updateRowsByKey(rows, &PolledSource::source);
    emit updated();
}

QString PollSourcesModel::stateText(const PolledSource &row)
{
    if (row.state == QLatin1String("polling"))
        return tr("polling");
    if (row.state == QLatin1String("failing"))
        return tr("failing: %n request(s) in a row", nullptr, row.failures);
    if (row.state == QLatin1String("stopped"))
        return tr("stopped: credentials refused");
    return row.state;
}

QString PollSourcesModel::lastPollText(const PolledSource &row)
{
    if (row.lastItems < 0)
        return tr("no poll finished yet");
    const QLocale locale;
    return tr("%1: %2 new, %3 repeats, %4 conflicts")
        .arg(locale.toString(row.lastItems), locale.toString(row.lastNew),
             locale.toString(row.lastRepeats), locale.toString(row.lastConflicts));
}

QVariant PollSourcesModel::cell(const PolledSource &row, const QModelIndex &index, int role) const
{
    const int column = index.column();
    const QLocale locale;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case Source:
            return row.source;
        case State:
            return stateText(row);
        case LastSuccess:
            return row.lastSuccessAt.isValid() ? timeTextToday(row.lastSuccessAt) : tr("never");
        case Lag:
            return row.lagSeconds >= 0 ? formatDuration(row.lagSeconds) : QString();
        case LastPoll:
            return lastPollText(row);
        case LastError:
            // A source that polls again shows no old error; its tooltip still has it.
            if (row.lastError.isEmpty() || row.state == QLatin1String("polling"))
                return QString();
            return row.lastHttpStatus > 0
                       ? tr("%1 · HTTP %2: %3")
                             .arg(timeTextToday(row.lastErrorAt))
                             .arg(row.lastHttpStatus)
                             .arg(row.lastError.left(200))
                       : tr("%1: %2").arg(timeTextToday(row.lastErrorAt), row.lastError.left(200));
        default:
            return {};
        }
    case Qt::ToolTipRole:
        switch (column) {
        case Source:
            return tr("%1, read by the %2 adapter").arg(row.source, row.adapter);
        case LastSuccess:
            return row.lastSuccessAt.isValid()
                       ? locale.toString(row.lastSuccessAt.toLocalTime(), QLocale::LongFormat)
                       : QString();
        case LastPoll:
            return tr("Last poll took %1 ms. Since the source was first polled: %2 polls, %3 "
                      "items, %4 new events, %5 repeats, %6 conflicts.")
                .arg(locale.toString(row.lastDurationMs), locale.toString(row.polls),
                     locale.toString(row.items), locale.toString(row.newEvents),
                     locale.toString(row.repeats), locale.toString(row.conflicts));
        case State:
            return row.state == QLatin1String("stopped")
                       ? tr("The API refused the poller's credentials (HTTP 401 or 403). Fix the "
                            "token or key in inbox-poller's configuration and restart it: the "
                            "source polls again from where it stopped.")
                       : QString();
        case LastError:
            return row.lastError.isEmpty()
                       ? QString()
                       : tr("%1 (at %2)").arg(row.lastError, timeTextToday(row.lastErrorAt));
        default:
            return {};
        }
    case RawRole:
        switch (column) {
        case Source:
            return row.source;
        case State:
            return row.state;
        case LastSuccess:
            return row.lastSuccessAt;
        case Lag:
            return row.lagSeconds;
        case LastPoll:
            return QVariantList{row.lastItems, row.lastNew, row.lastRepeats, row.lastConflicts};
        case LastError:
            return row.lastError;
        default:
            return {};
        }
    case AlertRole:
        return (column == State || column == LastError) && row.state != QLatin1String("polling");
    default:
        return {};
    }
}

} // namespace inbox
