#include "extract.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QUrlQuery>

namespace inbox::sim {

namespace {

QString decodeEncodedWords(const QString &header)
{
    static const QRegularExpression word(QStringLiteral("=\\?UTF-8\\?B\\?([A-Za-z0-9+/=]*)\\?="),
                                         QRegularExpression::CaseInsensitiveOption);
    QString out = header;
    QRegularExpressionMatch m;
    while ((m = word.match(out)).hasMatch()) {
        out.replace(m.capturedStart(), m.capturedLength(),
                    QString::fromUtf8(QByteArray::fromBase64(m.captured(1).toLatin1())));
    }
    return out;
}

QString summarize(const QString &text)
{
    QString s = text.simplified();
    if (s.size() > 120)
        s = s.left(117) + QStringLiteral("...");
    return s;
}

Extracted fromJson(const QString &source, const QByteArray &body)
{
    Extracted x;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (!doc.isObject()) {
        x.error = QStringLiteral("body is not a JSON object: %1").arg(error.errorString());
        return x;
    }
    const QJsonObject o = doc.object();
    x.parsed = true;
    if (source == QLatin1String("web_form")) {
        x.name = o.value(QStringLiteral("name")).toString();
        x.phone = o.value(QStringLiteral("phone")).toString();
        x.email = o.value(QStringLiteral("email")).toString();
        x.summary = summarize(o.value(QStringLiteral("form")).toString() + QStringLiteral(": ") +
                              o.value(QStringLiteral("message")).toString());
    } else if (source == QLatin1String("telegram")) {
        const QJsonObject msg = o.value(QStringLiteral("message")).toObject();
        const QJsonObject from = msg.value(QStringLiteral("from")).toObject();
        x.name = (from.value(QStringLiteral("first_name")).toString() + QLatin1Char(' ') +
                  from.value(QStringLiteral("last_name")).toString())
                     .trimmed();
        const QString text = msg.value(QStringLiteral("text")).toString();
        x.phone = findPhone(text);
        x.email = findEmail(text);
        x.summary = summarize(text);
        if (msg.isEmpty()) {
            x.parsed = false;
            x.error = QStringLiteral("Telegram update without a message");
        }
    } else if (source == QLatin1String("pbx")) {
        x.phone = o.value(QStringLiteral("caller")).toString();
        x.summary = QStringLiteral("Пропущенный звонок на линию ") +
                    o.value(QStringLiteral("line")).toString();
    } else if (source == QLatin1String("ozon")) {
        for (const QJsonValue &line : o.value(QStringLiteral("products")).toArray())
            x.offers << line.toObject().value(QStringLiteral("offer_id")).toString();
        x.summary = QStringLiteral("Ozon ") + o.value(QStringLiteral("posting_number")).toString();
    } else if (source == QLatin1String("wb")) {
        x.offers << o.value(QStringLiteral("article")).toString();
        x.summary =
            QStringLiteral("WB %1").arg(o.value(QStringLiteral("id")).toVariant().toString());
    } else if (source == QLatin1String("payments")) {
        const QJsonObject object = o.value(QStringLiteral("object")).toObject();
        x.summary = object.value(QStringLiteral("metadata"))
                        .toObject()
                        .value(QStringLiteral("order_id"))
                        .toString();
    } else {
        x.summary = o.value(QStringLiteral("event")).toString();
    }
    return x;
}

Extracted fromForm(const QByteArray &body)
{
    Extracted x;
    // x-www-form-urlencoded: '+' is a space, QUrlQuery leaves it alone.
    QByteArray text = body;
    text.replace('+', ' ');
    const QUrlQuery q(QString::fromLatin1(text));
    const auto field = [&q](const char *key) {
        return q.queryItemValue(QString::fromLatin1(key), QUrl::FullyDecoded);
    };
    if (field("lead_id").isEmpty()) {
        x.error = QStringLiteral("form without lead_id");
        return x;
    }
    x.parsed = true;
    x.name = field("name");
    x.phone = field("phone");
    x.email = field("email");
    x.summary = summarize(field("form") + QStringLiteral(": ") + field("comment"));
    return x;
}

Extracted fromMail(const QByteArray &body)
{
    Extracted x;
    const qsizetype split = body.indexOf("\r\n\r\n");
    if (split < 0) {
        x.error = QStringLiteral("mail without a header/body separator");
        return x;
    }
    x.parsed = true;
    const QString headers = QString::fromUtf8(body.left(split));
    const QString text = QString::fromUtf8(body.mid(split + 4));
    QString subject;
    for (const QString &line : headers.split(QStringLiteral("\r\n"))) {
        if (line.startsWith(QStringLiteral("From:"), Qt::CaseInsensitive)) {
            const QString from = decodeEncodedWords(line.mid(5).trimmed());
            const qsizetype lt = from.indexOf(QLatin1Char('<'));
            if (lt >= 0) {
                x.name = from.left(lt).trimmed();
                x.email = from.mid(lt + 1).section(QLatin1Char('>'), 0, 0).trimmed();
            } else {
                x.email = from;
            }
        } else if (line.startsWith(QStringLiteral("Subject:"), Qt::CaseInsensitive)) {
            subject = decodeEncodedWords(line.mid(8).trimmed());
        }
    }
    x.phone = findPhone(text);
    x.summary =
        summarize(subject + QStringLiteral(": ") + text.section(QStringLiteral("\r\n"), 0, 0));
    return x;
}

} // namespace

QString findPhone(const QString &text)
{
    // A run of digits with the usual separators, at least 7 digits, optional extension.
    static const QRegularExpression phone(
        QStringLiteral("(\\+?[0-9][0-9 ()\\-]{5,}[0-9](\\s*(доб\\.|ext\\.)\\s*[0-9]+)?)"));
    const QRegularExpressionMatch m = phone.match(text);
    return m.hasMatch() ? m.captured(1).trimmed() : QString();
}

QString findEmail(const QString &text)
{
    static const QRegularExpression email(QStringLiteral("([^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>.]+)"));
    const QRegularExpressionMatch m = email.match(text);
    return m.hasMatch() ? m.captured(1) : QString();
}

Extracted extract(const QString &source, const QString &contentType, const QByteArray &body)
{
    if (contentType.startsWith(QLatin1String("application/x-www-form-urlencoded")))
        return fromForm(body);
    if (contentType.startsWith(QLatin1String("message/rfc822")))
        return fromMail(body);
    return fromJson(source, body);
}

} // namespace inbox::sim
