// The overview's "Refused today" tab against a real PostgreSQL: what the receivers counted
// through inbox.count_refusals (as inbox-receiver does) is on screen per source, by reason in
// people's words and in all, equal to what psql reads from inbox.refusals; a source with
// refusals and no events is listed too; yesterday's rows are not today's; the tab's title
// carries the total. INBOX_GRAB_DIR=/some/dir saves the page, English and Russian, light and
// dark, for a person to look at.
#include "consoleharness.h"
#include "modelcheck.h"
#include "widgettestcase.h"

#include "common/theme.h"
#include "db/consolecontext.h"
#include "overview/overviewmodel.h"
#include "overview/overviewpage.h"
#include "overview/refusalsmodel.h"
#include "pgsession.h"
#include "testdatabase.h"
#include "testlanguage.h"

#include <QLabel>
#include <QLocale>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

class TestOverviewRefusals : public WidgetTestCase
{
    Q_OBJECT

public:
    TestOverviewRefusals()
        : WidgetTestCase{{{"ref_in", {"inbox_ingest"}}, {"ref_sue", {"inbox_support"}}}}
    {}

private:
    TestLanguage m_language;

    // Per source: "total|reason=n,reason=n" as psql reads today's rows.
    QMap<QString, QString> fromPsql()
    {
        const PgResult r = m_db.su().exec(QStringLiteral(
            "SELECT source, sum(n), string_agg(reason || '=' || n, ',' ORDER BY n DESC, reason) "
            "FROM inbox.refusals WHERE day = (now() AT TIME ZONE 'UTC')::date GROUP BY source "
            "ORDER BY source"));
        QMap<QString, QString> out;
        for (int i = 0; r.ok && i < r.rows(); ++i)
            out.insert(r.value(i, 0), r.value(i, 1) + QLatin1Char('|') + r.value(i, 2));
        return out;
    }

private slots:
    void cleanup()
    {
        m_language.drop();
        inbox::Theme::apply(inbox::Theme::Mode::Light);
    }

    // The front door's framing and memory refusals (issue 30, points 1, 3, 8) read in words,
    // never as the receiver's code.
    void frontDoorReasonsHaveWords()
    {
        for (const char *code : {"ambiguous_length", "duplicate_host", "bad_transfer_encoding",
                                 "transfer_coding", "body_memory", "unavailable"}) {
            const QString word = inbox::RefusalsModel::reasonText(QLatin1String(code));
            QVERIFY2(!word.isEmpty() && word != QLatin1String(code), code);
        }
    }

    void figuresOnScreenEqualTheDatabase_data() { TestLanguage::addRows(); }

