#include "journal/journalmodel.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "journal/journalquery.h"
#include "support/logging.h"
#include "support/timetext.h"
#include "table/codetexts.h"

#include <QLocale>
#include <spdlog/spdlog.h>

#include <algorithm>

namespace inbox {

JournalModel::JournalModel(ConsoleContext *context, QObject *parent)
    : RowTableModel(headers(), parent), m_context(context),
      m_pages(new QueryChannel(QStringLiteral("journal"), this)),
      m_counts(new QueryChannel(QStringLiteral("journal-new"), this)), m_poll(new QTimer(this))
{
    m_clock.start();
    m_poll->setInterval(kPollMs);
    connect(m_poll, &QTimer::timeout, this, &JournalModel::onEventsChanged);
    m_poll->start();
    connect(m_pages, &QueryChannel::replied, this, &JournalModel::onReply);
    connect(m_pages, &QueryChannel::busyChanged, this, &JournalModel::onBusy);
    connect(m_counts, &QueryChannel::replied, this, &JournalModel::onCountReply);
    connect(m_context, &ConsoleContext::reread, this, &JournalModel::refresh);
    connect(m_context, &ConsoleContext::disconnected, this, &JournalModel::cancel);
    m_context->whenChanged(this, {QStringLiteral("events")}, &JournalModel::onEventsChanged);
    m_context->whenConnected(this, &JournalModel::onConnected);
}

JournalModel::~JournalModel() = default;

ColumnHeaders JournalModel::headers()
{
    return ColumnHeaders(
        staticMetaObject.className(),
        {QT_TR_NOOP("Received"), QT_TR_NOOP("Source"), QT_TR_NOOP("External id"),
         QT_TR_NOOP("Kind"), QT_TR_NOOP("Status"), QT_TR_NOOP("Attempts"), QT_TR_NOOP("Deliveries"),
         QT_TR_NOOP("Needs review"), QT_TR_NOOP("Last error"), QT_TR_NOOP("Event id"),
         QT_TR_NOOP("Idempotency key"), QT_TR_NOOP("Occurred"), QT_TR_NOOP("Body")});
}

QString JournalModel::statusText(const QString &status)
{
    static const CodeTexts words(staticMetaObject.className(),
                                 {{"received", QT_TR_NOOP("received")},
                                  {"processing", QT_TR_NOOP("processing")},
                                  {"done", QT_TR_NOOP("done")},
                                  {"failed", QT_TR_NOOP("failed")},
                                  // A key kept by prune (JournalRow::isKept): no event left.
                                  // Short, as the column is; the tooltip says the rest.
                                  {"pruned", QT_TR_NOOP("pruned")}});
    return words.text(status);
}

QString JournalModel::formatBytes(qint64 bytes)
{
    // Below a kilobyte our own plural forms: Qt's "%1 bytes" has none (Russian would read
    // «355 байты» instead of «355 байт»).
    if (bytes >= 0 && bytes < 1024)
        return tr("%n byte(s)", "", int(bytes));
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

namespace {
QString localTime(qint64 us)
{
    return timeTextSeconds(JournalQuery::fromMicros(us));
}
QString utcTime(qint64 us)
{
    const qint64 frac = ((us % 1000000) + 1000000) % 1000000;
    return JournalQuery::fromMicros(us).toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) +
           QStringLiteral(".%1 UTC").arg(frac, 6, 10, QLatin1Char('0'));
}
} // namespace

QVariant JournalModel::raw(const JournalRow &r, int column)
{
    switch (column) {
    case Received:
        return r.receivedUs;
    case Source:
        return r.source;
    case ExternalId:
        return r.externalId;
    case Kind:
        return r.kind;
    case Status:
        return r.status;
    case Attempts:
        return r.attempts;
    case Deliveries:
        return r.deliveries;
    case Review:
        return r.needsReview;
    case Error:
        return r.lastError;
    case Id:
        return r.id;
    case Key:
        return r.idempotencyKey;
    case Occurred:
        return r.occurredUs;
    case Size:
        return r.bodyBytes;
    }
    return {};
}

QVariant JournalModel::cell(const JournalRow &r, const QModelIndex &index, int role) const
{
    if (role == IdRole)
        return r.id;
    if (role == KeyRole)
        return r.idempotencyKey;
    if (role == RawRole)
        return raw(r, index.column());
    if (r.isKept() && (role == Qt::DisplayRole || role == Qt::ToolTipRole)) {
        // What a kept key has not: attempts, a body, an occurrence time. Empty, never 0.
        switch (index.column()) {
        case Attempts:
        case Occurred:
        case Size:
        case Review:
        case Error:
            return role == Qt::ToolTipRole
                       ? QVariant(tr("Body and actions removed by retention on %1")
                                      .arg(localTime(r.prunedUs)))
                       : QVariant();
        case Status:
            if (role == Qt::ToolTipRole)
                return tr("Removed by retention on %1: only its key and a summary are kept "
                          "(no body, no actions)")
                    .arg(localTime(r.prunedUs));
            break;
        case ExternalId:
            if (role == Qt::ToolTipRole)
                return tr("exact match: the key of an event removed by retention on %1")
                    .arg(localTime(r.prunedUs));
            break;
        default:
            break;
        }
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Received:
            return localTime(r.receivedUs);
        case Status:
            return statusText(r.status);
        case Attempts:
            return QStringLiteral("%1/%2").arg(r.attempts).arg(r.maxAttempts);
        case Error:
            return r.lastError.section(QLatin1Char('\n'), 0, 0);
        case Occurred:
            return localTime(r.occurredUs);
        case Size:
            return formatBytes(r.bodyBytes);
        default:
            return raw(r, index.column()); // shown as stored
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Received:
            return utcTime(r.receivedUs);
        case Occurred:
            return utcTime(r.occurredUs);
        case Error:
            if (r.lastError.isEmpty())
                return {};
            return r.errorRetryable.toBool() ? tr("%1\n(retryable)").arg(r.lastError)
                                             : tr("%1\n(not retryable)").arg(r.lastError);
        case Review:
            return r.needsReview.isEmpty() ? QVariant() : QVariant(r.needsReview);
        case Status:
            if (r.status == QLatin1String("processing") && !r.lockedBy.isEmpty())
                return tr("processing, locked by %1").arg(r.lockedBy);
            return statusText(r.status);
        case Size:
            return tr("%1 bytes, %2").arg(r.bodyBytes).arg(r.contentType);
        case ExternalId:
            if (!m_filter.isSearch())
                return QVariant();
            if (r.rank == 0)
                return tr("exact match");
            return r.rank == 2 ? tr("its lead's phone, e-mail or name matches") : QVariant();
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole) {
        switch (index.column()) {
        case Attempts:
        case Deliveries:
        case Id:
        case Size:
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        }
    }
    return {};
}

QVariant JournalModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole)
        return isSortable(section) ? tr("Click to sort") : tr("Not sortable (no index behind it)");
    return RowTableModel::headerData(section, orientation, role);
}

