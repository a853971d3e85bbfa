#include "crmexport.h"

#include "rng.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStringList>

#include <algorithm>
#include <cstdio>

namespace inbox::sim {

namespace {

const char *const kFirstNames[] = {"Иван", "Мария",  "Алексей", "Ольга", "Дмитрий",
                                   "Анна", "Сергей", "Елена",   "Павел", "Наталья"};
const char *const kLastNames[] = {"Иванов",   "Смирнова", "Кузнецов", "Попова",  "Соколов",
                                  "Лебедева", "Козлов",   "Новикова", "Морозов", "Волкова"};
const char *const kSources[] = {"Веб-сайт", "Telegram", "Звонок", "Ozon", "Электронная почта"};

struct Lead
{
    qint64 id = 0;
    qint64 createdS = 0;
    QString first, last, phone, email, source;
};

// The phone as a person types it: the same number in one of several spellings.
QString spelled(qint64 digits, int style)
{
    const QString d = QString::number(digits); // 10 digits after the country code
    switch (style) {
    case 0:
        return QStringLiteral("+7 (%1) %2-%3-%4")
            .arg(d.mid(0, 3), d.mid(3, 3), d.mid(6, 2), d.mid(8, 2));
    case 1:
        return QStringLiteral("8%1").arg(d);
    default:
        return QStringLiteral("+7%1").arg(d);
    }
}

QString field(const QString &text)
{
    if (!text.contains(QLatin1Char(';')) && !text.contains(QLatin1Char('"')))
        return text;
    return QLatin1Char('"') + QString(text).replace(QLatin1Char('"'), QLatin1String("\"\"")) +
           QLatin1Char('"');
}

} // namespace

int writeCrmExport(const CrmExportSettings &s)
{
    Rng rng(s.seed);
    const qint64 endS = QDateTime(QDate::currentDate(), QTime(0, 0), Qt::UTC).toSecsSinceEpoch();
    const qint64 startS = endS - qint64(s.days) * 86400;
    QVector<Lead> leads;
    QVector<Lead> customers; // who may come back weeks later
    qint64 nextId = 100000;
    const int total = s.days * s.perDay;
    for (int i = 0; i < total; ++i) {
        Lead lead;
        lead.id = nextId++;
        lead.createdS = startS + rng.between(0, endS - startS - 1);
        const Lead *before =
            customers.isEmpty() || !rng.chance(0.05) ? nullptr : &rng.pick(customers);
        const qint64 againS = before ? before->createdS + rng.between(7, 20) * 86400 : 0;
        if (before && againS < endS) {
            // A regular customer's next order: same phone and e-mail, weeks later (within the
            // month, or it would pile up at its end).
            lead.first = before->first;
            lead.last = before->last;
            lead.phone = before->phone;
            lead.email = before->email;
            lead.source = before->source;
            lead.createdS = againS;
        } else {
            lead.first = QString::fromUtf8(kFirstNames[rng.between(0, 9)]);
            lead.last = QString::fromUtf8(kLastNames[rng.between(0, 9)]);
            const qint64 digits = 9000000000LL + rng.between(0, 999999999);
            lead.phone = spelled(digits, int(rng.between(0, 2)));
            lead.email = QStringLiteral("client%1@example.ru").arg(lead.id);
            lead.source = QString::fromUtf8(kSources[rng.between(0, 4)]);
            customers.append(lead);
        }
        leads.append(lead);
        if (!rng.chance(s.duplicateShare))
            continue;
        Lead again = lead;
        const double kind = rng.uniform();
        if (kind < 0.3) {
            // A double import: the same lead, the same ID, exported twice.
        } else if (kind < 0.8) {
            // The site, then Telegram minutes later: a new lead, the phone written otherwise.
            again.id = nextId++;
            again.createdS += rng.between(60, 1800);
            again.source = QStringLiteral("Telegram");
            const QString digits =
                QString(lead.phone).remove(QRegularExpression(QStringLiteral("[^0-9]")));
            again.phone = spelled(digits.right(10).toLongLong(), int(rng.between(0, 2)));
            again.email.clear();
        } else {
            // The same e-mail in another case, an hour later.
            again.id = nextId++;
            again.createdS += rng.between(600, 6 * 3600);
            again.phone.clear();
            again.email = lead.email.toUpper();
        }
        again.createdS = std::min(again.createdS, endS - 1);
        leads.append(again);
    }
    std::sort(leads.begin(), leads.end(),
              [](const Lead &a, const Lead &b) { return a.createdS < b.createdS; });

    QString out = QStringLiteral("ID;Название лида;Имя;Фамилия;Мобильный телефон;Рабочий "
                                 "e-mail;Источник;Дата создания\r\n");
    for (const Lead &l : leads) {
        const QDateTime at = QDateTime::fromSecsSinceEpoch(l.createdS, Qt::UTC);
        out +=
            QStringList{
                QString::number(l.id), field(QStringLiteral("Заявка: %1 %2").arg(l.first, l.last)),
                field(l.first),        field(l.last),
                field(l.phone),        field(l.email),
                field(l.source),       at.toString(QStringLiteral("dd.MM.yyyy HH:mm:ss"))}
                .join(QLatin1Char(';')) +
            QLatin1String("\r\n");
    }
    QSaveFile file(s.file);
    if (!file.open(QIODevice::WriteOnly)) {
        std::fprintf(stderr, "inbox-sim: cannot write %s: %s\n", qPrintable(s.file),
                     qPrintable(file.errorString()));
        return 2;
    }
    file.write("\xEF\xBB\xBF" + out.toUtf8());
    if (!file.commit()) {
        std::fprintf(stderr, "inbox-sim: cannot write %s: %s\n", qPrintable(s.file),
                     qPrintable(file.errorString()));
        return 2;
    }
    std::printf("inbox-sim: %lld leads of %d days written to %s\n",
                static_cast<long long>(leads.size()), s.days, qPrintable(s.file));
    return 0;
}

} // namespace inbox::sim
