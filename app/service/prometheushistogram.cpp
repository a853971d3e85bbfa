#include "prometheushistogram.h"

#include <utility>

namespace inbox::service {

PrometheusHistogram::PrometheusHistogram(std::vector<double> bounds)
    : m_bounds(std::move(bounds)), m_counts(m_bounds.size() + 1, 0)
{}

void PrometheusHistogram::add(double value)
{
    size_t i = 0;
    while (i < m_bounds.size() && value > m_bounds[i])
        ++i;
    ++m_counts[i];
    m_sum += value;
    ++m_total;
}

void PrometheusHistogram::render(QByteArray *out, const char *name, const char *help,
                                 int sumDigits) const
{
    *out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + " histogram\n";
    quint64 cumulative = 0;
    for (size_t i = 0; i < m_bounds.size(); ++i) {
        cumulative += m_counts[i];
        *out += QByteArray(name) + "_bucket{le=\"" + QByteArray::number(m_bounds[i], 'g', 6) +
                "\"} " + QByteArray::number(cumulative) + '\n';
    }
    *out += QByteArray(name) + "_bucket{le=\"+Inf\"} " + QByteArray::number(m_total) + '\n';
    *out += QByteArray(name) + "_sum " + QByteArray::number(m_sum, 'g', sumDigits) + '\n';
    *out += QByteArray(name) + "_count " + QByteArray::number(m_total) + '\n';
}

QByteArray prometheusLabel(const QByteArray &value)
{
    QByteArray out;
    for (const char c : value) {
        if (c == '\\' || c == '"')
            out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out;
}

} // namespace inbox::service
