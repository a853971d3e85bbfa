#pragma once
// A source's allowed networks (allow_networks = 10.0.0.0/8, 2001:db8::/32, 192.0.2.7): the
// peer address of a request is inside one of them, or the request is refused with 403. An
// empty list allows every peer. IPv4 peers seen on a dual-stack socket (::ffff:a.b.c.d) are
// compared as IPv4.

#include <QByteArray>
#include <QList>
#include <QString>

#include <array>

#include <sys/socket.h>

namespace inbox::front {

class NetworkList final
{
public:
    // Adds one network in CIDR notation (a bare address is /32 or /128); false with the
    // reason in *error when it is not one.
    bool add(const QString &cidr, QString *error);
    bool isEmpty() const { return m_networks.isEmpty(); }
    bool allows(const sockaddr *peer) const;
    // A peer address in text, for logs ("192.0.2.7", "2001:db8::1"), "?" when unknown.
    static QByteArray peerText(const sockaddr *peer);
    // The address a trusted proxy names as its client: the last entry of X-Forwarded-For
    // (the one the proxy itself appended; earlier entries are the client's own words).
    // False when the header holds no address there.
    static bool forwardedFor(const QByteArray &header, sockaddr_storage *out);

private:
    struct Network
    {
        bool v6 = false;
        std::array<unsigned char, 16> bytes{};
        int prefix = 0;
    };
    QList<Network> m_networks;
};

} // namespace inbox::front
