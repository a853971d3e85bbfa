#include "bodies.h"

#include "jsonwriter.h"

#include <QCryptographicHash>
#include <QTimeZone>
#include <QUrlQuery>

namespace inbox::sim {

const QVector<Source> &sources()
{
    static const QVector<Source> list = {
        {SourceId::WebForm, "web_form", 0.22, true, "crm.create_deal",
         "a key generated when the form opens (a double click or a refresh repeats it)"},
        {SourceId::Telegram, "telegram", 0.14, true, "crm.create_deal", "Telegram update_id"},
        {SourceId::Email, "email", 0.08, true, "crm.create_deal", "the Message-ID header"},
        {SourceId::Ozon, "ozon", 0.13, false, "crm.create_order",
         "posting_number, polled 'last 30 minutes every 10 minutes' (up to 3 fetches)"},
        {SourceId::Wb, "wb", 0.10, false, "crm.create_order",
         "assembly task id, polled with overlapping windows (up to 3 fetches)"},
        {SourceId::Payments, "payments", 0.10, false, "crm.register_payment",
         "payment id + event; retried after a slow answer"},
        {SourceId::CrmEvents, "crm_events", 0.08, false, nullptr,
         "the CRM's event_id, which it sometimes reuses for a different event (conflict)"},
        {SourceId::CrmForms, "crm_forms", 0.09, true, "crm.create_deal",
         "lead_id; resends differ in sent_at only (fingerprint over the stable fields)"},
        {SourceId::Pbx, "pbx", 0.06, true, "crm.create_deal",
         "no id: caller number + the minute of the call (a time bucket)"},
    };
    return list;
}

const Source &source(SourceId id)
{
    return sources().at(int(id));
}

const Source *sourceByName(const QString &name)
{
    for (const Source &s : sources()) {
        if (name == QLatin1String(s.name))
            return &s;
    }
    return nullptr;
}

namespace bodies {

namespace {

QString firstName(const QString &name)
{
    return name.section(QLatin1Char(' '), 0, 0);
}

QString lastName(const QString &name)
{
    return name.section(QLatin1Char(' '), 1);
}

QString message(const Person &p, Rng &rng)
{
    return p.russian ? rng.pick(Texts::messagesRu()) : rng.pick(Texts::messagesEn());
}

// RFC 2047 encoded word, as mail clients write non-ASCII headers.
QString encodedWord(const QString &text)
{
    return QStringLiteral("=?UTF-8?B?") + QString::fromLatin1(text.toUtf8().toBase64()) +
           QStringLiteral("?=");
}

QString rfc2822(const QDateTime &t)
{
    // Moscow time, as a Russian mail server stamps it.
    return t.toOffsetFromUtc(3 * 3600).toString(QStringLiteral("ddd, dd MMM yyyy HH:mm:ss")) +
           QStringLiteral(" +0300");
}

QString formEncode(const QList<QPair<QString, QString>> &fields)
{
    QString out;
    for (const auto &[key, value] : fields) {
        if (!out.isEmpty())
            out += QLatin1Char('&');
        out += QString::fromLatin1(QUrl::toPercentEncoding(key)) + QLatin1Char('=') +
               QString::fromLatin1(QUrl::toPercentEncoding(value));
    }
    return out;
}

QString money(int rub)
{
    return QStringLiteral("%1.00").arg(rub);
}

} // namespace

QString isoUtc(const QDateTime &t)
{
    // What toString(Qt::ISODate) writes for a UTC time ("2026-12-04T07:10:52Z"), without its
    // locale-aware formatter, which was 3.5 % of the bulk fill's generators.
    const QDateTime u = t.toUTC();
    const QDate d = u.date();
    const QTime c = u.time();
    if (d.year() < 1000 || d.year() > 9999)
        return u.toString(Qt::ISODate);
    char s[20];
    const auto put = [&s](int at, int value, int digits) {
        for (int i = digits - 1; i >= 0; --i, value /= 10)
            s[at + i] = char('0' + value % 10);
    };
    put(0, d.year(), 4);
    s[4] = '-';
    put(5, d.month(), 2);
    s[7] = '-';
    put(8, d.day(), 2);
    s[10] = 'T';
    put(11, c.hour(), 2);
    s[13] = ':';
    put(14, c.minute(), 2);
    s[16] = ':';
    put(17, c.second(), 2);
    s[19] = 'Z';
    return QString::fromLatin1(s, 20);
}

Message webForm(const Person &p, const QString &formKey, const QDateTime &openedAt,
                const QDateTime &submittedAt, Rng &rng)
{
    // Drawn in this order (the same --seed gives the same bodies), written in the keys' order.
    const QString &form = rng.pick(Texts::forms());
    const QString &page = rng.pick(Texts::pages());
    const QString phone =
        p.placeholder || p.badPhone ? p.phone : People::spellPhone(p.phone, rng, p.office >= 0);
    const QString email = p.placeholder ? p.email : People::spellEmail(p.email, rng);
    const QString text = message(p, rng);
    const QString &utm = rng.pick(Texts::utmSources());
    QByteArray body;
    body.reserve(512);
    JsonWriter(body)
        .object()
        .key("email")
        .string(email)
        .key("form")
        .string(form)
        .key("form_key")
        .string(formKey)
        .key("message")
        .string(text)
        .key("name")
        .string(p.name)
        .key("opened_at")
        .string(isoUtc(openedAt))
        .key("page")
        .string(page)
        .key("phone")
        .string(phone)
        .key("submitted_at")
        .string(isoUtc(submittedAt))
        .key("utm_source")
        .string(utm)
        .endObject();
    return {QStringLiteral("web_form"),
            formKey,
            QStringLiteral("lead.form"),
            QStringLiteral("application/json"),
            QString(),
            body,
            submittedAt};
}

Message telegram(const Person &p, qint64 updateId, const QDateTime &at, Rng &rng)
{
    const qint64 userId = 100000000 + (qHash(p.name + p.phone) % 900000000);
    QString text = message(p, rng);
    const double x = rng.uniform();
    if (!p.phone.isEmpty() && x < 0.7)
        text += (p.russian ? QStringLiteral(" Мой телефон ") : QStringLiteral(" My phone is ")) +
                (p.placeholder || p.badPhone ? p.phone
                                             : People::spellPhone(p.phone, rng, p.office >= 0));
    if (!p.email.isEmpty() && (x >= 0.7 || rng.chance(0.2)))
        text += QStringLiteral(" ") + (p.placeholder ? p.email : People::spellEmail(p.email, rng));
    const qint64 messageId = rng.between(1000, 999999);
    const QString last = lastName(p.name);
    QByteArray body;
    body.reserve(512);
    JsonWriter w(body);
    w.object().key("message").object();
    w.key("chat").object().key("id").integer(userId).key("type").string(QStringLiteral("private"));
    w.endObject().key("date").integer(at.toSecsSinceEpoch());
    w.key("from").object().key("first_name").string(firstName(p.name)).key("id").integer(userId);
    w.key("is_bot").boolean(false).key("language_code");
    w.string(p.russian ? QStringLiteral("ru") : QStringLiteral("en"));
    if (!last.isEmpty())
        w.key("last_name").string(last);
    w.endObject().key("message_id").integer(messageId).key("text").string(text);
    w.endObject().key("update_id").integer(updateId).endObject();
    return {QStringLiteral("telegram"),
            QString::number(updateId),
            QStringLiteral("message"),
            QStringLiteral("application/json"),
            QString(),
            body,
            at};
}

Message email(const Person &p, qint64 u, const QDateTime &at, Rng &rng)
{
    const QString address = p.placeholder ? p.email : People::spellEmail(p.email, rng).trimmed();
    const QString host = address.section(QLatin1Char('@'), 1).toLower();
    const QString messageId = QStringLiteral("<%1.%2@mail.%3>")
                                  .arg(u)
                                  .arg(rng.hex(8))
                                  .arg(host.isEmpty() ? QStringLiteral("localhost") : host);
    const QString subject =
        p.russian ? rng.pick(Texts::subjectsRu()) : rng.pick(Texts::subjectsEn());
    QString text = message(p, rng) + QStringLiteral("\r\n\r\n--\r\n") + p.name;
    if (!p.phone.isEmpty())
        text += (p.russian ? QStringLiteral("\r\nтел. ") : QStringLiteral("\r\ntel. ")) +
                (p.placeholder || p.badPhone ? p.phone
                                             : People::spellPhone(p.phone, rng, p.office >= 0));
    const QString from =
        p.name.isEmpty() ? address : QStringLiteral("%1 <%2>").arg(encodedWord(p.name), address);
    const QString raw = QStringLiteral("Message-ID: %1\r\n"
                                       "Date: %2\r\n"
                                       "From: %3\r\n"
                                       "To: sales@shop.example\r\n"
                                       "Subject: %4\r\n"
                                       "MIME-Version: 1.0\r\n"
                                       "Content-Type: text/plain; charset=utf-8\r\n"
                                       "Content-Transfer-Encoding: 8bit\r\n"
                                       "\r\n%5\r\n")
                            .arg(messageId, rfc2822(at), from, encodedWord(subject), text);
    return {QStringLiteral("email"),
            messageId,
            QStringLiteral("message"),
            QStringLiteral("message/rfc822"),
            QString(),
            raw.toUtf8(),
            at};
}

namespace {
// An order's lines: Ozon's as an array of objects into `w`, Wildberries' only drawn (the
// same draws), for the first line's offer id, which is returned.
QString orderLines(Rng &rng, bool unknownOffer, JsonWriter *w)
{
    QString first;
    const int n = rng.chance(0.8) ? 1 : int(rng.between(2, 3));
    if (w)
        w->array();
    for (int i = 0; i < n; ++i) {
        const Product &p = rng.pick(Catalog::products());
        const QString &offer =
            unknownOffer && i == 0 ? rng.pick(Catalog::unknownOffers()) : p.offerId;
        if (i == 0)
            first = offer;
        if (w) {
            const qint64 quantity = rng.between(1, 3);
            w->object().key("name").string(p.name).key("offer_id").string(offer);
            w->key("price").string(money(p.priceRub) + QStringLiteral("00"));
            w->key("quantity").integer(quantity).key("sku").integer(p.sku).endObject();
        }
    }
    if (w)
        w->endArray();
    return first;
}
} // namespace

Message ozon(qint64 u, const QDateTime &createdAt, Rng &rng, bool unknownOffer)
{
    const QString orderNumber = QStringLiteral("%1-%2")
                                    .arg(u / 10000, 8, 10, QLatin1Char('0'))
                                    .arg(u % 10000, 4, 10, QLatin1Char('0'));
    const QString posting = orderNumber + QStringLiteral("-1");
    QByteArray body;
    body.reserve(512);
    JsonWriter w(body);
    w.object().key("in_process_at").string(isoUtc(createdAt)).key("order_id").integer(u);
    w.key("order_number").string(orderNumber).key("posting_number").string(posting);
    w.key("products");
    orderLines(rng, unknownOffer, &w);
    w.key("shipment_date").string(isoUtc(createdAt.addDays(2)));
    w.key("status").string(QStringLiteral("awaiting_packaging")).endObject();
    return {QStringLiteral("ozon"),
            posting,
            QStringLiteral("order.created"),
            QStringLiteral("application/json"),
            QString(),
            body,
            createdAt};
}

Message wb(qint64 u, const QDateTime &createdAt, Rng &rng, bool unknownOffer)
{
    const QString article = orderLines(rng, unknownOffer, nullptr);
    const Product &p = rng.pick(Catalog::products());
    const QString rid = rng.hex(32);
    const qint64 warehouse = rng.between(100000, 999999);
    QByteArray body;
    body.reserve(384);
    JsonWriter w(body);
    w.object().key("article").string(article).key("createdAt").string(isoUtc(createdAt));
    w.key("id")
        .integer(u)
        .key("nmId")
        .integer(p.sku + 7000000)
        .key("price")
        .integer(qint64(p.priceRub) * 100);
    w.key("rid").string(rid).key("skus").array().string(QStringLiteral("20%1").arg(p.sku));
    w.endArray().key("warehouseId").integer(warehouse).endObject();
    return {QStringLiteral("wb"),
            QString::number(u),
            QStringLiteral("order.created"),
            QStringLiteral("application/json"),
            QString(),
            body,
            createdAt};
}

Message payment(const QString &paymentId, const QString &event, qint64 orderNo, const QDateTime &at,
                Rng &rng)
{
    const Product &p = rng.pick(Catalog::products());
    const bool succeeded = event == QLatin1String("payment.succeeded");
    const QString createdAt = isoUtc(at.addSecs(-rng.between(5, 90)));
    QByteArray body;
    body.reserve(512);
    JsonWriter w(body);
    w.object().key("event").string(event).key("object").object();
    w.key("amount").object().key("currency").string(QStringLiteral("RUB"));
    w.key("value").string(money(p.priceRub)).endObject();
    if (succeeded)
        w.key("captured_at").string(isoUtc(at));
    w.key("created_at").string(createdAt).key("id").string(paymentId);
    w.key("metadata").object().key("order_id").string(QStringLiteral("ORD-%1").arg(orderNo));
    w.endObject().key("paid").boolean(true).key("status");
    w.string(succeeded ? QStringLiteral("succeeded") : QStringLiteral("waiting_for_capture"));
    w.endObject().key("type").string(QStringLiteral("notification")).endObject();
    return {QStringLiteral("payments"),
            paymentId + QLatin1Char(':') + event,
            event,
            QStringLiteral("application/json"),
            QString(),
            body,
            at};
}

Message crmEvent(qint64 eventId, const QDateTime &at, Rng &rng)
{
    static const QStringList events = {
        QStringLiteral("deal.status_changed"), QStringLiteral("deal.updated"),
        QStringLiteral("contact.updated"), QStringLiteral("task.completed")};
    static const QStringList statuses = {QStringLiteral("new"), QStringLiteral("in_progress"),
                                         QStringLiteral("won"), QStringLiteral("lost")};
    static const QStringList managers = {QStringLiteral("Ольга Смирнова"),
                                         QStringLiteral("Дмитрий Орлов"),
                                         QStringLiteral("Sarah Walker")};
    const QString event = rng.pick(events);
    const qint64 dealId = rng.between(100000, 999999);
    const QString &status = rng.pick(statuses);
    const qint64 amount = qint64(rng.between(5, 500)) * 1000;
    const QString &responsible = rng.pick(managers);
    QByteArray body;
    body.reserve(256);
    JsonWriter w(body);
    w.object().key("deal").object().key("amount").integer(amount).key("id").integer(dealId);
    w.key("responsible").string(responsible).key("status").string(status).endObject();
    w.key("event").string(event).key("event_id").integer(eventId);
    w.key("occurred_at").string(isoUtc(at)).endObject();
    return {QStringLiteral("crm_events"),
            QString::number(eventId),
            event,
            QStringLiteral("application/json"),
            QString(),
            body,
            at};
}

QString crmFormFingerprint(const QString &leadId, const QString &name, const QString &phone,
                           const QString &email, const QString &comment)
{
    const QString stable = leadId + QLatin1Char('\x1f') + name + QLatin1Char('\x1f') + phone +
                           QLatin1Char('\x1f') + email + QLatin1Char('\x1f') + comment;
    return QString::fromLatin1(
        QCryptographicHash::hash(stable.toUtf8(), QCryptographicHash::Sha256).toHex());
}

FormFields crmFormFields(const Person &p, qint64 leadId, const QDateTime &at, Rng &rng)
{
    FormFields f;
    f.leadId = QString::number(leadId);
    f.name = p.name;
    f.phone =
        p.placeholder || p.badPhone ? p.phone : People::spellPhone(p.phone, rng, p.office >= 0);
    f.email = p.placeholder ? p.email : People::spellEmail(p.email, rng);
    f.comment = message(p, rng);
    f.createdAt = at;
    return f;
}

Message crmForm(const FormFields &f, const QDateTime &sentAt, Rng &rng)
{
    const QString body = formEncode({{QStringLiteral("lead_id"), f.leadId},
                                     {QStringLiteral("form"), QStringLiteral("Заявка с сайта")},
                                     {QStringLiteral("name"), f.name},
                                     {QStringLiteral("phone"), f.phone},
                                     {QStringLiteral("email"), f.email},
                                     {QStringLiteral("comment"), f.comment},
                                     {QStringLiteral("created_at"), isoUtc(f.createdAt)},
                                     {QStringLiteral("sent_at"), isoUtc(sentAt)},
                                     {QStringLiteral("signature"), rng.hex(40)}});
    return {QStringLiteral("crm_forms"),
            f.leadId,
            QStringLiteral("lead.form"),
            QStringLiteral("application/x-www-form-urlencoded"),
            crmFormFingerprint(f.leadId, f.name, f.phone, f.email, f.comment),
            body.toUtf8(),
            f.createdAt};
}

Message pbx(const Person &p, const QDateTime &startedAt, Rng &rng)
{
    const QString caller = People::spellPhone(p.phone, rng, false);
    QByteArray body;
    body.reserve(192);
    JsonWriter w(body);
    w.object().key("called").string(QStringLiteral("+7 (495) 000-12-34")).key("caller");
    w.string(caller).key("duration").integer(0).key("event").string(QStringLiteral("call.missed"));
    w.key("line").string(QStringLiteral("sales")).key("started_at").string(isoUtc(startedAt));
    w.endObject();
    // No id at all: the caller and the minute of the call are what stays the same when the
    // PBX sends the notification again.
    const QString key = p.phone + QLatin1Char('@') +
                        startedAt.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm")) +
                        QLatin1Char('Z');
    return {QStringLiteral("pbx"),
            key,
            QStringLiteral("call.missed"),
            QStringLiteral("application/json"),
            QString(),
            body,
            startedAt};
}

} // namespace bodies
} // namespace inbox::sim
