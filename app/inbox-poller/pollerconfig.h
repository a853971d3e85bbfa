#pragma once
// inbox-poller's configuration, read with the receiver's conventions (ConfigFile: sections,
// `key = value`, every error as file:line): a [poller] section (database, worker name, metrics
// listener, shutdown grace) and one [source NAME] section per polled API, NAME being the
// events' source. A source's own keys (adapter, base_url, schedule, window, page size, rate
// limit, timeout) are read here; secrets come from `*_file` (a file beside the configuration)
// or `*_env` (an environment variable) and are never logged; every other key is the adapter's
// (AdapterSettings::options), and what the adapter says of it is reported on its line.
// See installer/inbox-poller.conf.example.

#include "polladapter.h"
#include "receiverconfig.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace inbox::poll {

struct SourceConfig
{
    QString name; // the events' source, 1..64 characters
    int line = 0;
    QString adapter;
    AdapterSettings settings;
    int intervalS = 600;     // a new poll this long after the last one finished its window
    int overlapS = 1200;     // each window starts this long before the last one's end
    int firstWindowS = 1800; // a source never polled starts this far back
    int timeoutS = 30;       // one request, from sending to the whole answer
    int ratePerMinute = 0;   // 0: the adapter's default
    int burst = 0;           // 0: the adapter's default
};

struct PollerConfig
{
    QString file;
    QString conninfo;
    QString password;
    QString worker; // p_poller of every call; default inbox-poller@<host>
    front::ListenAddress metricsListen;
    int shutdownTimeoutS = 20;
    int statementTimeoutMs = 10000;
    QList<SourceConfig> sources;

    static std::optional<PollerConfig> load(const QString &path, QStringList *errors,
                                            QStringList *warnings);
};

} // namespace inbox::poll
