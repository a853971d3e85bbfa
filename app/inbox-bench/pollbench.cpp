#include "pollbench.h"

#include "benchlogin.h"
#include "localprocess.h"
#include "serverconninfo.h"

#include "db/pgconnection.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>

#include <libpq-fe.h>

#include <cstdio>

namespace bench {

namespace {

constexpr const char *kLogin = "bench_poller";

// The fake marketplace, with about `postings` Ozon postings made in the two minutes before it
// started and none after (the rate is both marketplaces together), and no rate limit to speak
// of: the stage times the poller and the database, not a politeness the fake would impose.
bool startFake(QProcess &fake, const QString &sim, qint64 postings, quint16 *port, QString *error)
{
    fake.setProgram(sim);
    fake.setArguments({QStringLiteral("--fake-marketplace"), QStringLiteral("127.0.0.1:0"),
                       QStringLiteral("--seed"), QStringLiteral("5"),
                       QStringLiteral("--fake-marketplace-backfill"), QStringLiteral("2"),
                       QStringLiteral("--fake-marketplace-rate"),
                       QString::number(double(postings)), // 2 minutes, half of them Ozon's
                       QStringLiteral("--fake-marketplace-limit"), QStringLiteral("1000000"),
                       QStringLiteral("--fake-marketplace-burst"), QStringLiteral("100000"),
                       QStringLiteral("--fake-marketplace-no-live")});
    fake.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    fake.start();
    if (!fake.waitForStarted(10000)) {
        *error = QStringLiteral("cannot start %1: %2").arg(sim, fake.errorString());
        return false;
    }
    static const QRegularExpression listening(
        QStringLiteral("fake marketplace listening on [^\\s]+:(\\d+)"));
    QByteArray out;
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 60000) {
        fake.waitForReadyRead(100);
        out += fake.readAllStandardOutput();
        const QRegularExpressionMatch m = listening.match(QString::fromUtf8(out));
        if (m.hasMatch()) {
            *port = quint16(m.captured(1).toUInt());
            return true;
        }
        if (fake.state() == QProcess::NotRunning)
            break;
    }
    *error = QStringLiteral("the fake marketplace did not listen: %1")
                 .arg(QString::fromUtf8(out.right(2000)));
    return false;
}

struct Round
{
    double wallMs = 0;    // the poller's start to the window's last page committed
    double pollMs = 0;    // poll_sources.last_duration_ms: first page stored to the last
    qint64 items = 0;     // items of the poll (postings; keyset paging re-reads a few)
    qint64 newEvents = 0; // of them new
    qint64 requests = 0;  // Ozon requests the fake answered during the round
};

qint64 ozonRequests(quint16 port)
{
    int status = 0;
    const QJsonObject stats =
        QJsonDocument::fromJson(localGet(port, "/fake/stats", &status)).object();
    return stats.value(QLatin1String("ozon"))
        .toObject()
        .value(QLatin1String("requests"))
        .toInteger();
}

} // namespace

