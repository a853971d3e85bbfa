#pragma once

#include <QHash>
#include <QMutex>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

namespace inbox::sim {

// What a delivery should come out as: the first of a key is new; the same content again is
// a repeat (duplicate, or rearmed when the event had failed retryably); a different content
// under a known key is a conflict.
enum class Expect { New, Repeat, Conflict };

// Everything the simulator sent and what the inbox answered, per (source, external_id),
// plus the workers that died. Thread-safe; the self-check reads it at the end.
class Ledger final
{
public:
    struct Key
    {
        QString source;
        QString externalId;
        qint64 eventId = 0;
        int sent = 0; // deliveries answered by accept
        int expectNew = 0, expectRepeat = 0, expectConflict = 0;
        int gotNew = 0, gotRepeat = 0, gotConflict = 0; // repeat = duplicate or rearmed
        // Sends whose reply was lost (the connection went away): the inbox may or may not
        // have stored them; the sender sent them again, as at-least-once senders do.
        int unknown = 0;
    };
    struct Totals
    {
        qint64 deliveries = 0;
        qint64 keys = 0;
        qint64 repeats = 0; // deliveries beyond the first of each key (incl. conflicts)
        qint64 conflicts = 0;
        qint64 errors = 0;  // accept calls that failed
        qint64 unknown = 0; // sends whose reply was lost (sent again)
    };

    // Live runs keep only the totals (a day of traffic would otherwise pile up in memory);
    // the per-key record is what the self-check needs.
    void setKeepKeys(bool keep) { m_keepKeys = keep; }

    void answered(const QString &source, const QString &externalId, Expect expect,
                  const QString &outcome, qint64 eventId);
    void failed(const QString &source, const QString &externalId, const QString &error);
    void lost(const QString &source, const QString &externalId);
    void workerDied(const QString &worker);

    // Through the receiver, the inbox's external id is the one its adapter derives (an
    // e-mail's "derived:message-id:...", a call's time bucket): the keys answered are renamed
    // to the external ids of their events (eventId -> external_id, read back after the run)
    // so that the self-check compares the same keys. Keys that merge are added up.
    void rekey(const QHash<qint64, QString> &externalIds);

    Totals totals() const;
    QVector<Key> keys() const;
    QStringList deadWorkers() const;
    QStringList errors(int max) const;

private:
    mutable QMutex m_mutex;
    QHash<QString, Key> m_keys;
    QSet<QString> m_dead;
    QStringList m_errors;
    qint64 m_errorCount = 0;
    qint64 m_unknown = 0;
    qint64 m_deliveries = 0;
    bool m_keepKeys = true;
    qint64 m_newKeys = 0; // first answers 'new' (totals when keys are not kept)
    qint64 m_conflicts = 0;
};

} // namespace inbox::sim
