#include "duplicates/duplicatequeuemodel.h"

#include "db/sqlparams.h"

#include "duplicates/duplicatepair.h"
#include "duplicates/duplicatewords.h"
#include "support/duration.h"
#include "support/monotonic.h"

#include <QLocale>

namespace inbox {

namespace {

bool operator<(const DuplicateQueueModel::Key &a, const DuplicateQueueModel::Key &b)
{
    return a.createdUs < b.createdUs || (a.createdUs == b.createdUs && a.id < b.id);
}

} // namespace

bool DuplicateQueueModel::Row::operator==(const Row &o) const
{
    return id == o.id && key.createdUs == o.key.createdUs && reasons == o.reasons &&
           score == o.score && weak == o.weak && aChannel == o.aChannel && aName == o.aName &&
           bChannel == o.bChannel && bName == o.bName && phone == o.phone && email == o.email &&
           gapS == o.gapS;
}

DuplicateQueueModel::DuplicateQueueModel(QObject *parent)
    : QAbstractTableModel(parent), m_channel(new QueryChannel(QStringLiteral("duplicates"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &DuplicateQueueModel::onReply);
    connect(m_channel, &QueryChannel::busyChanged, this, &DuplicateQueueModel::busyChanged);
}

DuplicateQueueModel::~DuplicateQueueModel() = default;

void DuplicateQueueModel::setConnectOptions(const ConnectOptions &options)
{
    m_channel->setConnectOptions(options);
    m_haveOptions = true;
}

void DuplicateQueueModel::setFilter(const DuplicateFilter &filter)
{
    m_filter = filter;
    reload();
}

Query DuplicateQueueModel::pageQuery(const DuplicateFilter &f, const Key *after, const Key *upTo,
                                     int limit)
{
    QVariantList params;
    SqlParams p(&params);
    const auto bind = [&p](const QVariant &v) {
        return p.add(v);
    };
    const auto keyCondition = [&](const char *op, const Key &key) {
        return QStringLiteral("(d.created_at, d.id) %1 (%2, %3)")
            .arg(QLatin1String(op), sql::fromEpochMicros(p.add(key.createdUs, "int8")),
                 p.add(key.id, "int8"));
    };
    QStringList where{QStringLiteral("d.status = 'open'")};
    QString with;
    if (after)
        where << keyCondition(">", *after);
    if (upTo)
        where << keyCondition("<=", *upTo);
    if (!f.channel.isEmpty()) {
        const QString channel = bind(f.channel);
        // The channels copied onto the pair (migration 0007), so the planner estimates the
        // filter from the pair table and a rare channel is an index lookup.
        where << QStringLiteral("(d.lead_channel = %1 OR d.match_channel = %1)").arg(channel);
    }
    if (f.reason == QLatin1String("weak"))
        where << QStringLiteral("d.weak");
    else if (f.reason == QLatin1String("strong"))
        where << QStringLiteral("NOT d.weak");
    else if (!f.reason.isEmpty())
        where << QStringLiteral("d.reasons @> ARRAY[%1::text]").arg(bind(f.reason)); // GIN, 0007
    switch (f.age) {
    case DuplicateFilter::Age::Any:
        break;
    case DuplicateFilter::Age::UnderHour:
        where << QStringLiteral("d.created_at > now() - interval '1 hour'");
        break;
    case DuplicateFilter::Age::UnderDay:
        where << QStringLiteral("d.created_at > now() - interval '1 day'");
        break;
    case DuplicateFilter::Age::OverDay:
        where << QStringLiteral("d.created_at <= now() - interval '1 day'");
        break;
    case DuplicateFilter::Age::OverWeek:
        where << QStringLiteral("d.created_at <= now() - interval '7 days'");
        break;
    }
    const QString search = f.search.trimmed();
    if (!search.isEmpty()) {
        // The typed text is normalised the way record_lead normalised the stored contacts, so
        // '8 (916) 123-45-67' finds '+7 916 1234567'. Each branch is an index lookup on leads,
        // then on the pair indexes by either side.
        const QString s = bind(search);
        with = QStringLiteral(
                   "WITH hit AS MATERIALIZED ("
                   " SELECT l.id FROM inbox.leads l WHERE l.phone_norm = "
                   "inbox.normalize_phone(%1::text)"
                   " UNION SELECT l.id FROM inbox.leads l WHERE l.email_norm = "
                   "inbox.normalize_email(%1::text)"
                   " UNION SELECT l.id FROM inbox.leads l WHERE l.external_id = %1::text"
                   "), pick AS MATERIALIZED ("
                   " SELECT x.id FROM hit JOIN inbox.duplicate_candidates x ON x.lead_id = hit.id"
                   " UNION SELECT x.id FROM hit JOIN inbox.duplicate_candidates x ON "
                   "x.match_lead_id = hit.id"
                   ") ")
                   .arg(s);
        where << QStringLiteral("d.id IN (SELECT pick.id FROM pick)");
    }
    const QString sql =
        with + QStringLiteral(
                   "SELECT d.id, %1 AS created_us, d.created_at, array_to_string(d.reasons, ',') "
                   "AS reasons,"
                   " d.score::float8 AS score, d.weak, a.channel AS a_channel, a.name AS a_name,"
                   " b.channel AS b_channel, b.name AS b_name, b.phone_norm AS phone, b.email_norm "
                   "AS email,"
                   " extract(epoch FROM b.created_at - a.created_at)::bigint AS gap"
                   " FROM inbox.duplicate_candidates d"
                   " JOIN inbox.leads a ON a.id = d.match_lead_id"
                   " JOIN inbox.leads b ON b.id = d.lead_id"
                   " WHERE %2 ORDER BY d.created_at, d.id LIMIT %3")
                   .arg(sql::epochMicros(QStringLiteral("d.created_at")),
                        where.join(QStringLiteral(" AND ")), bind(limit));
    return Query{sql, params};
}

void DuplicateQueueModel::submit(Pending kind, const Query &query)
{
    m_pending = kind;
    m_requestStartedNs = monotonicNs();
    m_ticket = m_channel->submit(query);
}

void DuplicateQueueModel::reload()
{
    clear();
    if (!m_haveOptions)
        return;
    m_atEnd = false;
    m_requestedLimit = m_pageSize;
    submit(Pending::First, pageQuery(m_filter, nullptr, nullptr, m_pageSize));
}

void DuplicateQueueModel::refresh()
{
    if (!m_haveOptions)
        return;
    if (m_rows.isEmpty() || m_pending == Pending::First) {
        // Nothing loaded yet (or a first page on its way): a first page is the refresh.
        m_atEnd = false;
        m_requestedLimit = m_pageSize;
        submit(Pending::First, pageQuery(m_filter, nullptr, nullptr, m_pageSize));
        return;
    }
    // The loaded range: up to the last loaded key, or open-ended when the end was reached
    // (new pairs join at the end). Pairs reopened by an undo fall inside the range.
    const Key last = m_rows.last().key;
    const int limit = m_atEnd ? int(m_rows.size()) + m_pageSize : kMaxRows + 1;
    m_requestedLimit = limit;
    submit(Pending::Refresh, pageQuery(m_filter, nullptr, m_atEnd ? nullptr : &last, limit));
}

void DuplicateQueueModel::clear()
{
    m_channel->cancel();
    m_pending = Pending::None;
    if (!m_rows.isEmpty()) {
        beginResetModel();
        m_rows.clear();
        endResetModel();
    }
    m_atEnd = true;
}

bool DuplicateQueueModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_atEnd && m_pending == Pending::None && !m_rows.isEmpty() &&
           m_rows.size() < kMaxRows;
}

void DuplicateQueueModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    const Key last = m_rows.last().key;
    m_requestedLimit = m_pageSize;
    submit(Pending::More, pageQuery(m_filter, &last, nullptr, m_pageSize));
}