bool runPollFigures(const Options &o, inbox::PgConnection &admin, QVector<Figure> *figures,
                    QString *error)
{
    const QString sim = findServiceBinary("inbox-sim", o.simBinary);
    const QString poller = findServiceBinary("inbox-poller", QString());
    if (sim.isEmpty() || poller.isEmpty()) {
        figures->append(skippedStage("poll", QStringLiteral("inbox-sim or inbox-poller not found"),
                                     "Build both (cmake --build build --target inbox-sim "
                                     "inbox-poller).",
                                     QStringLiteral("10,000 postings stored in < 2 s")));
        return true;
    }
    QTemporaryDir dir;
    QByteArray password;
    if (!dir.isValid() || !makeLogin(admin, kLogin, "inbox_ingest", &password, error))
        return false;
    const QString passwordFile = dir.filePath(QStringLiteral("db.password"));
    if (!writePrivate(passwordFile, password) ||
        !writePrivate(dir.filePath(QStringLiteral("ozon.client")), "123456\n") ||
        !writePrivate(dir.filePath(QStringLiteral("ozon.key")), "fake-ozon-api-key\n")) {
        *error = QStringLiteral("cannot write into %1").arg(dir.path());
        return false;
    }
    QProcess fake;
    quint16 port = 0;
    if (!startFake(fake, sim, o.pollPostings, &port, error))
        return false;
    const QString conninfo = serverConninfo(
        admin, {{"dbname", QString::fromUtf8(PQdb(admin.raw()))}, {"user", QLatin1String(kLogin)}});
    const QString tag = QStringLiteral("p%1").arg(QDateTime::currentMSecsSinceEpoch());

    QVector<Round> rounds;
    for (int r = 0; r < o.rounds; ++r) {
        // A fresh source each round: its first window takes in every posting of the fake.
        const QString source = QStringLiteral("ozon-bench-%1-%2").arg(tag).arg(r);
        const QString config = dir.filePath(QStringLiteral("poller.conf"));
        if (!writePrivate(config,
                          "[poller]\ndatabase = " + conninfo.toUtf8() +
                              "\ndatabase_password_file = " + QFile::encodeName(passwordFile) +
                              "\nworker = inbox-bench\nmetrics_listen = 127.0.0.1:0\n\n[source " +
                              source.toUtf8() + "]\nadapter = ozon\nbase_url = http://127.0.0.1:" +
                              QByteArray::number(port) +
                              "\nclient_id_file = ozon.client\napi_key_file = ozon.key\n"
                              "interval = 3600\nfirst_window = 600\npage_size = 1000\n"
                              "rate_per_minute = 60000\nburst = 1000\n")) {
            *error = QStringLiteral("cannot write %1").arg(config);
            return false;
        }
        const qint64 requestsBefore = ozonRequests(port);
        QProcess p;
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p.setStandardOutputFile(QProcess::nullDevice());
        QElapsedTimer timer;
        timer.start();
        p.start(poller, {QStringLiteral("--config"), config});
        if (!p.waitForStarted(10000)) {
            *error = QStringLiteral("cannot start %1").arg(poller);
            return false;
        }
        Round round;
        bool done = false;
        while (timer.elapsed() < 120000 && p.state() == QProcess::Running) {
            inbox::DbError dbError;
            const auto row =
                admin.exec(QStringLiteral("SELECT last_duration_ms, last_items, last_new FROM "
                                          "inbox.poll_sources WHERE source = $1 AND polls > 0"),
                           {inbox::PgParam(source)}, &dbError);
            if (row && row->rows() == 1) {
                round.wallMs = double(timer.nsecsElapsed()) / 1e6;
                round.pollMs = double(row->toInt(0, 0));
                round.items = row->toInt(0, 1);
                round.newEvents = row->toInt(0, 2);
                done = true;
                break;
            }
            QThread::msleep(5);
        }
        stopService(p, 10000);
        if (!done) {
            *error = QStringLiteral("round %1: the poll did not finish in 120 s").arg(r + 1);
            return false;
        }
        round.requests = ozonRequests(port) - requestsBefore;
        std::fprintf(stderr,
                     "  round %d: %.0f ms from start (%.0f ms first to last page), %lld "
                     "items, %lld new, %lld requests\n",
                     r + 1, round.wallMs, round.pollMs, round.items, round.newEvents,
                     round.requests);
        rounds.append(round);
    }
    stopService(fake, 10000);
    dropLogin(admin, kLogin);

    Timing wall, poll;
    QVector<double> items;
    for (const Round &r : std::as_const(rounds)) {
        wall.ms.append(r.wallMs);
        poll.ms.append(r.pollMs);
    }
    Figure f;
    f.name = QStringLiteral("poll_window_ms");
    f.latency = false;
    f.value = wall.median();
    f.unit = QStringLiteral("ms");
    f.target = QStringLiteral("< 2000 ms for 10,000 postings");
    f.met = o.pollPostings >= 10000 && f.value < 2000;
    f.note = QStringLiteral("median of %1 rounds: inbox-poller's start to the last page of one "
                            "window of %2 fake Ozon postings committed (page 1,000)")
                 .arg(rounds.size())
                 .arg(rounds.isEmpty() ? 0 : rounds.first().newEvents);
    f.extra.insert(QStringLiteral("first_to_last_page_ms_median"), poll.median());
    f.extra.insert(QStringLiteral("items"), rounds.isEmpty() ? 0 : rounds.first().items);
    f.extra.insert(QStringLiteral("requests"), rounds.isEmpty() ? 0 : rounds.first().requests);
    QJsonArray raw;
    for (const Round &r : std::as_const(rounds))
        raw.append(QJsonObject{{QStringLiteral("wall_ms"), r.wallMs},
                               {QStringLiteral("first_to_last_page_ms"), r.pollMs},
                               {QStringLiteral("new"), r.newEvents},
                               {QStringLiteral("requests"), r.requests}});
    f.extra.insert(QStringLiteral("rounds"), raw);
    figures->append(f);
    return true;
}

} // namespace bench
