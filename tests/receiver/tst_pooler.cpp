// The inbox behind PgBouncer (Debian's 1.18) in transaction pooling mode, the pooler the
// docs recommend for many receivers (issue 36): the real receiver, with more writers than the
// pool has server connections, answers every delivery 200 and stores each key once (the
// repeats journalled); a worker's claim and complete run on whichever server connection the
// pool hands out; the console's self-test passes through it. And the reason two kinds of
// connection need session mode or a direct connection (README, "Connection pooling"): a
// session-level setting made through a transaction pool stays on the server connection and
// reaches the next client that gets it.
#include "databasetestcase.h"
#include "httpclient.h"
#include "pgcluster.h"
#include "receiverprocess.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <mutex>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

const QString kIngest = QStringLiteral("pool_ingest");
const QString kWorker = QStringLiteral("pool_worker");

// pgbouncer on a Unix socket in a directory of its own (no TCP port to collide), in front of
// the test's cluster, every database passed through, `poolSize` server connections per
// database and user.
class PgBouncer final
{
public:
    ~PgBouncer()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            if (!m_process.waitForFinished(5000))
                m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    bool start(const QString &serverSocketDir, const QStringList &users, int poolSize,
               QString *error)
    {
        // Debian installs it in /usr/sbin, which a user's PATH often lacks.
        QString binary = QStandardPaths::findExecutable(QStringLiteral("pgbouncer"));
        if (binary.isEmpty())
            binary = QStandardPaths::findExecutable(QStringLiteral("pgbouncer"),
                                                    {QStringLiteral("/usr/sbin")});
        if (binary.isEmpty()) {
            *error = QStringLiteral("pgbouncer is not installed (scripts/install-deps.sh)");
            return false;
        }
        if (!m_dir.isValid()) {
            *error = QStringLiteral("no temporary directory");
            return false;
        }
        QByteArray userList;
        for (const QString &user : users)
            userList += '"' + user.toUtf8() + "\" \"\"\n";
        write(QStringLiteral("users.txt"), userList);
        write(QStringLiteral("pgbouncer.ini"),
              "[databases]\n"
              "* = host=" +
                  serverSocketDir.toUtf8() +
                  "\n"
                  "[pgbouncer]\n"
                  "listen_addr =\n"
                  "listen_port = 6432\n"
                  "unix_socket_dir = " +
                  m_dir.path().toUtf8() +
                  "\n"
                  "auth_type = trust\n"
                  "auth_file = " +
                  m_dir.filePath(QStringLiteral("users.txt")).toUtf8() +
                  "\n"
                  "pool_mode = transaction\n"
                  "default_pool_size = " +
                  QByteArray::number(poolSize) +
                  "\n"
                  "max_client_conn = 500\n"
                  "logfile = " +
                  m_dir.filePath(QStringLiteral("pgbouncer.log")).toUtf8() + "\n");
        QStringList args;
        // pgbouncer refuses to run as root: as root it is started as the postgres OS user.
        if (::geteuid() == 0) {
            for (const QString &file : QDir(m_dir.path()).entryList(QDir::Files)) {
                if (!PgCluster::giveToPostgres(m_dir.filePath(file), error))
                    return false;
            }
            if (!PgCluster::giveToPostgres(m_dir.path(), error))
                return false;
            args << QStringLiteral("-u") << QStringLiteral("postgres");
        }
        args << m_dir.filePath(QStringLiteral("pgbouncer.ini"));
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.start(binary, args);
        if (!m_process.waitForStarted(5000)) {
            *error = QStringLiteral("cannot start pgbouncer: %1").arg(m_process.errorString());
            return false;
        }
        // Listening once its socket exists.
        for (int i = 0; i < 100; ++i) {
            if (QFile::exists(m_dir.filePath(QStringLiteral(".s.PGSQL.6432"))))
                return true;
            if (m_process.state() == QProcess::NotRunning)
                break;
            QTest::qWait(50);
        }
        *error = QStringLiteral("pgbouncer did not listen: %1 %2")
                     .arg(QString::fromUtf8(m_process.readAll()), log());
        return false;
    }

    // `conninfo` of the cluster (host='socket dir' dbname=... user=...) turned to the pooler.
    QString through(const QString &conninfo, const QString &serverSocketDir) const
    {
        QString text = conninfo;
        text.replace(QStringLiteral("host='%1'").arg(serverSocketDir),
                     QStringLiteral("host='%1' port=6432").arg(m_dir.path()));
        return text;
    }

    QString log() const
    {
        QFile file(m_dir.filePath(QStringLiteral("pgbouncer.log")));
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }

private:
    void write(const QString &name, const QByteArray &bytes)
    {
        QFile file(m_dir.filePath(name));
        if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            file.write(bytes);
    }
    QTemporaryDir m_dir;
    QProcess m_process;
};

} // namespace

class TestPooler final : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestPooler()
        : DatabaseTestCase{{kIngest, {QStringLiteral("inbox_ingest")}},
                           {kWorker, {QStringLiteral("inbox_worker")}}}
    {}

private:
    QString socketDir() const { return m_db.cluster().socketDir(); }

    bool startPool(PgBouncer &pool, int poolSize)
    {
        QString error;
        const bool ok = pool.start(socketDir(), {QStringLiteral("postgres"), kIngest, kWorker},
                                   poolSize, &error);
        if (!ok)
            qWarning("%s", qPrintable(error));
        return ok;
    }

