#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QVector>

#include <atomic>

namespace inbox::sim {

// What the inbox functions would have left behind for a past of many events, composed here
// (bodies by the same generators the live senders use, contacts read back by the same
// parser the workers use) and written by BulkFill with COPY. One Past per fill; chunks of
// it are made by several threads at once.
struct PastConfig
{
    qint64 events = 0;
    double days = 14;
    double now = 0;    // the server's clock, epoch seconds
    qint64 idBase = 0; // numbers for the external ids (their own range)
    qint64 personSeed = 0;
    qint64 offices = 40;
    double incidentFrom = 0; // the slow afternoon: repeats jump (epoch seconds)
    double incidentTo = 0;
    qint64 firstEventId = 1; // events get firstEventId + g: ids grow with time
};

// A chunk's rows in COPY text format, and what they add to the counters.
struct PastChunk
{
    QByteArray events, journal, actions, leads, conflicts;
    qint64 nEvents = 0, nJournal = 0, nActions = 0, nLeads = 0, nConflicts = 0;
    struct Daily
    {
        qint64 received = 0, repeats = 0, conflicts = 0, done = 0, failed = 0, requeued = 0;
    };
    QHash<QString, Daily> daily;   // "YYYY-MM-DD\tsource"
    QHash<QString, qint64> status; // "source\tstatus"
};

class Past final
{
public:
    explicit Past(const PastConfig &config);

    // Events g in [from, to). Ids for journal entries, actions, leads and conflict bodies
    // come from the shared counters (unique; not in time order across chunks).
    PastChunk chunk(qint64 from, qint64 to, quint64 seed);

    // The next free id of each sequence once all chunks are made.
    std::atomic<qint64> nextJournal{1}, nextAction{1}, nextLead{1}, nextConflict{1};

private:
    qint64 eventTime(qint64 g) const; // microseconds since the epoch

    PastConfig m_config;
    QVector<qint64> m_slotFirst; // first event of each hourly slot, plus a sentinel
    QVector<double> m_slotStart; // epoch seconds
    QVector<double> m_slotLength;
    QVector<double> m_sourceCuts;
};

// As inbox.normalize_phone and inbox.normalize_email (migration 0003) do it; the tests
// compare the filled leads with the SQL functions.
QString normalizePhone(const QString &phone);
QString normalizeEmail(const QString &email);

} // namespace inbox::sim