bool JournalModel::isSortable(int column)
{
    return column == Received || column == Id || column == ExternalId;
}

int JournalModel::sortColumn() const
{
    if (m_filter.isSearch())
        return -1;
    switch (m_filter.effectiveSortKey()) {
    case JournalFilter::SortKey::ReceivedAt:
        return Received;
    case JournalFilter::SortKey::Id:
        return Id;
    case JournalFilter::SortKey::ExternalId:
        return ExternalId;
    }
    return Received;
}

void JournalModel::sort(int column, Qt::SortOrder order)
{
    if (!isSortable(column) || m_filter.isSearch())
        return;
    JournalFilter f = m_filter;
    f.sortKey = column == Id           ? JournalFilter::SortKey::Id
                : column == ExternalId ? JournalFilter::SortKey::ExternalId
                                       : JournalFilter::SortKey::ReceivedAt;
    f.order = order;
    if (f != m_filter)
        setFilter(f);
}

void JournalModel::setFilter(const JournalFilter &filter)
{
    m_filter = filter;
    reload();
}

bool JournalModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_atEnd;
}

void JournalModel::fetchMore(const QModelIndex &parent)
{
    if (parent.isValid() || m_atEnd || m_inFlight.kind == Request::More)
        return;
    m_wantMore = true;
    pump();
}

void JournalModel::fetchPrevious()
{
    if (!m_droppedTop)
        return;
    m_wantPrevious = true;
    pump();
}

void JournalModel::setFollowing(bool following)
{
    if (m_following == following)
        return;
    m_following = following;
    if (m_following && !m_droppedTop && m_newCount > 0) {
        m_wantLive = true;
        pump();
    }
}

void JournalModel::reload()
{
    beginResetModel();
    m_rows.clear();
    m_index.clear();
    m_atEnd = true;
    m_droppedTop = false;
    endResetModel();
    m_anchor.reset();
    m_wantMore = m_wantPrevious = m_wantLive = m_wantRefresh = false;
    m_counts->cancel(); // a count for the old filter must not land on the new one
    setNewCount(0);
    start(Request::First);
}

