#include "report/exportlayout.h"

#include "report/csvreader.h"
#include "report/exportvalues.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonArray>

namespace inbox {

namespace {

// The headers the recognition is based on (all compared normalised: lower case, "ё" as "е",
// "e-mail" as "email", spaces collapsed).
//
// Bitrix24 leads: the lead list's CSV export names columns by the lead's field titles: "ID",
// "Название лида", "Имя", "Фамилия", "Рабочий телефон", "Мобильный телефон", "Домашний телефон",
// "Другой телефон", "Рабочий e-mail", "Частный e-mail", "Другой e-mail", "Источник",
// "Дата создания" (the field list of Bitrix24's own lead import template, seen in public
// converters, and the field titles of its REST documentation, crm.lead.fields). Deals: "ID",
// "Название сделки", "Стадия сделки", "Дата создания", "Контакт", "Компания", "Источник"; a deal
// has no phone of its own, the contact's name is all the export gives. English portals use the
// same fields' English titles ("Lead name", "First name", "Last name", "Work phone", "Mobile
// phone", "Work e-mail", "Source", "Created"): these come from the field titles, not from a
// seen English file, which is why unknown names still get a mapping by hand.
//
// amoCRM deals: the deal list's export (seen in public importers of it) has "ID", "Название
// сделки", "Бюджет", "Ответственный", "Дата создания сделки" (newer: "Дата создания"), "Кем
// создана сделка", "Теги", "Этап сделки", "Воронка", "Полное имя контакта" or "Основной контакт",
// the contact's "Рабочий телефон", "Рабочий прямой телефон", "Мобильный телефон", "Домашний
// телефон", "Другой телефон", "Рабочий email", "Личный email", "Другой email", in newer exports
// with " (контакт)" after each; simple accounts export "Телефон", "Email" and "Контакт".
const QStringList kIdNames = {QStringLiteral("id")};
const QStringList kCreatedNames = {QStringLiteral("дата создания"),
                                   QStringLiteral("дата создания сделки"),
                                   QStringLiteral("дата создания лида"),
                                   QStringLiteral("создан"),
                                   QStringLiteral("created"),
                                   QStringLiteral("date created"),
                                   QStringLiteral("created at"),
                                   QStringLiteral("creation date"),
                                   QStringLiteral("date create")};
const QStringList kSourceNames = {QStringLiteral("источник"), QStringLiteral("source")};
const QStringList kPhoneNames = {QStringLiteral("рабочий телефон"),
                                 QStringLiteral("мобильный телефон"),
                                 QStringLiteral("домашний телефон"),
                                 QStringLiteral("другой телефон"),
                                 QStringLiteral("телефон для рассылок"),
                                 QStringLiteral("рабочий прямой телефон"),
                                 QStringLiteral("телефон"),
                                 QStringLiteral("work phone"),
                                 QStringLiteral("mobile phone"),
                                 QStringLiteral("mobile"),
                                 QStringLiteral("home phone"),
                                 QStringLiteral("other phone"),
                                 QStringLiteral("phone"),
                                 QStringLiteral("work direct phone")};
const QStringList kEmailNames = {
    QStringLiteral("рабочий email"),  QStringLiteral("частный email"),
    QStringLiteral("личный email"),   QStringLiteral("email для рассылок"),
    QStringLiteral("другой email"),   QStringLiteral("email"),
    QStringLiteral("work email"),     QStringLiteral("private email"),
    QStringLiteral("personal email"), QStringLiteral("other email")};
// A person's name split in two (Bitrix24 leads), or whole (deals' contacts).
const QStringList kFirstNameNames = {QStringLiteral("имя"), QStringLiteral("first name")};
const QStringList kLastNameNames = {QStringLiteral("фамилия"), QStringLiteral("last name")};
const QStringList kFullNameNames = {QStringLiteral("полное имя контакта"),
                                    QStringLiteral("полное имя"),
                                    QStringLiteral("основной контакт"),
                                    QStringLiteral("контакт"),
                                    QStringLiteral("имя, фамилия"),
                                    QStringLiteral("contact full name"),
                                    QStringLiteral("full name"),
                                    QStringLiteral("main contact"),
                                    QStringLiteral("contact"),
                                    QStringLiteral("name")};

const QStringList kLeadTitles = {QStringLiteral("название лида"), QStringLiteral("lead name")};
const QStringList kDealTitles = {QStringLiteral("название сделки"), QStringLiteral("deal name"),
                                 QStringLiteral("lead title")};
// What tells amoCRM's deal export from Bitrix24's (both have "ID" and "Название сделки").
const QStringList kAmoMarks = {QStringLiteral("бюджет"),
                               QStringLiteral("этап сделки"),
                               QStringLiteral("дата создания сделки"),
                               QStringLiteral("кем создана сделка"),
                               QStringLiteral("основной контакт"),
                               QStringLiteral("полное имя контакта"),
                               QStringLiteral("теги сделки"),
                               QStringLiteral("телефон"),
                               QStringLiteral("email"),
                               QStringLiteral("budget"),
                               QStringLiteral("lead title"),
                               QStringLiteral("main contact")};
const QStringList kBitrixDealMarks = {
    QStringLiteral("стадия сделки"), QStringLiteral("направление"), QStringLiteral("сумма"),
    QStringLiteral("валюта"),        QStringLiteral("stage"),       QStringLiteral("currency")};

// amoCRM names a contact's fields "Рабочий телефон (контакт)": matched without the suffix.
QString withoutEntity(const QString &normalised)
{
    for (const QLatin1String suffix : {QLatin1String(" (contact)"), QLatin1String(" (lead)")}) {
        if (normalised.endsWith(suffix))
            return normalised.chopped(suffix.size());
    }
    static const QString contact = QStringLiteral(" (контакт)");
    if (normalised.endsWith(contact))
        return normalised.chopped(contact.size());
    return normalised;
}

int firstOf(const QStringList &names, const QStringList &aliases)
{
    for (const QString &alias : aliases) {
        const int at = int(names.indexOf(alias));
        if (at >= 0)
            return at;
    }
    return -1;
}

QVector<int> allOf(const QStringList &names, const QStringList &aliases)
{
    QVector<int> out;
    for (int i = 0; i < names.size(); ++i) {
        if (aliases.contains(names.at(i)))
            out.append(i);
    }
    return out;
}

QString cell(const CsvRecord &record, int column)
{
    return column >= 0 && column < record.fields.size() ? record.fields.at(column) : QString();
}

QString columnName(const QStringList &header, const QVector<int> &columns, ExportField field)
{
    if (!columns.isEmpty() && columns.first() >= 0 && columns.first() < header.size())
        return header.at(columns.first());
    return ExportLayout::fieldName(field);
}

const char *const kFieldKeys[] = {"source", "external_id", "created_at", "phone", "email", "name"};
const char *const kKindKeys[] = {"custom", "bitrix24_leads", "bitrix24_deals", "amocrm_deals"};

} // namespace

QString ExportLayout::normalisedName(const QString &headerName)
{
    QString s = headerName.simplified().toLower();
    s.replace(QChar(0x00A0), QLatin1Char(' '));
    s.replace(QChar(0x0451), QChar(0x0435)); // ё as е
    s.replace(QLatin1String("e-mail"), QLatin1String("email"));
    return s.simplified();
}

QString ExportLayout::layoutKey(const QStringList &header)
{
    QStringList names;
    names.reserve(header.size());
    for (const QString &name : header)
        names.append(normalisedName(name));
    const QByteArray digest = QCryptographicHash::hash(names.join(QLatin1Char('\n')).toUtf8(),
                                                       QCryptographicHash::Sha256);
    return QString::fromLatin1(digest.toHex().left(16));
}

QString ExportLayout::fieldName(ExportField field)
{
    switch (field) {
    case ExportField::Source:
        return QCoreApplication::translate("inbox::ExportLayout", "Source");
    case ExportField::ExternalId:
        return QCoreApplication::translate("inbox::ExportLayout", "External id");
    case ExportField::CreatedAt:
        return QCoreApplication::translate("inbox::ExportLayout", "Created at");
    case ExportField::Phone:
        return QCoreApplication::translate("inbox::ExportLayout", "Phone");
    case ExportField::Email:
        return QCoreApplication::translate("inbox::ExportLayout", "E-mail");
    case ExportField::Name:
        return QCoreApplication::translate("inbox::ExportLayout", "Name");
    }
    return {};
}

QString ExportLayout::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Custom:
        return QCoreApplication::translate("inbox::ExportLayout", "Other CSV, mapped by hand");
    case Kind::Bitrix24Leads:
        return QCoreApplication::translate("inbox::ExportLayout", "Bitrix24 leads");
    case Kind::Bitrix24Deals:
        return QCoreApplication::translate("inbox::ExportLayout", "Bitrix24 deals");
    case Kind::AmoCrmDeals:
        return QCoreApplication::translate("inbox::ExportLayout", "amoCRM deals");
    }
    return {};
}

