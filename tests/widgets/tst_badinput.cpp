// Hostile input end to end: bodies and external ids a careless or malicious sender might
// deliver go through inbox.accept as a receiver's login; each is stored byte for byte or
// refused with a clear error (SQLSTATE and the argument named), and each stored one is then
// opened in the journal's detail pane, offscreen, which shows its decoded head. And a search
// full of SQL and LIKE metacharacters finds exactly the events whose external id literally
// starts with it.
#include "screentestcase.h"

#include "db/consolecontext.h"
#include "journal/eventdetailpane.h"
#include "journal/journalmodel.h"
#include "journal/journalpage.h"
#include "pgcluster.h"
#include "pgsession.h"

#include "journal/bodydecoder.h"

#include <QCryptographicHash>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QtTest>

#include <memory>

using inbox::JournalModel;
using inbox::JournalPage;

namespace {

const QString kReceiver = QStringLiteral("receiver_rob");

QByteArray largeJson(qsizetype bytes)
{
    QByteArray out = "[";
    while (out.size() < bytes)
        out += "{\"sku\":\"A-1\",\"qty\":1,\"note\":\"\xd0\x9a\xd1\x83\xd1\x85\xd0\xbd\xd1\x8f\"},";
    out.chop(1);
    return out + "]";
}

} // namespace

class TestBadInput : public ScreenTestCase
{
    Q_OBJECT

public:
    TestBadInput()
        : ScreenTestCase{{kReceiver, {"inbox_ingest"}}, {"support_sue", {"inbox_support"}}}
    {}

private:
    std::unique_ptr<PgSession> m_receiver;
    std::unique_ptr<JournalPage> m_page;

    // The receiver's session and the journal on screen, not yet connected.
    void prepare() override
    {
        m_receiver = std::make_unique<PgSession>(m_db.conninfo(kReceiver));
        QVERIFY2(m_receiver->ok(), qPrintable(m_receiver->error()));
        m_page = std::make_unique<JournalPage>(m_context.get());
        QVERIFY(ConsoleHarness::show(m_page.get(), {1200, 800}));
    }

    PgResult accept(const QString &externalId, const QByteArray &body,
                    const QString &type = QStringLiteral("application/json"))
    {
        return m_receiver->exec(
            QStringLiteral("SELECT event_id, outcome FROM inbox.accept('hostile', $1, $2, $3)"),
            {externalId, body, type});
    }

    void connectPage()
    {
        bool connected = false;
        QString error;
        const bool loaded = ConsoleHarness::loads(m_page->model(), [&] {
            connected = m_harness.connectReading(*m_context, QStringLiteral("support_sue"), &error);
        });
        QVERIFY2(connected, qPrintable(error));
        QVERIFY(loaded);
    }

    // Opens the event as "open in the journal" does; the pane shows it.
    void open(qint64 id)
    {
        QSignalSpy shown(m_page->detailPane(), &inbox::EventDetailPane::loaded);
        m_page->openEvent(id);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty() && shown.last().first().toLongLong() == id,
                                 20000);
    }

    QString bodyText() const
    {
        return m_page->detailPane()
            ->findChild<QPlainTextEdit *>(QStringLiteral("bodyText"))
            ->toPlainText();
    }
    QString bodyInfo() const
    {
        return m_page->detailPane()->findChild<QLabel *>(QStringLiteral("bodyInfo"))->text();
    }

    // Types `text` into the journal search; the external ids it then shows, sorted.
    QStringList searchFor(const QString &text)
    {
        auto *search = m_page->findChild<QLineEdit *>(QStringLiteral("journalSearch"));
        bool done = false;
        const auto c = connect(m_page->model(), &JournalModel::loaded, this,
                               [&] { done = done || m_page->model()->filter().search == text; });
        search->setText(text);
        const bool ok = QTest::qWaitFor([&] { return done; }, 10000);
        disconnect(c);
        QStringList shown;
        for (int i = 0; ok && i < m_page->model()->rowCount(); ++i)
            shown << m_page->model()->row(i).externalId;
        shown.sort();
        return ok ? shown : QStringList{QStringLiteral("!timeout")};
    }

