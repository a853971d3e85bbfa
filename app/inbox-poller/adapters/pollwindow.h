#pragma once
// The time windows of the windowed adapters (Ozon, Wildberries, the generic JSON list): each
// poll reads from a little before where the last one ended up to now, so an item that appears
// late, with a time already behind the last window's end, is still caught by the overlap (the
// README says how long the overlap must be for each marketplace's delay). The window of a poll
// is fixed when its first page is requested and kept in the cursor ("since", "to") until its
// last page is stored: a crash mid-window resumes that same window.

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace inbox::poll {

struct PollWindow
{
    QDateTime since;
    QDateTime to;
};

struct WindowRules
{
    qint64 overlapMs = 0;     // a new window starts this long before the last one's end
    qint64 firstWindowMs = 0; // a source never polled starts this long before now
    qint64 maxWindowMs = 0;   // the API's longest window (0: none); a longer gap is read in
                              // several windows, one after the other
};

// The window a request reads: the one the cursor is paging through, or a new one that starts
// overlapMs before "polled_to" (firstWindowMs before now for a cursor without one) and ends
// now (or maxWindowMs after its start). *isNew says which. False with *error for a cursor
// whose times cannot be read.
bool windowOf(const QJsonObject &cursor, const QDateTime &now, const WindowRules &rules,
              PollWindow *out, bool *isNew, QString *error);

// The cursor with the window fixed: the given cursor plus "since" and "to".
QJsonObject withWindow(QJsonObject cursor, const PollWindow &window);

// The window a request fixed in its requestCursor ("since", "to"), for readPage.
PollWindow requestWindow(const QJsonObject &requestCursor);

// The hex SHA-256 of an item's stable fields: a fingerprint (PolledItem::fingerprint).
QString sha256Hex(const QByteArray &stable);

// The cursor after a window is read to its end: only {"polled_to": window.to}.
QJsonObject finishedCursor(const PollWindow &window);

// ISO 8601 in UTC with milliseconds ("2026-12-04T10:00:00.000Z"), the cursor's spelling.
QString isoTime(const QDateTime &time);

// An ISO 8601 time with an offset or Z; invalid for anything else.
QDateTime readIsoTime(const QJsonValue &value);

} // namespace inbox::poll
