// Issue 18, leftover (d): the connection banner's "no server" reading (missingServer(),
// connectproblem.h) must not depend on the language libpq and the C library speak. Real
// failed connections through Qt SQL, as the banner's listener opens them, with libpq's
// messages in English and in Russian (LANGUAGE, libpq5's ru catalog): a socket directory
// with no server, a stale socket file nobody listens on, and a TCP port nobody listens on.
// No PostgreSQL server is started.
#include "testlanguage.h"

#include "db/connectproblem.h"
#include "db/database.h"

#include <QTemporaryDir>
#include <QtTest>

#include <clocale>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

class TestConnectProblemLang : public QObject
{
    Q_OBJECT

    // libpq's text for a failed connection to `conninfo`, with messages in `language`, as the
    // banner receives it (DbError::fromSql of Qt SQL's error).
    static QString failureText(const QString &language, const QString &conninfo)
    {
        useLanguage(language);
        static int counter = 0;
        const QString name = QStringLiteral("lang-%1").arg(++counter);
        inbox::ConnectOptions options;
        options.conninfo = conninfo;
        options.connectTimeoutS = 3;
        inbox::DbError error;
        const bool opened = inbox::openDatabase(name, options, &error);
        inbox::closeDatabase(name);
        return opened ? QString() : error.message;
    }

    // LANGUAGE for libpq's and the C library's messages from now on. gettext keeps what it
    // translated until the locale changes, so the test changes it and sets it back;
    // the program never switches languages while it runs.
    static void useLanguage(const QString &language)
    {
        qputenv("LANGUAGE", language.toLatin1());
        const QByteArray messages = std::setlocale(LC_MESSAGES, nullptr);
        std::setlocale(LC_MESSAGES, "C");
        std::setlocale(LC_MESSAGES, messages.constData());
    }

    static bool inLanguage(const QString &text, const QString &language)
    {
        // libpq's own frame of the message: "... failed: ..." / "... не удалось: ...".
        return language == QLatin1String("ru") ? text.contains(QStringLiteral("не удалось"))
                                               : text.contains(QLatin1String("failed"));
    }

private slots:
    void initTestCase()
    {
        // gettext ignores LANGUAGE in the "C" locale; C.UTF-8 is always there.
        const char *messages = std::setlocale(LC_MESSAGES, nullptr);
        if (!messages || qstrcmp(messages, "C") == 0 || qstrcmp(messages, "POSIX") == 0)
            QVERIFY(std::setlocale(LC_MESSAGES, "C.UTF-8"));
        if (!QFile::exists(QStringLiteral("/usr/share/locale/ru/LC_MESSAGES/libpq5-15.mo")))
            QSKIP("libpq's Russian catalog is not installed");
    }

    void languages_data() { TestLanguage::addRows(); }

    // ENOENT: the directory is there, the server's socket file is not.
    void languages()
    {
        QFETCH(QString, language);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString text = failureText(
            language, QStringLiteral("host=%1 port=5499 dbname=inbox user=nobody").arg(dir.path()));
        QVERIFY2(inLanguage(text, language), qPrintable(text));
        const inbox::MissingServer m = inbox::missingServer(text);
        QVERIFY2(m.noServer, qPrintable(text));
        QCOMPARE(m.socketDir, dir.path());
        QCOMPARE(m.port, QStringLiteral("5499"));
    }

    void staleSocketFile_data() { languages_data(); }

    // ECONNREFUSED: a socket file is left (a server that crashed), nobody listens on it.
    void staleSocketFile()
    {
        QFETCH(QString, language);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QByteArray path = QFile::encodeName(dir.filePath(QStringLiteral(".s.PGSQL.5498")));
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        QVERIFY(fd >= 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        QVERIFY(size_t(path.size()) < sizeof(address.sun_path));
        qstrcpy(address.sun_path, path.constData());
        QVERIFY(::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0);
        const QString text = failureText(
            language, QStringLiteral("host=%1 port=5498 dbname=inbox user=nobody").arg(dir.path()));
        ::close(fd);
        QVERIFY2(inLanguage(text, language), qPrintable(text));
        const inbox::MissingServer m = inbox::missingServer(text);
        QVERIFY2(m.noServer, qPrintable(text));
        QCOMPARE(m.socketDir, dir.path());
    }

    void tcpRefused_data() { languages_data(); }

    void tcpRefused()
    {
        QFETCH(QString, language);
        // A port that was free a moment ago: taken, then given back.
        const int probe = ::socket(AF_INET, SOCK_STREAM, 0);
        QVERIFY(probe >= 0);
        sockaddr_in any{};
        any.sin_family = AF_INET;
        any.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof(any);
        QVERIFY(::bind(probe, reinterpret_cast<sockaddr *>(&any), sizeof(any)) == 0);
        QVERIFY(::getsockname(probe, reinterpret_cast<sockaddr *>(&any), &length) == 0);
        const quint16 port = ntohs(any.sin_port);
        ::close(probe);
        const QString text = failureText(
            language,
            QStringLiteral("host=127.0.0.1 port=%1 dbname=inbox user=nobody sslmode=disable")
                .arg(port));
        QVERIFY2(inLanguage(text, language), qPrintable(text));
        const inbox::MissingServer m = inbox::missingServer(text);
        QVERIFY2(m.noServer, qPrintable(text));
        QCOMPARE(m.host, QStringLiteral("127.0.0.1"));
        QCOMPARE(m.port, QString::number(port));
    }

    // Words in a language the process does not speak now (German) still read for a socket:
    // its directory is there and holds no socket file.
    void socketFileAbsentInAnyLanguage()
    {
        useLanguage(QStringLiteral("en"));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const inbox::MissingServer m = inbox::missingServer(
            QStringLiteral("Verbindung zum Server auf dem Socket \"%1/.s.PGSQL.5432\" "
                           "fehlgeschlagen: Datei oder Verzeichnis nicht gefunden")
                .arg(dir.path()));
        QVERIFY(m.noServer);
        QCOMPARE(m.socketDir, dir.path());
    }

    // A refusal that is not "nobody there" stays unnamed in any language, so the banner
    // shows libpq's own words for it: a directory the user may not search (EACCES, no socket
    // file to be seen), and a server that answered through its socket.
    void otherReasonsStayUnnamed()
    {
        useLanguage(QStringLiteral("ru"));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // Not searchable: libpq got EACCES and nobody can tell whether a socket is there.
        QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner));
        QVERIFY(!inbox::missingServer(
                     QStringLiteral("подключиться к серверу через сокет \"%1/.s.PGSQL.5432\" не "
                                    "удалось: Отказано в доступе")
                         .arg(dir.path()))
                     .noServer);
        QVERIFY(!inbox::missingServer(
                     QStringLiteral("connection to server on socket \"%1/.s.PGSQL.5432\" "
                                    "failed: Permission denied")
                         .arg(dir.path()))
                     .noServer);
        QVERIFY(QFile::setPermissions(dir.path(),
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const QByteArray path = QFile::encodeName(dir.filePath(QStringLiteral(".s.PGSQL.5432")));
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        QVERIFY(fd >= 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        qstrcpy(address.sun_path, path.constData());
        QVERIFY(::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0);
        const bool named =
            inbox::missingServer(QStringLiteral("подключиться к серверу через сокет "
                                                "\"%1/.s.PGSQL.5432\" не удалось: ВАЖНО:  "
                                                "слишком много подключений")
                                     .arg(dir.path()))
                .noServer;
        ::close(fd);
        QVERIFY(!named);
    }
};

QTEST_GUILESS_MAIN(TestConnectProblemLang)
#include "tst_connectproblemlang.moc"
