#include "senders.h"

namespace inbox::sim {

void Senders::resendWhileSlow(QVector<Delivery> &out, const Message &m, double start,
                              int maxRepeats, const QVector<double> &delays, Rng &rng) const
{
    double t = start;
    for (int i = 0; i < maxRepeats; ++i) {
        if (!rng.chance(m_config.slowAnswer))
            return; // answered in time: the sender is satisfied
        t += delays.at(qMin(i, int(delays.size()) - 1)) * (0.8 + 0.4 * rng.uniform());
        out.append({m, Expect::Repeat, t});
    }
}

SendRule Senders::rule(SourceId source, double minute)
{
    switch (source) {
    case SourceId::WebForm:
        return {3000, 2, {2.0, 4.0}}; // the page's script gives up waiting and resubmits
    case SourceId::Telegram:
        return {2000, 3, {1.0, 2.0, 4.0}}; // Telegram redelivers an update answered too slowly
    case SourceId::Email:
        return {5000, 2, {5 * minute}}; // the IMAP poller's next round, message still unseen
    case SourceId::Ozon:
    case SourceId::Wb:
        return {3000, 2, {10 * minute}}; // forwarded again with the next fetch
    case SourceId::Payments:
        return {3000, 3, {2.0, 5.0, 10.0}}; // the payment system's back-off
    case SourceId::CrmEvents:
        return {2000, 2, {2.0, 5.0}};
    case SourceId::CrmForms:
        return {3000, 2, {2.0, 3.0}};
    case SourceId::Pbx:
        return {2000, 2, {1.0, 3.0}};
    }
    return {};
}

QVector<Delivery> Senders::plan(SourceId source, const Person &person, const QDateTime &now,
                                Rng &rng)
{
    QVector<Delivery> out;
    const double minute = m_config.secondsPerMinute;
    switch (source) {
    case SourceId::WebForm: {
        // The key is made when the form opens; every submit of that page carries it.
        const QDateTime opened = now.addSecs(-rng.between(20, 600));
        const Message m = bodies::webForm(person, rng.uuid(), opened, now, rng);
        out.append({m, Expect::New, 0});
        if (rng.chance(m_config.repeat))
            out.append({m, Expect::Repeat, 0.15 + 0.45 * rng.uniform()}); // double click
        resendWhileSlow(out, m, 0, 2, {2.0, 4.0}, rng); // the page's script resubmits
        if (rng.chance(m_config.repeat / 2))
            out.append({m, Expect::Repeat, 5 + 10 * rng.uniform()}); // refresh, "resend form?"
        break;
    }
    case SourceId::Telegram: {
        const Message m = bodies::telegram(person, nextNumber(), now, rng);
        out.append({m, Expect::New, 0});
        resendWhileSlow(out, m, 0, 3, {1.0, 2.0, 4.0}, rng); // Telegram redelivers the update
        break;
    }
    case SourceId::Email: {
        const Message m =
            bodies::email(person, nextNumber(), now.addSecs(-rng.between(5, 120)), rng);
        out.append({m, Expect::New, 0});
        // The IMAP poller marks a message seen only after the receiver answered.
        resendWhileSlow(out, m, 0, 2, {5 * minute}, rng);
        break;
    }
    case SourceId::Ozon:
    case SourceId::Wb: {
        // "The last 30 minutes, every 10 minutes": an order is in 2 or 3 consecutive fetches.
        // The poller forwards it again when the previous forward was answered too late (it
        // was never marked seen) or when it restarted and forgot what it had seen.
        const QDateTime created = now.addSecs(-rng.between(0, 9 * 60));
        const bool unknown = rng.chance(0.01);
        const qint64 u = nextNumber();
        const Message m = source == SourceId::Ozon ? bodies::ozon(u, created, rng, unknown)
                                                   : bodies::wb(u, created, rng, unknown);
        out.append({m, Expect::New, 0});
        const int fetches = rng.chance(0.7) ? 3 : 2;
        bool lastSlow = rng.chance(m_config.slowAnswer);
        for (int f = 1; f < fetches; ++f) {
            if (lastSlow || rng.chance(m_config.repeat / 2)) {
                out.append({m, Expect::Repeat, f * 10 * minute});
                lastSlow = rng.chance(m_config.slowAnswer);
            } else {
                lastSlow = false;
            }
        }
        break;
    }
    case SourceId::Payments: {
        // Key: payment id + event. A two-stage payment sends waiting_for_capture first, then
        // succeeded: two events of one payment, two keys.
        const QString paymentId = rng.uuid();
        const qint64 order = nextNumber();
        double t = 0;
        if (rng.chance(0.25)) {
            const Message first = bodies::payment(
                paymentId, QStringLiteral("payment.waiting_for_capture"), order, now, rng);
            out.append({first, Expect::New, 0});
            resendWhileSlow(out, first, 0, 3, {2.0, 5.0, 10.0}, rng);
            t = 2 + 4 * rng.uniform();
        }
        const Message m = bodies::payment(paymentId, QStringLiteral("payment.succeeded"), order,
                                          now.addMSecs(qint64(t * 1000)), rng);
        out.append({m, Expect::New, t});
        resendWhileSlow(out, m, t, 3, {2.0, 5.0, 10.0}, rng); // retries with a back-off
        break;
    }
    case SourceId::CrmEvents: {
        const qint64 id = nextNumber();
        const Message m = bodies::crmEvent(id, now, rng);
        out.append({m, Expect::New, 0});
        resendWhileSlow(out, m, 0, 2, {2.0, 5.0}, rng);
        if (rng.chance(m_config.reuse)) {
            // Its event counter was reset: the same id now names a different event.
            Message other = bodies::crmEvent(id, now.addSecs(rng.between(30, 600)), rng);
            out.append({other, Expect::Conflict, 5 + 10 * rng.uniform()});
        }
        break;
    }
    case SourceId::CrmForms: {
        const bodies::FormFields f = bodies::crmFormFields(person, nextNumber(), now, rng);
        out.append({bodies::crmForm(f, now, rng), Expect::New, 0, true, f});
        // Every resend is signed anew with its own sent_at: a different body, the same
        // fingerprint (stable fields), so still a repeat and not a conflict.
        double t = 0;
        for (int i = 0; i < 2 && rng.chance(m_config.slowAnswer); ++i) {
            t += 2 + 3 * rng.uniform();
            out.append({bodies::crmForm(f, now.addMSecs(qint64(t * 1000)), rng), Expect::Repeat, t,
                        true, f});
        }
        if (rng.chance(m_config.repeat / 2)) {
            t += 3 + 5 * rng.uniform();
            out.append({bodies::crmForm(f, now.addMSecs(qint64(t * 1000)), rng), Expect::Repeat, t,
                        true, f});
        }
        break;
    }
    case SourceId::Pbx: {
        const Message m = bodies::pbx(person, now.addSecs(-rng.between(0, 20)), rng);
        out.append({m, Expect::New, 0});
        resendWhileSlow(out, m, 0, 2, {1.0, 3.0}, rng);
        break;
    }
    }
    return out;
}

} // namespace inbox::sim
