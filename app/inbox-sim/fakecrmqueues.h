#pragma once
// The CRMs' pull side, played for inbox-poller: Bitrix24's offline event queue
// (event.offline.get / event.offline.clear) and amoCRM's events API v4 (GET /api/v4/events).
// Pure request handling on an in-memory book of CRM events, driven by the caller's clock
// (advance()), so a test can call it directly and inbox-sim's HTTP fake can serve it.
//
// What makes pulling from them hard is played on purpose:
//   - Bitrix24: a get with clear = 0 marks what it hands out with the process id and hands it
//     out again only to that process id until it is cleared; a record cleared without having
//     been committed is lost for good, so the fake remembers every record ever handed out and
//     every one cleared, and the self-check compares them with the inbox. More than two
//     requests a second (after a burst of 10) answer 503 QUERY_LIMIT_EXCEEDED, as the portal
//     does.
//   - amoCRM: events appear late (created_at up to lateSeconds in the past when they become
//     visible), are listed newest first, so a late event shifts the pages of a window being
//     read, and more than 7 requests a second answer 429.
// Credentials: the Bitrix24 REST address must carry the configured code (/rest/1/<code>/...),
// amoCRM wants "Authorization: Bearer <token>"; anything else is a 401 in each API's shape.

#include "rng.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrlQuery>

namespace inbox::sim {

struct FakeAnswer
{
    int status = 200;
    QByteArray body;                              // JSON, or empty (a 204)
    QList<QPair<QByteArray, QByteArray>> headers; // besides Content-Type
};

class FakeCrmQueues final
{
public:
    struct Options
    {
        QByteArray bitrixCode = "demo-code"; // the REST address's secret part
        QByteArray amoToken = "demo-amo-token";
        double eventsPerMinute = 30; // of each CRM
        int lateSeconds = 300;       // amoCRM: how late an event may become visible
        bool rateLimits = true;
    };

    FakeCrmQueues(const Options &options, quint64 seed, const QDateTime &start);

    // Creates the events due up to now (a steady rate, randomly spaced).
    void advance(const QDateTime &now);

    // One request: true when the path is one of these two APIs (the answer is then set).
    bool handle(const QByteArray &method, const QString &path, const QUrlQuery &query,
                const QByteArray &authorization, const QByteArray &body, const QDateTime &now,
                FakeAnswer *answer);

    // For the self-check: every key the inbox must hold exactly once, as inbox-poller's
    // adapters name them ("msg-<n>" for Bitrix24, the event id for amoCRM), with when each
    // became visible, in the order made; and what went wrong on the fake's side (records
    // cleared that were never handed out to that process).
    struct MadeKey
    {
        QString key;
        QDateTime visibleAt;
    };
    QList<MadeKey> bitrixMade() const;
    QList<MadeKey> amoMade() const;
    QStringList bitrixKeys() const;
    QStringList amoKeys() const;
    int clearedUnseen() const { return m_clearedUnseen; }
    int pendingBitrix() const; // records not yet cleared

private:
    struct BitrixRecord
    {
        qint64 id;
        QDateTime at;
        QString event;
        qint64 entityId;
        QString processId; // empty: not handed out yet
    };
    struct AmoEvent
    {
        QString id;
        QString type;
        qint64 entityId;
        QDateTime createdAt;
        QDateTime visibleAt;
    };

    FakeAnswer bitrixGet(const QByteArray &body, const QDateTime &now);
    FakeAnswer bitrixClear(const QByteArray &body);
    FakeAnswer amoEvents(const QUrlQuery &query, const QDateTime &now) const;
    bool takeToken(double *tokens, QDateTime *last, double perSecond, double burst,
                   const QDateTime &now);

    Options m_options;
    Rng m_rng;
    QDateTime m_nextEvent;
    // Ids start from the fake's start time, so a fake started again (the demo's next run)
    // makes new keys rather than other contents under the old ones (which the inbox would
    // rightly call conflicts).
    qint64 m_nextId = 1;
    QList<BitrixRecord> m_bitrix; // not yet cleared, by id
    QList<MadeKey> m_bitrixMade;  // every record ever created
    QList<AmoEvent> m_amo;
    int m_clearedUnseen = 0;
    int m_processes = 0;
    double m_bitrixTokens = 10;
    QDateTime m_bitrixLast;
    double m_amoTokens = 7;
    QDateTime m_amoLast;
};

} // namespace inbox::sim
