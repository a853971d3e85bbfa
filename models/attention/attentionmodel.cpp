#include "attention/attentionmodel.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "db/rowcolumns.h"
#include "journal/journalquery.h"
#include "support/duration.h"
#include "support/timetext.h"

#include <QLocale>

namespace inbox {

QString AttentionGroup::troubleCode(Trouble t)
{
    switch (t) {
    case Trouble::Failed:
        return QStringLiteral("failed");
    case Trouble::Stuck:
        return QStringLiteral("stuck");
    case Trouble::Review:
        break;
    }
    return QStringLiteral("review");
}

QString AttentionGroup::key() const
{
    return troubleCode(trouble) + QLatin1Char('\x1f') +
           (validation ? QLatin1Char('v') : QLatin1Char('-')) + QLatin1Char('\x1f') + source +
           QLatin1Char('\x1f') + errorKey;
}

namespace {

JournalFilter baseOf(const JournalFilter &f)
{
    JournalFilter b = f;
    b.statuses.clear();
    b.needsReview = false;
    b.stuckOnly = false;
    b.errorKey.reset();
    b.reviewKey.reset();
    b.validation = JournalFilter::Validation::Any;
    b.sortKey = JournalFilter::SortKey::ReceivedAt;
    b.order = Qt::DescendingOrder;
    return b;
}

JournalFilter troubleFilter(const JournalFilter &base, AttentionGroup::Trouble t)
{
    JournalFilter f = baseOf(base);
    switch (t) {
    case AttentionGroup::Trouble::Failed:
        f.statuses = {QStringLiteral("failed")};
        break;
    case AttentionGroup::Trouble::Stuck:
        f.stuckOnly = true;
        break;
    case AttentionGroup::Trouble::Review:
        f.needsReview = true;
        break;
    }
    return f;
}

constexpr AttentionGroup::Trouble kTroubles[] = {AttentionGroup::Trouble::Failed,
                                                 AttentionGroup::Trouble::Stuck,
                                                 AttentionGroup::Trouble::Review};

} // namespace

JournalFilter AttentionGroup::filter(const JournalFilter &base) const
{
    JournalFilter f = troubleFilter(base, trouble);
    f.sources = {source};
    if (trouble == Trouble::Review) {
        f.reviewKey = errorKey;
    } else {
        f.errorKey = errorKey;
        if (trouble == Trouble::Failed)
            f.validation =
                validation ? JournalFilter::Validation::Only : JournalFilter::Validation::Excluded;
    }
    return f;
}

AttentionModel::AttentionModel(ConsoleContext *context, QObject *parent)
    : RowTableModel(headers(), parent, true), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("attention"), this)), m_throttle(new QTimer(this))
{
    m_throttle->setSingleShot(true);
    m_throttle->setInterval(kThrottleMs);
    connect(m_throttle, &QTimer::timeout, this, &AttentionModel::refresh);
    connect(m_channel, &QueryChannel::replied, this, &AttentionModel::onReply);
    connect(m_channel, &QueryChannel::busyChanged, this, &AttentionModel::busyChanged);
    connect(m_context, &ConsoleContext::reread, this, &AttentionModel::refresh);
    connect(m_context, &ConsoleContext::disconnected, m_channel, &QueryChannel::cancel);
    m_context->whenChanged(this, {QStringLiteral("events")}, [this] {
        if (!m_throttle->isActive())
            m_throttle->start();
    });
    m_context->whenConnected(this, [this] {
        m_channel->setConnectOptions(m_context->readOptions());
        refresh();
    });
}

AttentionModel::~AttentionModel() = default;

ColumnHeaders AttentionModel::headers()
{
    return ColumnHeaders(staticMetaObject.className(),
                         {QT_TR_NOOP("Trouble"), QT_TR_NOOP("Source"), QT_TR_NOOP("Error"),
                          QT_TR_NOOP("Events"), QT_TR_NOOP("Newest"), QT_TR_NOOP("Worker"),
                          QT_TR_NOOP("Stuck for")});
}

