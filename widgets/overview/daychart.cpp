#include "overview/daychart.h"

#include "common/theme.h"
#include "support/timetext.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QResizeEvent>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace inbox {

namespace {

// A round upper bound for an axis: 1, 2, 5 x 10^n.
double niceCeiling(double value)
{
    if (value <= 0)
        return 1.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (double step : {1.0, 2.0, 5.0, 10.0}) {
        if (value <= step * magnitude)
            return step * magnitude;
    }
    return 10.0 * magnitude;
}

void setValues(QBarSet *set, const QVector<double> &values)
{
    if (set->count() != values.size()) {
        set->remove(0, set->count());
        for (double v : values)
            set->append(v);
        return;
    }
    for (int i = 0; i < values.size(); ++i) {
        if (set->at(i) != values.at(i))
            set->replace(i, values.at(i));
    }
}

} // namespace

DayChart::DayChart(Kind kind, QWidget *parent)
    : QChartView(parent), m_kind(kind), m_share(new QLineSeries), m_days(new QBarCategoryAxis),
      m_counts(new QValueAxis), m_percent(new QValueAxis)
{
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation); // live data: no bars growing every 2 s
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);

    auto *bars = new QStackedBarSeries;
    struct SetSpec
    {
        QString name;
        QColor color;
    };
    QVector<SetSpec> specs;
    if (kind == Kind::Deliveries) {
        chart->setTitle(tr("Deliveries per day (UTC), today on the right"));
        specs = {{tr("New"), Theme::color(Theme::Color::ChartNew)},
                 {tr("Repeats"), Theme::color(Theme::Color::ChartRepeats)},
                 {tr("Conflicts"), Theme::color(Theme::Color::ChartConflicts)}};
        m_share->setName(tr("Repeat share, %"));
    } else {
        chart->setTitle(tr("Outcomes per day (UTC), today on the right"));
        specs = {{tr("Done"), Theme::color(Theme::Color::ChartDone)},
                 {tr("Failed"), Theme::color(Theme::Color::ChartFailed)}};
        m_share->setName(tr("Failure share, %"));
    }
    for (const SetSpec &spec : specs) {
        auto *set = new QBarSet(spec.name);
        set->setColor(spec.color);
        set->setBorderColor(spec.color);
        bars->append(set);
        m_sets << set;
        connect(set, &QBarSet::clicked, this, &DayChart::activateBar);
        connect(set, &QBarSet::hovered, this,
                [this, set](bool over, int index) { onHovered(over, index, set); });
    }
    bars->setBarWidth(0.7);
    QPen pen(Theme::color(Theme::Color::ChartShare));
    pen.setWidth(3);
    m_share->setPen(pen);
    m_share->setPointsVisible(true);

    chart->addSeries(bars);
    chart->addSeries(m_share);
    chart->addAxis(m_days, Qt::AlignBottom);
    chart->addAxis(m_counts, Qt::AlignLeft);
    chart->addAxis(m_percent, Qt::AlignRight);
    bars->attachAxis(m_days);
    bars->attachAxis(m_counts);
    m_share->attachAxis(m_days);
    m_share->attachAxis(m_percent);
    m_counts->setLabelFormat(QStringLiteral("%d"));
    m_counts->setMin(0);
    m_percent->setLabelFormat(QStringLiteral("%d %%"));
    m_percent->setRange(0, 10);
    m_percent->setTickCount(6);
    m_counts->setTickCount(6);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(fontMetrics().height() * 13); // room for axes and legend in any font
    applyTheme();
}

QStringList DayChart::categories() const
{
    return m_days->categories();
}

