#pragma once
// A fake event handler on loopback: the team's own service or n8n flow that inbox-dispatcher
// delivers events to, played for the demo and the tests (inbox-sim --fake-handler). It does
// what the README asks of a real handler:
//   - with a secret (--fake-handler-secret-file), it checks the Standard Webhooks signature
//     (webhook-id, webhook-timestamp no more than 5 minutes off, webhook-signature) and
//     answers 401 when it does not hold;
//   - it processes each Idempotency-Key once: a repeat (the dispatcher's retry after a
//     timeout, an operator's requeue) is answered 200 with "duplicate": true and not
//     processed again. A request without the header is refused with 400.
// Every request is one JSON line in the log ({"n", "at", "key", "signature", "answer",
// "duplicate", "headers"}, the headers being those named x-inbox-*), and GET /fake/stats
// answers the counts, so a test or the demo can tell what arrived and how often.
// GET /fake/received answers when each key was first received (wall clock, microseconds since
// the epoch, so another process on the same machine can compare it with its own clock) since
// the last such call, and forgets them: inbox-bench's dispatch stage times the path from an
// accept's commit to the handler with it. At most kMaxReceipts are kept between two calls.
//
// It can be told to misbehave for the next N requests, at start (--fake-handler-misbehave
// MODE[:N[:S]]) or at any time with GET /fake/misbehave?mode=M&count=N&seconds=S:
//   500, 503   a server error (503 with Retry-After: S)     422  a refusal of the content
//   429        Too Many Requests with Retry-After: S        410  the endpoint is gone
//   slow       answers 200 after S seconds                  hang reads and never answers
//   close      reads and closes without a word              down nothing listens for S s
// With --fake-handler-chaos it misbehaves by itself, as a real handler on a bad day does: about
// 4 % of requests get a 500, 1 % a 422, 3 % are slow (2-8 s), and every 10 minutes it is down
// for 60 s. Only 500/503/429/slow/hang/close/down are worth retrying; 422 and 410 are final.

#include <QByteArray>
#include <QFile>
#include <QHash>
#include <QHostAddress>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>

#include <random>

class QTcpServer;
class QTcpSocket;
class QTimer;

namespace inbox::sim {

class FakeHandler final : public QObject
{
    Q_OBJECT

public:
    struct Misbehaviour
    {
        QString mode; // empty: behave
        int count = 0;
        int seconds = 1; // Retry-After for 429/503, the delay of slow, the outage of down
    };

    struct Stats
    {
        qint64 requests = 0;
        qint64 processed = 0;  // first requests of a key answered 200
        qint64 duplicates = 0; // repeats of a processed key answered 200
        qint64 badSignatures = 0;
        qint64 misbehaved = 0;
    };

    FakeHandler(const QByteArray &secret, const QString &logPath, QObject *parent = nullptr);
    ~FakeHandler() override;
    Q_DISABLE_COPY_MOVE(FakeHandler)

    // inbox-sim --fake-handler: listens, prints "fake handler listening on ADDRESS:PORT",
    // serves until SIGINT/SIGTERM. 0 after a clean stop, 2 when it cannot listen or read the
    // secret, 64 usage.
    static int run(const QString &listen, const QString &secretFile, const QString &logPath,
                   const QString &misbehave, bool chaos, quint64 seed);

    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const;
    void misbehave(const Misbehaviour &m);
    void setChaos(bool on, quint64 seed);
    const Stats &stats() const { return m_stats; }

    // "MODE[:N[:S]]" as the command line gives it; false for an unknown mode or bad numbers.
    static bool parseMisbehaviour(const QString &text, Misbehaviour *out);

private:
    struct Receipt
    {
        QByteArray key;
        QByteArray eventId; // X-Inbox-Event-Id, empty when absent
        qint64 atUs = 0;    // wall clock, microseconds since the epoch
    };
    static constexpr qsizetype kMaxReceipts = 100000;

    struct Request
    {
        QByteArray method;
        QByteArray target;
        QHash<QByteArray, QByteArray> headers; // lower-case names
        QByteArray body;
        qint64 atUs = 0; // when its last byte was read
    };

    void onConnection();
    void onReadable(QTcpSocket *socket);
    // Handles one whole request; false when the connection is left hanging or closed.
    bool handle(QTcpSocket *socket, const Request &request);
    bool handleControl(QTcpSocket *socket, const Request &request);
    // GET /fake/received: the receipts since the last call, then forgets them.
    QByteArray takeReceipts();
    // The misbehaviour for this request: the one commanded, else chaos's draw, else none.
    Misbehaviour next();
    // Answers with the misbehaviour; false when the connection is left hanging or closed.
    bool misbehaveOn(QTcpSocket *socket, const Misbehaviour &m, QJsonObject line);
    QString checkSignature(const Request &request) const;
    void answer(QTcpSocket *socket, int status, const QByteArray &json,
                const QByteArray &extraHeaders = {});
    void record(const QJsonObject &line);
    void goDown(int seconds);

    QByteArray m_key; // the signing key from the whsec_ secret; empty: signatures unchecked
    QFile m_log;
    QTcpServer *m_server = nullptr;
    QTimer *m_chaosOutage = nullptr;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QSet<QByteArray> m_processed;
    QList<Receipt> m_receipts;
    qint64 m_receiptsDropped = 0;
    Misbehaviour m_misbehave;
    bool m_chaos = false;
    std::mt19937_64 m_rng;
    Stats m_stats;
    QHostAddress m_address;
    quint16 m_port = 0;
};

} // namespace inbox::sim
