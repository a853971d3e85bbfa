#include "frontdoor.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpSocket>

#include <csignal>

#include <sys/prctl.h>

namespace inbox::sim {

namespace {

const char *kTelegramSecret = "telegram.secret";
const char *kWebhooksSecret = "crm_events.whsec";

bool writeFile(const QString &path, const QByteArray &bytes, QString *error)
{
    QFile file(path);
    // Created 0600 before anything is written: a secret is never readable by others.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        !file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner) ||
        file.write(bytes) != bytes.size()) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

QByteArray randomToken(int length)
{
    static const char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
    QByteArray out;
    for (int i = 0; i < length; ++i)
        out.append(kAlphabet[QRandomGenerator::system()->bounded(64)]);
    return out;
}

QByteArray randomBytes(int length)
{
    QByteArray out(length, '\0');
    for (int i = 0; i < length; ++i)
        out[i] = char(QRandomGenerator::system()->bounded(256));
    return out;
}

// One "key = value" line (the receiver hands the database line to libpq as it is).
QByteArray configLine(const QString &key, const QString &value)
{
    return key.toUtf8() + " = " + value.toUtf8() + '\n';
}

} // namespace

FrontDoor::~FrontDoor()
{
    stop();
}

QString FrontDoor::path(SourceId source)
{
    return QStringLiteral("/in/") + QLatin1String(inbox::sim::source(source).name);
}

bool FrontDoor::writeConfig(const QString &dir, const QString &conninfo, const QString &listen,
                            QString *error)
{
    const QString telegram = QDir(dir).filePath(QLatin1String(kTelegramSecret));
    const QString webhooks = QDir(dir).filePath(QLatin1String(kWebhooksSecret));
    if (!writeFile(telegram, randomToken(48), error) ||
        !writeFile(webhooks, "whsec_" + randomBytes(32).toBase64(), error))
        return false;
    const auto src = [](SourceId id, const char *adapter) {
        return "\n[source " + QByteArray(source(id).name) + "]\npath = " + path(id).toUtf8() +
               "\nadapter = " + adapter + '\n';
    };
    QByteArray c =
        "# Written by inbox-sim: one source per simulated sender, in its sender's format.\n"
        "[receiver]\n";
    c += configLine(QStringLiteral("listen"), listen);
    c += "metrics_listen = 127.0.0.1:0\n";
    if (!conninfo.isEmpty())
        c += configLine(QStringLiteral("database"), conninfo);
    // A slow-receiver stall holds the writer for seconds: it must not turn into 503s.
    c += "statement_timeout_ms = 60000\nwriters = 1\nthreads = 2\n";
    // Every simulated sender comes from loopback; real ones come from their own addresses.
    c += "max_connections_per_ip = 0\n";
    c += src(SourceId::WebForm, "form") + "key_fields = form_key\nbody_limit = 64k\n";
    c += src(SourceId::Telegram, "telegram") + "secret_file = " + kTelegramSecret + '\n';
    c += src(SourceId::Email, "json") + "fallback_key = message-id:Message-ID\n";
    c += src(SourceId::Ozon, "json") + "key_fields = posting_number\n";
    c += src(SourceId::Wb, "json") + "key_fields = id\n";
    // YooKassa signs nothing: only its networks may post; here the simulator's loopback.
    c += src(SourceId::Payments, "yookassa") + "allow_networks = 127.0.0.1/32\n";
    c += src(SourceId::CrmEvents, "standard-webhooks") + "secret_file = " + kWebhooksSecret +
         "\ntolerance = 300\n";
    // Resends are signed anew (sent_at, signature): the stable fields make the fingerprint.
    c += src(SourceId::CrmForms, "form") +
         "key_fields = lead_id\nfingerprint_fields = lead_id, name, phone, email, comment\n";
    c += src(SourceId::Pbx, "json") +
         "fallback_key = time-bucket:started_at:60\nfingerprint_fields = caller, line\n";
    return writeFile(QDir(dir).filePath(QStringLiteral("receiver.conf")), c, error);
}

bool FrontDoor::readSecrets(const QString &dir, Secrets *secrets, QString *error)
{
    const auto read = [&](const char *name, QByteArray *out) {
        QFile file(QDir(dir).filePath(QLatin1String(name)));
        if (!file.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot read %1: %2").arg(file.fileName(), file.errorString());
            return false;
        }
        *out = file.readAll().trimmed();
        return true;
    };
    return read(kTelegramSecret, &secrets->telegram) && read(kWebhooksSecret, &secrets->webhooks);
}

QString FrontDoor::findProgram()
{
    const QString here = QCoreApplication::applicationDirPath();
    for (const QString &candidate : {here + QStringLiteral("/inbox-receiver"),
                                     here + QStringLiteral("/../inbox-receiver/inbox-receiver")}) {
        const QFileInfo info(candidate);
        if (info.isFile() && info.isExecutable())
            return info.canonicalFilePath();
    }
    return QStandardPaths::findExecutable(QStringLiteral("inbox-receiver"));
}

QString FrontDoor::logPath() const
{
    return m_dir ? m_dir->filePath(QStringLiteral("receiver.log")) : QString();
}

bool FrontDoor::start(const QString &conninfo, QString *error)
{
    m_program = findProgram();
    if (m_program.isEmpty()) {
        *error = QStringLiteral("inbox-receiver not found next to inbox-sim or in PATH (build it, "
                                "name a running one with --receiver URL, or use --direct)");
        return false;
    }
    m_dir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/inbox-sim-XXXXXX"));
    if (!m_dir->isValid()) {
        *error =
            QStringLiteral("cannot create a temporary directory: %1").arg(m_dir->errorString());
        return false;
    }
    if (!writeConfig(m_dir->path(), conninfo, QStringLiteral("127.0.0.1:0"), error) ||
        !readSecrets(m_dir->path(), &m_secrets, error))
        return false;
    m_process = std::make_unique<QProcess>();
    m_process->setProgram(m_program);
    m_process->setArguments(
        {QStringLiteral("--config"), m_dir->filePath(QStringLiteral("receiver.conf"))});
    m_process->setStandardErrorFile(logPath());
    m_process->setStandardOutputFile(QProcess::nullDevice());
    // Its own log file (setupLogging) goes into the private directory, not the user's state.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_STATE_HOME"), m_dir->filePath(QStringLiteral("state")));
    m_process->setProcessEnvironment(env);
    // A simulator killed outright (SIGKILL) must not leave its receiver behind: the child
    // gets SIGTERM when its parent dies.
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
    m_process->start();
    if (!m_process->waitForStarted(5000)) {
        *error = QStringLiteral("cannot start %1: %2").arg(m_program, m_process->errorString());
        return false;
    }
    static const QRegularExpression listening(QStringLiteral("listening: senders_port=(\\d+)"));
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 20000) {
        QFile log(logPath());
        const QString text =
            log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll()) : QString();
        const QRegularExpressionMatch match = listening.match(text);
        if (match.hasMatch()) {
            m_base = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(match.captured(1)));
            return true;
        }
        if (m_process->state() == QProcess::NotRunning || m_process->waitForFinished(50)) {
            *error = QStringLiteral("inbox-receiver exited (%1): %2")
                         .arg(m_process->exitCode())
                         .arg(text.trimmed().right(600));
            return false;
        }
    }
    *error = QStringLiteral("inbox-receiver did not listen within 20 s (log: %1)").arg(logPath());
    return false;
}

bool FrontDoor::use(const QUrl &base, const QString &secretsDir, QString *error)
{
    m_base = base;
    QTcpSocket probe;
    probe.connectToHost(base.host(), quint16(base.port(80)));
    if (!probe.waitForConnected(3000)) {
        *error =
            QStringLiteral("nothing answers at %1: %2").arg(base.toString(), probe.errorString());
        return false;
    }
    return readSecrets(secretsDir, &m_secrets, error);
}

void FrontDoor::stop()
{
    if (!m_process || m_process->state() == QProcess::NotRunning)
        return;
    m_process->terminate();
    if (!m_process->waitForFinished(15000)) {
        m_process->kill();
        m_process->waitForFinished(5000);
    }
}

} // namespace inbox::sim
