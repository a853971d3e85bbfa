#pragma once

#include "report/reportfigures.h"
#include "table/rowtablemodel.h"

#include <optional>

namespace inbox {

// One line of the Report's table: a source's figures before (from the baseline) and after
// (from the inbox), either side absent when the source is only on the other; the last line
// is the total. A CRM export names its sources its own way (a pipeline, a form), the inbox by
// its senders, so the total is the comparison and the sources are its detail.
struct ComparisonRow
{
    QString source;
    std::optional<BeforeFigures> before;
    std::optional<AfterFigures> after;
    bool total = false;
};

class ComparisonModel final : public RowTableModel<ComparisonRow>
{
    Q_OBJECT
public:
    enum Column {
        Source,
        RowsBefore,
        DuplicatesBefore,
        ShareBefore,
        DeliveriesAfter,
        RepeatsAfter,
        FlaggedAfter,
        MergedAfter,
        RejectedAfter,
        RefusedAfter,
        FailedAfter,
        ColumnCount
    };
    enum Role {
        RawRole = Qt::UserRole, // the number (qint64, double for a share); QString for Source
        TotalRole,              // bool: the total line
    };

    explicit ComparisonModel(QObject *parent = nullptr);

    void setFigures(const ReportFigures &figures);
    const ReportFigures &figures() const { return m_figures; }
    // The text of a cell as the table shows it, for the CSV and the PDF.
    QString text(int row, int column) const;

private:
    static ColumnHeaders headers();
    QVariant cell(const ComparisonRow &row, const QModelIndex &index, int role) const override;
    QVariant raw(const ComparisonRow &row, int column) const;

    ReportFigures m_figures;
};

} // namespace inbox
