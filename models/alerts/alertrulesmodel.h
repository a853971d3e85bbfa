#pragma once

#include "db/dberror.h"
#include "table/rowtablemodel.h"

#include <QDateTime>
#include <QStringList>

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// One alert rule as inbox.alert_rules keeps it (docs/contract.md §4.14).
struct AlertRule
{
    qint64 id = 0; // 0: a new rule, not saved yet
    QString name, kind, severity = QStringLiteral("warning");
    QString params;      // the stored jsonb as text (completed with the defaults)
    QStringList sources; // empty: all sources
    QStringList chatIds;
    qint64 repeatSeconds = 4 * 3600;
    bool sendResolved = true, enabled = true;
    QDateTime silencedUntil; // invalid: not silenced (or the silence is over)
    QString silenceNote;
    QString changedBy;
    QDateTime changedAt;

    bool isSilenced() const { return silencedUntil.isValid(); }
    bool operator==(const AlertRule &o) const;
};

// The alert rules not removed, by name, for the rules screen and the subscriptions: read on
// connect, F5 and every "alerts" notification. Support and above may read them (SELECT on
// inbox.alert_rules); the rules are few (a team keeps tens), so one read holds them all
// (kMaxRules bounds it).
class AlertRulesModel final : public RowTableModel<AlertRule>
{
    Q_OBJECT
public:
    enum Column {
        Name,
        Kind,
        Severity,
        Scope,
        Chats,
        Repeat,
        Resolved,
        Enabled,
        Silenced,
        ChangedBy,
        ColumnCount
    };
    enum Role { IdRole = Qt::UserRole };
    static constexpr int kMaxRules = 1000;

    explicit AlertRulesModel(ConsoleContext *context, QObject *parent = nullptr);
    ~AlertRulesModel() override;

    const AlertRule &rule(int row) const { return m_rows.at(row); }
    int rowOf(qint64 id) const;
    void refresh();
    const DbError &lastError() const { return m_error; }

    static QString kindText(const QString &kind);
    static QString severityText(const QString &severity);
    // "4 h", "30 min", "1 d 2 h": a repeat interval for people.
    static QString intervalText(qint64 seconds);

signals:
    void loaded();
    void errorOccurred(const inbox::DbError &error);

private:
    static ColumnHeaders headers();
    QVariant cell(const AlertRule &row, const QModelIndex &index, int role) const override;
    void onReply(const QueryReply &reply);

    ConsoleContext *m_context;
    QueryChannel *m_channel;
    quint64 m_ticket = 0;
    bool m_retried = false;
    DbError m_error;
};

} // namespace inbox
