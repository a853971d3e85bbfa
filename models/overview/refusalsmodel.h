#pragma once

#include "db/dberror.h"
#include "table/rowtablemodel.h"

#include <QDateTime>
#include <QPair>
#include <QString>
#include <QVector>

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// Today's refusals of one source, from inbox.refusals (docs/contract.md §4.15): what the
// receivers answered with anything but 200, by reason.
struct SourceRefusals
{
    QString source; // a configured source, or "(unknown path)"
    qint64 total = 0;
    QVector<QPair<QString, qint64>> reasons; // reason code and count, most first
    QDateTime lastAt;
    int lastStatus = 0; // of the latest refusal of the source
};

// The overview's "Refused today" table: one row per source with refusals today (whether or
// not it has events), read on its own QueryChannel. It reads when asked (refresh(): the page
// calls it with each overview read), one index range of today's rows, never a scan.
class RefusalsModel final : public RowTableModel<SourceRefusals>
{
    Q_OBJECT
public:
    enum Column { Source, Total, ByReason, Last, ColumnCount };
    enum Role {
        RawRole = Qt::UserRole, // QString, qint64, the reasons as "code=n" strings, QDateTime
        AlertRole,              // bool: a total above zero
    };

    explicit RefusalsModel(ConsoleContext *context, QObject *parent = nullptr);
    ~RefusalsModel() override;
    Q_DISABLE_COPY_MOVE(RefusalsModel)

    // Reads today's rows; a read in flight is superseded.
    void refresh();
    const QVector<SourceRefusals> &refusals() const { return m_rows; }
    qint64 total() const;
    bool hasData() const { return m_hasData; }
    const DbError &lastError() const { return m_error; }

    // The people's word for a reason code ("bad signature"); an unknown code reads as itself.
    static QString reasonText(const QString &code);
    // "bad token 3 · over the body limit 1"
    static QString reasonsText(const SourceRefusals &row);

    static QString sql();

signals:
    void updated();
    void failed(const inbox::DbError &error);

private:
    static ColumnHeaders headers();
    QVariant cell(const SourceRefusals &row, const QModelIndex &index, int role) const override;
    void onReply(const QueryReply &reply);
    void clear();

    ConsoleContext *m_context;
    QueryChannel *m_channel;
    DbError m_error;
    bool m_hasData = false;
};

} // namespace inbox
