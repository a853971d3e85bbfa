#pragma once

#include "attention/reviewresolution.h"
#include "db/dberror.h"
#include "db/querychannel.h"

#include <QMap>
#include <QObject>
#include <QVector>

namespace inbox {

class ConsoleContext;

// Resolves events' needs_review through inbox.resolve_review only, in one statement on its
// own connection (the GUI thread never waits on it). finished() once per resolve(): then
// either error() is set (nothing was changed: the function runs in one transaction) or
// outcomes() holds one outcome per distinct id, as the function answers.
class ReviewResolver final : public QObject
{
    Q_OBJECT
public:
    struct Outcome
    {
        qint64 id = 0;
        QString outcome; // the word as it came
        ReviewOutcome kind = ReviewOutcome::Unrecognised;
    };

    explicit ReviewResolver(ConsoleContext *context, QObject *parent = nullptr);
    ~ReviewResolver() override;

    void resolve(const QVector<qint64> &ids, ReviewResolution resolution, const QString &note);
    bool isBusy() const { return m_busy; }
    const DbError &error() const { return m_error; }
    const QVector<Outcome> &outcomes() const { return m_outcomes; }
    // second_is_new_event: the events the other bodies became, in id order (read back from the
    // resolutions' journal entries, which name them); empty for the other resolutions.
    const QVector<qint64> &newEventIds() const { return m_newEventIds; }
    qint64 count(ReviewOutcome outcome) const;
    // Every outcome word with its count; words this version does not know kept as they came.
    QMap<QString, qint64> counts() const;

    static Query resolveQuery(const QVector<qint64> &ids, ReviewResolution resolution,
                              const QString &note);
    // After second_is_new_event committed: each event's newest review_resolved entry, which
    // names the events the other bodies became.
    static Query newEventsQuery(const QVector<qint64> &ids);

signals:
    void finished();

private:
    void onReply(const QueryReply &reply);
    void onNewEvents(const QueryReply &reply);

    QueryChannel *m_channel;
    quint64 m_ticket = 0;
    quint64 m_readTicket = 0;
    QVector<qint64> m_ids;
    ReviewResolution m_resolution = ReviewResolution::KeptFirstBody;
    bool m_busy = false;
    DbError m_error;
    QVector<Outcome> m_outcomes;
    QVector<qint64> m_newEventIds;
};

} // namespace inbox
