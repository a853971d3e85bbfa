// The Report screen against a real PostgreSQL: a baseline imported through the contract
// (inbox.import_baseline, as `inbox-console report import` calls it) and deliveries accepted
// by the inbox in the period; the screen's table, summary and cost arithmetic equal the
// contract's own figures, a group opens on its rows, the PDF (text extracted with pdftotext)
// and the CSV carry every figure of the table, in English and Russian; a login without the
// Report's role is told why it sees nothing. INBOX_GRAB_DIR=/some/dir saves the page, light
// and dark, for a person to look at.
#include "consoleharness.h"
#include "modelcheck.h"
#include "widgettestcase.h"

#include "common/multiselectbutton.h"
#include "common/theme.h"
#include "db/consolecontext.h"
#include "pgsession.h"
#include "report/baselineimporter.h"
#include "report/baselinesmodel.h"
#include "report/comparisonmodel.h"
#include "report/duplicategroupsmodel.h"
#include "report/grouprowsmodel.h"
#include "report/importdialog.h"
#include "report/reportdocument.h"
#include "report/reportpage.h"
#include "testdatabase.h"
#include "testlanguage.h"

#include <QComboBox>
#include <QDateEdit>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

class TestReportPage : public WidgetTestCase
{
    Q_OBJECT

public:
    TestReportPage()
        : WidgetTestCase{{{"rep_mgr", {"inbox_manager"}},
                          {"rep_in", {"inbox_ingest"}},
                          {"rep_op", {"inbox_operator"}}}}
    {}

private:
    TestLanguage m_language;

    // A small month: 8 rows, of which 3 are duplicates (a double import, the same phone
    // written otherwise 20 minutes later, the same e-mail in capitals 2 hours later), and a
    // regular customer's second order 25 days later, which is not one. Then 3 deliveries of
    // today into the inbox, one of them a repeat.
    bool seed()
    {
        PgSession mgr(m_db.conninfo(QStringLiteral("rep_mgr")));
        const PgResult imported = mgr.exec(QStringLiteral(
            "SELECT inbox.import_baseline('October', 'october.csv', 'bitrix24_leads', 1, "
            "'{2,3,4,5,6,7,8,9}'::int[], "
            "'{site,site,site,telegram,site,site,site,site}'::text[], "
            "'{L1,L1,L2,L3,L4,L5,L6,L7}'::text[], "
            "'{2026-10-01 10:00Z,2026-10-01 10:00Z,2026-10-02 09:00Z,2026-10-02 09:20Z,"
            "2026-10-03 12:00Z,2026-10-03 14:00Z,2026-10-05 08:00Z,2026-10-30 08:00Z}'::"
            "timestamptz[], "
            "ARRAY['+7 916 111-11-11', '+7 916 111-11-11', '+7 (916) 222-22-22', '89162222222', "
            "NULL, "
            "NULL, '+7 916 333-33-33', '+7 916 333-33-33'], "
            "ARRAY['a@x.ru', 'a@x.ru', 'b@x.ru', NULL, 'c@x.ru', 'C@X.RU', 'd@x.ru', 'd@x.ru'], "
            "'{A,A,B,B,C,C,D,D}'::text[])"));
        if (!imported.ok) {
            qWarning("%s", qPrintable(imported.message));
            return false;
        }
        PgSession in(m_db.conninfo(QStringLiteral("rep_in")));
        for (const char *id : {"o-1", "o-2", "o-1"}) {
            if (!in.exec(QStringLiteral("SELECT * FROM inbox.accept('shop', $1, '\\x7b7d')"),
                         {QString::fromLatin1(id)})
                     .ok)
                return false;
        }
        return true;
    }

