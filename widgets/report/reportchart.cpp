#include "report/reportchart.h"

#include "common/theme.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QEvent>
#include <QValueAxis>

#include <algorithm>

namespace inbox {

ReportChart::ReportChart(QWidget *parent)
    : QChartView(parent), m_before(new QBarSet(QString())), m_after(new QBarSet(QString())),
      m_categories(new QBarCategoryAxis), m_values(new QValueAxis)
{
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    auto *series = new QBarSeries;
    series->append(m_before);
    series->append(m_after);
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value"));
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    chart->addSeries(series);
    chart->addAxis(m_categories, Qt::AlignBottom);
    chart->addAxis(m_values, Qt::AlignLeft);
    series->attachAxis(m_categories);
    series->attachAxis(m_values);
    m_values->setLabelFormat(QStringLiteral("%.0f"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(180);
    // Wide enough for its two category labels whole in either language.
    setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('m')) * 28);
    retranslate();
    applyTheme();
}

void ReportChart::applyTheme()
{
    // setTheme resets the colours, so ours are put back after it.
    chart()->setTheme(Theme::isDark() ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart()->setBackgroundBrush(palette().brush(QPalette::Base));
    chart()->legend()->setLabelColor(palette().color(QPalette::Text));
    const QColor before = Theme::color(Theme::Color::ChartFailed);
    const QColor after = Theme::color(Theme::Color::ChartDone);
    m_before->setColor(before);
    m_before->setBorderColor(before);
    m_after->setColor(after);
    m_after->setBorderColor(after);
    m_before->setLabelColor(palette().color(QPalette::Text));
    m_after->setLabelColor(palette().color(QPalette::Text));
    m_categories->setLabelsColor(palette().color(QPalette::Text));
    m_values->setLabelsColor(palette().color(QPalette::Text));
}

void ReportChart::changeEvent(QEvent *event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
}

void ReportChart::retranslate()
{
    m_before->setLabel(tr("Before the inbox"));
    m_after->setLabel(tr("With the inbox"));
    // Short labels: Qt Charts elides a category label wider than its bar group.
    chart()->setTitle(tr("Per 30 days"));
    m_categories->setCategories({tr("Duplicates"), tr("Hours")});
}

void ReportChart::setFigures(const ReportFigures &figures)
{
    // Rounded as the summary's text rounds them, so the bars and the words agree.
    const auto shown = [](double value, int decimals) {
        return QString::number(value, 'f', decimals).toDouble();
    };
    const QVector<double> before{shown(figures.beforeDuplicatesPerMonth(), 0),
                                 shown(figures.beforeHoursPerMonth(), 1)};
    const QVector<double> after{shown(figures.afterDuplicatesPerMonth(), 0),
                                shown(figures.afterHoursPerMonth(), 1)};
    m_before->remove(0, m_before->count());
    m_after->remove(0, m_after->count());
    for (double v : before)
        m_before->append(v);
    for (double v : after)
        m_after->append(v);
    const double top = std::max({before.at(0), before.at(1), after.at(0), after.at(1), 1.0});
    m_values->setRange(0, top * 1.15);
    m_values->applyNiceNumbers();
}

} // namespace inbox