void JournalModel::refresh()
{
    if (m_inFlight.kind == Request::First)
        return; // already reading afresh
    if (m_inFlight.kind == Request::None && m_rows.isEmpty()) {
        start(Request::First);
        return;
    }
    // What runs now is stale too: drop it, re-read, then carry on with what it was for.
    if (m_inFlight.kind == Request::More)
        m_wantMore = true;
    else if (m_inFlight.kind == Request::Previous)
        m_wantPrevious = true;
    m_wantLive = false;
    m_wantRefresh = false;
    start(Request::Refresh);
}

void JournalModel::cancel()
{
    const bool wasFirst = m_inFlight.kind == Request::First;
    m_pages->cancel();
    m_counts->cancel();
    m_inFlight = Pending();
    m_wantMore = m_wantPrevious = m_wantLive = m_wantRefresh = false;
    if (wasFirst) {
        // Rows of the previous filter must not pose as results of the new one.
        beginResetModel();
        m_rows.clear();
        m_index.clear();
        m_atEnd = true;
        endResetModel();
    }
    onBusy();
}

bool JournalModel::isBusy() const
{
    return m_pages->isBusy();
}

void JournalModel::onBusy()
{
    const bool busy = m_pages->isBusy();
    if (busy != m_busy) {
        m_busy = busy;
        emit busyChanged(busy);
    }
}

std::optional<QStringList> JournalModel::keptSources() const
{
    if (m_keptSources && m_clock.elapsed() - m_keptSourcesAt < kKeptSourcesMs)
        return m_keptSources;
    return std::nullopt;
}

void JournalModel::onConnected()
{
    m_keptSources.reset(); // another database, perhaps
    m_pages->setConnectOptions(m_context->readOptions());
    m_counts->setConnectOptions(m_context->readOptions());
    reload();
}

void JournalModel::onEventsChanged()
{
    if (!m_context->isConnected() || m_inFlight.kind == Request::First)
        return;
    if (m_following && !m_droppedTop) {
        m_wantLive = true;
        pump();
    } else {
        requestNewCount();
    }
}

void JournalModel::start(Request kind)
{
    if (!m_context->isConnected())
        return;
    const std::optional<Pending> p = JournalWindow::plan(kind, m_filter, m_rows, m_atEnd,
                                                         m_droppedTop, m_following, keptSources());
    if (p)
        send(*p, kind == Request::First || kind == Request::Refresh);
}

void JournalModel::send(Pending pending, bool supersede)
{
    pending.ticket = m_pages->submit(pending.batch, supersede ? QueryChannel::Mode::Supersede
                                                              : QueryChannel::Mode::Queue);
    m_sentAt = m_clock.elapsed();
    m_inFlight = pending;
}

void JournalModel::pump()
{
    if (m_inFlight.kind != Request::None || !m_context->isConnected())
        return;
    if (m_wantRefresh) {
        m_wantRefresh = false;
        start(Request::Refresh);
    } else if (m_wantLive) {
        m_wantLive = false;
        if (m_following && !m_droppedTop)
            start(Request::Live);
        else
            requestNewCount();
    } else if (m_wantMore) {
        m_wantMore = false;
        start(Request::More);
    } else if (m_wantPrevious) {
        m_wantPrevious = false;
        start(Request::Previous);
    }
}

void JournalModel::onReply(const QueryReply &reply)
{
    if (reply.ticket != m_inFlight.ticket || m_inFlight.kind == Request::None)
        return;
    Pending p = m_inFlight;
    m_inFlight = Pending();
    if (!reply.ok()) {
        if (m_context->retryAfter(reply.error, &p.retried)) {
            send(p, false);
            return;
        }
        m_error = reply.error;
        logger("journal")->warn("journal query failed: {}", reply.error.oneLine().toStdString());
        if (p.kind == Request::First) {
            beginResetModel();
            m_rows.clear();
            m_index.clear();
            m_atEnd = true;
            endResetModel();
        }
        emit errorOccurred(reply.error);
        pump();
        return;
    }
    m_error = DbError();
    if (p.anchor)
        m_anchor = JournalWindow::anchor(reply);
    if (std::optional<QStringList> sources = JournalWindow::keptSources(reply, p)) {
        m_keptSources = std::move(sources);
        m_keptSourcesAt = m_clock.elapsed();
    }
    bool complete = false;
    QVector<JournalRow> rows = JournalWindow::collect(reply, p, m_filter, &complete);

    switch (p.kind) {
    case Request::None:
        break;
    case Request::First:
        replaceAll(rows);
        m_atEnd = complete;
        m_droppedTop = false;
        setNewCount(0);
        break;
    case Request::More: {
        const QVector<JournalRow> fresh = notHeld(rows);
        if (!fresh.isEmpty()) {
            const int at = int(m_rows.size());
            beginInsertRows({}, at, at + int(fresh.size()) - 1);
            m_rows += fresh;
            for (int i = at; i < m_rows.size(); ++i)
                m_index.insert(m_rows.at(i).id, i);
            endInsertRows();
        }
        m_atEnd = complete;
        trimTop();
        break;
    }
    case Request::Previous: {
        const QVector<JournalRow> fresh = notHeld(rows);
        if (!fresh.isEmpty()) {
            beginInsertRows({}, 0, int(fresh.size()) - 1);
            m_rows = fresh + m_rows;
            rebuildIndex();
            endInsertRows();
        }
        m_droppedTop = !complete;
        trimBottom();
        break;
    }
    case Request::Refresh:
    case Request::Live: {
        mergeInto(JournalWindow::reread(m_rows, rows, p, m_filter, complete));
        if (!p.key)
            m_droppedTop = false;
        if (complete)
            m_atEnd = true;
        trimBottom();
        if (p.anchor)
            setNewCount(0);
        else
            requestNewCount();
        break;
    }
    }
    m_lastFetchMs = m_clock.elapsed() - m_sentAt;
    logger("journal")->debug("page {} rows in {} ms (server {} us)", rows.size(), m_lastFetchMs,
                             reply.elapsedUs);
    if (p.kind == Request::First)
        emit loaded();
    emit updated();
    pump();
}

