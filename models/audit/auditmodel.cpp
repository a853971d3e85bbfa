#include "audit/auditmodel.h"

#include "audit/auditquery.h"
#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "journal/journalmodel.h"
#include "journal/journalquery.h"
#include "support/timetext.h"
#include "table/codetexts.h"

#include <QLocale>
#include <QSet>

namespace inbox {

bool AuditAction::operator==(const AuditAction &o) const
{
    return key == o.key && entry == o.entry && actor == o.actor && newestUs == o.newestUs &&
           oldestUs == o.oldestUs && newestId == o.newestId && journalIds == o.journalIds &&
           eventIds == o.eventIds && reason == o.reason && note == o.note &&
           candidateId == o.candidateId && leadId == o.leadId && matchLeadId == o.matchLeadId &&
           prunedCount == o.prunedCount && ruleId == o.ruleId && ruleName == o.ruleName &&
           silencedUntil == o.silencedUntil;
}

namespace {

QVector<qint64> idList(const QString &text)
{
    QVector<qint64> out;
    const auto parts = QStringView(text).split(QLatin1Char(','), Qt::SkipEmptyParts);
    out.reserve(parts.size());
    for (const auto &p : parts)
        out << p.toLongLong();
    return out;
}

QString localTime(qint64 us)
{
    return timeTextSeconds(JournalQuery::fromMicros(us));
}

} // namespace

AuditModel::AuditModel(ConsoleContext *context, QObject *parent)
    : RowTableModel(headers(), parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("audit"), this)),
      m_people(new QueryChannel(QStringLiteral("audit-persons"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &AuditModel::onReply);
    connect(m_people, &QueryChannel::replied, this, &AuditModel::onPersons);
    m_liveDelay = new QTimer(this);
    m_liveDelay->setSingleShot(true);
    connect(m_liveDelay, &QTimer::timeout, this, [this] {
        m_wantLive = true;
        pump();
    });
    connect(m_channel, &QueryChannel::busyChanged, this, &AuditModel::busyChanged);
    connect(m_context, &ConsoleContext::reread, this, &AuditModel::refresh);
    connect(m_context, &ConsoleContext::disconnected, this, &AuditModel::cancel);
    // Requeues announce "events", decisions "duplicates", alert rule changes "alerts".
    m_context->whenChanged(
        this, {QStringLiteral("events"), QStringLiteral("duplicates"), QStringLiteral("alerts")},
        &AuditModel::onChanged);
    m_context->whenConnected(this, &AuditModel::onConnected);
}

AuditModel::~AuditModel() = default;

ColumnHeaders AuditModel::headers()
{
    return ColumnHeaders(staticMetaObject.className(),
                         {QT_TR_NOOP("When"), QT_TR_NOOP("Person"), QT_TR_NOOP("Action"),
                          QT_TR_NOOP("Events"), QT_TR_NOOP("What")});
}

QString AuditModel::actionText(const QString &entry)
{
    static const CodeTexts words(staticMetaObject.className(),
                                 {{"requeued", QT_TR_NOOP("requeued")},
                                  {"duplicate_merged", QT_TR_NOOP("merged duplicates")},
                                  {"duplicate_rejected", QT_TR_NOOP("rejected duplicates")},
                                  {"duplicate_undone", QT_TR_NOOP("undid a decision")},
                                  {"review_resolved", QT_TR_NOOP("resolved reviews")},
                                  {"pruned", QT_TR_NOOP("pruned")},
                                  {"alert_rule_created", QT_TR_NOOP("created an alert rule")},
                                  {"alert_rule_changed", QT_TR_NOOP("changed an alert rule")},
                                  {"alert_rule_removed", QT_TR_NOOP("removed an alert rule")},
                                  {"alert_silenced", QT_TR_NOOP("silenced an alert rule")},
                                  {"alert_unsilenced", QT_TR_NOOP("ended a silence")}});
    return words.text(entry);
}

QString AuditModel::resolutionText(const QString &resolution)
{
    static const CodeTexts words(
        staticMetaObject.className(),
        {{"kept_first_body", QT_TR_NOOP("the first body is the event")},
         {"second_is_new_event", QT_TR_NOOP("the other bodies became events of their own")},
         {"handled_by_hand", QT_TR_NOOP("handled by hand")}});
    return words.text(resolution);
}

QString AuditModel::summary(const AuditAction &a)
{
    QString text;
    if (a.entry == QLatin1String("requeued")) {
        text = tr("%1 requeued %n event(s): %2", "", a.size()).arg(a.actor, a.reason);
    } else if (a.entry == QLatin1String("duplicate_merged")) {
        text = tr("%1 merged lead %2 into lead %3 (pair %4)")
                   .arg(a.actor)
                   .arg(a.leadId)
                   .arg(a.matchLeadId)
                   .arg(a.candidateId);
    } else if (a.entry == QLatin1String("duplicate_rejected")) {
        text = tr("%1 rejected pair %2: leads %3 and %4 are different requests")
                   .arg(a.actor)
                   .arg(a.candidateId)
                   .arg(a.leadId)
                   .arg(a.matchLeadId);
    } else if (a.entry == QLatin1String("duplicate_undone")) {
        text = tr("%1 undid the decision on pair %2 (leads %3 and %4)")
                   .arg(a.actor)
                   .arg(a.candidateId)
                   .arg(a.leadId)
                   .arg(a.matchLeadId);
    } else if (a.entry == QLatin1String("review_resolved")) {
        text = tr("%1 resolved the review of %n event(s): %2", "", a.size())
                   .arg(a.actor, resolutionText(a.reason));
    } else if (a.entry == QLatin1String("pruned")) {
        text = tr("%1 removed %n done event(s) past the retention horizon", "", int(a.prunedCount))
                   .arg(a.actor);
    } else if (a.entry == QLatin1String("alert_rule_created")) {
        text = tr("%1 created the alert rule \"%2\"").arg(a.actor, a.ruleName);
    } else if (a.entry == QLatin1String("alert_rule_changed")) {
        text = tr("%1 changed the alert rule \"%2\"").arg(a.actor, a.ruleName);
    } else if (a.entry == QLatin1String("alert_rule_removed")) {
        text = tr("%1 removed the alert rule \"%2\"").arg(a.actor, a.ruleName);
    } else if (a.entry == QLatin1String("alert_silenced")) {
        text = tr("%1 silenced the alert rule \"%2\" until %3")
                   .arg(a.actor, a.ruleName, timeText(a.silencedUntil));
    } else if (a.entry == QLatin1String("alert_unsilenced")) {
        text = tr("%1 ended the silence of the alert rule \"%2\"").arg(a.actor, a.ruleName);
    } else {
        text = QStringLiteral("%1: %2").arg(a.actor, a.entry);
    }
    if (!a.note.isEmpty())
        text = tr("%1. Note: %2").arg(text, a.note);
    return text;
}

QVariant AuditModel::cell(const AuditAction &a, const QModelIndex &index, int role) const
{
    if (role == KeyRole)
        return a.key;
    const bool pruned = a.entry == QLatin1String("pruned");
    if (role == RawRole) {
        switch (index.column()) {
        case At:
            return a.newestUs;
        case Person:
            return a.actor;
        case Action:
            return a.entry;
        case Events:
            return pruned ? a.prunedCount : qint64(a.size());
        case Summary:
            return a.note.isEmpty() ? a.reason : a.note;
        }
        return {};
    }
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case At:
            return localTime(a.newestUs);
        case Person:
            return a.actor;
        case Action:
            return actionText(a.entry);
        case Events:
            if (a.entry.startsWith(QLatin1String("alert_")))
                return QString(); // about a rule, not events
            if (a.entry.startsWith(QLatin1String("duplicate_"))) {
                // A decision journals one entry per lead's event: the person decided one pair.
                return role == Qt::DisplayRole
                           ? tr("%n pair(s)", "", 1)
                           : tr("One pair: %n event(s), one per lead", "", a.size());
            }
            return pruned ? a.prunedCount : qint64(a.size());
        case Summary:
            return summary(a);
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() == Events)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

bool AuditModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_atEnd && m_context->isConnected();
}

void AuditModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    m_wantMore = true;
    pump();
}

int AuditModel::rowOf(const QString &key) const
{
    return m_index.value(key, -1);
}

void AuditModel::setFilter(const AuditFilter &filter)
{
    if (filter == m_filter)
        return;
    m_filter = filter;
    if (m_context->isConnected())
        send(Request::First);
}

void AuditModel::onConnected()
{
    m_channel->setConnectOptions(m_context->readOptions());
    m_people->setConnectOptions(m_context->readOptions());
    send(Request::First);
    m_people->submit(AuditQuery::persons());
}

void AuditModel::refresh()
{
    if (!m_context->isConnected())
        return;
    m_wantRefresh = true;
    pump();
    m_people->submit(AuditQuery::persons());
}

void AuditModel::onPersons(const QueryReply &reply)
{
    if (!reply.ok() || reply.results.isEmpty())
        return; // the list keeps what it had; the page's own error is what the user sees
    QStringList persons;
    for (const QVariantList &v : reply.results.first().rows)
        persons << v.value(0).toString();
    setPersons(persons);
}

void AuditModel::setPersons(const QStringList &persons)
{
    if (persons == m_persons)
        return;
    m_persons = persons;
    emit personsChanged();
}

void AuditModel::onChanged()
{
    if (!m_context->isConnected() || m_liveDelay->isActive())
        return;
    const qint64 since = m_lastLive.isValid() ? m_lastLive.elapsed() : kLiveGapMs;
    m_liveDelay->start(int(qMax<qint64>(0, kLiveGapMs - since)));
}

