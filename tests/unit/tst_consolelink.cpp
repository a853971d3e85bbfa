// Links a colleague can open (navigation/consolelink.h): every place round-trips through its
// text, names with spaces, Cyrillic and URL delimiters survive, unknown keys are ignored and
// anything malformed from a chat paste is refused with a sentence (no database).
#include "navigation/consolelink.h"

#include <QtTest>

using inbox::ConsoleLink;

Q_DECLARE_METATYPE(ConsoleLink)

class TestConsoleLink : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data()
    {
        QTest::addColumn<ConsoleLink>("link");
        const QString cyrillic = QStringLiteral("Прод база №1");
        const QDateTime at(QDate(2026, 12, 1), QTime(15, 52, 29, 123), Qt::UTC);
        QTest::newRow("event") << ConsoleLink::event(42, QStringLiteral("prod"));
        QTest::newRow("event, no profile") << ConsoleLink::event(42);
        QTest::newRow("pair, Cyrillic profile") << ConsoleLink::pair(17, cyrillic);
        QTest::newRow("audit") << ConsoleLink::auditEntry(9001, at, QStringLiteral("a b"));
        QTest::newRow("day and source")
            << ConsoleLink::journalDay(QDate(2026, 11, 30), QStringLiteral("crm web"),
                                       QStringLiteral("Test & Co = 100% + more#1"));
        QTest::newRow("day, every source") << ConsoleLink::journalDay(QDate(2026, 1, 2));
        QTest::newRow("failed of a source")
            << ConsoleLink::failed(QStringLiteral("почта"), cyrillic);
        QTest::newRow("failed") << ConsoleLink::failed();
        QTest::newRow("stuck of a source") << ConsoleLink::stuck(QStringLiteral("почта"), cyrillic);
        QTest::newRow("stuck") << ConsoleLink::stuck();
        QTest::newRow("waiting of a source") << ConsoleLink::waiting(QStringLiteral("wb"));
        QTest::newRow("waiting") << ConsoleLink::waiting();
        QTest::newRow("processing of a source")
            << ConsoleLink::processing(QStringLiteral("a&b=c"), cyrillic);
        QTest::newRow("processing") << ConsoleLink::processing();
        QTest::newRow("duplicates") << ConsoleLink::duplicates(QStringLiteral("prod"));
    }
    void roundTrip()
    {
        QFETCH(ConsoleLink, link);
        const QString url = link.toUrl();
        QVERIFY2(url.startsWith(QLatin1String("inbox-console://open?")), qPrintable(url));
        // Plain ASCII without spaces: a chat neither breaks it nor changes it.
        for (const QChar c : url)
            QVERIFY2(c.unicode() > 32 && c.unicode() < 127, qPrintable(url));
        QString error;
        const std::optional<ConsoleLink> back = ConsoleLink::fromUrl(url, &error);
        QVERIFY2(back.has_value(), qPrintable(error));
        QCOMPARE(back->kind(), link.kind());
        QCOMPARE(back->profile(), link.profile());
        QCOMPARE(back->source(), link.source());
        QCOMPARE(back->id(), link.id());
        QCOMPARE(back->day(), link.day());
        QCOMPARE(back->at(), link.at());
        QVERIFY(*back == link);
    }

    void encodesProfileWithSpacesAndCyrillic()
    {
        const QString url = ConsoleLink::event(42, QStringLiteral("Прод 1")).toUrl();
        QCOMPARE(url, QStringLiteral("inbox-console://open?profile=%D0%9F%D1%80%D0%BE%D0%B4%201"
                                     "&event=42"));
        // A '+' is a plus, not a space (we always write a space as %20).
        const auto plus = ConsoleLink::fromUrl(QStringLiteral("inbox-console://open?profile=a+b&"
                                                              "event=1"));
        QVERIFY(plus);
        QCOMPARE(plus->profile(), QStringLiteral("a+b"));
    }

    void pasteWrappingAndCase()
    {
        for (const QString &text : {QStringLiteral("  <inbox-console://open?event=7>\n"),
                                    QStringLiteral("\"inbox-console://open?event=7\""),
                                    QStringLiteral("`inbox-console://open/?event=7`"),
                                    QStringLiteral("INBOX-CONSOLE://open?event=7")}) {
            QString error;
            const auto link = ConsoleLink::fromUrl(text, &error);
            QVERIFY2(link, qPrintable(text + QStringLiteral(": ") + error));
            QCOMPARE(link->kind(), ConsoleLink::Kind::Event);
            QCOMPARE(link->id(), 7);
        }
    }

    void unknownKeysAreIgnored()
    {
        QString error;
        const auto link = ConsoleLink::fromUrl(
            QStringLiteral("inbox-console://open?tab=body&profile=p&event=5&zoom=%41"), &error);
        QVERIFY2(link, qPrintable(error));
        QCOMPARE(link->id(), 5);
        QCOMPARE(link->profile(), QStringLiteral("p"));
        // ...but a link of unknown keys only names no place.
        QVERIFY(!ConsoleLink::fromUrl(QStringLiteral("inbox-console://open?tab=body"), &error));
        QVERIFY2(error.contains(QLatin1String("no place")), qPrintable(error));
    }

    void malformed_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("empty") << QString() << "empty";
        QTest::newRow("spaces only") << "   "
                                     << "empty";
        QTest::newRow("web link") << "https://example.com/?event=1"
                                  << "not an Inbox Console";
        QTest::newRow("other scheme host") << "inbox-console://close?event=1"
                                           << "not an Inbox Console";
        QTest::newRow("no query") << "inbox-console://open"
                                  << "cut off";
        QTest::newRow("bare ?") << "inbox-console://open?"
                                << "cut off";
        QTest::newRow("id zero") << "inbox-console://open?event=0"
                                 << "positive whole number";
        QTest::newRow("id negative") << "inbox-console://open?event=-4"
                                     << "positive whole number";
        QTest::newRow("id text") << "inbox-console://open?event=42abc"
                                 << "positive whole number";
        QTest::newRow("id huge") << "inbox-console://open?event=99999999999999999999999"
                                 << "positive whole number";
        QTest::newRow("id with plus") << "inbox-console://open?pair=%2B5"
                                      << "positive whole";
        QTest::newRow("two places") << "inbox-console://open?event=1&pair=2"
                                    << "more than one";
        QTest::newRow("twice") << "inbox-console://open?event=1&event=2"
                               << "twice";
        QTest::newRow("no value") << "inbox-console://open?event="
                                  << "without a value";
        QTest::newRow("no equals") << "inbox-console://open?event"
                                   << "key=value";
        QTest::newRow("bad percent") << "inbox-console://open?profile=%G1&event=1"
                                     << "%-codes";
        QTest::newRow("cut percent") << "inbox-console://open?event=1&profile=%D"
                                     << "%-codes";
        QTest::newRow("not utf-8") << "inbox-console://open?profile=%FF%FE&event=1"
                                   << "%-codes";
        QTest::newRow("control char") << "inbox-console://open?profile=a%00b&event=1"
                                      << "control characters";
        QTest::newRow("newline inside") << "inbox-console://open?profile=a\nb&event=1"
                                        << "broken across lines";
        QTest::newRow("space inside") << "inbox-console://open?profile=a b&event=1"
                                      << "broken across lines";
        QTest::newRow("fragment") << "inbox-console://open?event=1#x"
                                  << "cannot hold";
        QTest::newRow("bad day") << "inbox-console://open?day=2026-02-30"
                                 << "date";
        QTest::newRow("short day") << "inbox-console://open?day=2026-2-3"
                                   << "date";
        QTest::newRow("unknown view") << "inbox-console://open?view=settings"
                                      << "does not know";
        QTest::newRow("audit no time") << "inbox-console://open?audit=5"
                                       << "time of the entry";
        QTest::newRow("audit local time") << "inbox-console://open?audit=5&at=2026-12-01T10:00:00"
                                          << "time of the entry";
        QTest::newRow("too long") << QStringLiteral("inbox-console://open?event=1&x=") +
                                         QString(3000, u'a')
                                  << "too long";
        QTest::newRow("long profile")
            << QStringLiteral("inbox-console://open?event=1&profile=") + QString(300, u'p')
            << "too long";
    }
    void malformed()
    {
        QFETCH(QString, text);
        QFETCH(QString, says);
        QString error;
        const std::optional<ConsoleLink> link = ConsoleLink::fromUrl(text, &error);
        QVERIFY2(!link, qPrintable(link ? link->toUrl() : QString()));
        QVERIFY2(error.contains(says), qPrintable(error));
        QVERIFY(error.endsWith(QLatin1Char('.')) || error.contains(QLatin1Char(':')));
    }

    void noErrorArgumentIsFine() { QVERIFY(!ConsoleLink::fromUrl(QStringLiteral("x"))); }
};

QTEST_GUILESS_MAIN(TestConsoleLink)
#include "tst_consolelink.moc"
