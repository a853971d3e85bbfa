// inbox-poller's configuration on files the test writes: a good one with its defaults, and bad
// ones whose every error names file:line (an unknown key, a missing secret file, bad numbers,
// a source defined twice, an unknown adapter, the adapter's own refusals on their key's line).
#include "pollerconfig.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace inbox::poll;

class TestPollerConfig : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString write(const char *name, const QByteArray &text)
    {
        const QString path = m_dir.filePath(QString::fromLatin1(name));
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(text);
        f.close();
        f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        return path;
    }

    // The errors of loading `text`, each "file:line: what" shortened to "line: what".
    QStringList errorsOf(const QByteArray &text)
    {
        const QString path = write("poller.conf", text);
        QStringList errors, warnings;
        const std::optional<PollerConfig> config = PollerConfig::load(path, &errors, &warnings);
        if (config)
            return {};
        QStringList out;
        for (const QString &e : std::as_const(errors)) {
            if (!e.startsWith(path + QLatin1Char(':')))
                qWarning("error without file:line: %s", qPrintable(e));
            out << e.mid(path.size() + 1);
        }
        return out;
    }

private slots:
    void goodFileWithDefaults()
    {
        write("shop.token", "s3cret\n");
        qputenv("TST_POLLER_KEY", "k3y");
        const QString path = write("good.conf", "[poller]\n"
                                                "database = host=/tmp dbname=inbox user=poller\n"
                                                "worker = poller-1\n"
                                                "[source shop]\n"
                                                "adapter = json_list\n"
                                                "base_url = https://api.example.test/v1\n"
                                                "items_path = result.items\n"
                                                "key_path = id\n"
                                                "auth_header = Authorization\n"
                                                "token_file = shop.token\n"
                                                "api_key_env = TST_POLLER_KEY\n"
                                                "[source crm]\n"
                                                "adapter = json_list\n"
                                                "base_url = http://127.0.0.1:8080\n"
                                                "key_path = id\n"
                                                "interval = 60\n"
                                                "overlap = 120\n"
                                                "first_window = 3600\n"
                                                "page_size = 50\n"
                                                "rate_per_minute = 30\n"
                                                "burst = 3\n"
                                                "timeout = 5\n");
        QStringList errors, warnings;
        const std::optional<PollerConfig> c = PollerConfig::load(path, &errors, &warnings);
        QVERIFY2(c, qPrintable(errors.join(QLatin1Char('\n'))));
        QCOMPARE(c->worker, QStringLiteral("poller-1"));
        QCOMPARE(c->metricsListen.text, QStringLiteral("127.0.0.1:9469"));
        QCOMPARE(c->sources.size(), 2);
        const SourceConfig &shop = c->sources.at(0);
        QCOMPARE(shop.name, QStringLiteral("shop"));
        QCOMPARE(shop.intervalS, 600);
        QCOMPARE(shop.overlapS, 1200);
        QCOMPARE(shop.settings.overlapMs, qint64(1200000));
        QCOMPARE(shop.settings.firstWindowMs, qint64(1800000));
        QCOMPARE(shop.timeoutS, 30);
        QCOMPARE(shop.settings.secrets.value(QStringLiteral("token")), QByteArray("s3cret"));
        QCOMPARE(shop.settings.secrets.value(QStringLiteral("api_key")), QByteArray("k3y"));
        QCOMPARE(shop.settings.options.value(QStringLiteral("items_path")),
                 QStringLiteral("result.items"));
        QVERIFY(!shop.settings.options.contains(QStringLiteral("token_file")));
        QCOMPARE(shop.settings.options.value(QStringLiteral("source")), QStringLiteral("shop"));
        const SourceConfig &crm = c->sources.at(1);
        QCOMPARE(crm.intervalS, 60);
        QCOMPARE(crm.settings.overlapMs, qint64(120000));
        QCOMPARE(crm.settings.firstWindowMs, qint64(3600000));
        QCOMPARE(crm.settings.pageSize, 50);
        QCOMPARE(crm.ratePerMinute, 30);
        QCOMPARE(crm.burst, 3);
        QCOMPARE(crm.timeoutS, 5);
        // No secret's value in any warning.
        for (const QString &w : std::as_const(warnings))
            QVERIFY(!w.contains(QLatin1String("s3cret")) && !w.contains(QLatin1String("k3y")));
    }

    void badFiles_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("errors");
        const QByteArray main = "[poller]\ndatabase = dbname=inbox\n";   // lines 1-2
        const QByteArray source = "[source shop]\nadapter = json_list\n" // lines 3-4
                                  "base_url = https://api.example.test\nkey_path = id\n"; // 5-6
        QTest::newRow("unknown key in [poller]")
            << main + "colour = red\n" + source
            << QStringList{QStringLiteral("3: unknown key \"colour\" in [poller]")};
        QTest::newRow("unknown key for the adapter")
            << main + source + "colour = red\n"
            << QStringList{QStringLiteral("7: unknown key \"colour\" for adapter json_list")};
        QTest::newRow("missing secret file")
            << main + source + "token_file = nowhere.token\n"
            << QStringList{QStringLiteral("7: cannot read the secret file %1: No such file or "
                                          "directory")
                               .arg(m_dir.filePath(QStringLiteral("nowhere.token")))};
        // Said once, on its line: not again as the adapter's "needs a token".
        QTest::newRow("missing secret an adapter needs")
            << main + "[source wb-orders]\nadapter = wb\ntoken_env = TST_POLLER_NOT_SET\n"
            << QStringList{QStringLiteral("5: the environment variable TST_POLLER_NOT_SET is not "
                                          "set or empty")};
        QTest::newRow("unset environment variable")
            << main + source + "token_env = TST_POLLER_NOT_SET\n"
            << QStringList{QStringLiteral("7: the environment variable TST_POLLER_NOT_SET is not "
                                          "set or empty")};
        QTest::newRow("bad numbers")
            << main + source + "interval = 0\noverlap = -1\npage_size = 5000\ntimeout = 2s\n"
            << QStringList{
                   QStringLiteral("7: interval must be a whole number 1..86400, not \"0\""),
                   QStringLiteral("8: overlap must be a whole number 0..604800, not \"-1\""),
                   QStringLiteral("9: page_size must be a whole number 1..1000, not \"5000\""),
                   QStringLiteral("10: timeout must be a whole number 1..600, not \"2s\"")};
        QTest::newRow("duplicate source")
            << main + source + source
            << QStringList{QStringLiteral("7: source shop is already defined on line 3")};
        QTest::newRow("unknown adapter")
            << main + "[source shop]\nadapter = ebay\nbase_url = https://x.test\n"
            << QStringList{QStringLiteral("4: unknown adapter \"ebay\"")};
        QTest::newRow("adapter refuses a key")
            << main + source + "paging = offset\noffset_param = o\n"
            << QStringList{QStringLiteral("7: paging = offset needs limit_param")};
        QTest::newRow("auth header without token")
            << main + source + "auth_header = Authorization\n"
            << QStringList{QStringLiteral("7: auth_header needs the secret token (token_file or "
                                          "token_env)")};
        QTest::newRow("no adapter")
            << main + "[source shop]\nkey_path = id\n"
            << QStringList{QStringLiteral("3: [source shop] needs adapter = ...")};
        QTest::newRow("json_list without base_url")
            << main + "[source shop]\nadapter = json_list\nkey_path = id\n"
            << QStringList{QStringLiteral("3: json_list needs base_url, e.g. "
                                          "https://api.shop.example")};
        QTest::newRow("source as a key")
            << main + source + "source = other\n"
            << QStringList{QStringLiteral("7: source is the section's name ([source NAME]), not a "
                                          "key")};
        QTest::newRow("bad base_url")
            << main + "[source shop]\nadapter = json_list\n"
                      "base_url = ftp://x.test\nkey_path = id\n"
            << QStringList{QStringLiteral("5: base_url must be an http(s) URL with a host, "
                                          "no query")};
        QTest::newRow("source name too long")
            << main + "[source " + QByteArray(65, 'a') +
                   "]\nadapter = json_list\nbase_url = https://x.test\nkey_path = id\n"
            << QStringList{QStringLiteral("3: a source name is 1..64 characters without control "
                                          "characters")};
        QTest::newRow("key set twice")
            << main + source + "key_path = id2\n"
            << QStringList{QStringLiteral("7: key_path is already set on line 6")};
        QTest::newRow("password in database")
            << "[poller]\ndatabase = dbname=inbox password=x\n" + source
            << QStringList{QStringLiteral("2: database must not hold a password: use "
                                          "database_password_file or a passfile")};
    }
    void badFiles()
    {
        QFETCH(QByteArray, text);
        QFETCH(QStringList, errors);
        QCOMPARE(errorsOf(text), errors);
    }

    void theOtherAdaptersLoadThroughIt()
    {
        write("portal.url", "https://portal.example.test/rest/1/abcdef/\n");
        write("amo.token", "t0ken\n");
        const QString path = write("crm.conf", "[poller]\n"
                                               "database = dbname=inbox\n"
                                               "[source bitrix]\n"
                                               "adapter = bitrix24\n"
                                               "webhook_url_file = portal.url\n"
                                               "[source amo]\n"
                                               "adapter = amocrm\n"
                                               "base_url = https://example.amocrm.ru\n"
                                               "token_file = amo.token\n"
                                               "types = lead_added\n");
        QStringList errors, warnings;
        const std::optional<PollerConfig> c = PollerConfig::load(path, &errors, &warnings);
        QVERIFY2(c, qPrintable(errors.join(QLatin1Char('\n'))));
        QCOMPARE(c->sources.size(), 2);
        QVERIFY(c->sources.at(0).settings.baseUrl.isEmpty());
        QCOMPARE(c->sources.at(0).settings.secrets.value(QStringLiteral("webhook_url")),
                 QByteArray("https://portal.example.test/rest/1/abcdef/"));
        // Without its token, amocrm's refusal lands on the section's line.
        QCOMPARE(errorsOf("[poller]\ndatabase = dbname=inbox\n[source amo]\nadapter = amocrm\n"
                          "base_url = https://example.amocrm.ru\n"),
                 QStringList{QStringLiteral("3: amocrm needs a token (token_file or token_env)")});
    }

    void noSourceIsAnError()
    {
        const QString path = write("empty.conf", "[poller]\ndatabase = dbname=inbox\n");
        QStringList errors, warnings;
        QVERIFY(!PollerConfig::load(path, &errors, &warnings));
        QCOMPARE(errors, QStringList{path + QStringLiteral(": no [source NAME] section: nothing "
                                                           "to poll")});
    }
};

QTEST_GUILESS_MAIN(TestPollerConfig)
#include "tst_pollerconfig.moc"
