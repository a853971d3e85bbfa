// inbox-receiver on a schema older than it needs (issue 32): it does not start (exit 1), and
// its log says which version it needs; its ingest login cannot read the old version table,
// so the message says "older than version 24". On the current schema it listens.
#include "databasetestcase.h"
#include "receiverprocess.h"

#include "db/dberror.h"
#include "db/migrator.h"

#include <QTest>

namespace {
const QString kLogin = QStringLiteral("rcv_schema_ingest");
const QByteArray kSources = "[source shop]\n"
                            "path = /hooks/shop\n"
                            "adapter = json\n"
                            "key_fields = id\n";
} // namespace

class TestReceiverSchema final : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestReceiverSchema() : DatabaseTestCase{{kLogin, {QStringLiteral("inbox_ingest")}}} {}

private slots:
    void olderSchemaIsRefused()
    {
        QString error;
        QVERIFY2(m_db.cluster().execAsSuperuser(QStringLiteral("postgres"),
                                                QStringLiteral("CREATE DATABASE schema22"), &error),
                 qPrintable(error));
        {
            PgSession su(m_db.cluster().conninfo(QStringLiteral("schema22")));
            QVERIFY2(su.ok(), qPrintable(su.error()));
            inbox::DbError dbError;
            QVERIFY2(inbox::Migrator::apply(su.raw(), &dbError, 22), qPrintable(dbError.oneLine()));
        }
        ReceiverProcess old;
        QVERIFY(!old.start(
            ReceiverProcess::config(m_db.cluster().conninfo(QStringLiteral("schema22"), kLogin), {},
                                    kSources),
            &error, 3000)); // it exits at once; QProcess notices only in waitExit
        int code = -2;
        QVERIFY2(old.waitExit(15000, &code), old.log().constData());
        QCOMPARE(code, 1);
        QVERIFY2(old.log().contains("the database schema is older than version 24 (it has no "
                                    "inbox.schema_version()), this inbox-receiver needs at least "
                                    "24: run inbox-console migrate"),
                 old.log().constData());

        ReceiverProcess current;
        QVERIFY_RECEIVER_READY(current,
                               ReceiverProcess::config(m_db.conninfo(kLogin), {}, kSources));
        QVERIFY2(!current.log().contains("needs at least"), current.log().constData());
        current.terminate();
        QVERIFY(current.waitExit(15000, &code));
        QCOMPARE(code, 0);
    }
};

QTEST_GUILESS_MAIN(TestReceiverSchema)
#include "tst_receiverschema.moc"
