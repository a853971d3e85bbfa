#include "httpsender.h"

#include "staller.h"
#include "support/logging.h"
#include "support/webhooksignature.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

#include <spdlog/spdlog.h>

#include <chrono>
#include <memory>
#include <thread>

namespace inbox::sim {

namespace {

SourceId idOf(const QString &name)
{
    const Source *s = sourceByName(name);
    return s ? s->id : SourceId::WebForm;
}

} // namespace

HttpSender::HttpSender(const FrontDoor &door, double secondsPerMinute, Ledger &ledger,
                       Staller *staller, quint64 seed)
    : m_door(door), m_minute(secondsPerMinute), m_ledger(ledger), m_staller(staller), m_rng(seed)
{
    m_thread.setObjectName(QStringLiteral("http senders"));
    moveToThread(&m_thread);
}

HttpSender::~HttpSender()
{
    stop(0);
}

void HttpSender::start()
{
    m_thread.start();
}

void HttpSender::schedule(const Delivery &d)
{
    if (!m_open)
        return;
    ++m_scheduled;
    QMetaObject::invokeMethod(
        this,
        [this, d] {
            QTimer::singleShot(std::chrono::milliseconds(qint64(d.at * 1000)), this, [this, d] {
                if (m_open)
                    send(d, 0);
            });
        },
        Qt::QueuedConnection);
}

void HttpSender::stop(int graceMs)
{
    if (!m_thread.isRunning())
        return;
    m_open = false;
    for (int waited = 0; waited < graceMs && m_inFlight > 0; waited += 20)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    QMetaObject::invokeMethod(
        this,
        [this] {
            const QSet<QNetworkReply *> replies = m_replies;
            for (QNetworkReply *r : replies)
                r->abort(); // finished() runs now: the send's fate is unknown to the sender
            for (const QVector<QNetworkAccessManager *> &pool : std::as_const(m_managers))
                qDeleteAll(pool);
            m_managers.clear();
        },
        Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

HttpSender::Stats HttpSender::stats() const
{
    Stats s;
    s.requests = m_requests;
    s.answered = m_answered;
    s.timedOut = m_timedOut;
    s.unavailable = m_unavailable;
    s.networkErrors = m_networkErrors;
    s.refused = m_refused;
    s.resends = m_resends;
    s.resendsAnswered = m_resendsAnswered;
    s.givenUp = m_givenUp;
    s.plannedRepeatsAnswered = m_plannedAnswered;
    return s;
}

QNetworkAccessManager *HttpSender::manager(const QString &source)
{
    // Qt 6.4 opens at most 6 connections per host and manager, and queues the rest: a
    // sender whose requests wait in that queue would time out without ever being sent. Real
    // senders open more (Telegram up to 40), so each source takes turns over a few managers.
    QVector<QNetworkAccessManager *> &pool = m_managers[source];
    if (pool.isEmpty()) {
        for (int i = 0; i < kManagersPerSource; ++i) {
            auto *m = new QNetworkAccessManager;
            m->setAutoDeleteReplies(false);
            pool << m;
        }
    }
    return pool.at(int(m_turn++ % quint64(pool.size())));
}

void HttpSender::send(const Delivery &d, int attempt)
{
    const SourceId id = idOf(d.msg.source);
    // The slow-receiver stall: this original's key is taken first by the staller's open
    // transaction, and the delivery goes out once it is held.
    if (m_staller && attempt == 0 && d.expect == Expect::New &&
        (id == SourceId::Telegram || id == SourceId::WebForm) && m_staller->due()) {
        ++m_inFlight;
        m_staller->trap(d.msg, [this, d] {
            QMetaObject::invokeMethod(
                this,
                [this, d] {
                    --m_inFlight;
                    if (m_open)
                        send(d, -1);
                },
                Qt::QueuedConnection);
        });
        return;
    }
    attempt = qMax(0, attempt);
    if (attempt == 0)
        ++m_firstSends;

    Message m = d.msg;
    if (attempt > 0 && d.hasForm) // the form CRM signs every resend anew
        m.body = bodies::crmForm(d.form, QDateTime::currentDateTimeUtc(), m_rng).body;
    QUrl url = m_door.base();
    url.setPath(FrontDoor::path(id));
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, m.contentType.toUtf8());
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    if (id == SourceId::Telegram) {
        request.setRawHeader("X-Telegram-Bot-Api-Secret-Token", m_door.secrets().telegram);
    } else if (id == SourceId::CrmEvents) {
        const QByteArray hookId = m.externalId.toUtf8();
        const QByteArray timestamp = QByteArray::number(QDateTime::currentSecsSinceEpoch());
        request.setRawHeader("webhook-id", hookId);
        request.setRawHeader("webhook-timestamp", timestamp);
        request.setRawHeader(
            "webhook-signature",
            WebhookSignature::sign(
                WebhookSignature::decodeSecret(m_door.secrets().webhooks).value_or(QByteArray()),
                hookId, timestamp, m.body));
    }

    const SendRule rule = Senders::rule(id, m_minute);
    QNetworkReply *reply = manager(m.source)->post(request, m.body);
    m_replies.insert(reply);
    ++m_requests;
    ++m_inFlight;
    auto timedOut = std::make_shared<bool>(false);
    QTimer::singleShot(std::chrono::milliseconds(rule.timeoutMs), reply, [reply, timedOut] {
        *timedOut = true; // the sender stops waiting; the receiver may still store it
        reply->abort();
    });
    connect(reply, &QNetworkReply::finished, this,
            [this, reply, d, attempt, timedOut] { finished(reply, d, attempt, *timedOut); });
}

void HttpSender::finished(QNetworkReply *reply, const Delivery &d, int attempt, bool timedOut)
{
    static const auto log = logger("sim");
    m_replies.remove(reply);
    reply->deleteLater();
    --m_inFlight;
    const Message &m = d.msg;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (timedOut) {
        ++m_timedOut;
        m_ledger.lost(m.source, m.externalId);
        resend(d, attempt);
        return;
    }
    if (status == 200) {
        const QJsonObject answer = QJsonDocument::fromJson(reply->readAll()).object();
        m_ledger.answered(m.source, m.externalId, d.expect,
                          answer.value(QStringLiteral("outcome")).toString(),
                          qint64(answer.value(QStringLiteral("event_id")).toDouble()));
        ++m_answered;
        if (attempt > 0)
            ++m_resendsAnswered;
        if (d.expect != Expect::New)
            ++m_plannedAnswered;
        return;
    }
    if (status >= 500) {
        ++m_unavailable; // refused before anything was stored: sent again later
        resend(d, attempt);
        return;
    }
    if (status == 0) {
        ++m_networkErrors;
        // Refused connections carried nothing; any other failure may have been stored.
        if (reply->error() != QNetworkReply::ConnectionRefusedError)
            m_ledger.lost(m.source, m.externalId);
        log->warn("POST {}/{}: {}", m.source.toStdString(), m.externalId.toStdString(),
                  reply->errorString().toStdString());
        resend(d, attempt);
        return;
    }
    ++m_refused;
    const QByteArray body = reply->readAll().trimmed().left(200);
    m_ledger.failed(m.source, m.externalId,
                    QStringLiteral("HTTP %1 %2").arg(status).arg(QString::fromUtf8(body)));
    log->warn("POST {}/{}: HTTP {} {}", m.source.toStdString(), m.externalId.toStdString(), status,
              body.constData());
}

void HttpSender::resend(const Delivery &d, int attempt)
{
    if (!m_open)
        return;
    const SendRule rule = Senders::rule(idOf(d.msg.source), m_minute);
    if (attempt >= rule.retries) {
        ++m_givenUp;
        return;
    }
    const double delay =
        rule.delays.at(qMin(attempt, int(rule.delays.size()) - 1)) * (0.8 + 0.4 * m_rng.uniform());
    QTimer::singleShot(std::chrono::milliseconds(qint64(delay * 1000)), this, [this, d, attempt] {
        if (!m_open)
            return;
        ++m_resends;
        send(d, attempt + 1);
    });
}

} // namespace inbox::sim
