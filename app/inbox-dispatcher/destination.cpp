#include "destination.h"

#include "deliveryrules.h"
#include "dispatchdatabase.h"
#include "dispatchermetrics.h"
#include "pgarray.h"

#include "db/pgconnection.h"
#include "support/logging.h"
#include "support/webhooksignature.h"

#include <QDateTime>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>
#include <QtEndian>

#include <spdlog/spdlog.h>

#include <algorithm>

namespace inbox::dispatch {

namespace {

PgParam textArray(const QStringList &values)
{
    if (values.isEmpty())
        return PgParam::null();
    front::PgArray array(front::PgArray::kText);
    for (const QString &v : values)
        array.append(v.toUtf8());
    return PgParam::bytes(array.wire());
}

// The socket's failure in words of our own: Qt's errorString() may name the host and port.
QString describe(QNetworkReply::NetworkError error)
{
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
        return QStringLiteral("connection refused");
    case QNetworkReply::RemoteHostClosedError:
        return QStringLiteral("connection closed before the answer");
    case QNetworkReply::HostNotFoundError:
        return QStringLiteral("host not found");
    case QNetworkReply::TimeoutError:
    case QNetworkReply::OperationCanceledError:
        return QStringLiteral("timed out");
    case QNetworkReply::SslHandshakeFailedError:
        return QStringLiteral("TLS handshake failed");
    default:
        return QStringLiteral("network error %1").arg(int(error));
    }
}

// The first bytes of an answer as text the database takes (no NUL), for the operator.
QString snippet(const QByteArray &bytes)
{
    QString text = QString::fromUtf8(bytes);
    text.remove(QChar(0));
    return text;
}

} // namespace

Destination::Destination(const DestinationConfig &config, const QString &worker,
                         DispatchDatabase &db, DispatcherMetrics &metrics, QObject *parent)
    : QObject(parent), m_config(config), m_label(config.name.toUtf8()), m_worker(worker), m_db(db),
      m_metrics(metrics)
{
    const int managers = (config.concurrency + 5) / 6;
    for (int i = 0; i < managers; ++i) {
        m_networks.push_back(std::make_unique<QNetworkAccessManager>());
        // Cookies and redirects are not a handler's business here: every request stands alone.
        m_networks.back()->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
        m_networkLoad.push_back(0);
    }
    m_clock.start();
    m_wakeTimer.setSingleShot(true);
    connect(&m_wakeTimer, &QTimer::timeout, this, &Destination::wake);
    m_flushTimer.setSingleShot(true);
    connect(&m_flushTimer, &QTimer::timeout, this, &Destination::flush);
    updateMetrics();
}

Destination::~Destination()
{
    for (auto it = m_flights.cbegin(); it != m_flights.cend(); ++it) {
        it.key()->disconnect(this);
        it.key()->abort();
    }
}

void Destination::scheduleWake(qint64 ms)
{
    const int wait = int(std::clamp<qint64>(ms, 1, 3600000));
    if (!m_wakeTimer.isActive() || m_wakeTimer.remainingTime() > wait)
        m_wakeTimer.start(wait);
}

void Destination::updateMetrics()
{
    m_metrics.setInFlight(m_label, inFlight());
    int state = 0;
    if (m_state == QLatin1String("open"))
        state = 1;
    else if (m_state == QLatin1String("half_open"))
        state = 2;
    else if (m_state == QLatin1String("waiting"))
        state = 3;
    else if (m_state == QLatin1String("disabled"))
        state = 4;
    m_metrics.setBreaker(m_label, state);
    m_metrics.setPaused(m_label, m_paused);
}

void Destination::setState(const QString &state, const QString &error)
{
    if (!error.isEmpty())
        m_lastError = error;
    if (state == m_state)
        return;
    logger("dispatcher")
        ->info("destination {}: {} -> {}{}", m_config.name.toStdString(), m_state.toStdString(),
               state.toStdString(), error.isEmpty() ? std::string() : ": " + error.toStdString());
    m_state = state;
    m_stateReported = false;
    report();
    updateMetrics();
}