ExportLayout ExportLayout::recognise(const QStringList &header)
{
    QStringList names;
    QStringList bare; // without amoCRM's " (контакт)"
    for (const QString &name : header) {
        names.append(normalisedName(name));
        bare.append(withoutEntity(names.last()));
    }
    const auto has = [&names](const QStringList &aliases) {
        for (const QString &a : aliases) {
            if (names.contains(a))
                return true;
        }
        return false;
    };

    ExportLayout layout;
    if (names.contains(QStringLiteral("id"))) {
        if (has(kLeadTitles)) {
            layout.m_kind = Kind::Bitrix24Leads;
        } else if (has(kDealTitles)) {
            int amo = 0, bitrix = 0;
            for (int i = 0; i < names.size(); ++i) {
                amo += kAmoMarks.contains(names.at(i)) || bare.at(i) != names.at(i);
                bitrix += kBitrixDealMarks.contains(names.at(i));
            }
            layout.m_kind = amo > 0 && amo >= bitrix ? Kind::AmoCrmDeals : Kind::Bitrix24Deals;
        }
    }
    if (layout.m_kind == Kind::Bitrix24Leads || layout.m_kind == Kind::Bitrix24Deals)
        layout.m_source = QStringLiteral("bitrix24");
    else if (layout.m_kind == Kind::AmoCrmDeals)
        layout.m_source = QStringLiteral("amocrm");

    const auto one = [](int column) {
        return column >= 0 ? QVector<int>{column} : QVector<int>{};
    };
    layout.m_columns[int(ExportField::ExternalId)] = one(firstOf(names, kIdNames));
    layout.m_columns[int(ExportField::CreatedAt)] = one(firstOf(names, kCreatedNames));
    layout.m_columns[int(ExportField::Source)] = one(firstOf(names, kSourceNames));
    layout.m_columns[int(ExportField::Phone)] = allOf(bare, kPhoneNames);
    layout.m_columns[int(ExportField::Email)] = allOf(bare, kEmailNames);
    const int first = firstOf(names, kFirstNameNames);
    const int last = firstOf(names, kLastNameNames);
    QVector<int> name;
    if (first >= 0 || last >= 0) {
        name = one(first) + one(last);
    } else {
        name = one(firstOf(bare, kFullNameNames));
    }
    layout.m_columns[int(ExportField::Name)] = name;
    return layout;
}

