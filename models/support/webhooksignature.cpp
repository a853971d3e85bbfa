#include "support/webhooksignature.h"

#include <QCryptographicHash>
#include <QList>
#include <QMessageAuthenticationCode>

namespace inbox {

std::optional<QByteArray> WebhookSignature::decodeSecret(const QByteArray &secret)
{
    QByteArray text = secret.trimmed();
    if (text.startsWith("whsec_"))
        text = text.mid(6);
    const auto decoded =
        QByteArray::fromBase64Encoding(text, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.isEmpty())
        return std::nullopt;
    return decoded.decoded;
}

QByteArray WebhookSignature::sign(const QByteArray &key, const QByteArray &id,
                                  const QByteArray &timestamp, const QByteArray &body)
{
    QMessageAuthenticationCode mac(QCryptographicHash::Sha256, key);
    mac.addData(id);
    mac.addData(".");
    mac.addData(timestamp);
    mac.addData(".");
    mac.addData(body);
    return "v1," + mac.result().toBase64();
}

bool WebhookSignature::matches(const QByteArray &key, const QByteArray &id,
                               const QByteArray &timestamp, const QByteArray &body,
                               const QByteArray &header)
{
    const QByteArray expected = sign(key, id, timestamp, body);
    bool match = false;
    for (const QByteArray &entry : header.split(' ')) {
        if (entry.size() != expected.size())
            continue;
        // Constant time per entry: a timing difference must not reveal a correct prefix.
        unsigned char difference = 0;
        for (qsizetype i = 0; i < entry.size(); ++i)
            difference |= static_cast<unsigned char>(entry.at(i) ^ expected.at(i));
        match = match || difference == 0;
    }
    return match;
}

} // namespace inbox
