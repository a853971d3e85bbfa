#pragma once
// The base of an inbox-alerts test program: its private database with the logins every alert
// test uses (the evaluator's, the manager who makes the rules, and the worker and ingest logins
// that make the figures), started once and fresh per test function.

#include "alerts_util.h"
#include "databasetestcase.h"

class AlertsTestCase : public DatabaseTestCase
{
protected:
    AlertsTestCase()
        : DatabaseTestCase{alertsfix::evalLogin(),
                           {alertsfix::kMaria, {"inbox_manager"}},
                           {alertsfix::kWorker, {"inbox_worker"}},
                           {alertsfix::kIngest, {"inbox_ingest"}}}
    {}

    // A rule made through rule() (as the manager): true unless set_alert_rule refused it.
    bool madeRule(const QString &name, const QString &kind, const QString &params = QString())
    {
        return !alertsfix::rule(m_db, name, kind, params).startsWith(QLatin1Char('!'));
    }
};