void DayChart::setDays(const QVector<DayFigures> &days)
{
    // Oldest on the left: time runs to the right, today is the last bar.
    QVector<DayFigures> ordered(days.crbegin(), days.crend());
    QStringList labels;
    m_daysShown.clear();
    for (const DayFigures &d : std::as_const(ordered))
        m_daysShown << d.day;
    QVector<QVector<double>> values(m_sets.size());
    QList<QPointF> shares;
    double maxStack = 0;
    double maxShare = 0;
    for (int i = 0; i < ordered.size(); ++i) {
        const DayFigures &d = ordered.at(i);
        // Fifteen bars leave room for the day of the month only; the table has the dates.
        labels << QString::number(d.day.day());
        double share = 0;
        if (m_kind == Kind::Deliveries) {
            values[0] << double(d.received);
            values[1] << double(d.repeats);
            values[2] << double(d.conflicts);
            maxStack = std::max(maxStack, double(d.deliveries()));
            share = d.repeatShare() * 100.0;
        } else {
            values[0] << double(d.done);
            values[1] << double(d.failed);
            maxStack = std::max(maxStack, double(d.outcomes()));
            share = d.failureShare() * 100.0;
        }
        shares << QPointF(i, share);
        maxShare = std::max(maxShare, share);
    }
    if (m_days->categories() != labels)
        m_days->setCategories(labels);
    for (int s = 0; s < m_sets.size(); ++s)
        setValues(m_sets.at(s), values.at(s));
    m_share->replace(shares);
    m_counts->setRange(0, niceCeiling(maxStack * 1.05));
    m_percent->setRange(0, std::min(100.0, std::max(10.0, niceCeiling(maxShare * 1.1))));
}

QDate DayChart::dayAt(int index) const
{
    return m_daysShown.value(index);
}

QString DayChart::barToolTip(int set, int index) const
{
    if (set < 0 || set >= m_sets.size() || index < 0 || index >= m_sets.at(set)->count())
        return QString();
    const QLocale locale;
    return tr("%1 (UTC)\n%2: %3\nClick to list that day's events in the journal.")
        .arg(dateText(dayAt(index)), m_sets.at(set)->label(),
             locale.toString(qint64(m_sets.at(set)->at(index))));
}

void DayChart::activateBar(int index)
{
    const QDate day = dayAt(index);
    if (day.isValid())
        emit dayActivated(day);
}

void DayChart::onHovered(bool over, int index, QBarSet *set)
{
    if (!over) {
        QToolTip::hideText();
        viewport()->unsetCursor();
        return;
    }
    viewport()->setCursor(Qt::PointingHandCursor);
    QToolTip::showText(QCursor::pos(), barToolTip(int(m_sets.indexOf(set)), index), this);
}

void DayChart::applyTheme()
{
    const bool dark = Theme::isDark();
    // setTheme resets colours, so ours are put back after it.
    QVector<QColor> colors;
    for (QBarSet *set : m_sets)
        colors << set->color();
    const QPen sharePen = m_share->pen();
    chart()->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart()->setBackgroundBrush(palette().brush(QPalette::Base));
    chart()->setTitleBrush(palette().brush(QPalette::Text));
    chart()->legend()->setLabelColor(palette().color(QPalette::Text));
    for (int i = 0; i < m_sets.size(); ++i) {
        m_sets.at(i)->setColor(colors.at(i));
        m_sets.at(i)->setBorderColor(colors.at(i));
    }
    QPen pen = sharePen;
    pen.setColor(Theme::color(Theme::Color::ChartShare));
    m_share->setPen(pen);
    for (QAbstractAxis *axis :
         {static_cast<QAbstractAxis *>(m_days), static_cast<QAbstractAxis *>(m_counts),
          static_cast<QAbstractAxis *>(m_percent)})
        axis->setLabelsColor(palette().color(QPalette::Text));
    QFont small = m_days->labelsFont(); // the theme sets fonts too
    small.setPointSizeF(font().pointSizeF() * 0.85);
    m_days->setLabelsFont(small);
    QFont title = chart()->titleFont();
    title.setBold(true);
    chart()->setTitleFont(title);
}

int DayChart::valueTicks() const
{
    return m_counts->tickCount();
}

void DayChart::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    // Below about 1.6 lines a label, Qt Charts elides every one of them to "...". The title,
    // the day labels and the legend take about six lines; 3 and 2 ticks keep the nice
    // ceilings' steps whole (halves of 1, 2 or 5 times a power of ten).
    const int line = fontMetrics().height();
    const int plot = height() - 6 * line;
    const int ticks = plot >= int(5 * 1.6 * line) ? 6 : plot >= int(2 * 1.6 * line) ? 3 : 2;
    if (m_counts->tickCount() != ticks) {
        m_counts->setTickCount(ticks);
        m_percent->setTickCount(ticks);
    }
}

void DayChart::changeEvent(QEvent *event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
}

} // namespace inbox
