#include "report/reportchart.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

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
    retranslate();
}

void ReportChart::retranslate()
{
    m_before->setLabel(tr("Before the inbox"));
    m_after->setLabel(tr("With the inbox"));
    m_categories->setCategories(
        {tr("Duplicates for a person, per 30 days"), tr("Manager hours, per 30 days")});
}

void ReportChart::setFigures(const ReportFigures &figures)
{
    const QVector<double> before{std::round(figures.beforeDuplicatesPerMonth()),
                                 std::round(figures.beforeHoursPerMonth() * 10) / 10};
    const QVector<double> after{std::round(figures.afterDuplicatesPerMonth()),
                                std::round(figures.afterHoursPerMonth() * 10) / 10};
    m_before->remove(0, m_before->count());
    m_after->remove(0, m_after->count());
    for (double v : before)
        m_before->append(v);
    for (double v : after)
        m_after->append(v);
    const double top = std::max({before.at(0), before.at(1), after.at(0), after.at(1), 1.0});
    m_values->setRange(0, top * 1.15);
}

} // namespace inbox