void Destination::report()
{
    QString error;
    const auto rows = m_db.exec(QStringLiteral("SELECT paused, paused_reason FROM"
                                               " inbox.report_destination($1, $2, $3, $4)"),
                                {m_worker, m_config.name, m_state,
                                 m_lastError.isEmpty() ? PgParam::null() : PgParam(m_lastError)},
                                &error);
    m_metrics.setDatabaseUp(m_db.up());
    if (!rows || rows->rows() != 1)
        return; // said again by the next report
    m_stateReported = true;
    const auto backlog = m_db.exec(
        QStringLiteral("SELECT received, processing FROM inbox.route_backlog($1::text[])"),
        {textArray(m_config.sources)}, &error);
    if (backlog && backlog->rows() == 1)
        m_metrics.setBacklog(m_label, backlog->toInt(0, 0), backlog->toInt(0, 1));
    // After a 410 the pause carries the disablement; the breaker's own state goes on.
    if (m_state == QLatin1String("disabled"))
        m_state = QStringLiteral("closed");
    const bool paused = rows->toBool(0, 0);
    if (paused != m_paused) {
        m_paused = paused;
        logger("dispatcher")
            ->warn("destination {}: {}", m_config.name.toStdString(),
                   paused ? "paused (" + rows->text(0, 1).toStdString() + ")"
                          : std::string("resumed"));
        updateMetrics();
        if (!paused)
            QTimer::singleShot(0, this, &Destination::wake);
    }
}

void Destination::heartbeat()
{
    if (m_flights.isEmpty())
        return;
    QStringList ids;
    QStringList tokens;
    for (const Flight &f : std::as_const(m_flights)) {
        ids << QString::number(f.id);
        tokens << QString::number(f.token);
    }
    QString error;
    const auto rows =
        m_db.exec(QStringLiteral("SELECT count(*) FILTER (WHERE NOT inbox.heartbeat(i, $1, t))"
                                 " FROM unnest($2::bigint[], $3::bigint[]) AS x(i, t)"),
                  {m_worker, QStringLiteral("{%1}").arg(ids.join(QLatin1Char(','))),
                   QStringLiteral("{%1}").arg(tokens.join(QLatin1Char(',')))},
                  &error);
    if (!rows)
        logger("dispatcher")
            ->warn("destination {}: heartbeat failed: {}", m_config.name.toStdString(),
                   error.toStdString());
    else if (rows->toInt(0, 0) > 0)
        logger("dispatcher")
            ->warn("destination {}: {} requests in flight lost their lock (taken over or "
                   "requeued); their outcome will not count",
                   m_config.name.toStdString(), rows->toInt(0, 0));
}

