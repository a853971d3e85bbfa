#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace inbox {
class PgConnection;
}

namespace bench {

// The Node.js side of the peers stage: finds node and npm, installs the exact versions of
// peers/package.json (graphile-worker, pg-boss) with `npm ci` into a folder of the build tree
// (never the source tree), and runs peers/peers.js there against a database of the server
// the benchmark is connected to (host, port, user and password of that connection, passed
// to Node as the PG* environment, never on its command line).
class NodePeers final
{
public:
    // `dir` holds package.json, package-lock.json and peers.js (the build tree's copy).
    explicit NodePeers(const QString &dir);

    // Empty when node (20 or newer) and npm are both found, else what is missing, in words.
    QString missing() const;
    // Installs unless node_modules already holds the versions of package.json.
    bool install(QString *error);
    // Runs `node peers.js args...` with the connection of `admin`; its stdout's last line as
    // JSON. Its stderr goes to ours.
    bool run(const inbox::PgConnection &admin, const QStringList &args, QJsonObject *out,
             QString *error, int timeoutS = 120) const;

    QString dir() const { return m_dir; }
    QString nodeVersion() const;

private:
    bool installed() const;

    QString m_dir;
    QString m_node;
    QString m_npm;
};

} // namespace bench
