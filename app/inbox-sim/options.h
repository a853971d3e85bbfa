#pragma once

#include "fakecrm.h"
#include "fakemarketplace.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace inbox::sim {

struct Options
{
    QString conninfo;     // --db; empty: the PG* environment
    int historyDays = 0;  // --history [DAYS]
    int perDay = 3000;    // --per-day
    qint64 bulk = 0;      // --bulk N
    double bulkDays = 30; // --bulk-days
    bool ifEmpty = false; // --if-empty
    double fillNow = 0;   // --fill-now: the fills' clock (0: the server's)
    int fillSessions = 2; // --fill-sessions
    double liveRate = 0;  // --live RATE
    int runSeconds = 0;   // --run SECONDS
    double rate = 20;     // --rate (for --run without --live)
    bool check = false;   // --check
    QString crmExport;    // --crm-export FILE: a month of leads as Bitrix24 exports them
    int crmPerDay = 200;  // --crm-per-day N: its leads a day
    QString checkPolled;  // --check-polled URL: the pull door's self-check (pollcheck.h)
    // --polled-sources: the fake API (ozon, wb, bitrix24, amocrm) -> the inbox source
    QMap<QString, QString> polledSources{
        {QStringLiteral("ozon"), QStringLiteral("ozon-fbs")},
        {QStringLiteral("wb"), QStringLiteral("wb-orders")},
        {QStringLiteral("bitrix24"), QStringLiteral("bitrix24-offline")},
        {QStringLiteral("amocrm"), QStringLiteral("amocrm-events")}};
    bool slowReceiver = false; // --scenario slow-receiver
    double repeatRate = 0.03;  // --repeat-rate
    int workers = 3;
    QStringList dispatchedSources; // --dispatched-sources: left to inbox-dispatcher
    int receivers = 2;
    // --live/--run deliver over HTTP to inbox-receiver (frontdoor.h) unless --direct.
    bool direct = false;     // --direct: inbox.accept calls, no receiver
    QString receiverUrl;     // --receiver URL: one already running (default: start one)
    QString receiverSecrets; // --receiver-secrets DIR: its secrets (with --receiver)
    QString receiverDb;      // --receiver-db CONNINFO: the started one's login
    int batch = 2;
    int lockTimeoutS = 0; // 0: 300 s live, 3 s for --run
    int drainS = 0;       // 0: lock timeout + 15 s
    bool faults = true;
    Faults faultRates;
    quint64 seed = 0; // 0: from the clock
    bool quiet = false;
    // --fake-telegram ADDRESS:PORT: play the Telegram Bot API (faketelegram.h) until stopped.
    QString fakeTelegram;
    QString fakeTelegramLog;                                   // --fake-telegram-log FILE
    QString fakeTelegramToken = QStringLiteral("123456:FAKE"); // --fake-telegram-token
    QString fakeTelegramMisbehave; // --fake-telegram-misbehave MODE[:N[:S]]
    // --fake-handler ADDRESS:PORT: play the dispatcher's handler (fakehandler.h) until stopped.
    QString fakeHandler;
    QString fakeHandlerSecretFile; // --fake-handler-secret-file FILE
    QString fakeHandlerLog;        // --fake-handler-log FILE
    QString fakeHandlerMisbehave;  // --fake-handler-misbehave MODE[:N[:S]]
    bool fakeHandlerChaos = false; // --fake-handler-chaos
    // --fake-marketplace ADDRESS:PORT: play Ozon's and WB's seller APIs (fakemarketplace.h).
    MarketplaceSettings marketplace;

    bool trafficMode() const { return liveRate > 0 || runSeconds > 0; }
    double trafficRate() const { return liveRate > 0 ? liveRate : rate; }
    int lockTimeout() const { return lockTimeoutS > 0 ? lockTimeoutS : (runSeconds > 0 ? 3 : 300); }
};

// Parses the command line. On a usage error prints it and returns nullopt with *exitCode
// set (64); --help and --version print and return nullopt with *exitCode 0.
std::optional<Options> parseOptions(const QStringList &arguments, int *exitCode);

} // namespace inbox::sim
