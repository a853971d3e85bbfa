#pragma once

#include "db/dberror.h"
#include "report/reportfigures.h"
#include "table/rowtablemodel.h"

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// The baselines kept in the database (inbox.baseline_list), newest first, for the Report's
// picker: each with its file, period, rows and who imported it. Read on its own channel.
class BaselinesModel final : public RowTableModel<BaselineInfo>
{
    Q_OBJECT
public:
    enum Column { Name, File, Period, Rows, Unreadable, ImportedBy, ImportedAt, ColumnCount };
    enum Role { IdRole = Qt::UserRole };

    explicit BaselinesModel(ConsoleContext *context, QObject *parent = nullptr);
    ~BaselinesModel() override;
    Q_DISABLE_COPY_MOVE(BaselinesModel)

    void refresh();
    const QVector<BaselineInfo> &baselines() const { return m_rows; }
    int rowOf(qint64 id) const;
    // "October (2026-10-01 – 2026-10-31, 6,000 rows)"
    static QString title(const BaselineInfo &baseline);

signals:
    void updated();
    void failed(const inbox::DbError &error);

private:
    static ColumnHeaders headers();
    QVariant cell(const BaselineInfo &row, const QModelIndex &index, int role) const override;
    void onReply(const QueryReply &reply);

    ConsoleContext *m_context;
    QueryChannel *m_channel;
};

} // namespace inbox
