#include "history.h"

#include "bodies.h"
#include "copyrow.h"
#include "pastevent.h"
#include "pastformat.h"
#include "rng.h"

#include <QDateTime>
#include <QRegularExpression>

#include <cmath>

namespace inbox::sim {

// ---------------------------------------------------------------------------------------
Past::Past(const PastConfig &config) : m_config(config)
{
    // Hourly slots weighted by the hour of the day and the day of the week in Moscow time
    // (quiet nights, busy weekdays, quieter weekends) with a slight growth; each slot gets
    // its share of the events, spread evenly inside it.
    static const double hourWeight[24] = {0.15, 0.10, 0.08, 0.07, 0.07, 0.10, 0.20, 0.40,
                                          0.70, 1.00, 1.20, 1.25, 1.20, 1.20, 1.25, 1.20,
                                          1.10, 1.00, 0.90, 0.80, 0.70, 0.55, 0.40, 0.25};
    static const double dayWeight[7] = {1.00, 1.02, 1.00, 0.98, 0.95, 0.60, 0.50}; // Mon..Sun
    const double end = config.now;
    const double start = end - config.days * 86400.0;
    QVector<double> weights;
    double t = start;
    while (t < end) {
        const double next = std::min((std::floor(t / 3600.0) + 1) * 3600.0, end);
        const QDateTime msk = QDateTime::fromSecsSinceEpoch(qint64(t), Qt::UTC).addSecs(3 * 3600);
        const double progress = (t - start) / std::max(1.0, end - start);
        weights << hourWeight[msk.time().hour()] * dayWeight[msk.date().dayOfWeek() - 1] *
                       (0.9 + 0.2 * progress) * (next - t) / 3600.0;
        m_slotStart << t;
        m_slotLength << next - t;
        t = next;
    }
    double sum = 0;
    for (const double w : weights)
        sum += w;
    double cumulative = 0;
    for (const double w : weights) {
        m_slotFirst << qint64(std::llround(double(config.events) * cumulative / sum));
        cumulative += w;
    }
    m_slotFirst << config.events;

    double total = 0;
    for (const Source &s : sources())
        total += s.weight;
    double acc = 0;
    for (const Source &s : sources()) {
        acc += s.weight;
        m_sourceCuts << acc / total;
    }
}

qint64 Past::eventTime(qint64 g) const
{
    // The slot holding event g: the last slot whose first event is <= g.
    const auto it = std::upper_bound(m_slotFirst.cbegin(), m_slotFirst.cend(), g);
    const int i = int(it - m_slotFirst.cbegin()) - 1;
    const qint64 count = m_slotFirst.at(i + 1) - m_slotFirst.at(i);
    const double at = m_slotStart.at(i) +
                      (double(g - m_slotFirst.at(i)) + 0.5) * m_slotLength.at(i) / double(count);
    return micros(at);
}

PastChunk Past::chunk(qint64 from, qint64 to, quint64 seed)
{
    Rng rng(seed);
    PastChunk c;
    const qint64 n = to - from;
    c.events.reserve(n * 1400);
    c.journal.reserve(n * 6 * 190);
    c.actions.reserve(n * 230);
    c.leads.reserve(n * 200);
    for (QByteArray *b : {&c.events, &c.journal, &c.actions, &c.leads, &c.conflicts})
        CopyRow::begin(*b);
    for (qint64 g = from; g < to; ++g) {
        PastEvent e(m_config, g, eventTime(g), rng);
        e.drawSource(m_sourceCuts);
        e.tellStory();
        e.choosePerson();
        e.composeBody();
        e.planTimeline();
        e.planRepeats();
        e.readBody();
        e.takeIds(*this);
        e.writeEvent(c);
        e.writeJournal(*this, c);
        e.writeAction(c);
        e.writeLead(c);
        e.writeConflict(c);
        e.count(c);
    }
    for (QByteArray *b : {&c.events, &c.journal, &c.actions, &c.leads, &c.conflicts})
        CopyRow::end(*b);
    return c;
}

// ---------------------------------------------------------------------------------------
QString normalizePhone(const QString &phone)
{
    if (phone.isNull())
        return {};
    static const QRegularExpression extension(QStringLiteral("(доб|ext|вн|x|#).*$"),
                                              QRegularExpression::CaseInsensitiveOption);
    QString cut = phone;
    cut.remove(extension);
    QString d;
    for (const QChar c : cut) {
        if (c >= QLatin1Char('0') && c <= QLatin1Char('9'))
            d += c;
    }
    if (d.startsWith(QStringLiteral("00")))
        d = d.mid(2);
    else if (d.startsWith(QStringLiteral("810")) && d.size() > 11)
        d = d.mid(3);
    if (d.size() == 11 && d.startsWith(QLatin1Char('8')))
        d = QLatin1Char('7') + d.mid(1);
    else if (d.size() == 10 && d.startsWith(QLatin1Char('9')))
        d = QLatin1Char('7') + d;
    if (d.size() < 8 || d.size() > 15)
        return {};
    const auto sameDigit = [](const QString &s) {
        return !s.isEmpty() && s.count(s.at(0)) == s.size();
    };
    if (sameDigit(d) || (d.startsWith(QLatin1Char('7')) && d.size() == 11 && sameDigit(d.mid(1))))
        return {};
    return d;
}

QString normalizeEmail(const QString &email)
{
    if (email.isNull())
        return {};
    const auto trim = [](QString s) {
        while (!s.isEmpty() && QStringLiteral(" \t\r\n").contains(s.front()))
            s.remove(0, 1);
        while (!s.isEmpty() && QStringLiteral(" \t\r\n").contains(s.back()))
            s.chop(1);
        return s;
    };
    QString e = trim(email).toLower();
    static const QRegularExpression angle(QStringLiteral("<([^<>]*)>"));
    const QRegularExpressionMatch m = angle.match(e);
    if (m.hasMatch())
        e = m.captured(1);
    e = trim(e);
    if (e.startsWith(QStringLiteral("mailto:")))
        e = e.mid(7);
    static const QRegularExpression shape(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[^@\\s.]+$"));
    if (!shape.match(e).hasMatch())
        return {};
    QString local = e.section(QLatin1Char('@'), 0, 0);
    QString domain = e.section(QLatin1Char('@'), 1, 1);
    while (domain.endsWith(QLatin1Char('.')))
        domain.chop(1);
    if (domain == QLatin1String("gmail.com") || domain == QLatin1String("googlemail.com")) {
        local = local.section(QLatin1Char('+'), 0, 0).remove(QLatin1Char('.'));
        domain = QStringLiteral("gmail.com");
    } else if (domain == QLatin1String("ya.ru") || domain == QLatin1String("yandex.com") ||
               domain == QLatin1String("yandex.by") || domain == QLatin1String("yandex.kz") ||
               domain == QLatin1String("yandex.ua")) {
        domain = QStringLiteral("yandex.ru");
    }
    static const QStringList placeholders = {
        QStringLiteral("unknown"),      QStringLiteral("noreply"),
        QStringLiteral("no-reply"),     QStringLiteral("no_reply"),
        QStringLiteral("donotreply"),   QStringLiteral("do-not-reply"),
        QStringLiteral("do_not_reply"), QStringLiteral("mailer-daemon"),
        QStringLiteral("none"),         QStringLiteral("null"),
        QStringLiteral("nomail"),       QStringLiteral("no-email"),
        QStringLiteral("noemail")};
    if (local.isEmpty() || placeholders.contains(local) ||
        (local == QLatin1String("test") && domain.startsWith(QStringLiteral("test"))) ||
        domain == QLatin1String("example.com") || domain == QLatin1String("example.org") ||
        domain == QLatin1String("example.net") || domain.endsWith(QStringLiteral(".invalid")) ||
        domain.endsWith(QStringLiteral(".example")))
        return {};
    return local + QLatin1Char('@') + domain;
}

} // namespace inbox::sim