    static QString pdfText(const QString &path)
    {
        QProcess p;
        p.start(QStringLiteral("pdftotext"),
                {QStringLiteral("-layout"), path, QStringLiteral("-")});
        if (!p.waitForFinished(30000) || p.exitCode() != 0)
            return QStringLiteral("pdftotext failed: ") +
                   QString::fromUtf8(p.readAllStandardError());
        return QString::fromUtf8(p.readAllStandardOutput());
    }

private slots:
    void cleanup()
    {
        m_language.drop();
        inbox::Theme::apply(inbox::Theme::Mode::Light);
    }

    void figuresEqualTheContractAndExportWhole_data() { TestLanguage::addRows(); }

    void figuresEqualTheContractAndExportWhole()
    {
        QFETCH(QString, language);
        QVERIFY(m_language.use(QStringLiteral(INBOX_QM_DIR), language));
        QVERIFY(seed());

        inbox::ConsoleContext context;
        inbox::ReportPage page(&context);
        QVERIFY(ConsoleHarness::show(&page, {1400, 860}));
        // The screen never widens the window past the other screens' 1,024 pixels.
        QVERIFY2(page.minimumSizeHint().width() <= 1024,
                 qPrintable(QString::number(page.minimumSizeHint().width())));
        ModelCheck comparisonCheck(page.comparison());
        ModelCheck groupsCheck(page.groups());
        ModelCheck rowsCheck(page.groupRows());
        QVERIFY(ConsoleHarness::emitsAfter(&page, &inbox::ReportPage::figuresShown, [&] {
            context.setConnected(m_db.options(QStringLiteral("rep_mgr")), inbox::ServerInfo());
        }));

        // The total line equals the contract's functions over the same data.
        const PgResult before = m_db.su().exec(
            QStringLiteral("SELECT sum(rows), sum(duplicates) FROM inbox.baseline_summary("
                           "(SELECT max(id) FROM inbox.baselines))"));
        QVERIFY(before.ok);
        QCOMPARE(before.value(0, 0), QStringLiteral("8"));
        QCOMPARE(before.value(0, 1), QStringLiteral("3"));
        const PgResult after = m_db.su().exec(QStringLiteral(
            "SELECT sum(deliveries), sum(repeats) FROM inbox.remeasure(current_date - 14, "
            "current_date)"));
        QVERIFY(after.ok);
        QCOMPARE(after.value(0, 0), QStringLiteral("3"));
        QCOMPARE(after.value(0, 1), QStringLiteral("1"));
        inbox::ComparisonModel *table = page.comparison();
        const int total = table->rowCount() - 1;
        QVERIFY(table->index(total, 0).data(inbox::ComparisonModel::TotalRole).toBool());
        const auto raw = [&](int row, int column) {
            return table->index(row, column).data(inbox::ComparisonModel::RawRole);
        };
        QCOMPARE(raw(total, inbox::ComparisonModel::RowsBefore).toLongLong(), 8);
        QCOMPARE(raw(total, inbox::ComparisonModel::DuplicatesBefore).toLongLong(), 3);
        QCOMPARE(raw(total, inbox::ComparisonModel::DeliveriesAfter).toLongLong(), 3);
        QCOMPARE(raw(total, inbox::ComparisonModel::RepeatsAfter).toLongLong(), 1);
        // Sources: the export's (site, telegram) and the inbox's (shop), each on one side.
        QCOMPARE(table->rowCount(), 4);
        // In source order: shop (the inbox's only), site, telegram (the export's only).
        QCOMPARE(raw(0, inbox::ComparisonModel::Source).toString(), QStringLiteral("shop"));
        QVERIFY(!raw(0, inbox::ComparisonModel::RowsBefore).isValid());
        QCOMPARE(raw(1, inbox::ComparisonModel::RowsBefore).toLongLong(), 7);
        QVERIFY(!raw(1, inbox::ComparisonModel::DeliveriesAfter).isValid());
        QCOMPARE(table->text(1, inbox::ComparisonModel::DeliveriesAfter), QStringLiteral("\u2014"));

        // The seeds' arithmetic: 3 duplicates over the 30 days of the export, 7 minutes each.
        const inbox::ReportFigures &f = table->figures();
        QCOMPARE(f.baseline.days(), 30);
        QCOMPARE(f.beforeDuplicatesPerMonth(), 3.0);
        QCOMPARE(f.beforeHoursPerMonth(), 3.0 * 7 / 60);
        QCOMPARE(f.afterDays(), 15);
        const QString summary = page.findChild<QLabel *>(QStringLiteral("reportSummary"))->text();
        QVERIFY2(summary.contains(QLocale().toString(37.5, 'f', 1) + QLatin1Char('%')),
                 qPrintable(summary)); // 3 of 8
        // Beside the counts per 30 days, the possible duplicates as a share of the deliveries,
        // the figure that compares with the baseline's share whatever the volumes.
        inbox::ReportFigures bigger = f;
        inbox::AfterFigures shop;
        shop.source = QStringLiteral("shop");
        shop.deliveries = 200;
        shop.flagged = 3;
        bigger.after = {shop};
        QCOMPARE(bigger.afterFlaggedShare(), 0.015);
        QVERIFY2(inbox::ReportDocument::summary(bigger).contains(QLocale().toString(1.5, 'f', 1) +
                                                                 QLatin1Char('%')),
                 qPrintable(inbox::ReportDocument::summary(bigger)));

        // The largest group first; selecting it reads its rows in order.
        QTRY_VERIFY_WITH_TIMEOUT(page.groups()->rowCount() >= 3, 20000);
        auto *groups = page.findChild<QTableView *>(QStringLiteral("baselineGroups"));
        QVERIFY(ConsoleHarness::emitsAfter(page.groupRows(), &inbox::GroupRowsModel::updated,
                                           [&] { groups->selectRow(0); }));
        QCOMPARE(page.groupRows()->rowCount(), int(page.groups()->group(0)->rows));
        // The regular customer (d@x.ru, 25 days apart) is in no group.
        for (int r = 0; r < page.groups()->rowCount(); ++r)
            QVERIFY(page.groups()->group(r)->key != QLatin1String("d@x.ru"));

        // The PDF and the CSV carry every figure of the table.
        QTemporaryDir dir;
        QString error;
        const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
        QVERIFY2(page.writePdf(pdf, &error), qPrintable(error));
        const QString text = pdfText(pdf);
        for (int c = 0; c < table->columnCount(); ++c)
            QVERIFY2(text.contains(table->text(total, c)),
                     qPrintable(table->text(total, c) + QStringLiteral(" not in:\n") + text));
        QVERIFY2(text.contains(QStringLiteral("october.csv")), qPrintable(text));
        const QString csv = dir.filePath(QStringLiteral("report.csv"));
        QVERIFY2(page.writeCsv(csv, &error), qPrintable(error));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines =
            QString::fromUtf8(file.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), table->rowCount() + 1);
        QCOMPARE(lines.last().section(QLatin1Char(','), 1, 4), QStringLiteral("8,3,0.3750,3"));

