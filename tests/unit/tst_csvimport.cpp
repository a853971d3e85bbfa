// The Report's import (issue 35): CRM exports as they really come (Bitrix24 leads in
// Windows-1251 with ';' and a comment over two lines, amoCRM deals in UTF-8 with a BOM and ',',
// an English Bitrix24 portal, a shop's own tab-separated file mapped by hand) read into exactly
// the expected rows, and every row that cannot be read a problem at its line, never skipped.
// No database. INBOX_CSV_BENCH=1 also reads a generated 100,000-row export and prints the time
// and the peak memory (a measurement, not an assertion).
#include "report/csvreader.h"
#include "report/exportlayout.h"
#include "report/exportreader.h"
#include "report/exportvalues.h"
#include "report/importpreview.h"

#include <QBuffer>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QStringEncoder>
#include <QTemporaryDir>
#include <QTest>

using namespace inbox;
using Code = ImportProblem::Code;

namespace {

QString dataFile(const char *name)
{
    return QStringLiteral(INBOX_REPORT_DATA "/") + QLatin1String(name);
}

QDateTime utc(const char *iso)
{
    return QDateTime::fromString(QLatin1String(iso), Qt::ISODate).toUTC();
}

ExportRow row(qint64 line, const QString &source, const QString &id, const char *createdUtc,
              const QStringList &phones, const QStringList &emails, const QString &name)
{
    ExportRow r;
    r.line = line;
    r.source = source;
    r.externalId = id;
    r.createdAt = utc(createdUtc);
    r.phones = phones;
    r.emails = emails;
    r.name = name;
    return r;
}

struct ReadAll
{
    QVector<ExportRow> rows;
    QVector<ImportProblem> problems;
};

ReadAll readAll(ExportReader &reader)
{
    ReadAll out;
    ExportRow r;
    QVector<ImportProblem> problems;
    for (;;) {
        const auto next = reader.next(&r, &problems);
        if (next == ExportReader::Next::End)
            break;
        if (next == ExportReader::Next::Row)
            out.rows.append(r);
        else
            out.problems += problems;
    }
    return out;
}

char *describe(const ExportRow &r)
{
    QStringList parts = {QString::number(r.line),
                         r.source,
                         r.externalId,
                         r.createdAt.toString(Qt::ISODate),
                         r.phones.join(QLatin1Char('|')),
                         r.emails.join(QLatin1Char('|')),
                         r.name};
    return qstrdup(parts.join(QStringLiteral(" / ")).toUtf8().constData());
}

void compareRows(const QVector<ExportRow> &actual, const QVector<ExportRow> &expected)
{
    for (int i = 0; i < qMin(actual.size(), expected.size()); ++i) {
        if (!(actual.at(i) == expected.at(i))) {
            char *a = describe(actual.at(i));
            char *e = describe(expected.at(i));
            const QByteArray message = QByteArray("row ") + QByteArray::number(i) +
                                       "\n   actual: " + a + "\n expected: " + e;
            delete[] a;
            delete[] e;
            QFAIL(message.constData());
        }
    }
    QCOMPARE(actual.size(), expected.size());
}

void compareProblems(const QVector<ImportProblem> &actual, const QVector<ImportProblem> &expected)
{
    QStringList a, e;
    for (const ImportProblem &p : actual)
        a.append(QString::number(p.line) + QLatin1Char(' ') + p.text());
    for (const ImportProblem &p : expected)
        e.append(QString::number(p.line) + QLatin1Char(' ') + p.text());
    QCOMPARE(a, e);
    QCOMPARE(actual, expected);
}

} // namespace

