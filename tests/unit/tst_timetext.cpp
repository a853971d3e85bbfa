// One date format on every screen, in both languages (issue 30, point 16): the Journal showed
// ISO while Duplicates and Alerts showed the locale's short format (US "12/2/26 2:05 PM" in
// English). No database.
#include "duplicates/duplicatewords.h"
#include "support/timetext.h"

#include <QLocale>
#include <QtTest>

class TestTimeText : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void sameTextInEveryLanguage_data()
    {
        QTest::addColumn<QLocale>("locale");
        QTest::newRow("en_US") << QLocale(QLocale::English, QLocale::UnitedStates);
        QTest::newRow("ru_RU") << QLocale(QLocale::Russian, QLocale::Russia);
    }

    void sameTextInEveryLanguage()
    {
        QFETCH(QLocale, locale);
        QLocale::setDefault(locale);
        const QDateTime at(QDate(2026, 12, 2), QTime(14, 5, 9), Qt::LocalTime);
        QCOMPARE(inbox::timeText(at), QStringLiteral("2026-12-02 14:05"));
        QCOMPARE(inbox::timeTextSeconds(at), QStringLiteral("2026-12-02 14:05:09"));
        QCOMPARE(inbox::dateText(at.date()), QStringLiteral("2026-12-02"));
        // The duplicates screen: a day that is not today reads as everywhere else, today the
        // time alone.
        QCOMPARE(inbox::DuplicateWords::time(at), QStringLiteral("2026-12-02 14:05"));
        const QDateTime today(QDate::currentDate(), QTime(9, 7), Qt::LocalTime);
        QCOMPARE(inbox::DuplicateWords::time(today), QStringLiteral("09:07"));
        // A moment given in UTC is shown in local time, as the Journal shows it.
        QCOMPARE(inbox::timeText(at.toUTC()), QStringLiteral("2026-12-02 14:05"));
        QCOMPARE(inbox::timeText(QDateTime()), QString());
    }
};

QTEST_APPLESS_MAIN(TestTimeText)
#include "tst_timetext.moc"
