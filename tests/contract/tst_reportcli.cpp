// `inbox-console report import` and `report compare` (issue 35), the real binary against a real
// PostgreSQL: a sample Bitrix24 export in Windows-1251 with broken rows is read, every line it
// cannot read is printed with its reason, the rows are stored as a baseline with the figures
// printed; compare prints the baseline beside the inbox's re-measure and writes the CSV; a
// login that is not a manager stores nothing; bad usage is exit 64.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace contract;

namespace {

QString exe()
{
    return QCoreApplication::applicationDirPath() +
           QStringLiteral("/../../app/inbox-console/inbox-console");
}

struct Run
{
    int code = -1;
    QString out;
    QString err;
};

Run run(const QStringList &arguments)
{
    QProcess p;
    p.start(exe(), arguments);
    Run r;
    if (!p.waitForFinished(60000))
        return r;
    r.code = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QString sample(const char *name)
{
    return QStringLiteral(INBOX_REPORT_DATA "/") + QLatin1String(name);
}

} // namespace

class TestReportCli : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestReportCli()
        : DatabaseTestCase{{"rc_manager", {"inbox_manager"}},
                           {"rc_operator", {"inbox_operator"}},
                           {"rc_ingest", {"inbox_ingest"}}}
    {}

private slots:
    void importPrintsProblemsStoresAndCounts()
    {
        QVERIFY2(QFile::exists(exe()), qPrintable(exe()));
        PgSession &su = m_db.su();
        // The command stores by COPY (0035): with the array import taken away from managers
        // it still stores.
        QVERIFY_SQL(su.exec(QStringLiteral(
            "REVOKE EXECUTE ON FUNCTION inbox.import_baseline(text, text, text, int, int[], "
            "text[], text[], timestamptz[], text[], text[], text[]) FROM inbox_manager")));
        const Run r =
            run({QStringLiteral("report"), QStringLiteral("import"),
                 sample("bitrix24_leads_cp1251.csv"), QStringLiteral("--name"),
                 QStringLiteral("November"), QStringLiteral("--lang"), QStringLiteral("en"),
                 QStringLiteral("--db"), m_db.conninfo(QStringLiteral("rc_manager"))});
        QVERIFY_SQL(su.exec(QStringLiteral(
            "GRANT EXECUTE ON FUNCTION inbox.import_baseline(text, text, text, int, int[], text[], "
            "text[], timestamptz[], text[], text[], text[]) TO inbox_manager")));
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        // The sample's impossible date (31.11, line 6), its short row (line 7) and its row
        // without an id (line 8) are listed with their lines; nothing else is (line 3's record
        // runs to line 4 inside quotes and is read).
        const QStringList problemLines =
            r.out.split(QLatin1Char('\n'))
                .filter(QRegularExpression(QStringLiteral("^line \\d+: ")));
        QVERIFY2(problemLines.size() == 3, qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("line 8: ")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("line 6: ")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("line 7: ")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("4 rows read, 3 unreadable lines")),
                 qPrintable(r.out));