private slots:
    // 8 senders, 4 writers, 2 server connections: every delivery answered 200, every key
    // stored once, every repeat journalled as one.
    void receiverStoresEachKeyOnceThroughThePool()
    {
        PgBouncer pool;
        QVERIFY(startPool(pool, 2));
        ReceiverProcess receiver;
        const QByteArray config = ReceiverProcess::config(
            pool.through(m_db.conninfo(kIngest), socketDir()), "writers = 4\n",
            "[source pooled]\npath = /hooks/pooled\nadapter = json\nkey_fields = id\n");
        QVERIFY_RECEIVER_READY(receiver, config);

        constexpr int kSenders = 8;
        constexpr int kEach = 40; // every fourth delivery repeats one sent before
        std::mutex mutex;
        QHash<int, int> statuses;
        std::vector<std::thread> senders;
        for (int s = 0; s < kSenders; ++s) {
            senders.emplace_back([&, s] {
                for (int n = 0; n < kEach; ++n) {
                    const int id = n % 4 == 3 ? n - 1 : n;
                    const QByteArray body = "{\"id\":\"s" + QByteArray::number(s) + "-" +
                                            QByteArray::number(id) + "\"}";
                    const HttpReply reply = HttpClient::exchange(
                        receiver.port(), HttpClient::post("/hooks/pooled", body), 15000);
                    std::lock_guard lock(mutex);
                    ++statuses[reply.status];
                }
            });
        }
        for (std::thread &t : senders)
            t.join();
        QCOMPARE(statuses.value(200), kSenders * kEach);
        const PgResult stored = m_db.su().exec(QStringLiteral(
            "SELECT count(*), count(DISTINCT external_id), "
            "(SELECT count(*) FROM inbox.journal j JOIN inbox.events e ON e.id = j.event_id "
            "  WHERE e.source = 'pooled' AND j.entry = 'duplicate') "
            "FROM inbox.events WHERE source = 'pooled'"));
        QVERIFY2(stored.ok, qPrintable(stored.message));
        QCOMPARE(stored.value(0, 0).toInt(), kSenders * kEach * 3 / 4);
        QCOMPARE(stored.value(0, 1).toInt(), kSenders * kEach * 3 / 4);
        QCOMPARE(stored.value(0, 2).toInt(), kSenders * kEach / 4);
        // The writers' sessions went through the pool, and it saw no error.
        QVERIFY2(pool.log().contains(QLatin1String("user=pool_ingest")), qPrintable(pool.log()));
        QVERIFY2(!pool.log().contains(QLatin1String("ERROR")), qPrintable(pool.log()));
    }

    // Two workers on one server connection: each claims, the other's claim skips what is
    // locked, each completes with its own token, in transactions of one statement each.
    void workerClaimsAndCompletesThroughThePool()
    {
        PgBouncer pool;
        QVERIFY(startPool(pool, 1));
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("SELECT inbox.accept('work', 'w-' || g, convert_to('{}', 'UTF8')) "
                           "FROM generate_series(1, 6) g")));
        PgSession a(pool.through(m_db.conninfo(kWorker), socketDir()));
        PgSession b(pool.through(m_db.conninfo(kWorker), socketDir()));
        QVERIFY2(a.ok() && b.ok(), qPrintable(a.error() + b.error()));
        const PgResult first =
            a.exec(QStringLiteral("SELECT id, lock_token FROM inbox.claim('worker-a', 3)"));
        const PgResult second =
            b.exec(QStringLiteral("SELECT id, lock_token FROM inbox.claim('worker-b', 3)"));
        QVERIFY2(first.ok && second.ok, qPrintable(first.message + second.message));
        QCOMPARE(first.rows(), 3);
        QCOMPARE(second.rows(), 3);
        for (int r = 0; r < 3; ++r) {
            QVERIFY_SQL(a.exec(QStringLiteral("SELECT inbox.complete($1, 'worker-a', $2, '{}')"),
                               {first.value(r, 0).toLongLong(), first.value(r, 1).toLongLong()}));
            QVERIFY_SQL(b.exec(QStringLiteral("SELECT inbox.complete($1, 'worker-b', $2, '{}')"),
                               {second.value(r, 0).toLongLong(), second.value(r, 1).toLongLong()}));
        }
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT count(*) FROM inbox.events "
                                          "WHERE source = 'work' AND status = 'done'"))
                     .value(0, 0),
                 QStringLiteral("6"));
    }

    // Why the console and migrate connect in session mode (or directly): their
    // session-level settings (statement_timeout, migrate's advisory lock) would stay on a
    // pooled server connection and reach the next client of it.
    void aSessionSettingReachesTheNextClient()
    {
        PgBouncer pool;
        QVERIFY(startPool(pool, 1));
        {
            PgSession a(pool.through(m_db.conninfo(kWorker), socketDir()));
            QVERIFY_SQL(a.exec(QStringLiteral("SELECT set_config('statement_timeout', '4321', "
                                              "false)")));
        }
        PgSession b(pool.through(m_db.conninfo(kWorker), socketDir()));
        QCOMPARE(b.exec(QStringLiteral("SHOW statement_timeout")).value(0, 0),
                 QStringLiteral("4321ms"));
    }

    void consoleSelfTestPassesThroughThePool()
    {
        PgBouncer pool;
        QVERIFY(startPool(pool, 1));
        QProcess console;
        console.setProcessChannelMode(QProcess::MergedChannels);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        console.setProcessEnvironment(env);
        console.start(QStringLiteral(INBOX_CONSOLE_BIN),
                      {QStringLiteral("--self-test"), QStringLiteral("--db"),
                       pool.through(m_db.conninfo(), socketDir())});
        QVERIFY(console.waitForFinished(30000));
        const QString out = QString::fromUtf8(console.readAll());
        QVERIFY2(console.exitCode() == 0, qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("self-test passed")), qPrintable(out));
    }
};

QTEST_MAIN(TestPooler)
#include "tst_pooler.moc"
