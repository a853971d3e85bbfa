#include "rng.h"

namespace inbox::sim {

int Rng::weighted(const QVector<double> &weights)
{
    double total = 0;
    for (const double w : weights)
        total += w;
    double x = uniform() * total;
    for (int i = 0; i < weights.size(); ++i) {
        x -= weights.at(i);
        if (x < 0)
            return i;
    }
    return int(weights.size()) - 1;
}

QString Rng::hex(int chars)
{
    static const char digits[] = "0123456789abcdef";
    QString out;
    out.reserve(chars);
    for (int i = 0; i < chars; ++i)
        out += QLatin1Char(digits[between(0, 15)]);
    return out;
}

QString Rng::uuid()
{
    // Version 4 layout: 8-4-4-4-12 with the version and variant nibbles set.
    QString h = hex(32);
    h[12] = QLatin1Char('4');
    static const char variant[] = "89ab";
    h[16] = QLatin1Char(variant[between(0, 3)]);
    return h.mid(0, 8) + QLatin1Char('-') + h.mid(8, 4) + QLatin1Char('-') + h.mid(12, 4) +
           QLatin1Char('-') + h.mid(16, 4) + QLatin1Char('-') + h.mid(20, 12);
}

} // namespace inbox::sim
