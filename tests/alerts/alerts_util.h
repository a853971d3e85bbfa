#pragma once
// What the alert tests share: the logins, a rule made by a manager through set_alert_rule,
// and the journal's alert entries.

#include "alertsprocess.h"
#include "contract_util.h"
#include "testdatabase.h"

#include <QJsonObject>

namespace alertsfix {

inline const QString kEval = QStringLiteral("alerts_eval");
inline const QString kMaria = QStringLiteral("mgr_maria");
inline const QString kWorker = QStringLiteral("worker_w");
inline const QString kIngest = QStringLiteral("ingest_i");
inline const QByteArray kToken = QByteArrayLiteral("424242:SeCrEtToKeN_ForTheFakeBot-xyz");

inline TestDatabase::Login evalLogin()
{
    return {kEval, {"inbox_alerts"}};
}

// A rule through inbox.set_alert_rule as a manager: its id, or "!ERROR ...".
inline QString rule(TestDatabase &db, const QString &name, const QString &kind,
                    const QString &params = QString(),
                    const QString &chats = QStringLiteral("{111}"),
                    const QString &sources = QString())
{
    PgSession maria(db.conninfo(kMaria));
    return contract::one(maria,
                         QStringLiteral("SELECT inbox.set_alert_rule(NULL, $1, $2, $3::jsonb,"
                                        " 'warning', $4::text[], $5::text[], '1 hour', true)"),
                         {name, kind, params.isNull() ? QVariant() : QVariant(params),
                          sources.isNull() ? QVariant() : QVariant(sources), chats});
}

// The text of a message the fake Telegram delivered (or was sent).
inline QString textOf(const QJsonObject &message)
{
    return message.value(QStringLiteral("text")).toString();
}

// The alert entries of the journal ("entry/scope" ...), in order.
inline QString alertJournal(PgSession &su)
{
    return contract::one(
        su, QStringLiteral("SELECT coalesce(string_agg(entry || '/' || (detail ->> 'scope_key'),"
                           " ',' ORDER BY id), '') FROM inbox.journal"
                           " WHERE entry IN ('alert_fired', 'alert_resolved', 'alert_sent',"
                           " 'alert_send_failed')"));
}

} // namespace alertsfix
