#include "sourcepoller.h"

#include "deliveryrules.h"
#include "polldatabase.h"
#include "pollwindow.h"

#include "support/logging.h"

#include <QDateTime>
#include <QMetaEnum>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRandomGenerator>

#include <spdlog/spdlog.h>

namespace inbox::poll {

namespace {

// A Retry-After longer than this is cut to it: an API that asks for a day is asked again in
// an hour, and the failure is visible meanwhile.
constexpr qint64 kLongestRetryAfterS = 3600;

QByteArray statusClass(int status)
{
    if (status == 0)
        return "error";
    if (status == 429)
        return "429";
    return QByteArray::number(status / 100) + "xx";
}

// The start of an answer for the operator: printable, one line, short.
QString answerExcerpt(const QByteArray &body)
{
    QString text = QString::fromUtf8(body.left(200)).simplified();
    for (QChar &c : text) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            c = QLatin1Char('?');
    }
    return text;
}

} // namespace

SourcePoller::SourcePoller(const SourceConfig &config, std::unique_ptr<PollAdapter> adapter,
                           PollDatabase &db, const ConnectOptions &options, const QString &worker,
                           PollerMetrics &metrics, QNetworkAccessManager &network, QObject *parent)
    : QObject(parent), m_config(config), m_name(config.name.toUtf8()),
      m_adapter(std::move(adapter)), m_db(db), m_store(options, worker), m_metrics(metrics),
      m_network(network),
      m_bucket(config.ratePerMinute > 0 ? config.ratePerMinute : m_adapter->defaultRatePerMinute(),
               config.burst > 0 ? config.burst : m_adapter->defaultBurst())
{
    m_clock.start();
    m_timer.setSingleShot(true);
    // A coarse timer may fire 5% early: a Retry-After of 2 s would be broken by 100 ms.
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &SourcePoller::step);
    m_metrics.addSource(m_name);
}

SourcePoller::~SourcePoller()
{
    if (m_reply)
        m_reply->abort();
}

void SourcePoller::start()
{
    schedule(0);
}

void SourcePoller::schedule(qint64 ms)
{
    m_timer.start(int(qMin<qint64>(ms, 24 * 3600 * 1000)));
}

void SourcePoller::stop()
{
    m_stopping = true;
    if (!m_reply)
        m_timer.stop();
    finishIfStopping();
}

void SourcePoller::abort()
{
    m_aborting = true;
    m_stopping = true;
    m_timer.stop();
    m_held.reset();
    if (m_reply)
        m_reply->abort(); // answered() follows, synchronously, and ends it
    else
        finishIfStopping();
}

void SourcePoller::finishIfStopping()
{
    if (!m_stopping || m_idleSent || m_reply || m_storing)
        return;
    m_idleSent = true;
    m_timer.stop();
    // Queued: a caller counting idle sources is never re-entered from its own stop().
    QMetaObject::invokeMethod(this, &SourcePoller::idle, Qt::QueuedConnection);
}

void SourcePoller::step()
{
    if (m_stopping || m_dead) {
        finishIfStopping();
        return;
    }
    // A page is being stored or its successor is on its way: the store's end goes on.
    if (m_storing || m_reply)
        return;
    const auto log = logger("poller");
    if (!m_opened) {
        DbError error;
        const std::optional<OpenedSource> opened =
            m_db.open(m_config.name, m_adapter->name(), &error);
        m_metrics.setDatabaseUp(m_db.up());
        if (!opened) {
            m_metrics.error(m_name, "database");
            if (!error.connectionLost && error.sqlstate.startsWith(QLatin1String("22"))) {
                // Refused (another adapter's source, a bad name): no retry can help. Anything
                // else (a timeout, a lock, a missing grant being fixed) is tried again.
                log->error("source {}: inbox.poll_open refused it, not polled: {}",
                           m_config.name.toStdString(), error.oneLine().toStdString());
                m_dead = true;
                m_metrics.setState(m_name, PollerMetrics::State::Stopped);
                return;
            }
            log->warn("source {}: cannot open it yet: {}", m_config.name.toStdString(),
                      error.oneLine().toStdString());
            schedule(backoffMs(++m_failures, QRandomGenerator::global()->generateDouble()));
            return;
        }
        m_opened = true;
        m_failures = 0;
        m_cursor = opened->cursor;
        // The lag is known from the start: a poller that was down shows how far behind it is.
        const QDateTime polledTo = readIsoTime(m_cursor.value(QLatin1String("polled_to")));
        if (polledTo.isValid())
            m_metrics.setPolledTo(m_name, polledTo);
        m_metrics.setState(m_name, opened->state == QLatin1String("failing")
                                       ? PollerMetrics::State::Failing
                                       : PollerMetrics::State::Polling);
        log->info("source {}: open, adapter {}, state {}", m_config.name.toStdString(),
                  m_adapter->name().toStdString(), opened->state.toStdString());
    }
    send(m_cursor, false);
}