void AuditModel::cancel()
{
    m_channel->cancel();
    m_people->cancel();
    m_liveDelay->stop();
    m_inFlight = Request::None;
    m_wantMore = m_wantRefresh = m_wantLive = false;
}

void AuditModel::pump()
{
    if (m_inFlight != Request::None)
        return;
    if (m_wantRefresh)
        send(m_cursor ? Request::Refresh : Request::First);
    else if (m_wantLive)
        send(m_rows.isEmpty() ? Request::First : Request::Live);
    else if (m_wantMore && !m_atEnd)
        send(Request::More);
    else
        m_wantMore = false;
}

void AuditModel::send(Request kind)
{
    QVector<Query> batch;
    switch (kind) {
    case Request::First:
        m_wantMore = m_wantRefresh = m_wantLive = false;
        batch << AuditQuery::page(m_filter, std::nullopt, std::nullopt, kPageSize);
        break;
    case Request::More:
        m_wantMore = false;
        batch << AuditQuery::page(m_filter, m_cursor, std::nullopt, kPageSize);
        break;
    case Request::Refresh:
        m_wantRefresh = m_wantLive = false;
        // The range shown, read again whole (down to kRefreshRows rows), with anything newer
        // on top; lines further down stay as held.
        m_topFloor = m_cursor;
        for (qint64 i = 0, rows = 0; i < m_rows.size(); ++i) {
            rows += m_rows.at(i).size();
            if (rows >= m_refreshRows) {
                m_topFloor = m_rows.at(i).newest();
                break;
            }
        }
        batch << AuditQuery::page(m_filter, std::nullopt, m_topFloor, 0);
        break;
    case Request::Live:
        m_wantLive = false;
        m_lastLive.start();
        m_topFloor = AuditKey{m_rows.first().newestUs - kLiveWindowUs, 0};
        batch << AuditQuery::page(m_filter, std::nullopt, m_topFloor, 0);
        break;
    case Request::None:
        return;
    }
    m_inFlight = kind;
    // A first page (a new filter) replaces whatever runs; the rest wait their turn.
    m_ticket = m_channel->submit(batch, kind == Request::First ? QueryChannel::Mode::Supersede
                                                               : QueryChannel::Mode::Queue);
}

QVector<AuditAction> AuditModel::read(const Rows &rows, qint64 *headRows,
                                      std::optional<AuditKey> *cursor) const
{
    const int cKey = rows.column(QStringLiteral("gkey"));
    const int cEntry = rows.column(QStringLiteral("entry"));
    const int cActor = rows.column(QStringLiteral("actor"));
    const int cNewest = rows.column(QStringLiteral("newest_us"));
    const int cOldest = rows.column(QStringLiteral("oldest_us"));
    const int cNewestId = rows.column(QStringLiteral("newest_id"));
    const int cJournal = rows.column(QStringLiteral("journal_ids"));
    const int cEvents = rows.column(QStringLiteral("event_ids"));
    const int cReason = rows.column(QStringLiteral("reason"));
    const int cNote = rows.column(QStringLiteral("note"));
    const int cCandidate = rows.column(QStringLiteral("candidate_id"));
    const int cLead = rows.column(QStringLiteral("lead_id"));
    const int cMatch = rows.column(QStringLiteral("match_lead_id"));
    const int cPruned = rows.column(QStringLiteral("pruned_count"));
    const int cRuleId = rows.column(QStringLiteral("rule_id"));
    const int cRuleName = rows.column(QStringLiteral("rule_name"));
    const int cUntil = rows.column(QStringLiteral("silenced_until"));
    const int cHead = rows.column(QStringLiteral("head_n"));
    const int cCursorUs = rows.column(QStringLiteral("cursor_us"));
    const int cCursorId = rows.column(QStringLiteral("cursor_id"));

    QVector<AuditAction> out;
    out.reserve(rows.rows.size());
    *headRows = 0;
    cursor->reset();
    for (const QVariantList &v : rows.rows) {
        AuditAction a;
        a.key = v.value(cKey).toString();
        a.entry = v.value(cEntry).toString();
        a.actor = v.value(cActor).toString();
        a.newestUs = v.value(cNewest).toLongLong();
        a.oldestUs = v.value(cOldest).toLongLong();
        a.newestId = v.value(cNewestId).toLongLong();
        a.journalIds = idList(v.value(cJournal).toString());
        a.eventIds = idList(v.value(cEvents).toString());
        a.reason = v.value(cReason).toString();
        a.note = v.value(cNote).toString();
        a.candidateId = v.value(cCandidate).toLongLong();
        a.leadId = v.value(cLead).toLongLong();
        a.matchLeadId = v.value(cMatch).toLongLong();
        a.prunedCount = v.value(cPruned).toLongLong();
        a.ruleId = v.value(cRuleId).toLongLong();
        a.ruleName = v.value(cRuleName).toString();
        a.silencedUntil = QDateTime::fromString(v.value(cUntil).toString(), Qt::ISODateWithMs);
        *headRows = v.value(cHead).toLongLong();
        *cursor = AuditKey{v.value(cCursorUs).toLongLong(), v.value(cCursorId).toLongLong()};
        out << a;
    }
    return out;
}

