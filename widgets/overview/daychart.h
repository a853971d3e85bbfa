#pragma once

#include "overview/overviewdata.h"

#include <QChartView>

class QBarCategoryAxis;
class QBarSet;
class QLineSeries;
class QValueAxis;

namespace inbox {

// Stacked bars per day (oldest on the left, today on the right) with a share line on a
// second axis: deliveries (new, repeats, conflicts + repeat share) or outcomes (done, failed
// + failure share). Values are replaced in place, so a live update does not flicker.
class DayChart final : public QChartView
{
    Q_OBJECT
public:
    enum class Kind { Deliveries, Outcomes };

    explicit DayChart(Kind kind, QWidget *parent = nullptr);

    // Days newest first, as OverviewSnapshot::dailyFor gives them.
    void setDays(const QVector<DayFigures> &days);
    // Follows the palette (light or dark).
    void applyTheme();

    // For tests: the values drawn.
    QList<QBarSet *> barSets() const { return m_sets; }
    QLineSeries *shareLine() const { return m_share; }
    QStringList categories() const;
    // Labels on each value axis: 6, or 3 / 2 when the chart is too low for six to be read.
    int valueTicks() const;
    // The day of bar `index` (0 = the oldest, on the left); invalid when there is none.
    QDate dayAt(int index) const;
    // What hovering bar `index` of set `set` shows: the day, the set and its count.
    QString barToolTip(int set, int index) const;
    // What a click on bar `index` does (QBarSet::clicked): dayActivated(dayAt(index)).
    void activateBar(int index);

signals:
    // A day's bar was clicked: its events in the journal.
    void dayActivated(const QDate &day);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void onHovered(bool over, int index, QBarSet *set);

    Kind m_kind;
    QVector<QDate> m_daysShown; // oldest first, as the bars
    QList<QBarSet *> m_sets;
    QLineSeries *m_share;
    QBarCategoryAxis *m_days;
    QValueAxis *m_counts;
    QValueAxis *m_percent;
};

} // namespace inbox