bool SourcePoller::send(const QJsonObject &cursor, bool readAhead)
{
    PollRequest request;
    QString error;
    if (!m_adapter->nextRequest(cursor, QDateTime::currentDateTimeUtc(), &request, &error)) {
        // Read ahead, the stored cursor's own request reports it once the page is stored.
        if (!readAhead)
            fail("cursor", QStringLiteral("the stored cursor cannot be read: %1").arg(error), 0,
                 false);
        return false;
    }
    const qint64 wait = m_bucket.take(m_clock.elapsed());
    if (wait > 0) {
        if (!readAhead)
            schedule(wait);
        return false;
    }
    QNetworkRequest http(request.url);
    http.setTransferTimeout(m_config.timeoutS * 1000);
    // Credentials are never sent on to where a redirect points: a moved API is a configuration
    // to fix.
    http.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                      QNetworkRequest::ManualRedirectPolicy);
    for (const auto &header : std::as_const(request.headers))
        http.setRawHeader(header.first, header.second);
    m_reply = request.method == "POST" ? m_network.post(http, request.body) : m_network.get(http);
    const QJsonObject requestCursor = request.requestCursor;
    QNetworkReply *reply = m_reply;
    // The whole request within `timeout`: Qt's transfer timeout only notices silence, and an
    // answer that trickles would hold the source for ever.
    m_timedOut = false;
    QTimer::singleShot(m_config.timeoutS * 1000, reply, [this, reply] {
        m_timedOut = true;
        reply->abort();
    });
    connect(reply, &QNetworkReply::finished, this,
            [this, reply, requestCursor] { answered(reply, requestCursor); });
    return true;
}

void SourcePoller::dropReadAhead()
{
    m_held.reset();
    if (!m_reply)
        return;
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    disconnect(reply, nullptr, this, nullptr);
    reply->abort();
    reply->deleteLater();
}

void SourcePoller::answered(QNetworkReply *reply, const QJsonObject &requestCursor)
{
    reply->deleteLater();
    m_reply = nullptr;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    m_metrics.request(m_name, statusClass(status));
    if (m_aborting) {
        finishIfStopping();
        return;
    }
    Answer answer = readAnswer(reply, status, requestCursor);
    if (m_storing) {
        // Read while the page before is stored; handled once that one is committed, since
        // this page's cursor comes after it.
        m_held = std::move(answer);
        return;
    }
    handle(answer);
}

SourcePoller::Answer SourcePoller::readAnswer(QNetworkReply *reply, int status,
                                              const QJsonObject &requestCursor) const
{
    Answer answer;
    answer.httpStatus = status;
    // 204 (amoCRM: nothing in the window) is read as an empty answer.
    if ((status == 200 || status == 204) && reply->error() == QNetworkReply::NoError) {
        answer.page =
            m_adapter->readPage(requestCursor, status == 204 ? QByteArray() : reply->readAll());
        if (!answer.page.error.isEmpty()) {
            answer.failure = "answer";
            answer.what = QStringLiteral("the answer cannot be read: %1").arg(answer.page.error);
        }
        return answer;
    }
    answer.failure = "http";
    const QByteArray body = reply->readAll();
    if (m_timedOut || reply->error() == QNetworkReply::OperationCanceledError ||
        reply->error() == QNetworkReply::TimeoutError) {
        answer.httpStatus = 0;
        answer.what = QStringLiteral("no answer within %1 s").arg(m_config.timeoutS);
        return answer;
    }
    if (status == 0) {
        // The error's name, not errorString(): Qt's text can quote the URL, and a URL may
        // carry a key.
        const char *name =
            QMetaEnum::fromType<QNetworkReply::NetworkError>().valueToKey(reply->error());
        answer.what = QStringLiteral("no answer: %1").arg(QLatin1String(name ? name : "error"));
        return answer;
    }
    answer.what = QStringLiteral("HTTP %1: %2").arg(status).arg(answerExcerpt(body));
    answer.stopSource = status == 401 || status == 403;
    if (status == 429) {
        // Retry-After, or Wildberries' own X-Ratelimit-Retry (seconds) when it sends only that.
        std::optional<qint64> seconds = dispatch::DeliveryRules::retryAfterSeconds(
            reply->rawHeader("Retry-After"), QDateTime::currentDateTimeUtc());
        if (!seconds && reply->hasRawHeader("X-Ratelimit-Retry"))
            seconds = dispatch::DeliveryRules::retryAfterSeconds(
                reply->rawHeader("X-Ratelimit-Retry"), QDateTime::currentDateTimeUtc());
        if (seconds)
            answer.waitMs = qMin(*seconds, kLongestRetryAfterS) * 1000;
    }
    return answer;
}

