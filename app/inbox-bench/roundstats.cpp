#include "roundstats.h"

#include <QFile>

#include <algorithm>
#include <cmath>

namespace bench {

double median(QVector<double> v)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    const int n = int(v.size());
    return n % 2 ? v.at(n / 2) : (v.at(n / 2 - 1) + v.at(n / 2)) / 2.0;
}

double percentile(QVector<double> v, double p)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    const int rank = int(std::ceil(p * double(v.size())));
    return v.at(std::clamp(rank - 1, 0, int(v.size()) - 1));
}

double loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    return f.readLine().split(' ').value(0).toDouble();
}

} // namespace bench
