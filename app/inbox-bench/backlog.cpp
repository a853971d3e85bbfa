#include "backlog.h"

#include "db/pgconnection.h"
#include "deliveries.h"

#include <QElapsedTimer>
#include <QStringList>

namespace bench {

namespace {
constexpr qint64 kBatch = 500; // accept_many takes at most 1,000
} // namespace

bool fillBacklog(inbox::PgConnection &conn, const char *source, const QString &tag, qint64 count,
                 double *seconds, QString *error)
{
    const QString sql = QStringLiteral("SELECT count(*) FILTER (WHERE outcome = 'new') FROM "
                                       "inbox.accept_many($1::text[], $2::text[], $3::bytea[])");
    const auto literal = [](const QStringList &items) {
        return QLatin1Char('{') + items.join(QLatin1Char(',')) + QLatin1Char('}');
    };
    QElapsedTimer timer;
    timer.start();
    for (qint64 first = 1; first <= count; first += kBatch) {
        QStringList sources, ids, bodies;
        for (qint64 n = first; n < first + kBatch && n <= count; ++n) {
            const QString id = QStringLiteral("%1-%2").arg(tag).arg(n);
            sources << QString::fromLatin1(source);
            ids << id;
            // Elements of a bytea[] literal: "\\x<hex>" (the backslash escaped).
            bodies << QStringLiteral("\"\\\\x%1\"")
                          .arg(QString::fromLatin1(Deliveries::body(id).toHex()));
        }
        inbox::DbError e;
        const auto r = conn.exec(sql,
                                 {inbox::PgParam(literal(sources)), inbox::PgParam(literal(ids)),
                                  inbox::PgParam(literal(bodies))},
                                 &e);
        if (!r || r->rows() != 1 || r->toInt(0, 0) != int(ids.size())) {
            *error = QStringLiteral("filling the backlog with inbox.accept_many: %1")
                         .arg(r ? QStringLiteral("not every event was new") : e.message);
            return false;
        }
    }
    inbox::DbError e;
    if (!conn.run(QStringLiteral("CHECKPOINT"), &e)) {
        *error = QStringLiteral("CHECKPOINT: %1").arg(e.message);
        return false;
    }
    *seconds = double(timer.elapsed()) / 1000.0;
    return true;
}

qint64 backlogOf(inbox::PgConnection &conn, const char *source, QString *error)
{
    inbox::DbError e;
    const auto r = conn.exec(QStringLiteral("SELECT received + processing FROM "
                                            "inbox.route_backlog(ARRAY[$1::text])"),
                             {inbox::PgParam(source)}, &e);
    if (!r || r->rows() != 1) {
        *error = QStringLiteral("inbox.route_backlog: %1").arg(e.message);
        return -1;
    }
    return r->toInt(0, 0, -1);
}

} // namespace bench
