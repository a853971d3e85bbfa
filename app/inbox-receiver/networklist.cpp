#include "networklist.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cstring>

namespace inbox::front {

namespace {
bool inside(const unsigned char *address, const unsigned char *network, int prefix)
{
    const int whole = prefix / 8;
    if (std::memcmp(address, network, size_t(whole)) != 0)
        return false;
    const int rest = prefix % 8;
    if (rest == 0)
        return true;
    const unsigned char mask = static_cast<unsigned char>(0xff << (8 - rest));
    return (address[whole] & mask) == (network[whole] & mask);
}
} // namespace

bool NetworkList::add(const QString &cidr, QString *error)
{
    const QString text = cidr.trimmed();
    const int slash = text.indexOf(QLatin1Char('/'));
    const QByteArray address = (slash < 0 ? text : text.left(slash)).toLatin1();
    Network network;
    if (inet_pton(AF_INET, address.constData(), network.bytes.data()) == 1) {
        network.v6 = false;
        network.prefix = 32;
    } else if (inet_pton(AF_INET6, address.constData(), network.bytes.data()) == 1) {
        network.v6 = true;
        network.prefix = 128;
    } else {
        *error = QStringLiteral("\"%1\" is not an IPv4 or IPv6 address or network").arg(text);
        return false;
    }
    if (slash >= 0) {
        bool ok = false;
        const int prefix = text.mid(slash + 1).toInt(&ok);
        if (!ok || prefix < 0 || prefix > network.prefix) {
            *error = QStringLiteral("\"%1\": the prefix length must be 0..%2")
                         .arg(text)
                         .arg(network.prefix);
            return false;
        }
        network.prefix = prefix;
    }
    m_networks.append(network);
    return true;
}

bool NetworkList::allows(const sockaddr *peer) const
{
    if (m_networks.isEmpty())
        return true;
    if (!peer)
        return false;
    unsigned char bytes[16];
    bool v6 = false;
    if (peer->sa_family == AF_INET) {
        std::memcpy(bytes, &reinterpret_cast<const sockaddr_in *>(peer)->sin_addr, 4);
    } else if (peer->sa_family == AF_INET6) {
        const auto *in6 = reinterpret_cast<const sockaddr_in6 *>(peer);
        if (IN6_IS_ADDR_V4MAPPED(&in6->sin6_addr)) {
            std::memcpy(bytes, in6->sin6_addr.s6_addr + 12, 4);
        } else {
            std::memcpy(bytes, in6->sin6_addr.s6_addr, 16);
            v6 = true;
        }
    } else {
        return false;
    }
    for (const Network &network : m_networks) {
        if (network.v6 == v6 && inside(bytes, network.bytes.data(), network.prefix))
            return true;
    }
    return false;
}

bool NetworkList::forwardedFor(const QByteArray &header, sockaddr_storage *out)
{
    const QList<QByteArray> entries = header.split(',');
    const QByteArray last = entries.isEmpty() ? QByteArray() : entries.last().trimmed();
    *out = sockaddr_storage{};
    auto *in4 = reinterpret_cast<sockaddr_in *>(out);
    auto *in6 = reinterpret_cast<sockaddr_in6 *>(out);
    if (inet_pton(AF_INET, last.constData(), &in4->sin_addr) == 1) {
        in4->sin_family = AF_INET;
        return true;
    }
    if (inet_pton(AF_INET6, last.constData(), &in6->sin6_addr) == 1) {
        in6->sin6_family = AF_INET6;
        return true;
    }
    return false;
}

QByteArray NetworkList::peerText(const sockaddr *peer)
{
    char text[INET6_ADDRSTRLEN] = {0};
    if (peer && peer->sa_family == AF_INET)
        inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in *>(peer)->sin_addr, text,
                  sizeof text);
    else if (peer && peer->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6 *>(peer)->sin6_addr, text,
                  sizeof text);
    else
        return QByteArrayLiteral("?");
    return QByteArray(text);
}

} // namespace inbox::front
