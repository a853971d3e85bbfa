#pragma once

#include "audit/auditquery.h"
#include "db/dberror.h"
#include "table/rowtablemodel.h"

#include <QVector>

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// One event an action touched, as it was before and as it is now.
struct AuditEvent
{
    qint64 journalId = 0, eventId = 0, leadId = 0;
    QString source, externalId, status, previousStatus, previousError;
};

// The events of one action, for the audit screen's detail pane.
class AuditEventsModel final : public RowTableModel<AuditEvent>
{
    Q_OBJECT
public:
    enum Column { Event, Source, ExternalId, StatusNow, Before, Error, ColumnCount };
    enum Role {
        RawRole = Qt::UserRole,
        EventIdRole, // the row's event id (0: pruned since), any column
    };

    explicit AuditEventsModel(ConsoleContext *context, QObject *parent = nullptr);
    ~AuditEventsModel() override;

    // Loads the events these journal rows name (an action's journalIds); empty clears.
    void setJournalIds(const QVector<qint64> &journalIds);
    qint64 eventId(int row) const { return m_rows.at(row).eventId; }

signals:
    void loaded();
    void errorOccurred(const inbox::DbError &error);

private:
    static ColumnHeaders headers();
    QVariant cell(const AuditEvent &row, const QModelIndex &index, int role) const override;
    void onReply(const QueryReply &reply);

    ConsoleContext *m_context;
    QueryChannel *m_channel;
    QVector<qint64> m_wanted;
};

} // namespace inbox
