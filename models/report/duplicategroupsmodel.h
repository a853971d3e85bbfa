#pragma once

#include "db/dberror.h"
#include "table/rowtablemodel.h"

#include <QDateTime>
#include <QString>

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// One duplicate group of a baseline (inbox.baseline_groups): rows of one external id, phone or
// e-mail, each within the window of the one before.
struct DuplicateGroup
{
    QString kind; // external_id, phone, email
    QString key;  // the normalized value
    int firstLine = 0;
    qint64 rows = 0;
    QString sources; // "bitrix, site"
    QDateTime firstAt;
    QDateTime lastAt;
};

// The largest duplicate groups of a baseline (at most 1,000), so a manager checks a sample
// before believing the figure. Read on its own channel; a newer load supersedes one in flight.
class DuplicateGroupsModel final : public RowTableModel<DuplicateGroup>
{
    Q_OBJECT
public:
    enum Column { Kind, Key, Rows, Sources, First, Last, ColumnCount };

    explicit DuplicateGroupsModel(ConsoleContext *context, QObject *parent = nullptr);
    ~DuplicateGroupsModel() override;
    Q_DISABLE_COPY_MOVE(DuplicateGroupsModel)

    // kind: external_id, phone, email, or empty for all three.
    void load(qint64 baselineId, int windowHours, const QString &kind);
    void clear();
    const DuplicateGroup *group(int row) const;
    static QString kindText(const QString &kind);

signals:
    void updated();
    void failed(const inbox::DbError &error);

private:
    static ColumnHeaders headers();
    QVariant cell(const DuplicateGroup &row, const QModelIndex &index, int role) const override;
    void onReply(const QueryReply &reply);

    ConsoleContext *m_context;
    QueryChannel *m_channel;
};

} // namespace inbox
