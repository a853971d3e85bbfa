#pragma once
// Reads one Report's figures on its own QueryChannel (never on the GUI thread): the baseline's
// row of inbox.baseline_list, its inbox.baseline_summary for the window, and inbox.remeasure
// for the period, in one batch, so the two sides are read together. A newer load supersedes
// one in flight (its query is cancelled on the server).

#include "db/dberror.h"
#include "report/reportfigures.h"

#include <QObject>

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

class ReportLoader final : public QObject
{
    Q_OBJECT
public:
    explicit ReportLoader(ConsoleContext *context, QObject *parent = nullptr);
    ~ReportLoader() override;
    Q_DISABLE_COPY_MOVE(ReportLoader)

    // Reads the figures of baseline `baselineId` (window in hours) and of the inbox from `from`
    // to `to` (UTC days, both included); minutesPerDuplicate is carried into the figures.
    void load(qint64 baselineId, int windowHours, int minutesPerDuplicate, const QDate &from,
              const QDate &to);
    bool isBusy() const;

signals:
    void loaded(const inbox::ReportFigures &figures);
    void failed(const inbox::DbError &error);

private:
    void onReply(const QueryReply &reply);

    ConsoleContext *m_context;
    QueryChannel *m_channel;
    ReportFigures m_pending; // what the load in flight asked for
};

} // namespace inbox