void ExportLayout::setColumns(ExportField field, const QVector<int> &columns)
{
    m_columns[int(field)] = columns;
}

void ExportLayout::addColumn(ExportField field, int column)
{
    if (column >= 0 && !m_columns[int(field)].contains(column))
        m_columns[int(field)].append(column);
}

bool ExportLayout::addColumnByName(ExportField field, const QString &name,
                                   const QStringList &header)
{
    const QString wanted = normalisedName(name);
    for (int i = 0; i < header.size(); ++i) {
        if (normalisedName(header.at(i)) == wanted) {
            addColumn(field, i);
            return true;
        }
    }
    return false;
}

QVector<ExportField> ExportLayout::missing(int columnCount) const
{
    const auto mapped = [this, columnCount](ExportField field) {
        for (int column : m_columns[int(field)]) {
            if (column >= 0 && column < columnCount)
                return true;
        }
        return false;
    };
    QVector<ExportField> out;
    if (!mapped(ExportField::Source) && m_source.isEmpty())
        out.append(ExportField::Source);
    if (!mapped(ExportField::ExternalId))
        out.append(ExportField::ExternalId);
    if (!mapped(ExportField::CreatedAt))
        out.append(ExportField::CreatedAt);
    return out;
}

bool ExportLayout::map(const CsvRecord &record, const QStringList &header, const QTimeZone &zone,
                       ExportRow *row, QVector<ImportProblem> *problems) const
{
    const auto &sourceColumns = m_columns[int(ExportField::Source)];
    const auto &idColumns = m_columns[int(ExportField::ExternalId)];
    const auto &createdColumns = m_columns[int(ExportField::CreatedAt)];
    const qsizetype before = problems->size();

    *row = ExportRow{};
    row->line = record.line;
    row->source =
        sourceColumns.isEmpty() ? QString() : cell(record, sourceColumns.first()).trimmed();
    if (row->source.isEmpty())
        row->source = m_source;
    if (row->source.isEmpty()) {
        problems->append({record.line,
                          ImportProblem::Code::NoSource,
                          columnName(header, sourceColumns, ExportField::Source),
                          {}});
    }
    row->externalId = idColumns.isEmpty() ? QString() : cell(record, idColumns.first()).trimmed();
    if (row->externalId.isEmpty()) {
        problems->append({record.line,
                          ImportProblem::Code::NoExternalId,
                          columnName(header, idColumns, ExportField::ExternalId),
                          {}});
    }
    const QString created =
        createdColumns.isEmpty() ? QString() : cell(record, createdColumns.first()).trimmed();
    if (created.isEmpty()) {
        problems->append({record.line,
                          ImportProblem::Code::NoCreatedAt,
                          columnName(header, createdColumns, ExportField::CreatedAt),
                          {}});
    } else {
        row->createdAt = ExportValues::parseCreatedAt(created, zone);
        if (!row->createdAt.isValid())
            problems->append({record.line, ImportProblem::Code::BadCreatedAt, created, {}});
    }
    for (int column : m_columns[int(ExportField::Phone)])
        row->phones += ExportValues::splitContacts(cell(record, column));
    for (int column : m_columns[int(ExportField::Email)])
        row->emails += ExportValues::splitContacts(cell(record, column));
    QStringList parts;
    for (int column : m_columns[int(ExportField::Name)]) {
        const QString part = cell(record, column).trimmed();
        if (!part.isEmpty())
            parts.append(part);
    }
    row->name = parts.join(QLatin1Char(' '));
    return problems->size() == before;
}

