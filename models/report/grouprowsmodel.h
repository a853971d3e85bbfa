#pragma once

#include "db/dberror.h"
#include "table/rowtablemodel.h"

#include <QDateTime>

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;
struct DuplicateGroup;

// A row of the imported export, as stored (inbox.baseline_group_rows).
struct BaselineRow
{
    int line = 0;
    QString source;
    QString externalId;
    QDateTime createdAt;
    QString phones; // as written in the export, "; " between several
    QString emails;
    QString name;
};

// The rows of one duplicate group, in order: what a manager reads to believe the figure.
class GroupRowsModel final : public RowTableModel<BaselineRow>
{
    Q_OBJECT
public:
    enum Column { Line, Source, ExternalId, Created, Phones, Emails, Name, ColumnCount };

    explicit GroupRowsModel(ConsoleContext *context, QObject *parent = nullptr);
    ~GroupRowsModel() override;
    Q_DISABLE_COPY_MOVE(GroupRowsModel)

    void load(qint64 baselineId, int windowHours, const DuplicateGroup &group);
    void clear();

signals:
    void updated();
    void failed(const inbox::DbError &error);

private:
    static ColumnHeaders headers();
    QVariant cell(const BaselineRow &row, const QModelIndex &index, int role) const override;
    void onReply(const QueryReply &reply);

    ConsoleContext *m_context;
    QueryChannel *m_channel;
};

} // namespace inbox
