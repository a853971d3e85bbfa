#include "deliveries.h"

namespace bench {

Deliveries::Deliveries(const QString &t, double rate, int sessions)
    : tag(t), repeatRate(rate), sent(size_t(sessions)), next(size_t(sessions), 0)
{}

QString Deliveries::pick(int s, std::mt19937_64 &rng, bool *repeat)
{
    std::vector<qint64> &mine = sent[size_t(s)];
    std::uniform_real_distribution<double> u(0, 1);
    *repeat = !mine.empty() && u(rng) < repeatRate;
    qint64 n;
    if (*repeat) {
        n = mine[size_t(rng() % mine.size())];
    } else {
        n = next[size_t(s)]++;
        if (mine.size() < 1000)
            mine.push_back(n);
        else
            mine[size_t(n % 1000)] = n;
    }
    return QStringLiteral("%1-%2-%3").arg(tag).arg(s).arg(n);
}

QByteArray Deliveries::body(const QString &externalId)
{
    return QStringLiteral("{\"id\":\"%1\",\"type\":\"lead\",\"name\":\"Ivan Petrov\","
                          "\"phone\":\"+7 916 123-45-67\",\"email\":\"ivan@example.ru\","
                          "\"comment\":\"Please call me back about the order, any time "
                          "after six in the evening.\"}")
        .arg(externalId)
        .toUtf8();
}

} // namespace bench