QString AttentionModel::troubleText(const AttentionGroup &g)
{
    switch (g.trouble) {
    case AttentionGroup::Trouble::Failed:
        return g.validation ? tr("Failed: validation") : tr("Failed");
    case AttentionGroup::Trouble::Stuck:
        return tr("Stuck");
    case AttentionGroup::Trouble::Review:
        break;
    }
    return tr("Needs review");
}

QStringList AttentionModel::troubleTexts()
{
    QStringList out;
    AttentionGroup g;
    for (const auto t : kTroubles) {
        g.trouble = t;
        g.validation = false;
        out << troubleText(g);
        if (t == AttentionGroup::Trouble::Failed) {
            g.validation = true;
            out << troubleText(g);
        }
    }
    return out;
}

QVariant AttentionModel::cell(const AttentionGroup &g, const QModelIndex &index, int role) const
{
    const bool stuck = g.trouble == AttentionGroup::Trouble::Stuck;
    if (role == ValidationRole)
        return g.validation;
    if (role == KeyRole)
        return g.key();
    if (role == RawRole) {
        switch (index.column()) {
        case Trouble:
            return AttentionGroup::troubleCode(g.trouble);
        case Source:
            return g.source;
        case Error:
            return g.errorKey;
        case Count:
            return g.count;
        case Newest:
            return g.newestUs;
        case Worker:
            return stuck ? QVariant(g.worker) : QVariant();
        case StuckFor:
            return stuck ? QVariant((g.nowUs - g.oldestLockUs) / 1000000) : QVariant();
        }
        return {};
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Trouble:
            return troubleText(g);
        case Source:
            return g.source;
        case Error:
            return g.errorKey.isEmpty() ? tr("(no error text)") : g.errorKey;
        case Count:
            return QLocale().toString(g.count);
        case Newest:
            return timeTextSeconds(JournalQuery::fromMicros(g.newestUs));
        case Worker:
            if (!stuck)
                return {};
            return g.workers == 1 ? g.worker : tr("%n workers", "", g.workers);
        case StuckFor:
            return stuck ? formatDuration(qMax<qint64>(0, (g.nowUs - g.oldestLockUs) / 1000000))
                         : QVariant();
        }
        return {};
    }
    if (role == Qt::ToolTipRole) {
        // The whole text of a cell the column may elide, then what the trouble means.
        QString whole;
        if (index.column() == Error || index.column() == Trouble || index.column() == Source)
            whole = data(index, Qt::DisplayRole).toString();
        QString meaning;
        if (g.validation)
            meaning = tr("Validation failure: the data was refused, a plain retry fails again "
                         "unless the data was fixed");
        else if (stuck)
            meaning = tr("Processing past the lock timeout; held by %1").arg(g.worker);
        if (whole.isEmpty() || meaning.isEmpty())
            return whole.isEmpty() && meaning.isEmpty() ? QVariant() : QVariant(whole + meaning);
        return QVariant(whole + QLatin1Char('\n') + meaning);
    }
    if (role == Qt::TextAlignmentRole && index.column() == Count)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

void AttentionModel::setFilter(const JournalFilter &filter)
{
    const JournalFilter base = baseOf(filter);
    if (base == m_filter && !m_rows.isEmpty())
        return;
    m_filter = base;
    refresh();
}

int AttentionModel::rowOf(const QString &key) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).key() == key)
            return i;
    }
    return -1;
}

QVector<JournalFilter> AttentionModel::troubleFilters() const
{
    QVector<JournalFilter> out;
    for (const auto t : kTroubles)
        out << troubleFilter(m_filter, t);
    return out;
}

bool AttentionModel::isBusy() const
{
    return m_channel->isBusy();
}

