#pragma once

#include "db/dberror.h"

#include <QMetaType>
#include <QString>

namespace inbox {

// Why a connection could not be opened, as far as the person can act on it. The connect
// screen says what to do for each.
enum class ConnectProblem {
    None,
    BadConnectionString, // libpq refused the text itself
    Unreachable,         // no server answered (host, port, socket, network, timeout)
    PasswordNeeded,      // the server asks for a password and libpq found none
    PasswordRejected,    // SQLSTATE 28P01
    NotAllowed,          // 28000: no pg_hba.conf entry, unknown role, role may not log in
    DatabaseMissing,     // 3D000
    ServerBusy,          // 57P03 starting up / shutting down, 53300 too many connections
    Certificate,         // TLS verification (sslmode verify-ca/verify-full) refused the server
                         // certificate: another CA, a host name it does not name, no root file
    Cancelled,           // the person gave up waiting
    Other,
};

// What libpq knew when the attempt ended. `sqlstate` is the server's, read from the verbose
// error text (libpq has no result object for a failed connection attempt).
struct ConnectFacts
{
    QString sqlstate;
    bool parseFailed = false;
    bool needsPassword = false; // PQconnectionNeedsPassword
    bool usedPassword = false;  // PQconnectionUsedPassword
    bool reachedServer = false; // a socket to some server was established
    bool cancelled = false;
    bool certificateRejected = false; // see isCertificateFailure()
};

ConnectProblem classifyConnectFailure(const ConnectFacts &facts);

// Whether libpq's error text says the server's certificate failed verification. TLS
// failures carry no SQLSTATE (the server is never asked); OpenSSL's reason ("certificate
// verify failed") is never translated, libpq's own sentences are matched in English.
bool isCertificateFailure(const QString &libpqMessage);

// Where libpq found no server, read from its error text: 'connection to server on socket
// "/var/run/postgresql/.s.PGSQL.5432" failed: No such file or directory' or 'connection to
// server at "db" (10.0.0.5), port 5432 failed: Connection refused', in any language libpq and
// the C library speak. The quoted address reads the same in every language. `noServer` is
// set when the operating system's words at the end are those for "nothing there" (ENOENT,
// ECONNREFUSED) in the process's current language or untranslated, or, for a Unix socket,
// when its directory can be searched and holds no socket file (unless the words say the
// permission was refused). A refused permission or a server's own answer stays unnamed.
struct MissingServer
{
    bool noServer = false;
    QString socketDir; // set for a Unix socket: the directory, as host= names it
    QString host;      // set for TCP
    QString port;
};
MissingServer missingServer(const QString &libpqMessage);

// The SQLSTATE in a verbose libpq error ("... failed: FATAL:  28P01: password ..."), or
// empty. `message` comes back without it and without LOCATION lines.
QString takeSqlstate(QString *message);

} // namespace inbox

Q_DECLARE_METATYPE(inbox::ConnectProblem)