void JournalModel::replaceAll(QVector<JournalRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    rebuildIndex();
    endResetModel();
}

void JournalModel::mergeInto(const QVector<JournalRow> &target)
{
    int i = 0;
    for (const JournalRow &t : target) {
        const JournalKey tk = t.key();
        while (i < m_rows.size() && m_rows.at(i).id != t.id &&
               JournalQuery::compare(m_filter, m_rows.at(i).key(), tk) < 0) {
            beginRemoveRows({}, i, i); // gone, or no longer matches the filter
            m_rows.remove(i);
            endRemoveRows();
        }
        if (i < m_rows.size() && m_rows.at(i).id == t.id) {
            if (m_rows.at(i) != t) {
                m_rows[i] = t;
                rowChanged(i);
            }
        } else {
            beginInsertRows({}, i, i);
            m_rows.insert(i, t);
            endInsertRows();
        }
        ++i;
    }
    if (i < m_rows.size()) {
        beginRemoveRows({}, i, int(m_rows.size()) - 1);
        m_rows.resize(i);
        endRemoveRows();
    }
    rebuildIndex();
}

void JournalModel::trimTop()
{
    const int excess = int(m_rows.size()) - kMaxRows;
    if (excess <= 0)
        return;
    beginRemoveRows({}, 0, excess - 1);
    m_rows.remove(0, excess);
    rebuildIndex();
    endRemoveRows();
    m_droppedTop = true;
}

void JournalModel::trimBottom()
{
    const int excess = int(m_rows.size()) - kMaxRows;
    if (excess <= 0)
        return;
    beginRemoveRows({}, kMaxRows, int(m_rows.size()) - 1);
    m_rows.resize(kMaxRows);
    rebuildIndex();
    endRemoveRows();
    m_atEnd = false;
}

QVector<JournalRow> JournalModel::notHeld(const QVector<JournalRow> &rows) const
{
    QVector<JournalRow> out;
    for (const JournalRow &r : rows) {
        if (!m_index.contains(r.id))
            out << r;
    }
    return out;
}

void JournalModel::rebuildIndex()
{
    m_index.clear();
    m_index.reserve(m_rows.size());
    for (int i = 0; i < m_rows.size(); ++i)
        m_index.insert(m_rows.at(i).id, i);
}

void JournalModel::requestNewCount()
{
    if (!m_context->isConnected())
        return;
    const Query q = JournalQuery::newerIds(m_filter, m_anchor, kNewCap);
    m_counts->submit(q);
}

void JournalModel::onCountReply(const QueryReply &reply)
{
    if (!reply.ok()) {
        m_context->readFailed(reply.error);
        return; // a count is a hint; the next change asks again
    }
    const Rows rows = reply.results.value(0);
    int fresh = 0;
    for (const QVariantList &r : rows.rows) {
        if (!m_index.contains(r.value(0).toLongLong()))
            ++fresh;
    }
    if (m_following && !m_droppedTop && fresh > 0) {
        m_wantLive = true; // the view came back to the top meanwhile
        pump();
        return;
    }
    setNewCount(rows.rows.size() >= kNewCap ? kNewCap : fresh);
}

void JournalModel::setNewCount(int count)
{
    if (count == m_newCount)
        return;
    m_newCount = count;
    emit newCountChanged(count);
}

} // namespace inbox