void Destination::wake()
{
    if (m_stopping)
        return;
    if (!m_unrecorded.isEmpty()) {
        // The outcomes first: a claim while they cannot be recorded would only pile up more.
        if (!m_flushTimer.isActive())
            m_flushTimer.start(0);
        return;
    }
    if (!m_stateReported)
        report();
    if (m_paused)
        return;
    const qint64 now = m_clock.elapsed();
    if (now < m_waitUntil) {
        scheduleWake(m_waitUntil - now);
        return;
    }
    if (m_state == QLatin1String("waiting") && m_breaker == Breaker::Closed)
        setState(QStringLiteral("closed"));
    int room = 0;
    if (m_breaker == Breaker::Open) {
        if (now < m_probeAt) {
            scheduleWake(m_probeAt - now);
            return;
        }
        if (!m_flights.isEmpty())
            return; // the probe goes out once the last request of before has ended
        m_breaker = Breaker::HalfOpen;
        setState(QStringLiteral("half_open"));
        room = 1;
    } else if (m_breaker == Breaker::HalfOpen) {
        if (!m_flights.isEmpty())
            return; // the probe is in flight
        room = 1;
    } else {
        room = m_config.concurrency - inFlight();
    }
    if (room <= 0)
        return;
    if (m_config.rate > 0) {
        if (now < m_nextStart) {
            scheduleWake(m_nextStart - now);
            return;
        }
        // A second's worth at most, so a quiet minute does not become a burst.
        const qint64 earned = 1 + (now - m_nextStart) * m_config.rate / 1000;
        room = int(std::min<qint64>({qint64(room), earned, qint64(m_config.rate)}));
    }
    QString error;
    const auto rows = m_db.exec(
        QStringLiteral("SELECT id, lock_token, attempts, source, external_id, kind,"
                       " idempotency_key, content_type, body"
                       " FROM inbox.claim_routed($1, $2, $3::text[], $4::text[], $5)"),
        {m_worker, room, textArray(m_config.sources), textArray(m_config.kinds),
         m_config.orderSeparator.isEmpty() ? PgParam::null() : PgParam(m_config.orderSeparator)},
        &error);
    m_metrics.setDatabaseUp(m_db.up());
    if (!rows) {
        if (!m_warnedDb)
            logger("dispatcher")
                ->warn("destination {}: claim failed: {}", m_config.name.toStdString(),
                       error.toStdString());
        m_warnedDb = true;
        scheduleWake(1000);
        return;
    }
    m_warnedDb = false;
    for (int r = 0; r < rows->rows(); ++r) {
        if (!adoptIfInFlight(*rows, r))
            send(*rows, r);
    }
    if (rows->rows() > 0)
        emit claimedSome();
    if (m_config.rate > 0 && rows->rows() > 0)
        m_nextStart = std::max(m_nextStart, now) + rows->rows() * 1000 / m_config.rate;
    if (m_config.rate > 0 && rows->rows() == room && m_breaker == Breaker::Closed)
        scheduleWake(std::max<qint64>(1, m_nextStart - now));
    updateMetrics();
}

bool Destination::adoptIfInFlight(const PgRows &rows, int row)
{
    const qint64 id = rows.toInt(row, 0);
    for (Flight &f : m_flights) {
        if (f.id != id)
            continue;
        // Our own request's lock looked expired (a heartbeat late, or a clock moved) and this
        // claim took it over: the request on the wire goes on under the new token, never a
        // second request for the same event beside it.
        f.token = rows.toInt(row, 1);
        f.attempt = int(rows.toInt(row, 2));
        logger("dispatcher")
            ->warn("destination {}: event {} was claimed again while its request is in flight "
                   "(its lock looked expired); the request goes on under the new claim",
                   m_config.name.toStdString(), id);
        return true;
    }
    return false;
}

