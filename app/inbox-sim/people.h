#pragma once

#include "rng.h"

#include <QString>
#include <QStringList>

namespace inbox::sim {

// Someone who writes to the company. Contacts are kept in canonical form here and spelled
// differently on every delivery (spellPhone, spellEmail), as people and forms really do.
struct Person
{
    QString name;  // "Иван Петров", "Emily Clark"; may be a placeholder ("Тест")
    QString phone; // digits in international form ("79161234567"), or a placeholder
                   // spelling when `placeholder` is set; empty when none
    QString email; // as the person types it; empty when none
    bool russian = true;
    int office = -1; // >= 0: the phone is office `office`'s shared line
    bool placeholder = false;
    bool badPhone = false; // a phone no CRM accepts ("916-12")
};

// Deterministic people, defined the same way here and in the set-based fill (bulkfill.cpp
// passes names(), emailLocals() and domains() to the server and repeats the formulas in
// SQL), so a live run meets the people of the filled history again.
class People final
{
public:
    // Person number k (0 <= k < 3e9): name and e-mail local part from the name list, a
    // unique mobile number (a bijection of k mod 1e9) and a free-mail domain.
    static Person person(qint64 k);
    // Member `member` of office `office`: a landline shared by the whole office, personal
    // or shared (info@) company e-mail.
    static Person officeMember(int office, int member, Rng &rng);
    // Placeholder contacts forms let through: "+7 (000) 000-00-00", "test@test.ru"...
    static Person placeholder(Rng &rng);
    // A person whose phone no CRM accepts.
    static Person withBadPhone(Rng &rng);

    static QString officePhone(int office);
    static int officeCount() { return 400; }

    // Every common spelling of a Russian number: 8 (916) 123-45-67, +7 916 1234567,
    // 9161234567, +79161234567, 89161234567, +7 (916) 123-45-67, 8-916-123-45-67.
    // Office lines get an extension now and then, and never the bare 10-digit form (that
    // one is only unambiguous for mobiles).
    static QString spellPhone(const QString &digits, Rng &rng, bool office = false);
    static QString spellPhone(const QString &digits, int variant);
    static int phoneVariants() { return 7; }
    // As typed: mostly as is, sometimes capitalised, Gmail users add a +tag.
    static QString spellEmail(const QString &email, Rng &rng);

    // Tables shared with the fill. names() and emailLocals() are parallel.
    static const QStringList &names();
    static const QStringList &emailLocals();
    static const QStringList &russianFlags(); // "t"/"f" per name, parallel to names()
    static const QStringList &domains();
    static const QStringList &companies();
    static QString transliterate(const QString &russian);
};

// Request texts in both languages; the fill gets the same lists.
struct Texts
{
    static const QStringList &messagesRu();
    static const QStringList &messagesEn();
    static const QStringList &subjectsRu();
    static const QStringList &subjectsEn();
    static const QStringList &forms(); // web form names
    static const QStringList &pages();
    static const QStringList &utmSources();
};

// What the shop sells: marketplace orders refer to it by offer id (article).
struct Product
{
    QString offerId;
    QString name;
    int priceRub = 0;
    qint64 sku = 0;
};

struct Catalog
{
    static const QVector<Product> &products();
    // Articles that the CRM does not know (a marketplace card made without it): an order
    // with one fails validation, for a person.
    static const QStringList &unknownOffers();
    static bool knows(const QString &offerId);
};

} // namespace inbox::sim
