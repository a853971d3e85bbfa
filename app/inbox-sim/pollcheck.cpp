#include "pollcheck.h"

#include "options.h"

#include "db/pgconnection.h"

#include <QDateTime>
#include <QEventLoop>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSet>
#include <QTimer>

#include <cstdio>

namespace inbox::sim {

namespace {

struct Made
{
    QString key;
    QDateTime createdAt; // when the API says it happened (the marketplaces' orders)
    QDateTime visibleAt;
    QStringList statuses; // ozon: the posting's statuses so far
};

// GET url; false with *error when it does not answer 200 within 10 s.
bool fetch(QNetworkAccessManager &network, const QUrl &url, QByteArray *body, QString *error)
{
    QNetworkRequest request(url);
    request.setTransferTimeout(10000);
    QNetworkReply *reply = network.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    *body = reply->readAll();
    if (reply->error() != QNetworkReply::NoError || status != 200)
        *error = QStringLiteral("%1: %2").arg(url.toString(), reply->errorString());
    reply->deleteLater();
    return error->isEmpty();
}

// The fake's JSON lines, by API.
QHash<QString, QList<Made>> readMade(const QByteArray &lines)
{
    QHash<QString, QList<Made>> out;
    for (const QByteArray &line : lines.split('\n')) {
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.isEmpty())
            continue;
        Made m;
        m.key = o.value(QLatin1String("key")).toString();
        m.visibleAt = QDateTime::fromString(o.value(QLatin1String("visible_at")).toString(),
                                            Qt::ISODateWithMs);
        m.createdAt = QDateTime::fromString(o.value(QLatin1String("created_at")).toString(),
                                            Qt::ISODateWithMs);
        for (const QJsonValue &s : o.value(QLatin1String("statuses")).toArray())
            m.statuses << s.toObject().value(QLatin1String("status")).toString();
        out[o.value(QLatin1String("api")).toString()].append(m);
    }
    return out;
}

} // namespace

int runPollCheck(const Options &options)
{
    QNetworkAccessManager network;
    const QUrl base(options.checkPolled);
    QByteArray orders, crm;
    QString error;
    if (!fetch(network, base.resolved(QUrl(QStringLiteral("/fake/orders"))), &orders, &error) ||
        !fetch(network, base.resolved(QUrl(QStringLiteral("/fake/crm-keys"))), &crm, &error)) {
        std::fprintf(stderr, "inbox-sim: the fake APIs did not answer: %s\n", qPrintable(error));
        return 2;
    }
    QHash<QString, QList<Made>> made = readMade(orders);
    const QHash<QString, QList<Made>> crmMade = readMade(crm);
    for (auto it = crmMade.cbegin(); it != crmMade.cend(); ++it)
        made[it.key()] = it.value();

    PgConnection db;
    DbError dbError;
    if (!db.connect(options.conninfo, QStringLiteral("inbox-sim check-polled"), &dbError)) {
        std::fprintf(stderr, "inbox-sim: %s\n", qPrintable(dbError.oneLine()));
        return 2;
    }
    bool clean = true;
    for (auto it = options.polledSources.cbegin(); it != options.polledSources.cend(); ++it) {
        const QString api = it.key();
        const QString source = it.value();
        // polled_to as ISO text in UTC, so no time zone of the session enters.
        const auto polled =
            db.exec(QStringLiteral("SELECT to_char(polled_to AT TIME ZONE 'UTC', "
                                   "'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') FROM inbox.poll_sources "
                                   "WHERE source = $1 AND polled_to IS NOT NULL"),
                    {PgParam(source)}, &dbError);
        if (!polled) {
            std::fprintf(stderr, "inbox-sim: %s\n", qPrintable(dbError.oneLine()));
            return 2;
        }
        if (polled->rows() == 0) {
            std::printf("%s (source %s): not polled to the end of a window yet\n", qPrintable(api),
                        qPrintable(source));
            clean = false; // nothing to compare is not a pass
            continue;
        }
        const QDateTime polledTo =
            QDateTime::fromString(polled->text(0, 0), Qt::ISODateWithMs).toUTC();
        const auto stored =
            db.exec(QStringLiteral("SELECT external_id FROM inbox.events WHERE source = $1"),
                    {PgParam(source)}, &dbError);
        if (!stored) {
            std::fprintf(stderr, "inbox-sim: %s\n", qPrintable(dbError.oneLine()));
            return 2;
        }
        QSet<QString> keys;
        for (int r = 0; r < stored->rows(); ++r)
            keys.insert(stored->text(r, 0));

        const bool ozon = api == QLatin1String("ozon");
        const bool wb = api == QLatin1String("wb");
        QHash<QString, QStringList> known; // key (posting, order) -> statuses (ozon, wb)
        QStringList missing;
        int due = 0;
        QSet<QString> withStatus; // postings and orders with at least one status event
        for (const QString &k : std::as_const(keys)) {
            if ((ozon || wb) && k.contains(QLatin1Char('/')))
                withStatus.insert(k.section(QLatin1Char('/'), 0, 0));
        }
        for (const Made &m : made.value(api)) {
            known.insert(m.key, m.statuses);
            // The APIs' windows are whole seconds (WB's dateTo, amoCRM's created_at): an item of
            // the very second the last window ended in is the next window's.
            if (!m.visibleAt.isValid() || m.visibleAt.addSecs(1) > polledTo)
                continue;
            ++due;
            // Each missing key with its times, to tell a late item from a lost page.
            // A WB order is its list entry and, asked right after its window, its status.
            if (!(ozon ? withStatus.contains(m.key)
                       : keys.contains(m.key) && (!wb || withStatus.contains(m.key))))
                missing << (m.createdAt.isValid()
                                ? QStringLiteral("%1 (created %2, visible %3)")
                                      .arg(m.key, m.createdAt.toString(Qt::ISODate),
                                           m.visibleAt.toString(Qt::ISODate))
                                : QStringLiteral("%1 (visible %2)")
                                      .arg(m.key, m.visibleAt.toString(Qt::ISODate)));
        }
        QStringList unknown;
        for (const QString &k : std::as_const(keys)) {
            if ((ozon || wb) && k.contains(QLatin1Char('/'))) {
                const QString posting = k.section(QLatin1Char('/'), 0, 0);
                const QString status = k.section(QLatin1Char('/'), 1);
                if (!known.contains(posting) || !known.value(posting).contains(status))
                    unknown << k;
            } else if (ozon || !known.contains(k)) {
                unknown << k;
            }
        }
        std::printf("%s (source %s, polled to %s): made %d, due %d, stored %d events, missing "
                    "%d, unknown %d\n",
                    qPrintable(api), qPrintable(source),
                    qPrintable(polledTo.toUTC().toString(Qt::ISODate)), int(made.value(api).size()),
                    due, int(keys.size()), int(missing.size()), int(unknown.size()));
        if (!missing.isEmpty())
            std::printf("  missing: %s\n",
                        qPrintable(missing.mid(0, 10).join(QLatin1String(", "))));
        if (!unknown.isEmpty())
            std::printf("  unknown: %s\n",
                        qPrintable(unknown.mid(0, 10).join(QLatin1String(", "))));
        clean = clean && missing.isEmpty() && unknown.isEmpty();
    }
    std::printf("check-polled: %s\n", clean ? "passed" : "FAILED");
    return clean ? 0 : 1;
}

} // namespace inbox::sim
