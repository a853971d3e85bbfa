#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <cstdint>
#include <random>

namespace inbox::sim {

// A per-thread random source (never shared between threads: each thread owns one).
class Rng final
{
public:
    explicit Rng(std::uint64_t seed) : m_engine(seed) {}

    double uniform() { return std::uniform_real_distribution<double>(0.0, 1.0)(m_engine); }
    bool chance(double p) { return uniform() < p; }
    // An integer in [lo, hi] (both included).
    qint64 between(qint64 lo, qint64 hi)
    {
        return std::uniform_int_distribution<qint64>(lo, hi)(m_engine);
    }
    double exponential(double rate)
    {
        return std::exponential_distribution<double>(rate)(m_engine);
    }
    template<typename T> const T &pick(const QVector<T> &items)
    {
        return items.at(qsizetype(between(0, items.size() - 1)));
    }
    const QString &pick(const QStringList &items)
    {
        return items.at(qsizetype(between(0, items.size() - 1)));
    }
    // Index chosen with the given weights (they need not sum to 1).
    int weighted(const QVector<double> &weights);
    QString hex(int chars);
    QString uuid();

private:
    std::mt19937_64 m_engine;
};

} // namespace inbox::sim