        const QString grab = qEnvironmentVariable("INBOX_GRAB_DIR");
        if (!grab.isEmpty()) {
            for (const bool dark : {false, true}) {
                inbox::Theme::apply(dark ? inbox::Theme::Mode::Dark : inbox::Theme::Mode::Light);
                QTest::qWait(50);
                page.grab().save(
                    QStringLiteral("%1/report-%2%3.png")
                        .arg(grab, language, dark ? QStringLiteral("-dark") : QString()));
            }
            QFile::copy(pdf, QStringLiteral("%1/report-%2.pdf").arg(grab, language));
        }
    }

    // Import from the screen: a layout the console does not know, mapped by hand, with a line
    // it cannot read. The preview follows the mapping; the import stores every good row and
    // lists the bad line; the page shows the new baseline; the next file with the same header
    // opens with that mapping. An operator's Import button is disabled.
    void importFromTheScreen_data() { TestLanguage::addRows(); }
    void importFromTheScreen()
    {
        QFETCH(QString, language);
        QVERIFY(m_language.use(QStringLiteral(INBOX_QM_DIR), language));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("crm-month.csv"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("Ref;When;Tel;Mail;Who\n"
                       "A-1;01.10.2026 10:00:00;+7 916 111-11-11;a@x.ru;Anna\n"
                       "A-2;01.10.2026 10:30:00;8 916 111 11 11;;Anna\n"
                       "A-3;someday;;b@x.ru;Boris\n"
                       "A-4;02.10.2026 09:00:00;;c@x.ru;Clara\n");
        }
        inbox::ConsoleContext context;
        inbox::ReportPage page(&context);
        QVERIFY(ConsoleHarness::show(&page, {1200, 800}));
        auto *importButton = page.findChild<QPushButton *>(QStringLiteral("importExport"));
        QVERIFY(importButton);
        context.setConnected(m_db.options(QStringLiteral("rep_op")),
                             ConsoleHarness::assumedInfo(QStringLiteral("rep_op"),
                                                         {QStringLiteral("inbox_operator")}));
        QVERIFY(!importButton->isEnabled());
        context.setConnected(m_db.options(QStringLiteral("rep_mgr")),
                             ConsoleHarness::assumedInfo(QStringLiteral("rep_mgr"),
                                                         {QStringLiteral("inbox_manager")}));
        QVERIFY(importButton->isEnabled());

        inbox::ImportDialog *dialog = page.openImport(path);
        QSignalSpy shown(dialog, &inbox::ImportDialog::previewShown);
        QVERIFY(shown.wait(10000));
        auto *start = dialog->findChild<QPushButton *>(QStringLiteral("startImport"));
        auto *status = dialog->findChild<QLabel *>(QStringLiteral("importStatus"));
        // Nothing says which column is the id or the time: the import waits for a mapping.
        QVERIFY(!start->isEnabled());
        QVERIFY2(
            status->text().contains(inbox::ExportLayout::fieldName(inbox::ExportField::ExternalId)),
            qPrintable(status->text()));

        dialog->findChild<QComboBox *>(QStringLiteral("mapExternalId"))->setCurrentIndex(1);
        dialog->findChild<QComboBox *>(QStringLiteral("mapCreatedAt"))->setCurrentIndex(2);
        dialog->findChild<inbox::MultiSelectButton *>(QStringLiteral("mapPhones"))
            ->setSelected({QStringLiteral("2")});
        dialog->findChild<QLineEdit *>(QStringLiteral("constantSource"))
            ->setText(QStringLiteral("crm"));
        QVERIFY2(start->isEnabled(), qPrintable(status->text()));
        auto *rows = dialog->findChild<QTableWidget *>(QStringLiteral("previewRows"));
        QCOMPARE(rows->rowCount(), 4);
        QCOMPARE(rows->item(0, 1)->text(), QStringLiteral("crm"));
        QCOMPARE(rows->item(0, 2)->text(), QStringLiteral("A-1"));
        QCOMPARE(rows->item(1, 4)->text(), QStringLiteral("8 916 111 11 11"));
        QVERIFY(rows->item(1, 7)->text().isEmpty());
        QVERIFY2(!rows->item(2, 7)->text().isEmpty(), "the unreadable time is named");
        QCOMPARE(rows->item(2, 0)->text(), QStringLiteral("4"));
        const QString grab = qEnvironmentVariable("INBOX_GRAB_DIR");
        if (!grab.isEmpty()) {
            for (const bool dark : {false, true}) {
                inbox::Theme::apply(dark ? inbox::Theme::Mode::Dark : inbox::Theme::Mode::Light);
                QTest::qWait(100);
                dialog->grab().save(
                    QStringLiteral("%1/import-%2%3.png")
                        .arg(grab, language, dark ? QStringLiteral("-dark") : QString()));
            }
            inbox::Theme::apply(inbox::Theme::Mode::Light);
        }

        // The screen stores by COPY (0035): with the array import taken away from managers it
        // still stores.
        const QString arrays =
            QStringLiteral("FUNCTION inbox.import_baseline(text, text, text, int, int[], text[], "
                           "text[], timestamptz[], text[], text[], text[])");
        QVERIFY(m_db.su()
                    .exec(QStringLiteral("REVOKE EXECUTE ON %1 FROM inbox_manager").arg(arrays))
                    .ok);
        QSignalSpy imported(dialog, &inbox::ImportDialog::imported);
        QTest::mouseClick(start, Qt::LeftButton);
        const bool done = imported.wait(20000);
        QVERIFY(
            m_db.su().exec(QStringLiteral("GRANT EXECUTE ON %1 TO inbox_manager").arg(arrays)).ok);
        QVERIFY2(done, qPrintable(status->text()));
        const qint64 id = imported.first().at(0).toLongLong();
        const PgResult stored = m_db.su().exec(
            QStringLiteral("SELECT row_count, unreadable_lines, file_name FROM inbox.baselines "
                           "WHERE id = %1")
                .arg(id));
        QVERIFY2(stored.ok, qPrintable(stored.message));
        QCOMPARE(stored.value(0, 0), QStringLiteral("3"));
        QCOMPARE(stored.value(0, 1), QStringLiteral("1"));
        QCOMPARE(stored.value(0, 2), QStringLiteral("crm-month.csv"));
        auto *problems = dialog->findChild<QPlainTextEdit *>(QStringLiteral("importProblems"));
        QVERIFY(problems->isVisible());
        const QString lineFour =
            QCoreApplication::translate("inbox::ImportDialog", "line %1: %2").arg(4).arg(QString());
        QVERIFY2(problems->toPlainText().startsWith(lineFour), qPrintable(problems->toPlainText()));
        // The two calls of one phone half an hour apart are the baseline's one duplicate.
        QTRY_COMPARE_WITH_TIMEOUT(
            page.findChild<QComboBox *>(QStringLiteral("baseline"))->currentData().toLongLong(), id,
            10000);
        const PgResult summary = m_db.su().exec(
            QStringLiteral("SELECT sum(duplicates) FROM inbox.baseline_summary(%1)").arg(id));
        QCOMPARE(summary.value(0, 0), QStringLiteral("1"));
        dialog->close();

        // The next month's file of the same header opens with the mapping made by hand.
        inbox::ImportDialog *again = page.openImport(path);
        QSignalSpy shownAgain(again, &inbox::ImportDialog::previewShown);
        QVERIFY(shownAgain.wait(10000));
        QCOMPARE(again->layout().columns(inbox::ExportField::ExternalId), QVector<int>{0});
        QCOMPARE(again->layout().constantSource(), QStringLiteral("crm"));
        QVERIFY(again->findChild<QPushButton *>(QStringLiteral("startImport"))->isEnabled());
        again->close();
    }

    // An operator is not given the Report: the screen says so instead of empty tables.
    void operatorIsToldWhy()
    {
        QVERIFY(seed());
        inbox::ConsoleContext context;
        inbox::ReportPage page(&context);
        QVERIFY(ConsoleHarness::show(&page, {1000, 700}));
        QVERIFY(ConsoleHarness::emitsAfter(page.baselines(), &inbox::BaselinesModel::failed, [&] {
            context.setConnected(m_db.options(QStringLiteral("rep_op")), inbox::ServerInfo());
        }));
        QVERIFY(page.findChild<QLabel *>(QStringLiteral("reportStatus"))
                    ->text()
                    .contains(QLatin1String("inbox_report")));
        QVERIFY(!page.hasFigures());
    }
};

QTEST_MAIN(TestReportPage)
#include "tst_reportpage.moc"
