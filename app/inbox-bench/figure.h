#pragma once

#include <QJsonObject>
#include <QString>
#include <QVector>

namespace bench {

// Median and 95th percentile of a set of timings (milliseconds).
struct Timing
{
    QVector<double> ms;
    double median() const;
    double p95() const;
    double min() const;
    bool isEmpty() const { return ms.isEmpty(); }
};

// One line of the output: a latency (console beside plain SQL), or a value with a unit
// (rates, memory). `met` is decided by whoever measured it; `target` says against what.
struct Figure
{
    QString name;
    bool latency = true;
    Timing console;         // latency: through the console's data layer
    Timing plain;           // latency: the same statements over bare libpq
    double value = 0;       // rate or memory
    double plainValue = -1; // the bare counterpart of a rate, when there is one
    QString unit;
    QString target;
    bool met = false;
    QString note;
    QJsonObject extra; // further keys of the JSON line (server settings, rows paged...)

    double ratio() const; // latency: console / plain; rate: value / plain
    QJsonObject toJson() const;
};

// A stage that cannot run here: says so on stderr ("<stage> stage SKIPPED: <why>. <advice>")
// and gives the one figure it adds instead, <stage>_skipped, not met, against `target` (what
// the stage needs), its note naming why nothing was measured. The run goes on.
Figure skippedStage(const char *stage, const QString &why, const char *advice,
                    const QString &target);

// Prints the readable table and then one JSON line per figure to stdout.
void printReport(const QVector<Figure> &figures, const QString &header);

} // namespace bench
