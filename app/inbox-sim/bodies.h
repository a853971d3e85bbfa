#pragma once

#include "people.h"
#include "rng.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QVector>

namespace inbox::sim {

// The senders the simulator plays. Each keys its events its own way (see Source::keyRule).
enum class SourceId { WebForm, Telegram, Email, Ozon, Wb, Payments, CrmEvents, CrmForms, Pbx };

struct Source
{
    SourceId id;
    const char *name;    // inbox.events.source
    double weight;       // share of originals in the default mix
    bool leads;          // its events are requests from people (a lead and a CRM deal)
    const char *action;  // the outgoing CRM operation its events need, or nullptr
    const char *keyRule; // for --help
};

const QVector<Source> &sources();
const Source &source(SourceId id);
const Source *sourceByName(const QString &name);

// One delivery's content, as the sender would POST it.
struct Message
{
    QString source;
    QString externalId;
    QString kind;
    QString contentType;
    QString fingerprint; // empty: the inbox hashes the body (the contract's default)
    QByteArray body;
    QDateTime occurredAt; // the source's own time (UTC)
};

// Body makers: realistic payloads for each sender. `u` is a number unique to this original
// (ids derive from it), `at` the source's own time.
namespace bodies {
Message webForm(const Person &p, const QString &formKey, const QDateTime &openedAt,
                const QDateTime &submittedAt, Rng &rng);
Message telegram(const Person &p, qint64 updateId, const QDateTime &at, Rng &rng);
Message email(const Person &p, qint64 u, const QDateTime &at, Rng &rng);
Message ozon(qint64 u, const QDateTime &createdAt, Rng &rng, bool unknownOffer);
Message wb(qint64 u, const QDateTime &createdAt, Rng &rng, bool unknownOffer);
Message payment(const QString &paymentId, const QString &event, qint64 orderNo, const QDateTime &at,
                Rng &rng);
Message crmEvent(qint64 eventId, const QDateTime &at, Rng &rng);
// The form CRM: form-encoded; sent_at and the signature change on every resend, so the
// fingerprint covers the stable fields only. The fields are chosen once per lead.
struct FormFields
{
    QString leadId, name, phone, email, comment;
    QDateTime createdAt;
};
FormFields crmFormFields(const Person &p, qint64 leadId, const QDateTime &at, Rng &rng);
Message crmForm(const FormFields &f, const QDateTime &sentAt, Rng &rng);
Message pbx(const Person &p, const QDateTime &startedAt, Rng &rng);

// sha256 hex of the crm_forms fields that stay the same on a resend.
QString crmFormFingerprint(const QString &leadId, const QString &name, const QString &phone,
                           const QString &email, const QString &comment);
// "2024-05-01T10:05:00Z"
QString isoUtc(const QDateTime &t);
} // namespace bodies

} // namespace inbox::sim