QVector<DuplicateQueueModel::Row> DuplicateQueueModel::parse(const Rows &rows)
{
    QVector<Row> out;
    out.reserve(rows.rows.size());
    const int cId = rows.column(QStringLiteral("id")),
              cUs = rows.column(QStringLiteral("created_us")),
              cAt = rows.column(QStringLiteral("created_at")),
              cReasons = rows.column(QStringLiteral("reasons")),
              cScore = rows.column(QStringLiteral("score")),
              cWeak = rows.column(QStringLiteral("weak")),
              cAc = rows.column(QStringLiteral("a_channel")),
              cAn = rows.column(QStringLiteral("a_name")),
              cBc = rows.column(QStringLiteral("b_channel")),
              cBn = rows.column(QStringLiteral("b_name")),
              cPhone = rows.column(QStringLiteral("phone")),
              cEmail = rows.column(QStringLiteral("email")),
              cGap = rows.column(QStringLiteral("gap"));
    for (const QVariantList &v : rows.rows) {
        Row r;
        r.id = v.at(cId).toLongLong();
        r.key = Key{v.at(cUs).toLongLong(), r.id};
        r.createdAt = v.at(cAt).toDateTime();
        r.reasons = v.at(cReasons).toString().split(QLatin1Char(','), Qt::SkipEmptyParts);
        r.score = v.at(cScore).toDouble();
        r.weak = v.at(cWeak).toBool();
        r.aChannel = v.at(cAc).toString();
        r.aName = v.at(cAn).toString();
        r.bChannel = v.at(cBc).toString();
        r.bName = v.at(cBn).toString();
        r.phone = v.at(cPhone).toString();
        r.email = v.at(cEmail).toString();
        r.gapS = v.at(cGap).toLongLong();
        out << r;
    }
    return out;
}