void Destination::send(const PgRows &rows, int row)
{
    Flight f;
    f.id = rows.toInt(row, 0);
    f.token = rows.toInt(row, 1);
    f.attempt = int(rows.toInt(row, 2));
    const QByteArray key = rows.text(row, 6).toUtf8();
    const QByteArray hex = rows.raw(row, 8);
    const QByteArray body = QByteArray::fromHex(hex.mid(2)); // bytea's text form: \x<hex>

    QNetworkRequest request(m_config.url);
    request.setTransferTimeout(m_config.timeoutMs);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    request.setHeader(QNetworkRequest::ContentTypeHeader, rows.text(row, 7).toUtf8());
    request.setRawHeader("Idempotency-Key", key);
    request.setRawHeader("X-Inbox-Source", rows.text(row, 3).toUtf8());
    // An external id is the sender's text: percent-encoded, so no byte of it can end a header.
    request.setRawHeader("X-Inbox-External-Id", QUrl::toPercentEncoding(rows.text(row, 4)));
    if (!rows.isNull(row, 5))
        request.setRawHeader("X-Inbox-Kind", QUrl::toPercentEncoding(rows.text(row, 5)));
    request.setRawHeader("X-Inbox-Event-Id", QByteArray::number(f.id));
    request.setRawHeader("X-Inbox-Attempt", QByteArray::number(f.attempt));
    const QByteArray timestamp = QByteArray::number(QDateTime::currentSecsSinceEpoch());
    request.setRawHeader("webhook-id", key);
    request.setRawHeader("webhook-timestamp", timestamp);
    if (!m_config.signingKey.isEmpty())
        request.setRawHeader("webhook-signature",
                             WebhookSignature::sign(m_config.signingKey, key, timestamp, body));
    for (const auto &header : m_config.headers)
        request.setRawHeader(header.first, header.second);

    // The least loaded manager. Qt re-sends a request by itself, once, when a kept-alive
    // connection closes before the answer; we keep keep-alive (throughput: one connection per
    // request would cost a handshake each) because a re-send is harmless here: it carries the
    // same Idempotency-Key and webhook-id, which handlers deduplicate on. The attempt we count
    // is the contract's (one per claim), not the number of times the bytes left.
    const auto least = std::min_element(m_networkLoad.begin(), m_networkLoad.end());
    f.network = int(least - m_networkLoad.begin());
    ++*least;
    f.started.start();
    QNetworkReply *reply = m_networks.at(size_t(f.network))->post(request, body);
    m_flights.insert(reply, f);
    connect(reply, &QNetworkReply::finished, this, [this, reply] { answered(reply); });
}

void Destination::answered(QNetworkReply *reply)
{
    reply->deleteLater();
    const auto it = m_flights.find(reply);
    if (it == m_flights.end())
        return;
    const Flight f = it.value();
    m_flights.erase(it);
    --m_networkLoad[size_t(f.network)];
    const qint64 now = m_clock.elapsed();
    const double seconds = f.started.nsecsElapsed() / 1e9;
    const QVariant statusAttr = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    const int status = statusAttr.isValid() ? statusAttr.toInt() : 0;
    const QByteArray answer = status > 0 ? reply->read(m_config.answerLimit) : QByteArray();

    QString error;
    if (status == 0) {
        error =
            QStringLiteral("no answer from %1: %2").arg(m_config.name, describe(reply->error()));
        if (reply->error() == QNetworkReply::OperationCanceledError ||
            reply->error() == QNetworkReply::TimeoutError)
            error = m_aborting
                        ? QStringLiteral("dispatcher stopped before %1 answered").arg(m_config.name)
                        : QStringLiteral("no answer from %1 within %2 ms")
                              .arg(m_config.name)
                              .arg(m_config.timeoutMs);
    } else {
        error = QStringLiteral("HTTP %1 from %2").arg(status).arg(m_config.name);
    }

    QString outcome;
    switch (DeliveryRules::classify(status)) {
    case DeliveryRules::Verdict::Done:
    case DeliveryRules::Verdict::Reject:
        outcome = status < 300 ? QStringLiteral("done") : QStringLiteral("reject");
        m_failures = 0;
        if (m_breaker != Breaker::Closed) {
            m_breaker = Breaker::Closed;
            setState(QStringLiteral("closed"));
        }
        break;
    case DeliveryRules::Verdict::Gone:
        // The handler says it is gone for good: this event waits, uncounted, for a person to
        // resume the destination (or to send it elsewhere).
        outcome = QStringLiteral("release");
        logger("dispatcher")
            ->error("destination {}: the handler answered 410 Gone: disabled until an operator "
                    "resumes it (inbox.resume_destination)",
                    m_config.name.toStdString());
        m_state = QStringLiteral("closed");
        setState(QStringLiteral("disabled"), error);
        break;
    case DeliveryRules::Verdict::Retry:
        if (m_aborting) {
            outcome = QStringLiteral("release");
        } else if (m_breaker != Breaker::Closed) {
            // Open or probing: a dead handler fails nothing; the probe's event waits again.
            outcome = QStringLiteral("release");
            m_breaker = Breaker::Open;
            m_probeAt = now + m_config.breakerIntervalMs;
            setState(QStringLiteral("open"), error);
        } else {
            outcome = QStringLiteral("retry");
            if (++m_failures >= m_config.breakerFailures) {
                m_breaker = Breaker::Open;
                m_probeAt = now + m_config.breakerIntervalMs;
                logger("dispatcher")
                    ->warn("destination {}: {} failures in a row, the breaker opens: one probe "
                           "every {} ms",
                           m_config.name.toStdString(), m_failures, m_config.breakerIntervalMs);
                setState(QStringLiteral("open"), error);
            }
        }
        if (status > 0 && DeliveryRules::honoursRetryAfter(status) &&
            reply->hasRawHeader("Retry-After")) {
            const auto wait = DeliveryRules::retryAfterSeconds(reply->rawHeader("Retry-After"),
                                                               QDateTime::currentDateTimeUtc());
            if (wait) {
                const qint64 s = std::min<qint64>(*wait, m_config.maxRetryAfterS);
                m_waitUntil = std::max(m_waitUntil, now + s * 1000);
                logger("dispatcher")
                    ->warn("destination {}: {} with Retry-After {} s: no requests until then",
                           m_config.name.toStdString(), status, s);
                if (m_breaker == Breaker::Closed)
                    setState(QStringLiteral("waiting"), error);
            }
        }
        break;
    }

    m_unrecorded.append({f.id, f.token, outcome, status, snippet(answer), int(seconds * 1000),
                         outcome == QLatin1String("done") ? QString() : error, seconds});
    updateMetrics();
    // Recorded together with the others that come in before the event loop turns.
    if (!m_flushTimer.isActive())
        m_flushTimer.start(0);
}

