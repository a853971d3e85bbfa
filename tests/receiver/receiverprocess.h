#pragma once
// The real inbox-receiver program for a test: its configuration and secret files in a
// temporary directory, started with QProcess, its log (stderr) in a file there, its two ports
// read from its "listening:" log line (the configuration asks for port 0).

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

class ReceiverProcess final
{
public:
    ReceiverProcess();
    ~ReceiverProcess();
    Q_DISABLE_COPY_MOVE(ReceiverProcess)

    QString dir() const { return m_dir.path(); }
    // A file beside the configuration (a secret), with these permissions (octal, e.g. 0600).
    QString writeFile(const QString &name, const QByteArray &bytes, int permissions = 0600);

    // A configuration on free ports (0) for senders and metrics that stores into `conninfo`:
    // its [receiver] section ends with `receiverLines`, its sources follow.
    static QByteArray config(const QString &conninfo, const QByteArray &receiverLines,
                             const QByteArray &sources);

    // Writes `config` as receiver.conf and starts the receiver; true once it listens.
    bool start(const QByteArray &config, QString *error, int timeoutMs = 20000);
    // Runs `inbox-receiver --check-config` on `config`: its exit code and output.
    int checkConfig(const QByteArray &config, QString *output);

    int port() const { return m_port; }
    int metricsPort() const { return m_metricsPort; }
    // Polls /readyz until it answers 200 (the writer's connection works).
    bool waitReady(int timeoutMs = 15000) const;
    // Polls /readyz until it answers 503.
    bool waitUnready(int timeoutMs = 15000) const;

    void terminate();
    void kill();
    // True once the process ended within timeoutMs; its exit code in *code (-1: a signal).
    bool waitExit(int timeoutMs, int *code);
    QByteArray log() const;

private:
    // Polls /readyz until it answers `status`.
    bool waitReadyz(int status, int timeoutMs) const;

    QTemporaryDir m_dir;
    QProcess m_process;
    int m_port = 0;
    int m_metricsPort = 0;
};

// For a test: `receiver` started on `config` and ready (/readyz answers 200); otherwise the test
// fails with the reason, or with the receiver's log.
#define QVERIFY_RECEIVER_READY(receiver, config)                                                   \
    do {                                                                                           \
        QString receiverError_;                                                                    \
        QVERIFY2((receiver).start((config), &receiverError_), qPrintable(receiverError_));         \
        QVERIFY2((receiver).waitReady(), (receiver).log().constData());                            \
    } while (false)
