#pragma once
// The orders whose later statuses an adapter still asks for (wb: by id; ozon: by sweeping the
// list of the last status_days): kept in the source's cursor under "watch", as
//   key -> [created, as unix seconds; the last status stored, "" before the first]
// and stored with the items of each page, so a crash asks again and stores at most a repeat.
// An order leaves the watch when its status is final or when it is older than status_days.

#include "polladapter.h"

#include <QJsonObject>
#include <QString>
#include <QStringView>

namespace inbox::poll {

struct StatusWatchSettings
{
    bool on = true;    // "statuses": on or off
    int days = 30;     // "status_days": 1..90
    int everyS = 3600; // "status_every" (ozon's sweep): 600..86400 seconds
};

// The section's statuses, status_days and (withEvery) status_every, each problem named.
StatusWatchSettings readStatusWatchSettings(const AdapterSettings &settings, bool withEvery,
                                            QList<SettingProblem> *problems);

// The "watch" of a cursor ({} without one). False with *error when an entry's key is not
// keyOk or its value is not [seconds, "status"]. Called for every page, on watches of tens of
// thousands of entries: keyOk is a plain function, not a regular expression.
bool readWatch(const QJsonObject &cursor, bool (*keyOk)(QStringView), QJsonObject *watch,
               QString *error);

// Keys: an id's 1-20 digits (wb); letters, digits and '-', 1-64 of them (ozon's postings).
bool isIdKey(QStringView key);
bool isPostingKey(QStringView key);

// The status last stored for key ("" before the first, or for a key not watched).
QString watchedStatus(const QJsonObject &watch, const QString &key);

// Records `status` as stored for key, created at createdS (kept when already watched).
void watchStatus(QJsonObject *watch, const QString &key, qint64 createdS, const QString &status);

// Drops the entries created before oldestS.
void forgetOlderThan(QJsonObject *watch, qint64 oldestS);

} // namespace inbox::poll