void DuplicateQueueModel::onReply(const QueryReply &reply)
{
    if (reply.ticket != m_ticket)
        return;
    // m_pending stays set while the rows go in: a view (or the model tester) may call
    // fetchMore from inside the insert signals, and must not ask for a page from a key that
    // is about to be superseded.
    const Pending kind = m_pending;
    if (!reply.ok()) {
        m_pending = Pending::None;
        emit failed(reply.error);
        return;
    }
    QVector<Row> rows = parse(reply.results.value(0));
    const bool full = rows.size() >= m_requestedLimit;
    switch (kind) {
    case Pending::None:
        return;
    case Pending::First:
        if (!m_rows.isEmpty()) {
            beginResetModel();
            m_rows.clear();
            endResetModel();
        }
        m_atEnd = !full;
        append(rows);
        break;
    case Pending::More:
        m_atEnd = !full;
        append(rows);
        break;
    case Pending::Refresh:
        if (m_atEnd)
            m_atEnd = !full; // more arrived than the page we allowed for: keep fetching
        if (rows.size() > kMaxRows)
            rows.resize(kMaxRows);
        emit refreshAboutToApply();
        applyDifference(rows);
        emit refreshApplied();
        break;
    }
    m_pending = Pending::None;
    m_lastLatencyUs = (monotonicNs() - m_requestStartedNs) / 1000;
    emit loaded();
}

void DuplicateQueueModel::append(const QVector<Row> &rows)
{
    if (rows.isEmpty())
        return;
    const int room = kMaxRows - int(m_rows.size());
    const int n = qMin(int(rows.size()), room);
    if (n <= 0)
        return;
    beginInsertRows(QModelIndex(), int(m_rows.size()), int(m_rows.size()) + n - 1);
    m_rows.append(rows.mid(0, n));
    endInsertRows();
}

// Both lists are in key order: one merge walk removes what is gone, inserts what is new and
// updates what changed, in contiguous runs so a view sees few, small signals.
void DuplicateQueueModel::applyDifference(const QVector<Row> &fresh)
{
    int i = 0;
    int j = 0;
    while (i < m_rows.size() || j < fresh.size()) {
        if (j >= fresh.size() || (i < m_rows.size() && m_rows.at(i).key < fresh.at(j).key)) {
            int end = i;
            while (end + 1 < m_rows.size() &&
                   (j >= fresh.size() || m_rows.at(end + 1).key < fresh.at(j).key))
                ++end;
            beginRemoveRows(QModelIndex(), i, end);
            m_rows.remove(i, end - i + 1);
            endRemoveRows();
        } else if (i >= m_rows.size() || fresh.at(j).key < m_rows.at(i).key) {
            int endJ = j;
            while (endJ + 1 < fresh.size() &&
                   (i >= m_rows.size() || fresh.at(endJ + 1).key < m_rows.at(i).key))
                ++endJ;
            const int n = endJ - j + 1;
            beginInsertRows(QModelIndex(), i, i + n - 1);
            for (int k = 0; k < n; ++k)
                m_rows.insert(i + k, fresh.at(j + k));
            endInsertRows();
            i += n;
            j += n;
        } else {
            if (!(m_rows.at(i) == fresh.at(j))) {
                m_rows[i] = fresh.at(j);
                emit dataChanged(index(i, 0), index(i, ColumnCount - 1));
            }
            ++i;
            ++j;
        }
    }
}

