#pragma once

#include "report/reportfigures.h"

#include <QChartView>

class QBarSet;
class QBarCategoryAxis;
class QValueAxis;

namespace inbox {

// The Report's chart: duplicates that reached a person and the manager hours they cost, per
// 30 days, before the inbox and after it, side by side (the summary line says it in words).
class ReportChart final : public QChartView
{
    Q_OBJECT
public:
    explicit ReportChart(QWidget *parent = nullptr);
    void setFigures(const ReportFigures &figures);
    void retranslate();

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyTheme();

    QBarSet *m_before;
    QBarSet *m_after;
    QBarCategoryAxis *m_categories;
    QValueAxis *m_values;
};

} // namespace inbox
