#include "deliveries.h"

#include "db/pgconnection.h"

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

bool createBareEvents(inbox::PgConnection &admin, const QString &schema, QString *error)
{
    inbox::DbError e;
    if (!admin.run(QStringLiteral("DROP SCHEMA IF EXISTS %1 CASCADE; CREATE SCHEMA %1; "
                                  "CREATE TABLE %1.events (id bigint GENERATED ALWAYS AS "
                                  "IDENTITY PRIMARY KEY, source text COLLATE \"C\" NOT NULL, "
                                  "external_id text COLLATE \"C\" NOT NULL, body bytea NOT NULL, "
                                  "content_type text NOT NULL, status text NOT NULL DEFAULT "
                                  "'received', locked_by text, received_at timestamptz NOT NULL "
                                  "DEFAULT now(), UNIQUE (source, external_id)); "
                                  "CREATE INDEX ON %1.events (id) WHERE status = 'received'")
                       .arg(schema),
                   &e)) {
        *error = QStringLiteral("creating the scratch table: %1").arg(e.message);
        return false;
    }
    return true;
}

} // namespace bench