void Destination::flush()
{
    if (!m_unrecorded.isEmpty()) {
        QList<Unrecorded> batch = m_unrecorded;
        // In id order, the order complete_many and requeue lock events in.
        std::sort(batch.begin(), batch.end(),
                  [](const Unrecorded &a, const Unrecorded &b) { return a.id < b.id; });
        QString error;
        if (recordBatch(batch, &error)) {
            m_unrecorded.clear();
        } else if (m_db.up()) {
            // The database refused the statement, not the connection: one by one, so one
            // event it refuses (pruned meanwhile) cannot hold back the others.
            logger("dispatcher")
                ->warn("destination {}: recording {} outcomes together failed ({}); one by one",
                       m_config.name.toStdString(), batch.size(), error.toStdString());
            QList<Unrecorded> left;
            for (const Unrecorded &u : std::as_const(batch)) {
                if (!record(u) && !m_db.up())
                    left.append(u);
            }
            m_unrecorded = left;
        } else {
            logger("dispatcher")
                ->warn("destination {}: {} outcomes not recorded yet: {}",
                       m_config.name.toStdString(), batch.size(), error.toStdString());
            m_flushTimer.start(1000); // the connection is opened again at most once a second
            if (!m_stopping)
                return;
        }
    }
    if (m_stopping) {
        if (!m_idleSent && m_flights.isEmpty() && (m_unrecorded.isEmpty() || m_aborting)) {
            m_idleSent = true; // once: the dispatcher counts its destinations' idle signals
            m_flushTimer.stop();
            if (!m_unrecorded.isEmpty())
                logger("dispatcher")
                    ->error("destination {}: stopping with {} outcomes unrecorded: their events "
                            "are taken over after the lock timeout and sent again",
                            m_config.name.toStdString(), m_unrecorded.size());
            emit idle();
        }
        return;
    }
    wake();
}