Query AttentionModel::groupsQuery(const JournalFilter &filter)
{
    Query q;
    QStringList branches;
    for (const auto t : kTroubles) {
        const JournalFilter f = troubleFilter(filter, t);
        const bool review = t == AttentionGroup::Trouble::Review;
        const QString key = JournalQuery::textKey(
            review ? QStringLiteral("e.needs_review") : QStringLiteral("e.last_error"), &q.params);
        const QString where = JournalQuery::searchCondition(f, &q.params) +
                              QStringLiteral(" AND ") + JournalQuery::condition(f, &q.params);
        const bool stuck = t == AttentionGroup::Trouble::Stuck;
        branches << QStringLiteral("SELECT '%1'::text AS trouble, e.source, %2 AS error_key, %3 AS "
                                   "validation, e.received_at, %4 AS locked_at, %5 AS locked_by"
                                   "%6 WHERE %7")
                        .arg(AttentionGroup::troubleCode(t), key,
                             t == AttentionGroup::Trouble::Failed
                                 ? QStringLiteral("coalesce(e.error_retryable = false, false)")
                                 : QStringLiteral("false"),
                             stuck ? QStringLiteral("e.locked_at")
                                   : QStringLiteral("NULL::timestamptz"),
                             stuck ? QStringLiteral("e.locked_by") : QStringLiteral("NULL::text"),
                             JournalQuery::from(f), where);
    }
    q.sql =
        QStringLiteral("SELECT g.trouble, g.source, g.error_key, g.validation, count(*) AS n, "
                       "(extract(epoch FROM max(g.received_at)) * 1000000)::int8 AS newest_us, "
                       "(extract(epoch FROM min(g.locked_at)) * 1000000)::int8 AS oldest_lock_us, "
                       "min(g.locked_by) AS worker, count(DISTINCT g.locked_by) AS workers, "
                       "(extract(epoch FROM now()) * 1000000)::int8 AS now_us FROM (") +
        branches.join(QStringLiteral(" UNION ALL ")) +
        QStringLiteral(") g GROUP BY 1, 2, 3, 4 ORDER BY CASE g.trouble WHEN 'failed' THEN 0 "
                       "WHEN 'stuck' THEN 1 ELSE 2 END, n DESC, g.source, g.error_key, "
                       "g.validation LIMIT %1")
            .arg(kMaxGroups);
    return q;
}

void AttentionModel::refresh()
{
    if (!m_context->isConnected())
        return;
    m_throttle->stop();
    m_channel->submit(groupsQuery(m_filter));
}

void AttentionModel::onReply(const QueryReply &reply)
{
    if (!reply.ok()) {
        m_error = reply.error;
        m_context->readFailed(reply.error);
        emit errorOccurred(m_error);
        return;
    }
    m_error = DbError();
    const Rows &r = reply.results.value(0);
    QVector<AttentionGroup> groups;
    groups.reserve(r.rows.size());
    for (const QVariantList &v : r.rows) {
        AttentionGroup g;
        QString t;
        readColumns(v, t, g.source, g.errorKey, g.validation, g.count, g.newestUs, g.oldestLockUs,
                    g.worker, g.workers, g.nowUs);
        g.trouble = t == QLatin1String("failed")  ? AttentionGroup::Trouble::Failed
                    : t == QLatin1String("stuck") ? AttentionGroup::Trouble::Stuck
                                                  : AttentionGroup::Trouble::Review;
        groups << g;
    }
    merge(groups);
    emit loaded();
}

void AttentionModel::merge(const QVector<AttentionGroup> &target)
{
    QSet<QString> wanted;
    for (const AttentionGroup &g : target)
        wanted.insert(g.key());
    for (int i = int(m_rows.size()) - 1; i >= 0; --i) {
        if (!wanted.contains(m_rows.at(i).key())) {
            beginRemoveRows({}, i, i);
            m_rows.remove(i);
            endRemoveRows();
        }
    }
    for (int i = 0; i < target.size(); ++i) {
        const QString key = target.at(i).key();
        const int at = i < m_rows.size() && m_rows.at(i).key() == key ? i : rowOf(key);
        if (at < 0) {
            beginInsertRows({}, i, i);
            m_rows.insert(i, target.at(i));
            endInsertRows();
            continue;
        }
        if (at != i) {
            beginMoveRows({}, at, at, {}, i);
            const AttentionGroup g = m_rows.takeAt(at);
            m_rows.insert(i, g);
            endMoveRows();
        }
        m_rows[i] = target.at(i);
        emit dataChanged(index(i, 0), index(i, ColumnCount - 1));
    }
}

} // namespace inbox
