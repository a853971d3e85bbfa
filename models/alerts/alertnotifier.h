#pragma once

#include <QObject>
#include <QSet>

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// Tells the desktop about an alert that fires for a rule the person subscribed to, while the
// console runs. The subscriptions are kept per person on this computer (QSettings, under the
// database and login): they say what this desktop should pop up, which is a preference of the
// person at this screen, not a fact of the inbox; who hears a rule in Telegram is the rule's
// own chat list, kept in the database by managers.
//
// On connect it notes the newest episode (inbox.alert_episodes' key, one index probe) and on
// every "alerts" notification reads the episodes opened since (alert_fired), at most kBatch
// of them. Only those fire a notice: a restart of the console does not repeat old ones.
class AlertNotifier final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kBatch = 50;

    explicit AlertNotifier(ConsoleContext *context, QObject *parent = nullptr);
    ~AlertNotifier() override;

    QSet<qint64> subscriptions() const;
    bool isSubscribed(qint64 ruleId) const { return subscriptions().contains(ruleId); }
    void setSubscribed(qint64 ruleId, bool subscribed);

signals:
    // Show this on the desktop. `severity`: info, warning, critical.
    void notify(const QString &title, const QString &body, const QString &severity,
                qint64 episodeId);
    void subscriptionsChanged();

private:
    QString settingsKey() const;
    void poll();
    void onReply(const QueryReply &reply);

    ConsoleContext *m_context;
    QueryChannel *m_channel;
    quint64 m_ticket = 0;
    qint64 m_seen = -1; // the newest episode known; -1: not read yet
};

} // namespace inbox