bool Destination::recordBatch(const QList<Unrecorded> &batch, QString *error)
{
    const auto int4 = [](qint32 v) {
        const quint32 be = qToBigEndian(quint32(v));
        return QByteArray(reinterpret_cast<const char *>(&be), 4);
    };
    const auto int8 = [](qint64 v) {
        const quint64 be = qToBigEndian(quint64(v));
        return QByteArray(reinterpret_cast<const char *>(&be), 8);
    };
    front::PgArray ids(20), tokens(20), outcomes(front::PgArray::kText), statuses(23),
        answers(front::PgArray::kText), durations(23), errors(front::PgArray::kText);
    for (const Unrecorded &u : batch) {
        ids.append(int8(u.id));
        tokens.append(int8(u.token));
        outcomes.append(u.outcome.toUtf8());
        if (u.status > 0)
            statuses.append(int4(u.status));
        else
            statuses.appendNull();
        if (u.answer.isEmpty())
            answers.appendNull();
        else
            answers.append(u.answer.toUtf8());
        durations.append(int4(u.durationMs));
        if (u.error.isEmpty())
            errors.appendNull();
        else
            errors.append(u.error.toUtf8());
    }
    // One call for the batch (0028): the 'done' answers are completed together, the rare
    // others one by one inside it, each element given what finish_delivery would give it.
    const auto rows = m_db.exec(
        QStringLiteral("SELECT applied FROM inbox.finish_deliveries($1, $2, $3::bigint[],"
                       " $4::bigint[], $5::text[], $6::int[], $7::text[], $8::int[], $9::text[])"
                       " ORDER BY ord"),
        {m_worker, m_config.name, PgParam::bytes(ids.wire()), PgParam::bytes(tokens.wire()),
         PgParam::bytes(outcomes.wire()), PgParam::bytes(statuses.wire()),
         PgParam::bytes(answers.wire()), PgParam::bytes(durations.wire()),
         PgParam::bytes(errors.wire())},
        error);
    m_metrics.setDatabaseUp(m_db.up());
    if (!rows || rows->rows() != int(batch.size()))
        return false;
    for (int i = 0; i < rows->rows(); ++i) {
        const Unrecorded &u = batch.at(i);
        const QString applied = rows->text(i, 0);
        m_metrics.delivered(m_label, applied.toUtf8(), u.seconds);
        if (applied != QLatin1String("done") && applied != QLatin1String("released"))
            logger("dispatcher")
                ->info("destination {}: event {}: {} ({})", m_config.name.toStdString(), u.id,
                       applied.toStdString(), u.error.toStdString());
    }
    return true;
}

bool Destination::record(const Unrecorded &u)
{
    QString error;
    const auto rows = m_db.exec(
        QStringLiteral("SELECT inbox.finish_delivery($1, $2, $3, $4, $5, $6, $7, $8, $9)"),
        {u.id, m_worker, u.token, m_config.name, u.outcome,
         u.status > 0 ? PgParam(u.status) : PgParam::null(),
         u.answer.isEmpty() ? PgParam::null() : PgParam(u.answer), u.durationMs,
         u.error.isEmpty() ? PgParam::null() : PgParam(u.error)},
        &error);
    m_metrics.setDatabaseUp(m_db.up());
    if (!rows || rows->rows() != 1) {
        logger("dispatcher")
            ->error("destination {}: event {}: outcome {} not recorded: {}",
                    m_config.name.toStdString(), u.id, u.outcome.toStdString(),
                    error.toStdString());
        m_metrics.delivered(m_label, "unrecorded", u.seconds);
        return false;
    }
    m_metrics.delivered(m_label, rows->text(0, 0).toUtf8(), u.seconds);
    return true;
}

void Destination::stop()
{
    m_stopping = true;
    m_wakeTimer.stop();
    if (m_flights.isEmpty())
        m_flushTimer.start(0); // records what is left, then says idle
}

void Destination::abortAll()
{
    m_aborting = true;
    const QList<QNetworkReply *> replies = m_flights.keys();
    for (QNetworkReply *reply : replies)
        reply->abort(); // finished() follows at once: the attempt is released
    if (!m_flushTimer.isActive())
        m_flushTimer.start(0);
}

} // namespace inbox::dispatch