    void figuresOnScreenEqualTheDatabase()
    {
        QFETCH(QString, language);
        QVERIFY(m_language.use(QStringLiteral(INBOX_QM_DIR), language));
        PgSession in(m_db.conninfo(QStringLiteral("ref_in")));
        // An event for shop; "ghost" has refusals only.
        QVERIFY(in.exec(QStringLiteral("SELECT inbox.accept('shop', 'e1', '\\x7b7d'::bytea)")).ok);
        const QString call = QStringLiteral(
            "SELECT inbox.count_refusals($1::text[], $2::text[], $3::int[], $4::int[])");
        PgResult r =
            in.exec(call, {QStringLiteral("{shop,shop,ghost,\"(unknown path)\"}"),
                           QStringLiteral("{bad_signature,body_limit,bad_token,"
                                          "unknown_path}"),
                           QStringLiteral("{1234,3,2,57}"), QStringLiteral("{401,413,401,404}")});
        QVERIFY2(r.ok, qPrintable(r.message));
        r = in.exec(call, {QStringLiteral("{shop}"), QStringLiteral("{unavailable}"),
                           QStringLiteral("{5}"), QStringLiteral("{503}")});
        QVERIFY2(r.ok, qPrintable(r.message));
        // Yesterday's row of a source that has none today: not shown.
        QVERIFY(m_db.su()
                    .exec(QStringLiteral("INSERT INTO inbox.refusals VALUES ((now() AT TIME ZONE "
                                         "'UTC')::date - 1, 'old', 'no_key', 9, now() - interval "
                                         "'1 day', now() - interval '1 day', 400)"))
                    .ok);
        const QMap<QString, QString> psql = fromPsql();
        QCOMPARE(psql.keys(), (QStringList{QStringLiteral("(unknown path)"),
                                           QStringLiteral("ghost"), QStringLiteral("shop")}));

        inbox::ConsoleContext context;
        inbox::OverviewPage page(&context);
        QVERIFY(ConsoleHarness::show(&page, {1280, 720}));
        auto *table = page.findChild<QTableView *>(QStringLiteral("refusalsTable"));
        QVERIFY(table);
        auto *model = qobject_cast<inbox::RefusalsModel *>(table->model());
        QVERIFY(model);
        ModelCheck check(model);
        QVERIFY(ConsoleHarness::emitsAfter(model, &inbox::RefusalsModel::updated, [&] {
            context.setConnected(m_db.options(QStringLiteral("ref_sue")), inbox::ServerInfo());
        }));
        auto *tabs = page.findChild<QTabWidget *>(QStringLiteral("overviewTables"));
        QVERIFY(tabs);
        const int tab = tabs->indexOf(table->parentWidget());
        QVERIFY(tab >= 0);
        tabs->setCurrentIndex(tab);

        const QLocale locale;
        QMap<QString, QString> screen;
        for (int row = 0; row < model->rowCount(); ++row) {
            const auto cell = [&](int column, int role = Qt::DisplayRole) {
                return model->index(row, column).data(role);
            };
            const QString source = cell(inbox::RefusalsModel::Source).toString();
            const QString shown = cell(inbox::RefusalsModel::Total).toString();
            const qint64 total =
                cell(inbox::RefusalsModel::Total, inbox::RefusalsModel::RawRole).toLongLong();
            QCOMPARE(shown, locale.toString(total));
            const QStringList codes =
                cell(inbox::RefusalsModel::ByReason, inbox::RefusalsModel::RawRole).toStringList();
            screen.insert(source,
                          QString::number(total) + QLatin1Char('|') + codes.join(QLatin1Char(',')));
            // Each reason reads in words with its count, in the order of the counts.
            const QString words = cell(inbox::RefusalsModel::ByReason).toString();
            int at = -1;
            for (const QString &code : codes) {
                const QString word =
                    inbox::RefusalsModel::reasonText(code.section(QLatin1Char('='), 0, 0));
                QVERIFY2(word != code.section(QLatin1Char('='), 0, 0),
                         qPrintable(code)); // has a word
                const QString piece =
                    word + QLatin1Char(' ') +
                    locale.toString(code.section(QLatin1Char('='), 1).toLongLong());
                const int next = words.indexOf(piece);
                QVERIFY2(next > at, qPrintable(words + QStringLiteral(" lacks ") + piece));
                at = next;
            }
        }
        QCOMPARE(screen, psql);
        // The words and the title follow the language.
        const QString signature = inbox::RefusalsModel::reasonText(QStringLiteral("bad_signature"));
        QCOMPARE(signature, language == QLatin1String("ru") ? QStringLiteral("неверная подпись")
                                                            : QStringLiteral("wrong signature"));
        QCOMPARE(tabs->tabText(tab),
                 (language == QLatin1String("ru") ? QStringLiteral("Отказы сегодня (%1)")
                                                  : QStringLiteral("Refused today (%1)"))
                     .arg(locale.toString(qint64(1234 + 3 + 2 + 57 + 5))));

        // More refusals: the next overview read shows them.
        r = in.exec(call, {QStringLiteral("{ghost}"), QStringLiteral("{bad_token}"),
                           QStringLiteral("{1}"), QStringLiteral("{401}")});
        QVERIFY2(r.ok, qPrintable(r.message));
        QVERIFY(ConsoleHarness::emitsAfter(model, &inbox::RefusalsModel::updated,
                                           [&] { page.model()->refresh(); }));
        QCOMPARE(model->index(1, inbox::RefusalsModel::Source).data().toString(),
                 QStringLiteral("ghost"));
        QCOMPARE(model->index(1, inbox::RefusalsModel::Total).data().toString(),
                 locale.toString(3));

        const QString grab = qEnvironmentVariable("INBOX_GRAB_DIR");
        if (!grab.isEmpty()) {
            for (const bool dark : {false, true}) {
                inbox::Theme::apply(dark ? inbox::Theme::Mode::Dark : inbox::Theme::Mode::Light);
                QTest::qWait(50);
                page.grab().save(
                    QStringLiteral("%1/refusals-%2%3.png")
                        .arg(grab, language, dark ? QStringLiteral("-dark") : QString()));
            }
        }
    }
};

QTEST_MAIN(TestOverviewRefusals)
#include "tst_overviewrefusals.moc"
