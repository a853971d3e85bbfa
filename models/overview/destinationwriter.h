#pragma once

#include "db/database.h"
#include "db/dberror.h"

#include <QObject>
#include <QVector>

namespace inbox {

class QueryChannel;
struct Query;
struct QueryReply;

// What became of a person's pause or resume of a destination.
struct DestinationChange
{
    bool pause = true;
    QString destination;
    QString outcome; // paused, resumed, unchanged
    DbError error;
    bool ok() const { return error.isEmpty(); }
};

// Runs the operators' pause_destination and resume_destination (journalled with the person and
// the reason) on a channel of its own in Queue mode: a change is never cancelled by a newer
// request. The database checks the role (inbox_operator) and the reason.
class DestinationWriter final : public QObject
{
    Q_OBJECT
public:
    explicit DestinationWriter(QObject *parent = nullptr);
    ~DestinationWriter() override;

    void setConnectOptions(const ConnectOptions &options);
    void pause(const QString &destination, const QString &reason);
    void resume(const QString &destination, const QString &reason);
    bool isBusy() const { return !m_jobs.isEmpty(); }

signals:
    void finished(const inbox::DestinationChange &change);

private:
    void start(const DestinationChange &seed, const Query &query);
    void onReply(const QueryReply &reply);

    QueryChannel *m_channel;
    QVector<QPair<quint64, DestinationChange>> m_jobs;
};

} // namespace inbox

Q_DECLARE_METATYPE(inbox::DestinationChange)
