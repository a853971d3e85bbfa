// A pair's status word parsed once into PairStatus (issue 30, point 20): the three words the
// database uses round-trip, and a word this version does not know is Unknown, never open,
// and is shown as it came. No database.
#include "duplicates/decisionoutcome.h"
#include "duplicates/duplicatepair.h"
#include "duplicates/duplicatewords.h"

#include <QtTest>

class TestPairStatus : public QObject
{
    Q_OBJECT

private slots:
    void wordsRoundTrip()
    {
        for (const auto status :
             {inbox::PairStatus::Open, inbox::PairStatus::Merged, inbox::PairStatus::Rejected}) {
            const QString word = inbox::pairStatusWord(status);
            QVERIFY(!word.isEmpty());
            QVERIFY(inbox::parsePairStatus(word) == status);
        }
        QCOMPARE(inbox::pairStatusWord(inbox::PairStatus::Open), QStringLiteral("open"));
        QCOMPARE(inbox::pairStatusWord(inbox::PairStatus::Merged), QStringLiteral("merged"));
        QCOMPARE(inbox::pairStatusWord(inbox::PairStatus::Rejected), QStringLiteral("rejected"));
        QCOMPARE(inbox::pairStatusWord(inbox::PairStatus::Unknown), QString());
    }

    void unknownWordIsUnknown()
    {
        QVERIFY(inbox::parsePairStatus(QStringLiteral("escalated")) == inbox::PairStatus::Unknown);
        QVERIFY(inbox::parsePairStatus(QStringLiteral("Open")) == inbox::PairStatus::Unknown);
        QVERIFY(inbox::parsePairStatus(QString()) == inbox::PairStatus::Unknown);

        inbox::DuplicatePair p;
        p.setStatus(QStringLiteral("escalated"));
        QVERIFY(p.status == inbox::PairStatus::Unknown);
        QVERIFY(!p.isOpen());
        p.setStatus(QStringLiteral("open"));
        QVERIFY(p.isOpen());
    }

    void shownSensibly()
    {
        const QDateTime at(QDate(2026, 12, 2), QTime(14, 5), Qt::LocalTime);
        QCOMPARE(inbox::DuplicateWords::decision(inbox::PairStatus::Open, QStringLiteral("open"),
                                                 QString(), QDateTime()),
                 QStringLiteral("open"));
        QCOMPARE(inbox::DuplicateWords::decision(inbox::PairStatus::Merged,
                                                 QStringLiteral("merged"), QStringLiteral("boris"),
                                                 at),
                 QStringLiteral("merged by boris at 2026-12-02 14:05"));
        // A word the server sends that this version does not know: shown as it came.
        QCOMPARE(inbox::DuplicateWords::decision(inbox::PairStatus::Unknown,
                                                 QStringLiteral("escalated"), QString(),
                                                 QDateTime(), QStringLiteral("x")),
                 QStringLiteral("escalated (note: x)"));
    }
};

QTEST_GUILESS_MAIN(TestPairStatus)
#include "tst_pairstatus.moc"