class TestCsvImport final : public QObject
{
    Q_OBJECT
private slots:
    void bitrix24LeadsWindows1251()
    {
        QFile file(dataFile("bitrix24_leads_cp1251.csv"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        ExportReader reader(&file);
        QVERIFY2(reader.open(), qPrintable(reader.errorString()));
        QCOMPARE(reader.csv().encoding(), CsvEncoding::Windows1251);
        QCOMPARE(reader.csv().delimiter(), ';');
        QVERIFY(!reader.csv().hadBom());
        QCOMPARE(reader.header().at(1), QStringLiteral("Название лида"));
        const ExportLayout layout = reader.layout();
        QCOMPARE(layout.kind(), ExportLayout::Kind::Bitrix24Leads);
        QCOMPARE(layout.constantSource(), QStringLiteral("bitrix24"));
        QCOMPARE(layout.columns(ExportField::Phone), (QVector<int>{4, 5}));
        QCOMPARE(layout.columns(ExportField::Email), (QVector<int>{6}));
        QCOMPARE(layout.columns(ExportField::Name), (QVector<int>{2, 3}));
        QCOMPARE(layout.columns(ExportField::Source), (QVector<int>{8}));
        QCOMPARE(layout.columns(ExportField::CreatedAt), (QVector<int>{9}));
        QVERIFY(layout.missing(reader.header().size()).isEmpty());

        const ReadAll all = readAll(reader);
        compareRows(all.rows,
                    {row(2, QStringLiteral("Сайт"), QStringLiteral("101"), "2026-11-03T07:15:00Z",
                         {QStringLiteral("+7 916 123-45-67")}, {QStringLiteral("ivan@example.ru")},
                         QStringLiteral("Иван Петров")),
                     row(3, QStringLiteral("Звонок"), QStringLiteral("102"), "2026-11-03T08:02:00Z",
                         {QStringLiteral("8 (495) 111-22-33"), QStringLiteral("+7 903 000-11-22"),
                          QStringLiteral("+7 903 000-11-23")},
                         {}, QStringLiteral("Мария")),
                     row(5, QStringLiteral("bitrix24"), QStringLiteral("103"),
                         "2026-11-04T06:00:00Z", {QStringLiteral("+79161234567")},
                         {QStringLiteral("OLGA@EXAMPLE.RU")}, QStringLiteral("Ольга Смирнова")),
                     row(9, QStringLiteral("Сайт"), QStringLiteral("107"), "2026-11-04T21:00:00Z",
                         {}, {QStringLiteral("anna@example.ru")}, QStringLiteral("Анна Козлова"))});
        compareProblems(all.problems,
                        {{6, Code::BadCreatedAt, QStringLiteral("31.11.2026 10:00:00"), {}},
                         {7, Code::FieldCount, QStringLiteral("3"), QStringLiteral("10")},
                         {8, Code::NoExternalId, QStringLiteral("ID"), {}}});
    }

    void multiLineAndDoubledQuotes()
    {
        QFile file(dataFile("bitrix24_leads_cp1251.csv"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        CsvReader reader(&file);
        QVERIFY(reader.open());
        CsvRecord record;
        ImportProblem problem;
        QCOMPARE(reader.next(&record, &problem), CsvReader::Next::Record);
        QCOMPARE(record.line, 2);
        QCOMPARE(reader.next(&record, &problem), CsvReader::Next::Record);
        QCOMPARE(record.line, 3);
        QCOMPARE(record.fields.at(7),
                 QStringLiteral("Перезвонить после 18:00;\nспросить про доставку"));
        QCOMPARE(reader.next(&record, &problem), CsvReader::Next::Record);
        QCOMPARE(record.line, 5);
        QCOMPARE(record.fields.at(7), QStringLiteral("Просила \"срочно\""));
    }

    void amoCrmUtf8WithBom()
    {
        QFile file(dataFile("amocrm_deals_utf8bom.csv"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        ExportReader reader(&file);
        QVERIFY2(reader.open(), qPrintable(reader.errorString()));
        QCOMPARE(reader.csv().encoding(), CsvEncoding::Utf8);
        QVERIFY(reader.csv().hadBom());
        QCOMPARE(reader.csv().delimiter(), ',');
        QCOMPARE(reader.header().first(), QStringLiteral("ID")); // no BOM left in the name
        QCOMPARE(reader.layout().kind(), ExportLayout::Kind::AmoCrmDeals);
        QCOMPARE(reader.layout().constantSource(), QStringLiteral("amocrm"));

        const ReadAll all = readAll(reader);
        const QString amo = QStringLiteral("amocrm");
        compareRows(all.rows,
                    {row(2, amo, QStringLiteral("5001"), "2026-11-03T07:15:00Z",
                         {QStringLiteral("+7 916 123-45-67")}, {QStringLiteral("ivan@example.ru")},
                         QStringLiteral("Иван Петров")),
                     row(3, amo, QStringLiteral("5002"), "2026-11-03T07:20:00Z",
                         {QStringLiteral("+7 903 000-11-22"), QStringLiteral("8 903 000 11 22")},
                         {QStringLiteral("maria@example.ru")}, QStringLiteral("Мария")),
                     row(5, amo, QStringLiteral("5004"), "2026-11-04T06:30:00Z",
                         {QStringLiteral("+79161112233")}, {QStringLiteral("anna@example.ru")},
                         QStringLiteral("Анна")),
                     row(6, amo, QStringLiteral("5005"), "2026-11-04T10:00:00Z", {},
                         {QStringLiteral("petr@example.ru")}, QStringLiteral("Пётр"))});
        // The quote opened on line 4 ran into line 5; line 5 is then read on its own.
        compareProblems(all.problems,
                        {{4, Code::TextAfterQuote, QStringLiteral("5"), {}},
                         {7, Code::FieldCount, QStringLiteral("9"), QStringLiteral("8")},
                         {8, Code::BadCreatedAt, QStringLiteral("вчера"), {}}});
    }

    void englishHeaders()
    {
        QFile file(dataFile("bitrix24_leads_en.csv"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        ExportReader reader(&file);
        QVERIFY2(reader.open(), qPrintable(reader.errorString()));
        QCOMPARE(reader.csv().encoding(), CsvEncoding::Utf8);
        QCOMPARE(reader.csv().delimiter(), ',');
        QCOMPARE(reader.layout().kind(), ExportLayout::Kind::Bitrix24Leads);
        const ReadAll all = readAll(reader);
        compareRows(
            all.rows,
            {row(2, QStringLiteral("Web site"), QStringLiteral("201"), "2026-11-03T07:15:00Z",
                 {QStringLiteral("+1 555 0100")}, {QStringLiteral("john@example.com")},
                 QStringLiteral("John Smith")),
             row(3, QStringLiteral("bitrix24"), QStringLiteral("202"), "2026-11-03T08:00:00Z",
                 {QStringLiteral("+1 555 0101")}, {}, QStringLiteral("Jane")),
             row(5, QStringLiteral("Web"), QStringLiteral("204"), "2026-11-03T10:00:00Z",
                 {QStringLiteral("+1 555 0102")}, {QStringLiteral("ann@example.com")},
                 QStringLiteral("Ann Lee"))});
        // No quote follows the one opened on line 4: it would run to the end of the file.
        compareProblems(all.problems, {{4, Code::UnclosedQuote, {}, {}}});
    }

    void customFileMappedByHand()
    {
        QFile file(dataFile("shop_orders_tab.csv"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        ExportReader reader(&file);
        QVERIFY(reader.open());
        QCOMPARE(reader.csv().delimiter(), '\t');
        const QStringList header = reader.header();
        ExportLayout layout = reader.layout();
        QCOMPARE(layout.kind(), ExportLayout::Kind::Custom);
        QCOMPARE(layout.missing(header.size()),
                 (QVector<ExportField>{ExportField::Source, ExportField::ExternalId,
                                       ExportField::CreatedAt}));
        layout.setConstantSource(QStringLiteral(" tilda "));
        QVERIFY(
            layout.addColumnByName(ExportField::ExternalId, QStringLiteral("order  no"), header));
        layout.addColumn(ExportField::CreatedAt, 1);
        QVERIFY(layout.addColumnByName(ExportField::Phone, QStringLiteral("Client phone"), header));
        layout.addColumn(ExportField::Phone, 3);
        QVERIFY(layout.addColumnByName(ExportField::Email, QStringLiteral("MAIL"), header));
        QVERIFY(!layout.addColumnByName(ExportField::Name, QStringLiteral("Имя"), header));
        layout.addColumn(ExportField::Name, 5);
        QVERIFY(layout.missing(header.size()).isEmpty());
        reader.setLayout(layout);
        reader.setTimeZone(QTimeZone::utc());

        // The mapping survives being remembered.
        QCOMPARE(ExportLayout::fromJson(layout.toJson()), layout);

        const ReadAll all = readAll(reader);
        compareRows(all.rows,
                    {row(2, QStringLiteral("tilda"), QStringLiteral("A-1"), "2026-11-03T08:00:00Z",
                         {QStringLiteral("+7 900 000-00-01")}, {QStringLiteral("one@example.ru")},
                         QStringLiteral("Первый")),
                     row(3, QStringLiteral("tilda"), QStringLiteral("A-2"), "2026-11-03T09:00:00Z",
                         {QStringLiteral("+7 900 000-00-02")}, {}, QStringLiteral("Второй"))});
        QVERIFY(all.problems.isEmpty());
    }

    void layoutKey()
    {
        const QStringList a = {QStringLiteral("ID"), QStringLiteral("Название лида"),
                               QStringLiteral("Рабочий e-mail")};
        const QStringList b = {QStringLiteral(" id"), QStringLiteral("название  лида"),
                               QStringLiteral("РАБОЧИЙ E-MAIL")};
        const QStringList c = {QStringLiteral("Название лида"), QStringLiteral("ID"),
                               QStringLiteral("Рабочий e-mail")};
        QCOMPARE(ExportLayout::layoutKey(a), ExportLayout::layoutKey(b));
        QVERIFY(ExportLayout::layoutKey(a) != ExportLayout::layoutKey(c));
        QCOMPARE(ExportLayout::layoutKey(a).size(), 16);
    }

    void recognition_data()
    {
        QTest::addColumn<QStringList>("header");
        QTest::addColumn<int>("kind");
        QTest::newRow("bitrix deals") << QStringList{QStringLiteral("ID"),
                                                     QStringLiteral("Название сделки"),
                                                     QStringLiteral("Стадия сделки"),
                                                     QStringLiteral("Дата создания"),
                                                     QStringLiteral("Контакт"),
                                                     QStringLiteral("Источник")}
                                      << int(ExportLayout::Kind::Bitrix24Deals);
        QTest::newRow("amo with (контакт)")
            << QStringList{QStringLiteral("ID"), QStringLiteral("Название сделки"),
                           QStringLiteral("Дата создания сделки"),
                           QStringLiteral("Рабочий телефон (контакт)")}
            << int(ExportLayout::Kind::AmoCrmDeals);
        QTest::newRow("no id") << QStringList{QStringLiteral("Название лида")}
                               << int(ExportLayout::Kind::Custom);
    }

    void recognition()
    {
        QFETCH(QStringList, header);
        QFETCH(int, kind);
        QCOMPARE(int(ExportLayout::recognise(header).kind()), kind);
    }

    void amoContactSuffix()
    {
        const QStringList header = {QStringLiteral("ID"),
                                    QStringLiteral("Название сделки"),
                                    QStringLiteral("Дата создания сделки"),
                                    QStringLiteral("Полное имя (контакт)"),
                                    QStringLiteral("Рабочий телефон (контакт)"),
                                    QStringLiteral("Мобильный телефон (контакт)"),
                                    QStringLiteral("Факс (контакт)"),
                                    QStringLiteral("Рабочий email (контакт)"),
                                    QStringLiteral("Личный email (контакт)")};
        const ExportLayout layout = ExportLayout::recognise(header);
        QCOMPARE(layout.kind(), ExportLayout::Kind::AmoCrmDeals);
        QCOMPARE(layout.columns(ExportField::CreatedAt), (QVector<int>{2}));
        QCOMPARE(layout.columns(ExportField::Name), (QVector<int>{3}));
        QCOMPARE(layout.columns(ExportField::Phone), (QVector<int>{4, 5})); // not the fax
        QCOMPARE(layout.columns(ExportField::Email), (QVector<int>{7, 8}));
    }

    void delimiter_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<char>("delimiter");
        QTest::addColumn<QStringList>("header");
        QTest::newRow("comma inside quotes of a ';' file")
            << QByteArray("\"Имя, Фамилия\";ID\r\nx;1\r\n") << ';'
            << QStringList{QStringLiteral("Имя, Фамилия"), QStringLiteral("ID")};
        QTest::newRow("commas") << QByteArray("a,b,c\n1,2,3\n") << ','
                                << QStringList{QStringLiteral("a"), QStringLiteral("b"),
                                               QStringLiteral("c")};
        QTest::newRow("tabs beat a comma")
            << QByteArray("a\tb, c\n") << '\t'
            << QStringList{QStringLiteral("a"), QStringLiteral("b, c")};
        QTest::newRow("blank lines first") << QByteArray("\n\r\nx;y\n") << ';'
                                           << QStringList{QStringLiteral("x"), QStringLiteral("y")};
        QTest::newRow("CR only") << QByteArray("x;y\r1;2\r") << ';'
                                 << QStringList{QStringLiteral("x"), QStringLiteral("y")};
    }

    void delimiter()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(char, delimiter);
        QFETCH(QStringList, header);
        QBuffer buffer(&bytes);
        QVERIFY(buffer.open(QIODevice::ReadOnly));
        CsvReader reader(&buffer);
        QVERIFY(reader.open());
        QCOMPARE(reader.delimiter(), delimiter);
        QCOMPARE(reader.header(), header);
    }

    void lineNumbersAcrossBreaks()
    {
        // LF, CRLF and CR each end a line; a quoted CRLF counts once; blank lines count.
        QByteArray bytes("h1;h2\n1;\"a\r\nb\"\r\n\n2;x\r3;y");
        QBuffer buffer(&bytes);
        QVERIFY(buffer.open(QIODevice::ReadOnly));
        CsvReader reader(&buffer);
        QVERIFY(reader.open());
        CsvRecord record;
        ImportProblem problem;
        QList<qint64> lines;
        while (reader.next(&record, &problem) == CsvReader::Next::Record)
            lines.append(record.line);
        QCOMPARE(lines, (QList<qint64>{2, 5, 6}));
    }

    void encodings()
    {
        const QByteArray cp1251 = QByteArray("ID;Имя\r\n").replace("Имя", "\xC8\xEC\xFF") +
                                  "1;\xCF\xE5\xF2\xF0\r\n2;\xCF\x98\r\n";
        {
            // Auto: not UTF-8, so Windows-1251; its one unassigned byte (0x98) is a problem.
            QByteArray bytes = cp1251;
            QBuffer buffer(&bytes);
            QVERIFY(buffer.open(QIODevice::ReadOnly));
            CsvReader reader(&buffer);
            QVERIFY(reader.open());
            QCOMPARE(reader.encoding(), CsvEncoding::Windows1251);
            QCOMPARE(reader.header().at(1), QStringLiteral("Имя"));
            CsvRecord record;
            ImportProblem problem;
            QCOMPARE(reader.next(&record, &problem), CsvReader::Next::Record);
            QCOMPARE(record.fields.at(1), QStringLiteral("Петр"));
            QCOMPARE(reader.next(&record, &problem), CsvReader::Next::Problem);
            QCOMPARE(problem, (ImportProblem{3, Code::InvalidBytes, QStringLiteral("Имя"),
                                             QStringLiteral("Windows-1251")}));
            QCOMPARE(reader.next(&record, &problem), CsvReader::Next::End);
        }
        {
            // Forced UTF-8 on the same bytes: each Cyrillic row is a problem, the ASCII id is not.
            QByteArray bytes = cp1251;
            QBuffer buffer(&bytes);
            QVERIFY(buffer.open(QIODevice::ReadOnly));
            CsvReader reader(&buffer, {CsvEncoding::Utf8, 0});
            QVERIFY(reader.open());
            QCOMPARE(reader.encoding(), CsvEncoding::Utf8);
            CsvRecord record;
            ImportProblem problem;
            QCOMPARE(reader.next(&record, &problem), CsvReader::Next::Problem);
            QCOMPARE(problem.line, 2);
            QCOMPARE(problem.code, Code::InvalidBytes);
            QCOMPARE(problem.arg2, QStringLiteral("UTF-8"));
        }
        {
            // A UTF-8 file whose only non-ASCII byte comes far down is still UTF-8.
            QByteArray bytes("id;name\n");
            for (int i = 0; i < 30000; ++i)
                bytes += QByteArray::number(i) + ";plain\n";
            bytes += "x;\xD0\x9F\xD1\x91\xD1\x82\xD1\x80\n";
            QBuffer buffer(&bytes);
            QVERIFY(buffer.open(QIODevice::ReadOnly));
            CsvReader reader(&buffer);
            QVERIFY(reader.open());
            QCOMPARE(reader.encoding(), CsvEncoding::Utf8);
            CsvRecord record;
            ImportProblem problem;
            int records = 0;
            while (reader.next(&record, &problem) == CsvReader::Next::Record)
                ++records;
            QCOMPARE(records, 30001);
            QCOMPARE(record.fields.at(1), QStringLiteral("Пётр"));
            QCOMPARE(record.line, 30002);
        }
        QVERIFY(CsvReader::isUtf8(QByteArray("\xD0\x9F")));
        QVERIFY(!CsvReader::isUtf8(QByteArray("\xCF\xE5")));
    }

    void unreadableFiles()
    {
        QByteArray empty("\r\n\r\n");
        QBuffer buffer(&empty);
        QVERIFY(buffer.open(QIODevice::ReadOnly));
        CsvReader reader(&buffer);
        QVERIFY(!reader.open());
        QCOMPARE(reader.errorString(), QStringLiteral("The file has no header line."));

        QByteArray utf16("\xFF\xFEI\0D\0", 6);
        QBuffer buffer16(&utf16);
        QVERIFY(buffer16.open(QIODevice::ReadOnly));
        CsvReader reader16(&buffer16);
        QVERIFY(!reader16.open());
        QVERIFY(reader16.errorString().contains(QStringLiteral("UTF-16")));
    }

    void bomDecidesAndEmptyRecords()
    {
        // A BOM says UTF-8 even with a bad byte further down: that row alone is a problem.
        // Rows with no text (";;", spaces) are counted, not rows and not problems.
        QByteArray bytes("\xEF\xBB\xBFid;name;note\r\n1;\xD0\x98\xD0\xB2\xD0\xB0\xD0\xBD;\r\n"
                         ";;\r\n2;\xC8\xE2\xE0\xED;\r\n   \r\n3;Ann;x\r\n; ;\r\n");
        QBuffer buffer(&bytes);
        QVERIFY(buffer.open(QIODevice::ReadOnly));
        CsvReader reader(&buffer);
        QVERIFY(reader.open());
        QCOMPARE(reader.encoding(), CsvEncoding::Utf8);
        QCOMPARE(reader.header().first(), QStringLiteral("id"));
        CsvRecord record;
        ImportProblem problem;
        QCOMPARE(reader.next(&record, &problem), CsvReader::Next::Record);
        QCOMPARE(record.fields.at(1), QStringLiteral("Иван"));
        QCOMPARE(reader.next(&record, &problem), CsvReader::Next::Problem);
        QCOMPARE(problem, (ImportProblem{4, Code::InvalidBytes, QStringLiteral("name"),
                                         QStringLiteral("UTF-8")}));
        QCOMPARE(reader.next(&record, &problem), CsvReader::Next::Record);
        QCOMPARE(record.line, 6);
        QCOMPARE(reader.next(&record, &problem), CsvReader::Next::End);
        QCOMPARE(reader.emptyRecords(), 3);
    }

    void createdAt_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("zone");
        QTest::addColumn<QDateTime>("expected");
        const QString msk = QStringLiteral("Europe/Moscow");
        QTest::newRow("seconds") << QStringLiteral("03.11.2026 10:15:30") << msk
                                 << utc("2026-11-03T07:15:30Z");
        QTest::newRow("minutes") << QStringLiteral("3.11.2026 9:05") << msk
                                 << utc("2026-11-03T06:05:00Z");
        QTest::newRow("date") << QStringLiteral("03.11.2026") << msk << utc("2026-11-02T21:00:00Z");
        QTest::newRow("iso local")
            << QStringLiteral("2026-11-03T10:15:00") << msk << utc("2026-11-03T07:15:00Z");
        QTest::newRow("iso space ms")
            << QStringLiteral("2026-11-03 10:15:00.250") << msk << utc("2026-11-03T07:15:00.250Z");
        QTest::newRow("iso Z") << QStringLiteral("2026-11-03T10:15:00Z") << msk
                               << utc("2026-11-03T10:15:00Z");
        QTest::newRow("iso offset")
            << QStringLiteral("2026-11-03T10:15:00+0500") << msk << utc("2026-11-03T05:15:00Z");
        QTest::newRow("other zone")
            << QStringLiteral("03.11.2026 10:15") << QStringLiteral("Asia/Yekaterinburg")
            << utc("2026-11-03T05:15:00Z");
        QTest::newRow("summer in Berlin")
            << QStringLiteral("01.07.2026 12:00") << QStringLiteral("Europe/Berlin")
            << utc("2026-07-01T10:00:00Z");
        QTest::newRow("Feb 30") << QStringLiteral("30.02.2026") << msk << QDateTime();
        QTest::newRow("25 h") << QStringLiteral("03.11.2026 25:00") << msk << QDateTime();
        QTest::newRow("us") << QStringLiteral("11/03/2026 10:15 am") << msk << QDateTime();
        QTest::newRow("words") << QStringLiteral("вчера") << msk << QDateTime();
        QTest::newRow("empty") << QString() << msk << QDateTime();
    }

    void createdAt()
    {
        QFETCH(QString, text);
        QFETCH(QString, zone);
        QFETCH(QDateTime, expected);
        const QDateTime got = ExportValues::parseCreatedAt(text, QTimeZone(zone.toLatin1()));
        QCOMPARE(got.isValid(), expected.isValid());
        if (expected.isValid()) {
            QCOMPARE(got, expected);
            QCOMPARE(got.timeSpec(), Qt::UTC);
        }
    }

    void splitContacts()
    {
        QCOMPARE(ExportValues::splitContacts(QStringLiteral(" +7 916 1, 8-916-2 ;;x@y.ru ")),
                 (QStringList{QStringLiteral("+7 916 1"), QStringLiteral("8-916-2"),
                              QStringLiteral("x@y.ru")}));
        QVERIFY(ExportValues::splitContacts(QStringLiteral(" , ")).isEmpty());
    }

    void preview()
    {
        QFile file(dataFile("amocrm_deals_utf8bom.csv"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const ImportPreview p = ImportPreview::read(&file, 3);
        QVERIFY(p.error.isEmpty());
        QCOMPARE(p.layout.kind(), ExportLayout::Kind::AmoCrmDeals);
        QCOMPARE(p.encoding, CsvEncoding::Utf8);
        QCOMPARE(p.delimiter, ',');
        QCOMPARE(p.layoutKey, ExportLayout::layoutKey(p.header));
        QCOMPARE(p.lines.size(), 3);
        QVERIFY(p.more);
        QCOMPARE(p.lines.at(0).line, 2);
        QVERIFY(p.lines.at(0).row.has_value());
        QCOMPARE(p.lines.at(0).row->externalId, QStringLiteral("5001"));
        QCOMPARE(p.lines.at(0).cells.size(), 8);
        QCOMPARE(p.lines.at(1).line, 3);
        QCOMPARE(p.lines.at(2).line, 4);
        QVERIFY(!p.lines.at(2).row.has_value());
        QVERIFY(p.lines.at(2).cells.isEmpty());
        QCOMPARE(p.lines.at(2).problems,
                 (QVector<ImportProblem>{{4, Code::TextAfterQuote, QStringLiteral("5"), {}}}));

        // The whole file in a preview longer than it: no "more".
        QVERIFY(file.seek(0));
        const ImportPreview all = ImportPreview::read(&file, 100);
        QCOMPARE(all.lines.size(), 7);
        QVERIFY(!all.more);

        // A mapping from the caller replaces the recognised one: no created-at column, so
        // every row says so.
        QVERIFY(file.seek(0));
        ExportLayout layout = p.layout;
        layout.setColumns(ExportField::CreatedAt, {});
        const ImportPreview mapped = ImportPreview::read(&file, 1, {}, layout);
        QCOMPARE(mapped.lines.size(), 1);
        QCOMPARE(mapped.lines.at(0).problems,
                 (QVector<ImportProblem>{
                     {2, Code::NoCreatedAt, ExportLayout::fieldName(ExportField::CreatedAt), {}}}));
    }

    void problemTexts()
    {
        QCOMPARE(
            (ImportProblem{7, Code::FieldCount, QStringLiteral("3"), QStringLiteral("10")}).text(),
            QStringLiteral("The row has 3 fields, the header has 10."));
        QCOMPARE((ImportProblem{4, Code::TextAfterQuote, QStringLiteral("5"), {}}).text(),
                 QStringLiteral("Text follows a closing quote on line 5: a quote is missing or "
                                "not doubled."));
    }

    // Records cut by the reader's 256 KiB blocks anywhere (in a quote, between CR and LF) read
    // the same as whole ones.
    void blockBoundaries()
    {
        QByteArray bytes("id;note;created\r\n");
        const int rows = 20000;
        for (int i = 0; i < rows; ++i) {
            bytes +=
                QByteArray::number(i) + ";\"line one\r\nline \"\"two\"\"\";03.11.2026 10:00\r\n";
        }
        QBuffer buffer(&bytes);
        QVERIFY(buffer.open(QIODevice::ReadOnly));
        CsvReader reader(&buffer);
        QVERIFY(reader.open());
        CsvRecord record;
        ImportProblem problem;
        int count = 0;
        while (reader.next(&record, &problem) == CsvReader::Next::Record) {
            if (record.fields.at(0) != QString::number(count) || record.line != 2 + 2 * count ||
                record.fields.at(1) != QStringLiteral("line one\nline \"two\""))
                QFAIL(qPrintable(QStringLiteral("record %1 read wrong at line %2: %3")
                                     .arg(count)
                                     .arg(record.line)
                                     .arg(record.fields.join(QLatin1Char('|')))));
            ++count;
        }
        QCOMPARE(count, rows);
    }

    void hundredThousandRows();
};

namespace {

qint64 peakKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

} // namespace

void TestCsvImport::hundredThousandRows()
{
    if (qEnvironmentVariableIsEmpty("INBOX_CSV_BENCH"))
        QSKIP("a measurement: set INBOX_CSV_BENCH=1 to run it");
    // A Bitrix24-shaped month: Windows-1251, ';', every field quoted, a comment over two lines
    // in every tenth row. Written to disk first, so the peak is the reading's, not the
    // writing's.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("month.csv"));
    {
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        QStringEncoder encoder("windows-1251");
        QVERIFY(encoder.isValid());
        out.write(encoder.encode(QStringLiteral(
            "\"ID\";\"Название лида\";\"Имя\";\"Фамилия\";\"Рабочий телефон\";\"Мобильный "
            "телефон\";\"Рабочий e-mail\";\"Комментарий\";\"Источник\";\"Дата создания\"\r\n")));
        for (int i = 0; i < 100000; ++i) {
            const QString comment = i % 10 == 0 ? QStringLiteral("Перезвонить;\r\nпосле обеда")
                                                : QStringLiteral("Заказ с сайта, доставка");
            const QString line =
                QStringLiteral("\"%1\";\"Заказ %1\";\"Иван\";\"Петров\";\"+7 916 %2\";\"8 903 "
                               "%2\";\"client%1@example.ru\";\"%3\";\"Сайт\";\"%4.11.2026 "
                               "10:%5:00\"\r\n")
                    .arg(i)
                    .arg(1000000 + i)
                    .arg(comment)
                    .arg(1 + i % 28, 2, 10, QLatin1Char('0'))
                    .arg(i % 60, 2, 10, QLatin1Char('0'));
            out.write(encoder.encode(line));
        }
    }
    const qint64 bytes = QFileInfo(path).size();
    const qint64 peakBefore = peakKiB();

    QElapsedTimer timer;
    timer.start();
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    ExportReader reader(&file);
    QVERIFY(reader.open());
    // The rows are kept, as the baseline's analysis will keep them.
    QVector<ExportRow> rows;
    QVector<ImportProblem> problems;
    ExportRow row;
    QVector<ImportProblem> rowProblems;
    for (;;) {
        const auto next = reader.next(&row, &rowProblems);
        if (next == ExportReader::Next::End)
            break;
        if (next == ExportReader::Next::Row)
            rows.append(row);
        else
            problems += rowProblems;
    }
    const qint64 ms = timer.elapsed();
    const qint64 peakAfter = peakKiB();
    QCOMPARE(rows.size(), 100000);
    QVERIFY(problems.isEmpty());
    QCOMPARE(rows.last().phones.size(), 2);
    qInfo("100,000 rows, %.1f MB of Windows-1251: read and mapped in %lld ms; peak resident "
          "memory %.1f MB (%.1f MB before reading)",
          double(bytes) / 1e6, ms, double(peakAfter) / 1024.0, double(peakBefore) / 1024.0);
}

QTEST_GUILESS_MAIN(TestCsvImport)
#include "tst_csvimport.moc"
