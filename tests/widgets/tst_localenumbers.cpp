// Issue 18, leftover of defect 8: numbers follow the chosen language's locale in English too.
// installTranslations (the program's language setup) on a system whose locale is German (its
// numbers read "1.234"): English gives "1,234", Russian "1 234" (a no-break space).
#include "testlanguage.h"

#include "common/translations.h"

#include <QCoreApplication>
#include <QLocale>
#include <QtTest>

class TestLocaleNumbers : public QObject
{
    Q_OBJECT

private slots:
    void numbersFollowTheLanguage_data()
    {
        TestLanguage::addRows("number", QStringLiteral("1,234"), QStringLiteral("1\u00a0234"));
    }

    void numbersFollowTheLanguage()
    {
        QFETCH(QString, language);
        QFETCH(QString, number);
        QCOMPARE(inbox::installTranslations(language), language);
        QCOMPARE(QLocale().toString(1234), number);
        QCOMPARE(QLocale().toString(qint64(1234)), number);
    }

    void cleanup() { QLocale::setDefault(QLocale::c()); }
};

int main(int argc, char **argv)
{
    // The system's locale is read once, as the application starts.
    qputenv("LC_ALL", "de_DE.UTF-8");
    qputenv("LANG", "de_DE.UTF-8");
    QCoreApplication app(argc, argv);
    if (QLocale::system().toString(1234) != QStringLiteral("1.234"))
        qFatal("the system locale is not German here; the test could not fail");
    TestLocaleNumbers test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_localenumbers.moc"
