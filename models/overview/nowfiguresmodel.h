#pragma once

#include "overview/overviewdata.h"
#include "table/rowtablemodel.h"

namespace inbox {

// The state now, one row per source. DisplayRole is formatted, Qt::UserRole the raw value
// (QString, qint64, and for the oldest waiting event the QDateTime it has been due since).
class NowFiguresModel final : public RowTableModel<NowFigures>
{
    Q_OBJECT
public:
    enum Column { Source, Waiting, Due, Processing, Stuck, Failed, OldestWaiting, ColumnCount };
    enum Role {
        RawRole = Qt::UserRole,
        AlertRole, // bool: a figure that needs a person (stuck, failed) is not zero
    };

    explicit NowFiguresModel(QObject *parent = nullptr);

    // `serverNow` is what ages are measured against. Same sources: cells change in place.
    void setFigures(const QVector<NowFigures> &figures, const QDateTime &serverNow);
    const QVector<NowFigures> &figures() const { return m_rows; }

private:
    static ColumnHeaders headers();
    QVariant cell(const NowFigures &row, const QModelIndex &index, int role) const override;
    QVariant raw(const NowFigures &n, int column) const;

    QDateTime m_serverNow;
};

} // namespace inbox
