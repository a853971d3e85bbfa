#include "fakecrm.h"

#include "people.h"

#include <QThread>

namespace inbox::sim {

namespace {
int digits(const QString &s)
{
    int n = 0;
    for (const QChar c : s)
        n += c.isDigit() ? 1 : 0;
    return n;
}
} // namespace

FakeCrm::FakeCrm(const Faults &faults, const QString &idPrefix)
    : m_faults(faults), m_prefix(idPrefix)
{}

FakeCrm::Answer FakeCrm::create(const Request &request, Rng &rng)
{
    ++m_calls;
    QThread::msleep(quint64(rng.between(2, 12))); // the network
    const double x = rng.uniform();
    if (x < m_faults.crmOutage) {
        ++m_outages;
        return {Result::Outage, QString(), QStringLiteral("CRM API: 503 Service Unavailable")};
    }
    // Validation: the CRM refuses what no retry will fix.
    const QString trimmed = request.phone.trimmed();
    if (!trimmed.isEmpty() && digits(trimmed) < 7) {
        ++m_rejected;
        return {Result::Rejected, QString(),
                QStringLiteral("CRM API: 422 phone '%1' is not a phone number").arg(trimmed)};
    }
    for (const QString &offer : request.offers) {
        if (!Catalog::knows(offer)) {
            ++m_rejected;
            return {Result::Rejected, QString(),
                    QStringLiteral("CRM API: 422 unknown article %1").arg(offer)};
        }
    }

    const bool timesOut = x < m_faults.crmOutage + m_faults.crmTimeout;
    // A slow answer: the caller gives up, but half of the time the CRM made the entity.
    const bool made = !timesOut || rng.chance(0.5);
    QString id;
    if (made) {
        QMutexLocker lock(&m_mutex);
        const char *letter = request.kind == QLatin1String("crm.create_order")       ? "O"
                             : request.kind == QLatin1String("crm.register_payment") ? "P"
                                                                                     : "D";
        id = QStringLiteral("%1-%2%3").arg(QLatin1String(letter), m_prefix).arg(++m_next);
        m_byRef[request.externalRef] << id;
    }
    if (timesOut) {
        ++m_timeouts;
        QThread::msleep(quint64(m_faults.crmTimeoutMs));
        return {Result::Timeout, QString(),
                QStringLiteral("CRM API: no answer within %1 ms, outcome unknown")
                    .arg(m_faults.crmTimeoutMs)};
    }
    return {Result::Created, id, QString()};
}

std::optional<QString> FakeCrm::find(const QString &externalRef) const
{
    QMutexLocker lock(&m_mutex);
    const auto it = m_byRef.constFind(externalRef);
    if (it == m_byRef.cend() || it->isEmpty())
        return std::nullopt;
    return it->first();
}

QVector<QPair<QString, int>> FakeCrm::refsWithSeveral() const
{
    QMutexLocker lock(&m_mutex);
    QVector<QPair<QString, int>> out;
    for (auto it = m_byRef.cbegin(); it != m_byRef.cend(); ++it) {
        if (it->size() > 1)
            out.append({it.key(), int(it->size())});
    }
    return out;
}

qint64 FakeCrm::created() const
{
    QMutexLocker lock(&m_mutex);
    return m_next;
}

std::optional<QString> Enricher::lookup(const QString &phone, const QString &email, Rng &rng) const
{
    QThread::msleep(quint64(rng.between(1, 6)));
    if (rng.chance(m_faults.enrichFail))
        return std::nullopt;
    QString digitsOnly;
    for (const QChar c : phone) {
        if (c.isDigit())
            digitsOnly += c;
    }
    if (digitsOnly.startsWith(QLatin1Char('8')))
        digitsOnly[0] = QLatin1Char('7');
    QString region = QStringLiteral("unknown");
    if (digitsOnly.startsWith(QStringLiteral("7495")) ||
        digitsOnly.startsWith(QStringLiteral("7916")))
        region = QStringLiteral("Москва");
    else if (digitsOnly.startsWith(QStringLiteral("7812")))
        region = QStringLiteral("Санкт-Петербург");
    else if (digitsOnly.startsWith(QStringLiteral("79")) || digitsOnly.startsWith(QLatin1Char('9')))
        region = QStringLiteral("Россия, мобильный");
    const QString domain = email.section(QLatin1Char('@'), 1).trimmed().toLower();
    return region + (domain.isEmpty() ? QString() : QStringLiteral(", ") + domain);
}

} // namespace inbox::sim