void AuditModel::onReply(const QueryReply &reply)
{
    if (reply.ticket != m_ticket)
        return;
    const Request kind = m_inFlight;
    m_inFlight = Request::None;
    if (!reply.ok()) {
        m_error = reply.error;
        m_wantMore = m_wantRefresh = m_wantLive = false;
        if (reply.error.connectionLost)
            m_context->reportPossibleLoss();
        emit errorOccurred(m_error);
        return;
    }
    m_error = DbError();
    if (reply.results.isEmpty())
        return;
    qint64 headRows = 0;
    std::optional<AuditKey> cursor;
    const QVector<AuditAction> actions = read(reply.results.first(), &headRows, &cursor);
    switch (kind) {
    case Request::First:
        beginResetModel();
        m_rows = actions;
        m_cursor = cursor;
        m_atEnd = headRows < kPageSize;
        m_wantMore = false; // asked of the rows replaced
        rebuildIndex();
        endResetModel();
        emit loaded();
        break;
    case Request::More:
        // The place first: the rows' signals may ask for the next page at once.
        if (cursor)
            m_cursor = cursor;
        m_atEnd = headRows < kPageSize;
        append(actions);
        break;
    case Request::Refresh:
    case Request::Live: {
        // The top as read now, then the lines below the window as they are.
        QVector<AuditAction> target = actions;
        QSet<QString> read;
        for (const AuditAction &a : actions)
            read.insert(a.key);
        for (const AuditAction &a : std::as_const(m_rows)) {
            if (a.newest() < *m_topFloor && !read.contains(a.key))
                target << a;
        }
        mergeInto(target);
        if (cursor && (!m_cursor || *cursor < *m_cursor))
            m_cursor = cursor;
        // Someone acting for the first time joins the person filter.
        QStringList persons = m_persons;
        for (const AuditAction &a : actions) {
            if (!persons.contains(a.actor))
                persons << a.actor;
        }
        if (persons.size() != m_persons.size()) {
            persons.sort();
            setPersons(persons);
        }
        break;
    }
    case Request::None:
        break;
    }
    emit updated();
    pump();
}

void AuditModel::append(const QVector<AuditAction> &actions)
{
    QVector<AuditAction> fresh;
    for (const AuditAction &a : actions) {
        const int at = m_index.value(a.key, -1);
        if (at < 0) {
            fresh << a;
            continue;
        }
        // The rest of an action whose rows interleave with another's (two people at once).
        AuditAction &held = m_rows[at];
        held.journalIds += a.journalIds;
        held.eventIds += a.eventIds;
        held.oldestUs = qMin(held.oldestUs, a.oldestUs);
        rowChanged(at);
    }
    if (fresh.isEmpty())
        return;
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(fresh.size()) - 1);
    m_rows += fresh;
    rebuildIndex();
    endInsertRows();
}

void AuditModel::mergeInto(const QVector<AuditAction> &target)
{
    QHash<QString, qint64> wanted; // key -> newest id: a line stays only if its place holds
    for (const AuditAction &a : target)
        wanted.insert(a.key, a.newestId);
    for (int i = int(m_rows.size()) - 1; i >= 0; --i) {
        const auto it = wanted.constFind(m_rows.at(i).key);
        if (it != wanted.constEnd() && *it == m_rows.at(i).newestId)
            continue;
        beginRemoveRows({}, i, i);
        m_rows.removeAt(i);
        endRemoveRows();
    }
    // What is left is in target's order: walk both, inserting what is new.
    for (int i = 0; i < target.size(); ++i) {
        if (i < m_rows.size() && m_rows.at(i).key == target.at(i).key) {
            if (m_rows.at(i) != target.at(i)) {
                m_rows[i] = target.at(i);
                rowChanged(i);
            }
            continue;
        }
        beginInsertRows({}, i, i);
        m_rows.insert(i, target.at(i));
        endInsertRows();
    }
    if (m_rows.size() > target.size()) {
        beginRemoveRows({}, int(target.size()), int(m_rows.size()) - 1);
        m_rows.resize(target.size());
        endRemoveRows();
    }
    rebuildIndex();
}

void AuditModel::rebuildIndex()
{
    m_index.clear();
    for (int i = 0; i < m_rows.size(); ++i)
        m_index.insert(m_rows.at(i).key, i);
}

} // namespace inbox
