// inbox-dispatcher's pure rules: the Standard Webhooks signature against the specification's
// own example (also what the standardwebhooks/svix libraries compute for it), what each HTTP
// answer means, Retry-After in both forms, and the configuration's errors with file:line.
#include "deliveryrules.h"
#include "dispatcherconfig.h"
#include "support/webhooksignature.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace inbox::dispatch;
using inbox::WebhookSignature;

class TestDispatcherRules : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    std::optional<DispatcherConfig> load(const QByteArray &text, QStringList *errors,
                                         QStringList *warnings = nullptr)
    {
        QFile secret(m_dir.filePath(QStringLiteral("hook.whsec")));
        secret.open(QIODevice::WriteOnly);
        secret.write("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw\n");
        secret.close();
        secret.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        const QString path = m_dir.filePath(QStringLiteral("d.conf"));
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(text);
        f.close();
        QStringList ignored;
        return DispatcherConfig::load(path, errors, warnings ? warnings : &ignored);
    }

private slots:
    // The example of the Standard Webhooks specification (and of svix's libraries).
    void signatureMatchesTheSpecificationsExample()
    {
        const auto key = WebhookSignature::decodeSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
        QVERIFY(key.has_value());
        QCOMPARE(key->size(), 24);
        QCOMPARE(WebhookSignature::sign(*key, "msg_p5jXN8AQM9LWM0D4loKWxJek", "1614265330",
                                        "{\"test\": 2432232314}"),
                 QByteArray("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="));
        // Any change of id, time or body changes it.
        QVERIFY(WebhookSignature::sign(*key, "msg_p5jXN8AQM9LWM0D4loKWxJek", "1614265331",
                                       "{\"test\": 2432232314}") !=
                QByteArray("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="));
        QVERIFY(!WebhookSignature::decodeSecret("whsec_").has_value());
        QVERIFY(!WebhookSignature::decodeSecret("whsec_not base64!").has_value());
        QCOMPARE(WebhookSignature::decodeSecret("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"), key);
    }

    void answersAreClassified_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<int>("verdict");
        using V = DeliveryRules::Verdict;
        const QList<QPair<int, V>> cases = {{200, V::Done},   {201, V::Done},   {204, V::Done},
                                            {299, V::Done},   {400, V::Reject}, {401, V::Reject},
                                            {404, V::Reject}, {409, V::Reject}, {422, V::Reject},
                                            {499, V::Reject}, {408, V::Retry},  {425, V::Retry},
                                            {429, V::Retry},  {500, V::Retry},  {502, V::Retry},
                                            {503, V::Retry},  {504, V::Retry},  {0, V::Retry},
                                            {301, V::Retry},  {100, V::Retry},  {410, V::Gone}};
        for (const auto &c : cases)
            QTest::addRow("%d", c.first) << c.first << int(c.second);
    }
    void answersAreClassified()
    {
        QFETCH(int, status);
        QFETCH(int, verdict);
        QCOMPARE(int(DeliveryRules::classify(status)), verdict);
    }

    void retryAfterInBothForms()
    {
        const QDateTime now = QDateTime(QDate(2015, 10, 21), QTime(7, 27, 0), Qt::UTC);
        QCOMPARE(DeliveryRules::retryAfterSeconds("120", now), std::optional<qint64>(120));
        QCOMPARE(DeliveryRules::retryAfterSeconds(" 0 ", now), std::optional<qint64>(0));
        QCOMPARE(DeliveryRules::retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 GMT", now),
                 std::optional<qint64>(60));
        QCOMPARE(DeliveryRules::retryAfterSeconds("Wed, 21 Oct 2015 07:00:00 GMT", now),
                 std::optional<qint64>(0));
        QVERIFY(!DeliveryRules::retryAfterSeconds("soon", now).has_value());
        QVERIFY(!DeliveryRules::retryAfterSeconds("-5", now).has_value());
        QVERIFY(!DeliveryRules::retryAfterSeconds("", now).has_value());
        QVERIFY(*DeliveryRules::retryAfterSeconds("99999999999999999999999", now) > 86400);
        QVERIFY(DeliveryRules::honoursRetryAfter(429));
        QVERIFY(DeliveryRules::honoursRetryAfter(503));
        QVERIFY(!DeliveryRules::honoursRetryAfter(500));
    }

    void configurationIsRead()
    {
        QStringList errors;
        const auto c =
            load("[dispatcher]\ndatabase = dbname=inbox\nworker = d1\n"
                 "[destination crm]\nurl = https://crm.example/hook?token=s3cr3t\n"
                 "sources = shop, crm\nkinds = order\norder_separator = :\ntimeout_ms = 2500\n"
                 "concurrency = 16\nrate = 50\nheader = X-Team: crm\n"
                 "header = X-Env: prod\nsigning_secret_file = hook.whsec\n"
                 "breaker_failures = 3\nbreaker_interval_ms = 500\n",
                 &errors);
        QVERIFY2(c.has_value(), qPrintable(errors.join(QLatin1Char('\n'))));
        QCOMPARE(c->worker, QStringLiteral("d1"));
        QCOMPARE(c->destinations.size(), 1);
        const DestinationConfig &d = c->destinations.first();
        QCOMPARE(d.sources, (QStringList{QStringLiteral("shop"), QStringLiteral("crm")}));
        QCOMPARE(d.kinds, QStringList{QStringLiteral("order")});
        QCOMPARE(d.orderSeparator, QStringLiteral(":"));
        QCOMPARE(d.timeoutMs, 2500);
        QCOMPARE(d.concurrency, 16);
        QCOMPARE(d.rate, 50);
        QCOMPARE(d.headers.size(), 2);
        QCOMPARE(d.signingKey.size(), 24);
        QCOMPARE(d.breakerFailures, 3);
    }

    void configurationErrorsNameTheLine()
    {
        QStringList errors;
        qputenv("DISP_TEST_SECRET", "whsec_!!");
        QVERIFY(!load("[dispatcher]\n"
                      "bogus = 1\n"                             // 2
                      "[destination a]\n"                       // 3: no url
                      "concurrency = 0\n"                       // 4
                      "header = Idempotency-Key: x\n"           // 5
                      "signing_secret_env = DISP_TEST_SECRET\n" // 6
                      "[destination a]\n"                       // 7: twice
                      "url = ftp://x/?token=s3cr3t\n"           // 8
                      "order_separator = ::\n"                  // 9
                      "[target b]\n",                           // 10
                      &errors)
                     .has_value());
        const QString all = errors.join(QLatin1Char('\n'));
        for (const char *line :
             {":2: unknown key", ":3: [destination a] needs url", ":4: concurrency",
              ":5: header Idempotency-Key is set by the dispatcher",
              ":6: the signing secret must be whsec_", ":7: destination a is already",
              ":8: url must be", ":9: order_separator must be", ":10: unknown section"})
            QVERIFY2(all.contains(QLatin1String(line)), qPrintable(all));
        // A secret never reaches a message.
        QVERIFY(!all.contains(QLatin1String("s3cr3t")));
        QVERIFY(!all.contains(QLatin1String("!!")));
        errors.clear();
        QVERIFY(!load("[dispatcher]\n", &errors).has_value());
        QVERIFY2(errors.join(QLatin1Char('\n')).contains(QLatin1String("no [destination NAME]")),
                 qPrintable(errors.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestDispatcherRules)
#include "tst_dispatcherrules.moc"