void SourcePoller::handle(const Answer &answer)
{
    if (!answer.failure.isEmpty()) {
        fail(answer.failure, answer.what, answer.httpStatus, answer.stopSource, answer.waitMs);
        return;
    }
    storePage(answer.page);
}

void SourcePoller::storePage(const PolledPage &page)
{
    m_storing = true;
    m_store.store(m_config.name, page,
                  [this, page](const StoreOutcome &outcome) { stored(page, outcome); });
    // Read ahead: the next page's request goes out while this one is stored.
    if (!page.pollDone && m_adapter->readsAhead() && !m_stopping && !m_dead)
        send(page.cursor, true);
}

void SourcePoller::stored(const PolledPage &page, const StoreOutcome &outcome)
{
    m_storing = false;
    const auto log = logger("poller");
    m_metrics.setDatabaseUp(outcome.databaseUp);
    if (!outcome.stored) {
        // The cursor stays: the same page is fetched again once the database is back, and
        // what was read ahead of it is dropped.
        dropReadAhead();
        m_metrics.error(m_name, "database");
        log->warn("source {}: a page of {} items is not stored, it will be fetched again: {}",
                  m_config.name.toStdString(), page.items.size(),
                  outcome.error.oneLine().toStdString());
        if (m_stopping) {
            finishIfStopping();
            return;
        }
        schedule(backoffMs(++m_failures, QRandomGenerator::global()->generateDouble()));
        return;
    }
    const StoredPage &counts = *outcome.stored;
    m_cursor = page.cursor;
    m_failures = 0;
    m_metrics.stored(m_name, counts.fresh, counts.repeats, counts.conflicts);
    m_metrics.setState(m_name, PollerMetrics::State::Polling);
    log->debug("source {}: page stored: {} items, {} new, {} repeats, {} conflicts",
               m_config.name.toStdString(), page.items.size(), counts.fresh, counts.repeats,
               counts.conflicts);
    if (page.pollDone) {
        m_metrics.pollDone(m_name, page.windowEnd);
        log->info("source {}: polled to {}", m_config.name.toStdString(),
                  page.windowEnd.toUTC().toString(Qt::ISODateWithMs).toStdString());
    }
    if (m_aborting) {
        finishIfStopping();
        return;
    }
    if (m_held) {
        const Answer held = std::move(*m_held);
        m_held.reset();
        handle(held);
        return;
    }
    if (m_reply)
        return; // the page read ahead goes on when it is answered
    if (m_stopping) {
        finishIfStopping();
        return;
    }
    if (!page.pollDone) {
        schedule(0);
        return;
    }
    const qint64 behindMs = page.windowEnd.msecsTo(QDateTime::currentDateTimeUtc());
    // Behind by more than an interval (a window the API limits, or a poller that was down):
    // the next window now, not after a pause.
    schedule(behindMs > qint64(m_config.intervalS) * 1000 ? 0 : qint64(m_config.intervalS) * 1000);
}

void SourcePoller::fail(const QByteArray &kind, const QString &what, int httpStatus,
                        bool stopSource, qint64 waitMs)
{
    const auto log = logger("poller");
    m_metrics.error(m_name, kind);
    m_metrics.setState(m_name,
                       stopSource ? PollerMetrics::State::Stopped : PollerMetrics::State::Failing);
    DbError error;
    if (!m_db.failed(m_config.name, what, httpStatus, stopSource, &error))
        log->warn("source {}: the failure is not recorded in the database: {}",
                  m_config.name.toStdString(), error.oneLine().toStdString());
    m_metrics.setDatabaseUp(m_db.up());
    if (stopSource) {
        m_dead = true;
        log->error("source {}: stopped: {} (fix the credentials, then restart the poller)",
                   m_config.name.toStdString(), what.toStdString());
        finishIfStopping();
        return;
    }
    ++m_failures;
    const qint64 wait =
        waitMs >= 0 ? waitMs : backoffMs(m_failures, QRandomGenerator::global()->generateDouble());
    log->warn("source {}: {} (failure {} in a row; next try in {} ms)", m_config.name.toStdString(),
              what.toStdString(), m_failures, wait);
    if (m_stopping) {
        finishIfStopping();
        return;
    }
    schedule(wait);
}

} // namespace inbox::poll
