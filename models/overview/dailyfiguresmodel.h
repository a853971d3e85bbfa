#pragma once

#include "overview/overviewdata.h"
#include "table/rowtablemodel.h"

namespace inbox {

// The per-day numbers of one source (or all summed): one row per day, today first.
// DisplayRole is formatted text, Qt::UserRole the raw value (QDate, qint64, double share).
class DailyFiguresModel final : public RowTableModel<DayFigures>
{
    Q_OBJECT
public:
    enum Column {
        Day,
        Received,
        Repeats,
        RepeatShare,
        Conflicts,
        Done,
        Failed,
        FailureShare,
        Requeued,
        ColumnCount
    };
    enum Role {
        RawRole = Qt::UserRole,
        AlertRole, // bool: this cell is what today's warning is about
    };

    explicit DailyFiguresModel(QObject *parent = nullptr);

    // Same number of days: the cells change in place (the view keeps selection and scroll).
    void setDays(const QVector<DayFigures> &days, bool repeatAlert = false,
                 bool failureAlert = false);
    const QVector<DayFigures> &days() const { return m_rows; }

private:
    static ColumnHeaders headers();
    QVariant cell(const DayFigures &row, const QModelIndex &index, int role) const override;
    QVariant raw(const DayFigures &d, int column) const;

    bool m_repeatAlert = false;
    bool m_failureAlert = false;
};

} // namespace inbox
