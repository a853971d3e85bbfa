#pragma once

#include "db/dberror.h"
#include "table/rowtablemodel.h"

#include <QDateTime>

#include <optional>

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// One alert episode (inbox.alert_episodes) with its rule and what became of its messages.
struct AlertEpisode
{
    qint64 id = 0, ruleId = 0;
    QString ruleName, kind, severity, scopeKey;
    QDateTime firedAt, resolvedAt;
    QString resolvedReason; // cleared, rule_disabled, rule_removed; empty while firing
    int messageNo = 0;      // messages begun (fired, repeats, resolved)
    // Per chat and message (inbox.actions of the episode): delivered, refused for certain,
    // and begun without a known answer (in flight, or recorded as {"outcome": "unknown"}).
    int sent = 0, failed = 0, unknown = 0;
    QString lastOutcome;     // the latest message's: sent, failed, unknown; empty: none begun
    QDateTime silencedUntil; // the rule's silence while it lasts; invalid: not silenced

    // The episode, its rule and its scope from the first columns of a read that begins
    // "SELECT e.id, e.rule_id, r.name, r.kind, r.severity, e.scope_key" (the rest stay unset).
    static AlertEpisode fromRuleColumns(const QVariantList &row);

    bool isOpen() const { return !resolvedAt.isValid(); }
    // The source the scope names ("crm", "crm|timeout"); empty for the whole inbox ("*") and
    // for a destination rule, whose scope is a destination. A poll_source rule's scope is the
    // polled source's whole name.
    QString source() const;
    // The destination a destination rule's scope names; empty for the other kinds.
    QString destination() const;
    QString errorGroup() const; // "timeout" of "crm|timeout"
    bool operator==(const AlertEpisode &o) const;
};

// Alert episodes for the console. Firing: the open ones (the overview's panel), most severe
// first, read whole (at most kMaxFiring: one per rule and scope). History: every episode,
// newest first, in keyset pages on the primary key (id < the last one shown, kPageSize at a
// time, fetched as the view scrolls); a notification re-reads the rows shown and anything new
// above them, never the whole table. Both re-read on connect, F5 and "alerts".
class AlertEpisodesModel final : public RowTableModel<AlertEpisode>
{
    Q_OBJECT
public:
    enum class Mode { Firing, History };
    enum Column { Rule, Severity, Scope, Fired, Resolved, Messages, Outcome, ColumnCount };
    enum Role { IdRole = Qt::UserRole, SeverityRole };
    static constexpr int kMaxFiring = 500;
    static constexpr int kPageSize = 100;

    AlertEpisodesModel(ConsoleContext *context, Mode mode, QObject *parent = nullptr);
    ~AlertEpisodesModel() override;

    Mode mode() const { return m_mode; }
    const AlertEpisode &episode(int row) const { return m_rows.at(row); }
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    bool isAtEnd() const { return m_atEnd; }
    void refresh();
    const DbError &lastError() const { return m_error; }

    static QString outcomeText(const QString &outcome);
    // The Last message column: the latest message's outcome, or why none was sent (not yet,
    // held back by a silence, or never: resolved first, the rule turned off or removed).
    static QString lastMessageText(const AlertEpisode &episode);
    static QString reasonText(const QString &reason);
    // "crm", "crm, error timeout", "the whole inbox".
    static QString scopeText(const AlertEpisode &episode);

signals:
    void loaded();
    void errorOccurred(const inbox::DbError &error);

private:
    static ColumnHeaders headers(Mode mode);
    QVariant cell(const AlertEpisode &row, const QModelIndex &index, int role) const override;
    void send(bool more);
    void onReply(const QueryReply &reply);

    ConsoleContext *m_context;
    Mode m_mode;
    QueryChannel *m_channel;
    quint64 m_ticket = 0;
    bool m_fetchingMore = false;
    bool m_atEnd = true;
    bool m_retried = false;
    DbError m_error;
};

} // namespace inbox
