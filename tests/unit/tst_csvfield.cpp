// One CSV field of the journal export: RFC 4180 quoting, and the guard that keeps a
// spreadsheet from running an external id or error text as a formula.
#include "journal/journalexporter.h"

#include <QTest>

using inbox::JournalExporter;

class TestCsvField final : public QObject
{
    Q_OBJECT
private slots:
    void field_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("plain") << QStringLiteral("ORD-1") << QByteArray("ORD-1");
        QTest::newRow("empty") << QString() << QByteArray();
        QTest::newRow("comma") << QStringLiteral("a,b") << QByteArray("\"a,b\"");
        QTest::newRow("quote") << QStringLiteral("say \"hi\"") << QByteArray("\"say \"\"hi\"\"\"");
        QTest::newRow("newline") << QStringLiteral("a\nb") << QByteArray("\"a\nb\"");
        QTest::newRow("cyrillic") << QStringLiteral("Заказ") << QByteArray("Заказ");
        QTest::newRow("formula") << QStringLiteral("=HYPERLINK(\"x\")")
                                 << QByteArray("\"'=HYPERLINK(\"\"x\"\")\"");
        QTest::newRow("plus text")
            << QStringLiteral("+cmd|' /C calc'!A0") << QByteArray("'+cmd|' /C calc'!A0");
        QTest::newRow("at") << QStringLiteral("@SUM(A1)") << QByteArray("'@SUM(A1)");
        QTest::newRow("minus text") << QStringLiteral("-2+3") << QByteArray("'-2+3");
        QTest::newRow("tab") << QStringLiteral("\t=1") << QByteArray("'\t=1");
        QTest::newRow("negative number") << QStringLiteral("-42") << QByteArray("-42");
        QTest::newRow("phone digits")
            << QStringLiteral("+79161234567") << QByteArray("+79161234567");
    }

    void field()
    {
        QFETCH(QString, value);
        QFETCH(QByteArray, expected);
        QCOMPARE(JournalExporter::csvField(value), expected);
    }
};

QTEST_GUILESS_MAIN(TestCsvField)
#include "tst_csvfield.moc"