QJsonObject ExportLayout::toJson() const
{
    QJsonObject json;
    json.insert(QStringLiteral("kind"), QLatin1String(kKindKeys[int(m_kind)]));
    json.insert(QStringLiteral("constant_source"), m_source);
    for (int f = 0; f < kFields; ++f) {
        QJsonArray columns;
        for (int column : m_columns[f])
            columns.append(column);
        json.insert(QLatin1String(kFieldKeys[f]), columns);
    }
    return json;
}

ExportLayout ExportLayout::fromJson(const QJsonObject &json)
{
    ExportLayout layout;
    const QString kind = json.value(QStringLiteral("kind")).toString();
    for (int k = 0; k < 4; ++k) {
        if (kind == QLatin1String(kKindKeys[k]))
            layout.m_kind = Kind(k);
    }
    layout.setConstantSource(json.value(QStringLiteral("constant_source")).toString());
    for (int f = 0; f < kFields; ++f) {
        const QJsonArray columns = json.value(QLatin1String(kFieldKeys[f])).toArray();
        for (const QJsonValue &column : columns)
            layout.addColumn(ExportField(f), column.toInt(-1));
    }
    return layout;
}

bool ExportLayout::operator==(const ExportLayout &other) const
{
    if (m_kind != other.m_kind || m_source != other.m_source)
        return false;
    for (int f = 0; f < kFields; ++f) {
        if (m_columns[f] != other.m_columns[f])
            return false;
    }
    return true;
}

} // namespace inbox