void DuplicateQueueModel::removeCandidate(qint64 id)
{
    const int row = rowOf(id);
    if (row < 0)
        return;
    beginRemoveRows(QModelIndex(), row, row);
    m_rows.remove(row);
    endRemoveRows();
}

void DuplicateQueueModel::setSkipped(qint64 id, bool skipped)
{
    if (skipped)
        m_skipped.insert(id);
    else
        m_skipped.remove(id);
    const int row = rowOf(id);
    if (row >= 0)
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int DuplicateQueueModel::rowOf(qint64 id) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).id == id)
            return i;
    return -1;
}

qint64 DuplicateQueueModel::candidateAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).id : 0;
}

void DuplicateQueueModel::touchAges()
{
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, Waiting), index(int(m_rows.size()) - 1, Waiting),
                         {Qt::DisplayRole});
}

int DuplicateQueueModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DuplicateQueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DuplicateQueueModel::display(const Row &r, int column) const
{
    switch (column) {
    case Waiting:
        return formatDuration(r.createdAt.secsTo(QDateTime::currentDateTimeUtc()));
    case Channels:
        return r.aChannel == r.bChannel ? r.aChannel : tr("%1 → %2").arg(r.aChannel, r.bChannel);
    case Names: {
        const QString a = r.aName.isEmpty() ? tr("(no name)") : r.aName;
        const QString b = r.bName.isEmpty() ? tr("(no name)") : r.bName;
        const QString names = a == b ? a : tr("%1 / %2").arg(a, b);
        return m_skipped.contains(r.id) ? tr("%1 (skipped)").arg(names) : names;
    }
    case Contact:
        if (r.reasons.contains(QStringLiteral("same_phone")))
            return DuplicateWords::phone(r.phone);
        return r.email;
    case Reasons: {
        QStringList words;
        for (const QString &code : r.reasons)
            words << DuplicateWords::reasonShort(code);
        if (r.weak)
            words << tr("weak");
        return words.join(QStringLiteral(", "));
    }
    case Score:
        return QLocale().toString(r.score, 'f', 2); // "0,60" in Russian
    }
    return QVariant();
}

QVariant DuplicateQueueModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const Row &r = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(r, index.column());
    case Qt::ToolTipRole:
        if (index.column() == Waiting)
            return tr("Flagged %1").arg(DuplicateWords::time(r.createdAt));
        if (index.column() == Names || index.column() == Contact)
            return display(r, index.column()); // the whole text where the column elides it
        if (index.column() == Reasons && r.weak)
            return tr("Weak evidence: every matching contact is shared by many names");
        return QVariant();
    case Qt::TextAlignmentRole:
        if (index.column() == Score || index.column() == Waiting)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant();
    case RawRole:
        switch (index.column()) {
        case Waiting:
            return r.createdAt;
        case Channels:
            return QStringList{r.aChannel, r.bChannel};
        case Names:
            return QStringList{r.aName, r.bName};
        case Contact:
            return r.reasons.contains(QStringLiteral("same_phone")) ? r.phone : r.email;
        case Reasons:
            return r.reasons;
        case Score:
            return r.score;
        }
        return QVariant();
    case CandidateIdRole:
        return r.id;
    case WeakRole:
        return r.weak;
    case SkippedRole:
        return m_skipped.contains(r.id);
    }
    return QVariant();
}

QVariant DuplicateQueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Waiting:
        return tr("Waiting");
    case Channels:
        return tr("Channels");
    case Names:
        return tr("Names");
    case Contact:
        return tr("Matched contact");
    case Reasons:
        return tr("Reasons");
    case Score:
        return tr("Score");
    }
    return QVariant();
}

} // namespace inbox
