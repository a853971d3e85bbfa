#pragma once

#include "bodies.h"

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>

namespace inbox::sim {

// The receiver the simulator's senders call: the real inbox-receiver program, started by
// the simulator with a configuration and secret files in a private temporary directory
// (stopped with SIGTERM when the simulator ends), or one already running at a URL the user
// names, configured as writeConfig() writes it. Each simulated source has its route (path)
// and adapter there, and the secrets its sender signs or authenticates with.
class FrontDoor final
{
public:
    FrontDoor() = default;
    ~FrontDoor();
    Q_DISABLE_COPY_MOVE(FrontDoor)

    struct Secrets
    {
        QByteArray telegram; // X-Telegram-Bot-Api-Secret-Token
        QByteArray webhooks; // crm_events' Standard Webhooks secret, "whsec_<base64>"
    };

    // Writes receiver.conf and the secret files (0600) into `dir`: listen on `listen`
    // (port 0: any free one), store through `conninfo`. New random secrets. False with
    // *error when a file cannot be written.
    static bool writeConfig(const QString &dir, const QString &conninfo, const QString &listen,
                            QString *error);
    // Reads the secret files writeConfig wrote into `dir`.
    static bool readSecrets(const QString &dir, Secrets *secrets, QString *error);

    // Starts the receiver program (next to inbox-sim in the build tree, installed beside it,
    // or in PATH) on a free loopback port, its database login `conninfo`; true once it
    // listens. Its log goes to a file in the temporary directory (logPath()).
    bool start(const QString &conninfo, QString *error);
    // A receiver that is already running; its secrets from `secretsDir` (see writeConfig).
    bool use(const QUrl &base, const QString &secretsDir, QString *error);
    // SIGTERM, then waits for it to store and answer what is queued (started receivers only).
    void stop();

    QUrl base() const { return m_base; }
    const Secrets &secrets() const { return m_secrets; }
    QString program() const { return m_program; }
    QString logPath() const;
    // The receiver path of a source ("/in/telegram"); amoCRM-style path secrets are not used.
    static QString path(SourceId source);

private:
    static QString findProgram();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QProcess> m_process;
    QUrl m_base;
    Secrets m_secrets;
    QString m_program;
};

} // namespace inbox::sim
