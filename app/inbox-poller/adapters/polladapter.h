#pragma once
// The seam between inbox-poller's loop and the APIs it polls. An adapter is pure: it builds
// the next HTTP request from the source's stored cursor and reads an answer into items and
// the cursor after them. It does no I/O, keeps no state between calls and never sees the
// database, so every adapter is tested on recorded answers alone (tst_polladapters) and the
// loop (poller.cpp) is the same for every API.
//
// The cursor is a JSON object that the loop stores with inbox.poll_store in the same
// transaction as the items of the page it covers, so a crash re-fetches a page and never
// skips one. Its keys are the adapter's own, except these, which every windowed adapter keeps
// with the same meaning (pollwindow.h):
//   "polled_to"  end of the last window polled to its end (ISO 8601 UTC, milliseconds)
//   "since", "to" the window being paged through; absent between polls
// A cursor the adapter cannot read (another adapter's, a hand edit) is an error the loop
// records, never a silent restart from scratch.

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

#include <memory>

namespace inbox::poll {

struct PollRequest
{
    QByteArray method = "GET"; // GET or POST
    QUrl url;
    QList<QPair<QByteArray, QByteArray>> headers; // credentials included; never logged
    QByteArray body;                              // POST only (JSON)
    // The cursor this request reads from, with the window of a new poll fixed ("since",
    // "to"): the loop hands it back to readPage with the answer.
    QJsonObject requestCursor;
};

struct PolledItem
{
    QString externalId;   // the event's external id: stable for the thing it names
    QByteArray body;      // the item's JSON, as the API gave it (compact)
    QDateTime occurredAt; // when it happened, by the API's own clock; invalid: unknown
    QString kind;         // e.g. "ozon.posting.delivered"; empty: none
    QString fingerprint;  // what makes a repeat a repeat; empty: sha256 of the body
};

struct PolledPage
{
    QList<PolledItem> items; // at most 1000 (accept_many's limit)
    QJsonObject cursor;      // the cursor after these items, stored with them
    bool pollDone = false;   // the window is read to its end: wait for the next schedule
    QDateTime windowEnd;     // with pollDone: the end of the window just finished
    QString error;           // not empty: the answer could not be read (nothing is stored)
};

class PollAdapter
{
public:
    virtual ~PollAdapter() = default;

    // The adapter's name as in the configuration and in inbox.poll_sources.adapter.
    virtual QString name() const = 0;

    // The request for the next page, from the stored cursor ({} for a source never polled)
    // at time now. Returns false with *error set when the cursor cannot be read.
    virtual bool nextRequest(const QJsonObject &cursor, const QDateTime &now, PollRequest *out,
                             QString *error) const = 0;

    // The answer to that request (status 200, or 204 as an empty answer; the loop handles
    // every other status),
    // given the request's requestCursor.
    virtual PolledPage readPage(const QJsonObject &requestCursor,
                                const QByteArray &answer) const = 0;

    // True when the next page's request may be sent before this page is stored: the request
    // only reads. Bitrix24's next request clears what the page before committed, so it waits.
    virtual bool readsAhead() const { return false; }

    // The API's published request limit: the defaults of the source's rate_per_minute and
    // burst (a token bucket), when the configuration gives none.
    virtual int defaultRatePerMinute() const { return 60; }
    virtual int defaultBurst() const { return 10; }
};

// What the configuration gives an adapter: one [source] section of inbox-poller's file.
struct AdapterSettings
{
    QUrl baseUrl;                          // the API's root; the simulator's fakes on loopback
    QHash<QString, QByteArray> secrets;    // by key ("api_key", "token", ...), read from files
    QHash<QString, QString> options;       // the section's other keys the adapter reads
    int pageSize = 0;                      // 0: the adapter's default (and never above its API's)
    qint64 overlapMs = 20 * 60 * 1000;     // each new window starts this long before the last end
    qint64 firstWindowMs = 30 * 60 * 1000; // how far back a source never polled starts
};

// A problem with one key of a source's section, for --check-config's "file:line: message".
struct SettingProblem
{
    QString key;
    QString message;
};

// The adapter of that name, or nullptr with *problems saying why (unknown adapter, a missing
// secret or option, a bad value).
std::unique_ptr<PollAdapter> makeAdapter(const QString &name, const AdapterSettings &settings,
                                         QList<SettingProblem> *problems);

} // namespace inbox::poll
