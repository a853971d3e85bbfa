#include "figure.h"
#include "roundstats.h"

#include <QJsonDocument>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bench {

namespace {
double round3(double v)
{
    return std::round(v * 1000.0) / 1000.0;
}
} // namespace

double Timing::median() const
{
    if (ms.isEmpty())
        return 0;
    QVector<double> v = ms;
    std::sort(v.begin(), v.end());
    const int n = int(v.size());
    return n % 2 ? v.at(n / 2) : (v.at(n / 2 - 1) + v.at(n / 2)) / 2.0;
}

double Timing::min() const
{
    return ms.isEmpty() ? 0 : *std::min_element(ms.begin(), ms.end());
}

double Timing::p95() const
{
    return percentile(ms, 0.95);
}

double Figure::ratio() const
{
    if (latency) {
        const double p = plain.median();
        return p > 0 ? console.median() / p : 0;
    }
    return plainValue > 0 ? value / plainValue : 0;
}

QJsonObject Figure::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("name"), name);
    if (latency) {
        o.insert(QStringLiteral("median_ms"), round3(console.median()));
        o.insert(QStringLiteral("p95_ms"), round3(console.p95()));
        o.insert(QStringLiteral("plain_median_ms"), round3(plain.median()));
        o.insert(QStringLiteral("plain_p95_ms"), round3(plain.p95()));
        o.insert(QStringLiteral("ratio"), round3(ratio()));
        // The best run of each: what the work costs when the machine is not busy elsewhere.
        o.insert(QStringLiteral("min_ms"), round3(console.min()));
        o.insert(QStringLiteral("plain_min_ms"), round3(plain.min()));
        o.insert(QStringLiteral("runs"), int(console.ms.size()));
    } else {
        o.insert(QStringLiteral("value"), round3(value));
        o.insert(QStringLiteral("unit"), unit);
        if (plainValue >= 0) {
            o.insert(QStringLiteral("plain_value"), round3(plainValue));
            o.insert(QStringLiteral("ratio"), round3(ratio()));
        }
    }
    o.insert(QStringLiteral("target"), target);
    o.insert(QStringLiteral("met"), met);
    if (!note.isEmpty())
        o.insert(QStringLiteral("note"), note);
    for (auto it = extra.begin(); it != extra.end(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

Figure skippedStage(const char *stage, const QString &why, const char *advice,
                    const QString &target)
{
    std::fprintf(stderr, "  %s stage SKIPPED: %s. %s\n", stage, qPrintable(why), advice);
    Figure f;
    f.name = QLatin1String(stage) + QStringLiteral("_skipped");
    f.latency = false;
    f.unit = QStringLiteral("(skipped)");
    f.target = target;
    f.met = false;
    f.note = QStringLiteral("not measured: %1").arg(why);
    return f;
}

void printReport(const QVector<Figure> &figures, const QString &header)
{
    QTextStream out(stdout);
    out << header << '\n';
    const auto num = [](double v, int prec) {
        return QString::number(v, 'f', prec);
    };
    out << QStringLiteral("%1 %2 %3 %4 %5  %6 %7\n")
               .arg(QStringLiteral("figure"), -34)
               .arg(QStringLiteral("median"), 12)
               .arg(QStringLiteral("p95"), 10)
               .arg(QStringLiteral("plain"), 12)
               .arg(QStringLiteral("ratio"), 7)
               .arg(QStringLiteral("met"), -4)
               .arg(QStringLiteral("target"));
    for (const Figure &f : figures) {
        QString median, p95, plain, ratio;
        if (f.latency) {
            median = num(f.console.median(), 3) + QStringLiteral(" ms");
            p95 = num(f.console.p95(), 3);
            plain = num(f.plain.median(), 3) + QStringLiteral(" ms");
            ratio = num(f.ratio(), 2);
        } else {
            median = num(f.value, f.value < 100 ? 1 : 0) + QLatin1Char(' ') + f.unit;
            if (f.plainValue >= 0) {
                plain = num(f.plainValue, 0);
                ratio = num(f.ratio(), 2);
            }
        }
        out << QStringLiteral("%1 %2 %3 %4 %5  %6 %7\n")
                   .arg(f.name, -34)
                   .arg(median, 12)
                   .arg(p95, 10)
                   .arg(plain, 12)
                   .arg(ratio, 7)
                   .arg(f.met ? QStringLiteral("yes") : QStringLiteral("NO"), -4)
                   .arg(f.target);
        if (!f.note.isEmpty())
            out << QStringLiteral("    note: ") << f.note << '\n';
    }
    out << '\n';
    for (const Figure &f : figures)
        out << QString::fromUtf8(QJsonDocument(f.toJson()).toJson(QJsonDocument::Compact)) << '\n';
    out.flush();
}

} // namespace bench