private slots:
    void cleanup()
    {
        m_page.reset();
        ScreenTestCase::cleanup();
        m_receiver.reset();
    }

    void bodiesAreStoredByteForByteAndShown_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("shows"); // a piece of the decoded head on screen

        QTest::newRow("20 MB") << largeJson(20 * 1024 * 1024) << QStringLiteral("application/json")
                               << QStringLiteral("\"sku\": \"A-1\"");
        QTest::newRow("100000 deep")
            << QByteArray(100000, '[') + QByteArray(100000, ']')
            << QStringLiteral("application/json") << QStringLiteral("[[[[[[[[");
        QTest::newRow("one 5 MB line")
            << QByteArray("{\"note\":\"") + QByteArray(5 * 1024 * 1024, 'x') + "\"}"
            << QStringLiteral("application/json") << QStringLiteral("xxxxxxxxxxxxxxxx");
        QTest::newRow("malformed json")
            << QByteArray("{\"name\": \"Иван\", \"phone\": ,]")
            << QStringLiteral("application/json") << QStringLiteral("\"phone\": ,]");
        QTest::newRow("invalid utf-8")
            << QByteArray("{\"name\":\"\xd0\x98\xff\xfe\xc3\x28 \xed\xa0\x80\"}")
            << QStringLiteral("application/json") << QStringLiteral("name");
        QTest::newRow("nul bytes") << QByteArray("{\"a\":\"x\0y\"}\0\0tail", 17)
                                   << QStringLiteral("text/plain") << QStringLiteral("tail");
        QTest::newRow("rtl and emoji")
            << QStringLiteral(
                   "{\"name\":\"مرحبا بالعالم שלום 👋🏽👨‍👩‍👧 "
                   "Ольга\"}")
                   .toUtf8()
            << QStringLiteral("application/json")
            << QStringLiteral(
                   "مرحبا بالعالم שלום 👋🏽👨‍👩‍👧 Ольга");
    }

    void bodiesAreStoredByteForByteAndShown()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, type);
        QFETCH(QString, shows);
        const QString externalId =
            QStringLiteral("body-%1").arg(QString::fromLatin1(QTest::currentDataTag()));
        const PgResult r = accept(externalId, body, type);
        QVERIFY2(r.ok, qPrintable(r.sqlstate + QLatin1Char(' ') + r.message));
        QCOMPARE(r.value(0, 1), QStringLiteral("new"));
        const qint64 id = r.value(0, 0).toLongLong();

        // Byte for byte: the length and a digest of every byte, and the bytes themselves
        // where they are small enough to read back whole.
        PgSession su(m_db.conninfo());
        const PgResult stored =
            su.exec(QStringLiteral("SELECT octet_length(body), encode(sha256(body), 'hex'),"
                                   " CASE WHEN octet_length(body) < 65536 THEN body END"
                                   " FROM inbox.events WHERE id = $1"),
                    {id});
        QVERIFY_SQL(stored);
        QCOMPARE(stored.value(0, 0).toLongLong(), qint64(body.size()));
        QCOMPARE(stored.value(0, 1).toLatin1(),
                 QCryptographicHash::hash(body, QCryptographicHash::Sha256).toHex());
        if (body.size() < 65536)
            QCOMPARE(stored.bytes(0, 2), body);

        // Shown in the console without crashing: the decoded head, never the whole of it.
        connectPage();
        open(id);
        const inbox::EventDetail &detail = m_page->detailPane()->detail();
        QCOMPARE(detail.body.bytes, qint64(body.size()));
        QCOMPARE(detail.body.head, body.left(inbox::BodyDecoder::kDisplayLimit));
        QVERIFY2(bodyText().contains(shows), qPrintable(bodyText().left(200)));
        QVERIFY(!bodyInfo().isEmpty());
        if (body.size() > inbox::BodyDecoder::kDisplayLimit)
            QVERIFY2(bodyInfo().contains(QLatin1String("showing the first")),
                     qPrintable(bodyInfo()));
    }

    void badExternalIdsAreRefusedClearly_data()
    {
        QTest::addColumn<QString>("externalId");
        QTest::newRow("empty") << QString(QLatin1String(""));
        QTest::newRow("10000 characters") << QString(10000, QLatin1Char('7'));
        QTest::newRow("control character") << QStringLiteral("ord\x01-1");
        QTest::newRow("tab") << QStringLiteral("ord\t1");
        QTest::newRow("newline") << QStringLiteral("ord-1\nDELETE FROM inbox.events");
        QTest::newRow("delete character") << QStringLiteral("ord-1\x7f");
    }

    void badExternalIdsAreRefusedClearly()
    {
        QFETCH(QString, externalId);
        const PgResult r = accept(externalId, QByteArray("{}"));
        QVERIFY(!r.ok);
        QCOMPARE(r.sqlstate, QStringLiteral("22023"));
        QVERIFY2(r.message.contains(QLatin1String("p_external_id")), qPrintable(r.message));
        PgSession su(m_db.conninfo());
        const PgResult n = su.exec(QStringLiteral("SELECT (SELECT count(*) FROM inbox.events) +"
                                                  " (SELECT count(*) FROM inbox.journal)"));
        QVERIFY_SQL(n);
        QCOMPARE(n.value(0, 0), QStringLiteral("0")); // nothing half-written
    }

    void unusualExternalIdsAreStoredAndShown_data()
    {
        QTest::addColumn<QString>("externalId");
        QTest::newRow("1024 characters") << QString(1024, QLatin1Char('9'));
        QTest::newRow("rtl and emoji") << QStringLiteral("طلب-١٢٣-👋🏽-שלום");
        QTest::newRow("sql") << QStringLiteral("1'; DROP TABLE inbox.events; --");
    }

    void unusualExternalIdsAreStoredAndShown()
    {
        QFETCH(QString, externalId);
        const PgResult r = accept(externalId, QByteArray("{\"id\":1}"));
        QVERIFY_SQL(r);
        const qint64 id = r.value(0, 0).toLongLong();
        PgSession su(m_db.conninfo());
        const PgResult stored =
            su.exec(QStringLiteral("SELECT external_id FROM inbox.events WHERE id = $1"), {id});
        QVERIFY_SQL(stored);
        QCOMPARE(stored.value(0, 0), externalId);
        connectPage();
        open(id);
        QCOMPARE(m_page->detailPane()->detail().externalId(), externalId);
    }

    // `%`, `_`, `\` and quotes in the search are the characters themselves, not wildcards.
    void searchWithMetacharactersFindsExactlyThoseEvents()
    {
        const QString target = QStringLiteral("a%b_c\\d'e\"f;--");
        const QStringList found = {target, target + QStringLiteral("tail")}; // sorted
        // Each decoy matches the search text if %, _ or \ were taken as LIKE wildcards.
        const QStringList decoys = {
            QStringLiteral("aXXbYcd'e\"f;--"), QStringLiteral("a%bZc\\d'e\"f;--tail"),
            QStringLiteral("a%b_cd'e\"f;--"),  QStringLiteral("aQb_c\\d'e\"f;--"),
            QStringLiteral("a%b_c\\d'e\"f;-"), QStringLiteral("A%B_C\\D'E\"F;--")};
        for (const QString &externalId : found + decoys)
            QVERIFY_SQL(accept(externalId, QByteArray("{}")));
        connectPage();
        QCOMPARE(m_page->model()->rowCount(), int(found.size() + decoys.size()));

        QCOMPARE(searchFor(target), found);
        // Only wildcards finds nothing: no external id starts with a literal "%_\".
        QCOMPARE(searchFor(QStringLiteral("%_\\")), QStringList());
        QCOMPARE(searchFor(QStringLiteral("'")), QStringList());
    }

    void cleanupTestCase() { m_db.stop(); }
};

QTEST_MAIN(TestBadInput)
#include "tst_badinput.moc"