        QCOMPARE(one(su, QStringLiteral("SELECT concat_ws('|', name, file_name, layout_name,"
                                        " imported_by, row_count, unreadable_lines)"
                                        " FROM inbox.baselines")),
                 QStringLiteral("November|bitrix24_leads_cp1251.csv|bitrix24_leads|rc_manager|"
                                "4|3"));
        // Ivan, Maria and Olga have phones, Anna (line 9) none.
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.baseline_rows"
                                           " WHERE cardinality(phone_norms) > 0")),
                 3);
        // The figures printed are the database's.
        const QString total = one(
            su, QStringLiteral("SELECT concat_ws(' ', sum(rows), sum(dup_external_id),"
                               " sum(dup_phone), sum(dup_email), sum(duplicates))"
                               " FROM inbox.baseline_summary((SELECT id FROM inbox.baselines))"));
        const QStringList totalLine =
            r.out.split(QLatin1Char('\n')).filter(QRegularExpression(QStringLiteral("^total ")));
        QCOMPARE(totalLine.size(), 1);
        QCOMPARE(totalLine.first().simplified().section(QLatin1Char(' '), 1, 5), total);
        // Olga's +79161234567 (line 5) is Ivan's +7 916 123-45-67 (line 2) 22 hours later.
        QCOMPARE(total, QStringLiteral("4 0 1 0 1"));
    }

    void compareWritesTheTableAndTheCsv()
    {
        PgSession &su = m_db.su();
        const Run imported = run({QStringLiteral("report"), QStringLiteral("import"),
                                  sample("amocrm_deals_utf8bom.csv"), QStringLiteral("--db"),
                                  m_db.conninfo(QStringLiteral("rc_manager"))});
        QVERIFY2(imported.code == 0, qPrintable(imported.out + imported.err));
        const QString id = one(su, QStringLiteral("SELECT max(id) FROM inbox.baselines"));
        // The inbox: two deliveries of one order and a refusal, today.
        PgSession in(m_db.conninfo(QStringLiteral("rc_ingest")));
        QVERIFY(deliver(in, QStringLiteral("amo"), QStringLiteral("1")) > 0);
        QVERIFY(deliver(in, QStringLiteral("amo"), QStringLiteral("1")) > 0);
        QVERIFY_SQL(in.exec(QStringLiteral(
            "SELECT inbox.count_refusals('{amo}', '{bad_signature}', '{5}', '{401}')")));

        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("report.csv"));
        const QString today = QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate);
        const Run r =
            run({QStringLiteral("report"), QStringLiteral("compare"), QStringLiteral("--baseline"),
                 id, QStringLiteral("--from"), today, QStringLiteral("--to"), today,
                 QStringLiteral("--csv"), csv, QStringLiteral("--lang"), QStringLiteral("en"),
                 QStringLiteral("--db"), m_db.conninfo(QStringLiteral("rc_manager"))});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("repeats absorbed")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("bad_signature")), qPrintable(r.out));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList rows =
            QString::fromUtf8(file.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QVERIFY2(rows.size() >= 2, qPrintable(rows.join(QLatin1Char('\n'))));
        QVERIFY(rows.first().startsWith(QStringLiteral("source,baseline rows,")));
        // amo in the inbox: 2 deliveries, 1 repeat, 0 conflicts, 0 flagged, 0, 0, 5 refused,
        // 0 failed; the baseline columns are blank when the CRM's source names differ.
        const QStringList amo = rows.filter(QRegularExpression(QStringLiteral("^amo,")));
        QCOMPARE(amo.size(), 1);
        QCOMPARE(amo.first().section(QLatin1Char(','), 4), QStringLiteral("2,1,0,0,0,0,5,0"));
    }

    void refusedLoginsAndBadUsage()
    {
        PgSession &su = m_db.su();
        for (const char *login : {"rc_operator", "rc_ingest"}) {
            const Run r = run({QStringLiteral("report"), QStringLiteral("import"),
                               sample("bitrix24_leads_en.csv"), QStringLiteral("--db"),
                               m_db.conninfo(QString::fromLatin1(login))});
            QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
            QVERIFY2(r.err.contains(QStringLiteral("permission denied")), qPrintable(r.err));
        }
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.baselines")), 0);
        QCOMPARE(run({QStringLiteral("report"), QStringLiteral("compare"), QStringLiteral("--from"),
                      QStringLiteral("yesterday")})
                     .code,
                 64);
        QCOMPARE(run({QStringLiteral("report"), QStringLiteral("export")}).code, 64);
        QCOMPARE(run({QStringLiteral("report"), QStringLiteral("import"),
                      QStringLiteral("/nonexistent.csv")})
                     .code,
                 1);
    }
};

QTEST_GUILESS_MAIN(TestReportCli)
#include "tst_reportcli.moc"
