#pragma once

#include "alerts/alertrulesmodel.h"
#include "db/database.h"
#include "db/dberror.h"

#include <QDateTime>
#include <QMetaType>
#include <QObject>

namespace inbox {

class QueryChannel;
struct Query;
struct QueryReply;

// What became of one change to a rule.
struct AlertRuleChange
{
    enum class Op { Save, Remove, Silence, Unsilence };
    Op op = Op::Save;
    qint64 ruleId = 0; // Save of a new rule: the id the database gave it
    QString outcome;   // removed, already_removed, silenced, unsilenced, not_silenced; "saved"
    DbError error;
    bool ok() const { return error.isEmpty(); }
};

// Runs the managers' rule functions (set_alert_rule, remove_alert_rule, silence_alert_rule) on
// a channel of its own in Queue mode: a change is never cancelled by a newer request. The
// database checks the role (inbox_manager) and every value; the screens only offer the edits
// to a manager.
class AlertRuleWriter final : public QObject
{
    Q_OBJECT
public:
    explicit AlertRuleWriter(QObject *parent = nullptr);
    ~AlertRuleWriter() override;

    void setConnectOptions(const ConnectOptions &options);
    // `params`: the kind's parameters as a JSON object text ("{}": every default).
    void save(const AlertRule &rule);
    void remove(qint64 ruleId, const QString &note);
    void silence(qint64 ruleId, const QDateTime &until, const QString &note);
    void unsilence(qint64 ruleId);
    bool isBusy() const { return !m_jobs.isEmpty(); }

signals:
    void finished(const inbox::AlertRuleChange &change);

private:
    void start(const AlertRuleChange &seed, const Query &query);
    void onReply(const QueryReply &reply);

    QueryChannel *m_channel;
    QVector<QPair<quint64, AlertRuleChange>> m_jobs;
};

} // namespace inbox

Q_DECLARE_METATYPE(inbox::AlertRuleChange)
