#include "people.h"

#include <QHash>

namespace inbox::sim {

namespace {

// Male surnames; the female form is derived (Петров -> Петрова, Ковальский -> Ковальская),
// surnames that do not change (Ким, Шевченко) stay as they are.
const QStringList &ruSurnames()
{
    static const QStringList list = {
        QStringLiteral("Иванов"),   QStringLiteral("Петров"),   QStringLiteral("Смирнов"),
        QStringLiteral("Кузнецов"), QStringLiteral("Попов"),    QStringLiteral("Васильев"),
        QStringLiteral("Соколов"),  QStringLiteral("Михайлов"), QStringLiteral("Новиков"),
        QStringLiteral("Фёдоров"),  QStringLiteral("Морозов"),  QStringLiteral("Волков"),
        QStringLiteral("Алексеев"), QStringLiteral("Лебедев"),  QStringLiteral("Семёнов"),
        QStringLiteral("Егоров"),   QStringLiteral("Павлов"),   QStringLiteral("Козлов"),
        QStringLiteral("Степанов"), QStringLiteral("Николаев"), QStringLiteral("Орлов"),
        QStringLiteral("Андреев"),  QStringLiteral("Макаров"),  QStringLiteral("Никитин"),
        QStringLiteral("Захаров"),  QStringLiteral("Зайцев"),   QStringLiteral("Соловьёв"),
        QStringLiteral("Борисов"),  QStringLiteral("Яковлев"),  QStringLiteral("Григорьев"),
        QStringLiteral("Романов"),  QStringLiteral("Воробьёв"), QStringLiteral("Ковальский"),
        QStringLiteral("Шевченко"), QStringLiteral("Ким"),      QStringLiteral("Белоусов"),
        QStringLiteral("Тарасов"),  QStringLiteral("Гусев"),    QStringLiteral("Крылов"),
        QStringLiteral("Медведев"), QStringLiteral("Абрамов"),  QStringLiteral("Садыков"),
    };
    return list;
}

const QStringList &ruMaleFirst()
{
    static const QStringList list = {
        QStringLiteral("Александр"), QStringLiteral("Дмитрий"), QStringLiteral("Максим"),
        QStringLiteral("Сергей"),    QStringLiteral("Андрей"),  QStringLiteral("Алексей"),
        QStringLiteral("Артём"),     QStringLiteral("Илья"),    QStringLiteral("Кирилл"),
        QStringLiteral("Михаил"),    QStringLiteral("Никита"),  QStringLiteral("Матвей"),
        QStringLiteral("Роман"),     QStringLiteral("Егор"),    QStringLiteral("Иван"),
        QStringLiteral("Павел"),     QStringLiteral("Олег"),    QStringLiteral("Владимир"),
        QStringLiteral("Тимур"),     QStringLiteral("Руслан"),  QStringLiteral("Евгений"),
        QStringLiteral("Николай"),   QStringLiteral("Игорь"),   QStringLiteral("Григорий"),
    };
    return list;
}

const QStringList &ruFemaleFirst()
{
    static const QStringList list = {
        QStringLiteral("Анна"),     QStringLiteral("Мария"),     QStringLiteral("Елена"),
        QStringLiteral("Ольга"),    QStringLiteral("Наталья"),   QStringLiteral("Екатерина"),
        QStringLiteral("Татьяна"),  QStringLiteral("Ирина"),     QStringLiteral("Светлана"),
        QStringLiteral("Юлия"),     QStringLiteral("Анастасия"), QStringLiteral("Дарья"),
        QStringLiteral("Ксения"),   QStringLiteral("Полина"),    QStringLiteral("Алёна"),
        QStringLiteral("Виктория"), QStringLiteral("Софья"),     QStringLiteral("Марина"),
        QStringLiteral("Людмила"),  QStringLiteral("Вера"),      QStringLiteral("Алина"),
        QStringLiteral("Надежда"),  QStringLiteral("Валерия"),   QStringLiteral("Оксана"),
    };
    return list;
}

const QStringList &enFirst()
{
    static const QStringList list = {
        QStringLiteral("James"),  QStringLiteral("Emily"),  QStringLiteral("Michael"),
        QStringLiteral("Sarah"),  QStringLiteral("David"),  QStringLiteral("Laura"),
        QStringLiteral("John"),   QStringLiteral("Emma"),   QStringLiteral("Daniel"),
        QStringLiteral("Olivia"), QStringLiteral("Thomas"), QStringLiteral("Sophie"),
        QStringLiteral("Robert"), QStringLiteral("Hannah"), QStringLiteral("Peter"),
        QStringLiteral("Anna"),
    };
    return list;
}

const QStringList &enLast()
{
    static const QStringList list = {
        QStringLiteral("Smith"),   QStringLiteral("Johnson"), QStringLiteral("Brown"),
        QStringLiteral("Taylor"),  QStringLiteral("Miller"),  QStringLiteral("Wilson"),
        QStringLiteral("Clark"),   QStringLiteral("Walker"),  QStringLiteral("Wright"),
        QStringLiteral("Green"),   QStringLiteral("Baker"),   QStringLiteral("Hall"),
        QStringLiteral("Turner"),  QStringLiteral("Müller"),  QStringLiteral("Schmidt"),
        QStringLiteral("O'Brien"),
    };
    return list;
}

QString feminine(const QString &surname)
{
    if (surname.endsWith(QStringLiteral("ский")))
        return surname.left(surname.size() - 2) + QStringLiteral("ая");
    if (surname.endsWith(QStringLiteral("ов")) || surname.endsWith(QStringLiteral("ев")) ||
        surname.endsWith(QStringLiteral("ёв")) || surname.endsWith(QStringLiteral("ин")))
        return surname + QStringLiteral("а");
    return surname;
}

struct NameTable
{
    QStringList names;
    QStringList locals;
    QStringList russian;
};

// Every first name with every surname, interleaved so that consecutive k differ in both.
const NameTable &table()
{
    static const NameTable t = [] {
        NameTable out;
        const QStringList &last = ruSurnames();
        for (int i = 0; i < last.size(); ++i) {
            for (int j = 0; j < ruMaleFirst().size(); ++j) {
                const QString &first = ruMaleFirst().at(j);
                out.names << first + QLatin1Char(' ') + last.at(i);
                out.locals << People::transliterate(first) + QLatin1Char('.') +
                                  People::transliterate(last.at(i));
                out.russian << QStringLiteral("t");
                const QString &she = ruFemaleFirst().at(j % ruFemaleFirst().size());
                const QString herName = feminine(last.at(i));
                out.names << she + QLatin1Char(' ') + herName;
                out.locals << People::transliterate(she).left(1) + QLatin1Char('.') +
                                  People::transliterate(herName);
                out.russian << QStringLiteral("t");
            }
        }
        for (int i = 0; i < enLast().size(); ++i) {
            for (int j = 0; j < enFirst().size(); ++j) {
                out.names << enFirst().at(j) + QLatin1Char(' ') + enLast().at(i);
                QString local = (enFirst().at(j) + QLatin1Char('.') + enLast().at(i)).toLower();
                local.remove(QLatin1Char('\''));
                local.replace(QStringLiteral("ü"), QStringLiteral("ue"));
                out.locals << local;
                out.russian << QStringLiteral("f");
            }
        }
        return out;
    }();
    return t;
}

QString pad(qint64 value, int width)
{
    return QStringLiteral("%1").arg(value, width, 10, QLatin1Char('0'));
}

} // namespace

QString People::transliterate(const QString &russian)
{
    static const QHash<QChar, QString> map = [] {
        QHash<QChar, QString> m;
        const QString from = QStringLiteral("абвгдеёжзийклмнопрстуфхцчшщъыьэюя");
        const QStringList to = {
            QStringLiteral("a"),    QStringLiteral("b"),
            QStringLiteral("v"),    QStringLiteral("g"),
            QStringLiteral("d"),    QStringLiteral("e"),
            QStringLiteral("e"),    QStringLiteral("zh"),
            QStringLiteral("z"),    QStringLiteral("i"),
            QStringLiteral("y"),    QStringLiteral("k"),
            QStringLiteral("l"),    QStringLiteral("m"),
            QStringLiteral("n"),    QStringLiteral("o"),
            QStringLiteral("p"),    QStringLiteral("r"),
            QStringLiteral("s"),    QStringLiteral("t"),
            QStringLiteral("u"),    QStringLiteral("f"),
            QStringLiteral("kh"),   QStringLiteral("ts"),
            QStringLiteral("ch"),   QStringLiteral("sh"),
            QStringLiteral("shch"), QString(),
            QStringLiteral("y"),    QString(),
            QStringLiteral("e"),    QStringLiteral("yu"),
            QStringLiteral("ya"),
        };
        for (int i = 0; i < from.size(); ++i)
            m.insert(from.at(i), to.at(i));
        return m;
    }();
    QString out;
    for (const QChar c : russian.toLower())
        out += map.contains(c) ? map.value(c) : QString(c);
    return out;
}

const QStringList &People::names()
{
    return table().names;
}

const QStringList &People::emailLocals()
{
    return table().locals;
}

const QStringList &People::russianFlags()
{
    return table().russian;
}

const QStringList &People::domains()
{
    static const QStringList list = {
        QStringLiteral("gmail.com"),  QStringLiteral("yandex.ru"),   QStringLiteral("mail.ru"),
        QStringLiteral("bk.ru"),      QStringLiteral("list.ru"),     QStringLiteral("inbox.ru"),
        QStringLiteral("ya.ru"),      QStringLiteral("outlook.com"), QStringLiteral("icloud.com"),
        QStringLiteral("rambler.ru"),
    };
    return list;
}

const QStringList &People::companies()
{
    static const QStringList list = {
        QStringLiteral("stroymontazh"), QStringLiteral("tehnoservis"),
        QStringLiteral("alfa-trade"),   QStringLiteral("vostok-logistic"),
        QStringLiteral("promsnab"),     QStringLiteral("gorizont"),
        QStringLiteral("severstroy"),   QStringLiteral("megapolis"),
        QStringLiteral("atlant-group"), QStringLiteral("uralmash-service"),
        QStringLiteral("kvadrat"),      QStringLiteral("nordwind"),
    };
    return list;
}

Person People::person(qint64 k)
{
    const QStringList &n = names();
    const qint64 count = n.size();
    Person p;
    p.name = n.at(qsizetype(k % count));
    p.russian = russianFlags().at(qsizetype(k % count)) == QLatin1String("t");
    p.email = emailLocals().at(qsizetype(k % count)) + QString::number((k / count) % 10000) +
              QLatin1Char('@') + domains().at(qsizetype((k / 7) % domains().size()));
    // 2654435761 is odd and not a multiple of 5: multiplying by it permutes the residues
    // mod 1e9, so distinct k (mod 1e9) get distinct numbers. k < 3.4e9 keeps it in range.
    const quint64 scrambled = (quint64(k) * 2654435761ULL) % 1000000000ULL;
    p.phone = QStringLiteral("79") + pad(qint64(scrambled), 9);
    return p;
}

QString People::officePhone(int office)
{
    return QStringLiteral("7495") + pad((qint64(office) * 7919 + 1234567) % 10000000, 7);
}

Person People::officeMember(int office, int member, Rng &rng)
{
    const QStringList &n = names();
    const qsizetype idx = qsizetype((qint64(office) * 131 + member * 17) % n.size());
    Person p;
    p.name = n.at(idx);
    p.russian = russianFlags().at(idx) == QLatin1String("t");
    p.office = office;
    p.phone = officePhone(office);
    const QString domain = companies().at(office % companies().size()) +
                           (office >= companies().size() ? QString::number(office) : QString()) +
                           QStringLiteral(".ru");
    // Offices often write from the shared mailbox.
    p.email = (rng.chance(0.3) ? QStringLiteral("info") : emailLocals().at(idx)) +
              QLatin1Char('@') + domain;
    return p;
}

Person People::placeholder(Rng &rng)
{
    static const QStringList phones = {
        QStringLiteral("+7 (000) 000-00-00"), QStringLiteral("0000000"), QString(),
        QStringLiteral("89999999999"), QStringLiteral("+7 (999) 999-99-99")};
    static const QStringList emails = {
        QStringLiteral("test@test.ru"), QStringLiteral("unknown@mail.ru"), QString(),
        QStringLiteral("noreply@site.ru"), QStringLiteral("test@test.com")};
    static const QStringList names = {QStringLiteral("Тест"), QStringLiteral("test"),
                                      QStringLiteral("Клиент"), QString(),
                                      QStringLiteral("Иван Иванов")};
    Person p;
    p.placeholder = true;
    p.name = rng.pick(names);
    p.phone = rng.pick(phones);
    p.email = rng.pick(emails);
    return p;
}

Person People::withBadPhone(Rng &rng)
{
    Person p = person(rng.between(1000000000LL, 1999999999LL));
    static const QStringList bad = {QStringLiteral("916-12"), QStringLiteral("123"),
                                    QStringLiteral("+7 9"), QStringLiteral("45-67")};
    p.phone = rng.pick(bad);
    p.badPhone = true;
    return p;
}

QString People::spellPhone(const QString &d, int variant)
{
    if (d.size() != 11)
        return d;
    const QString code = d.mid(1, 3), a = d.mid(4, 3), b = d.mid(7, 2), c = d.mid(9, 2);
    switch (variant) {
    case 0:
        return QStringLiteral("8 (%1) %2-%3-%4").arg(code, a, b, c);
    case 1:
        return QStringLiteral("+7 %1 %2").arg(code, d.mid(4));
    case 2:
        return d.mid(1);
    case 3:
        return QLatin1Char('+') + d;
    case 4:
        return QLatin1Char('8') + d.mid(1);
    case 5:
        return QStringLiteral("+7 (%1) %2-%3-%4").arg(code, a, b, c);
    default:
        return QStringLiteral("8-%1-%2-%3-%4").arg(code, a, b, c);
    }
}

QString People::spellPhone(const QString &digits, Rng &rng, bool office)
{
    if (!office)
        return spellPhone(digits, int(rng.between(0, phoneVariants() - 1)));
    static const QVector<int> officeVariants = {0, 1, 3, 5, 6};
    QString s = spellPhone(digits, rng.pick(officeVariants));
    if (rng.chance(0.4))
        s += rng.chance(0.7) ? QStringLiteral(" доб. %1").arg(rng.between(10, 59))
                             : QStringLiteral(" ext. %1").arg(rng.between(10, 59));
    return s;
}

QString People::spellEmail(const QString &email, Rng &rng)
{
    if (email.isEmpty())
        return email;
    const double x = rng.uniform();
    if (x < 0.12) {
        // "Ivan.Petrov1843@Mail.ru": capitalised the way phones' keyboards do it.
        QString s = email;
        s[0] = s[0].toUpper();
        const qsizetype at = s.indexOf(QLatin1Char('@'));
        if (at + 1 < s.size())
            s[at + 1] = s[at + 1].toUpper();
        return s;
    }
    if (x < 0.2 && email.endsWith(QStringLiteral("@gmail.com"))) {
        const qsizetype at = email.indexOf(QLatin1Char('@'));
        return email.left(at) + QStringLiteral("+site") + email.mid(at);
    }
    if (x < 0.24)
        return QLatin1Char(' ') + email + QLatin1Char(' ');
    return email;
}

// ---------------------------------------------------------------------------------------
const QStringList &Texts::messagesRu()
{
    static const QStringList list = {
        QStringLiteral("Здравствуйте! Интересует доставка в Казань, перезвоните, пожалуйста."),
        QStringLiteral("Добрый день. Сколько стоит монтаж под ключ? Площадь около 60 м²."),
        QStringLiteral("Хочу оформить заказ на 3 шт., есть ли скидка для юрлица?"),
        QStringLiteral("Перезвоните после 18:00, хочу уточнить сроки."),
        QStringLiteral("Заказ пришёл с повреждённой упаковкой, что делать?"),
        QStringLiteral("Нужен счёт на оплату для ООО, реквизиты пришлю."),
        QStringLiteral("Есть ли товар в наличии на складе в Москве?"),
        QStringLiteral("Подскажите, можно ли вернуть товар, если не подошёл размер?"),
        QStringLiteral("Хотим оптовую партию, пришлите прайс."),
        QStringLiteral("Оставлял заявку вчера, никто не перезвонил."),
        QStringLiteral("Добрый вечер! Интересует рассрочка."),
        QStringLiteral("Можно ли забрать самовывозом сегодня?"),
    };
    return list;
}

const QStringList &Texts::messagesEn()
{
    static const QStringList list = {
        QStringLiteral("Hello, could you send me a quote for 50 units?"),
        QStringLiteral("Hi! Do you ship to Almaty? Please call me back."),
        QStringLiteral("I placed an order yesterday but got no confirmation."),
        QStringLiteral("Is this item in stock? I need it by Friday."),
        QStringLiteral("We are interested in a partnership, who should we talk to?"),
        QStringLiteral("Please call me after 6 pm."),
    };
    return list;
}

const QStringList &Texts::subjectsRu()
{
    static const QStringList list = {
        QStringLiteral("Запрос цены"), QStringLiteral("Заявка"), QStringLiteral("Вопрос по заказу"),
        QStringLiteral("Коммерческое предложение"), QStringLiteral("Счёт на оплату")};
    return list;
}

const QStringList &Texts::subjectsEn()
{
    static const QStringList list = {QStringLiteral("Quote request"),
                                     QStringLiteral("Question about my order"),
                                     QStringLiteral("Partnership")};
    return list;
}

const QStringList &Texts::forms()
{
    static const QStringList list = {QStringLiteral("callback"), QStringLiteral("order"),
                                     QStringLiteral("question"), QStringLiteral("quote")};
    return list;
}

const QStringList &Texts::pages()
{
    static const QStringList list = {QStringLiteral("/"),
                                     QStringLiteral("/contacts"),
                                     QStringLiteral("/catalog/heaters"),
                                     QStringLiteral("/catalog/pumps"),
                                     QStringLiteral("/delivery"),
                                     QStringLiteral("/sale")};
    return list;
}

const QStringList &Texts::utmSources()
{
    static const QStringList list = {QStringLiteral("yandex"), QStringLiteral("google"),
                                     QStringLiteral("vk"),     QStringLiteral("telegram"),
                                     QStringLiteral("direct"), QStringLiteral("avito")};
    return list;
}

// ---------------------------------------------------------------------------------------
const QVector<Product> &Catalog::products()
{
    static const QVector<Product> list = {
        {QStringLiteral("ART-1001"), QStringLiteral("Обогреватель масляный 2 кВт"), 3490,
         148230011},
        {QStringLiteral("ART-1002"), QStringLiteral("Насос циркуляционный 25-40"), 5290, 148230012},
        {QStringLiteral("ART-1003"), QStringLiteral("Фильтр магистральный 10 дюймов"), 1190,
         148230013},
        {QStringLiteral("ART-1004"), QStringLiteral("Смеситель для кухни"), 4590, 148230014},
        {QStringLiteral("ART-1005"), QStringLiteral("Водонагреватель 50 л"), 12990, 148230015},
        {QStringLiteral("ART-1006"), QStringLiteral("Терморегулятор комнатный"), 2190, 148230016},
        {QStringLiteral("ART-1007"), QStringLiteral("Кран шаровой 1/2"), 390, 148230017},
        {QStringLiteral("ART-1008"), QStringLiteral("Коллектор на 4 выхода"), 3890, 148230018},
        {QStringLiteral("ART-1009"), QStringLiteral("Тёплый пол, мат 3 м²"), 6790, 148230019},
        {QStringLiteral("ART-1010"), QStringLiteral("Полотенцесушитель электрический"), 8990,
         148230020},
        {QStringLiteral("ART-1011"), QStringLiteral("Радиатор биметалл 8 секций"), 9990, 148230021},
        {QStringLiteral("ART-1012"), QStringLiteral("Гидроаккумулятор 24 л"), 4190, 148230022},
    };
    return list;
}

const QStringList &Catalog::unknownOffers()
{
    static const QStringList list = {QStringLiteral("ART-9001"), QStringLiteral("ART-9002"),
                                     QStringLiteral("ART-1012-NEW")};
    return list;
}

bool Catalog::knows(const QString &offerId)
{
    for (const Product &p : products()) {
        if (p.offerId == offerId)
            return true;
    }
    return false;
}

} // namespace inbox::sim
