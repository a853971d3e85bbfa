#include "webhooksignature.h"

#include <QCryptographicHash>
#include <QMessageAuthenticationCode>

namespace inbox::dispatch {

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

QByteArray WebhookSignature::sign(const QByteArray &key, const QByteArray &id, qint64 timestamp,
                                  const QByteArray &body)
{
    QMessageAuthenticationCode mac(QCryptographicHash::Sha256, key);
    mac.addData(id);
    mac.addData(".");
    mac.addData(QByteArray::number(timestamp));
    mac.addData(".");
    mac.addData(body);
    return "v1," + mac.result().toBase64();
}

} // namespace inbox::dispatch
