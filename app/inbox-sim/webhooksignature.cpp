#include "webhooksignature.h"

#include <QCryptographicHash>
#include <QList>
#include <QMessageAuthenticationCode>

#include <cstring>

namespace inbox::sim {

QByteArray standardWebhooksSignature(const QByteArray &secret, const QByteArray &id,
                                     const QByteArray &timestamp, const QByteArray &body)
{
    const QByteArray key = QByteArray::fromBase64(secret.mid(int(std::strlen("whsec_"))));
    return "v1," + QMessageAuthenticationCode::hash(id + '.' + timestamp + '.' + body, key,
                                                    QCryptographicHash::Sha256)
                       .toBase64();
}

bool standardWebhooksSignatureMatches(const QByteArray &secret, const QByteArray &id,
                                      const QByteArray &timestamp, const QByteArray &body,
                                      const QByteArray &header)
{
    const QByteArray expected = standardWebhooksSignature(secret, id, timestamp, body);
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

} // namespace inbox::sim
