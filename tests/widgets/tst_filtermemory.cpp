// Filters remembered per screen (FilterMemory): set on one page, the page destroyed, a new
// page built with the same settings has the same controls AND its first query uses them
// (journal and "Needs attention" against a real PostgreSQL; duplicates and audit by their
// model's filter). Writes wait a moment after a change; closing the page writes at once.
// The search is not remembered. Garbage and other layout versions in the settings are
// ignored without a crash; removing the "filters" group forgets everything.
#include "consoleharness.h"

#include "attention/attentionmodel.h"
#include "attention/attentionpage.h"
#include "audit/auditmodel.h"
#include "audit/auditpage.h"
#include "common/multiselectbutton.h"
#include "db/consolecontext.h"
#include "duplicates/duplicatequeuemodel.h"
#include "duplicates/duplicatespage.h"
#include "journal/journalmodel.h"
#include "journal/journalpage.h"
#include "pgcluster.h"
#include "pgsession.h"
#include "settings/filtermemory.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using inbox::JournalFilter;

namespace {
// Whole minutes: the range fields show minutes, and a remembered time must read back equal.
QDateTime minute(qint64 secondsFromNow)
{
    QDateTime t = QDateTime::currentDateTime().addSecs(secondsFromNow);
    t.setTime(QTime(t.time().hour(), t.time().minute()));
    return t;
}
} // namespace

class TestFilterMemory : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_settingsDir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settingsDir.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settingsDir.path());
        QVERIFY2(QSettings().fileName().startsWith(m_settingsDir.path()),
                 qPrintable(QSettings().fileName()));
        QVERIFY_TEST_DATABASE_STARTED(m_db);
    }

    void init()
    {
        QSettings().clear();
        QVERIFY_FRESH_TEST_DATABASE(m_db);
        QVERIFY(m_db.su().ok());
    }

    void journalFiltersSurviveARestart()
    {
        accept(QStringLiteral("wb"), QStringLiteral("A-1"), QStringLiteral("order"));
        accept(QStringLiteral("wb"), QStringLiteral("A-2"), QStringLiteral("order"));
        accept(QStringLiteral("wb"), QStringLiteral("A-3"), QStringLiteral("payment"));
        accept(QStringLiteral("ozon"), QStringLiteral("A-4"), QStringLiteral("order"));
        // One wb order received two days ago: outside the custom range below.
        const QString old =
            accept(QStringLiteral("wb"), QStringLiteral("A-5"), QStringLiteral("order"));
        QVERIFY_SQL(m_db.su().exec(QStringLiteral("UPDATE inbox.events SET received_at = "
                                                  "received_at - interval '2 days' WHERE id = $1"),
                                   {old}));
        const QDateTime from = minute(-3600), to = minute(3600);
        {
            inbox::ConsoleContext context;
            inbox::JournalPage page(&context);
            QCOMPARE(page.model()->filter(), JournalFilter()); // nothing remembered yet
            connectAndLoad(&context, page.model());
            QCOMPARE(page.model()->rowCount(), 5);
            button(&page, "sourceFilter")->setSelected({QStringLiteral("wb")});
            button(&page, "kindFilter")->setSelected({QStringLiteral("order")});
            button(&page, "statusFilter")->setSelected({QStringLiteral("received")});
            auto *fromEdit = page.findChild<QDateTimeEdit *>(QStringLiteral("rangeFrom"));
            auto *toEdit = page.findChild<QDateTimeEdit *>(QStringLiteral("rangeTo"));
            fromEdit->setDateTime(from);
            toEdit->setDateTime(to);
            auto *range = page.findChild<QComboBox *>(QStringLiteral("rangeFilter"));
            range->setCurrentIndex(range->findData(int(JournalFilter::Range::Custom)));
            auto *search = page.findChild<QLineEdit *>(QStringLiteral("journalSearch"));
            search->setText(QStringLiteral("A-"));
            QTest::keyClick(search, Qt::Key_Return);
            QCOMPARE(page.model()->filter().search, QStringLiteral("A-"));
            QTRY_COMPARE_WITH_TIMEOUT(page.model()->rowCount(), 2, 10000);
        }
        // The next run: the controls and the filter of the very first query.
        inbox::ConsoleContext context;
        inbox::JournalPage page(&context);
        QCOMPARE(button(&page, "sourceFilter")->selected(), QStringList{QStringLiteral("wb")});
        QCOMPARE(button(&page, "kindFilter")->selected(), QStringList{QStringLiteral("order")});
        QCOMPARE(button(&page, "statusFilter")->selected(),
                 QStringList{QStringLiteral("received")});
        auto *range = page.findChild<QComboBox *>(QStringLiteral("rangeFilter"));
        QCOMPARE(range->currentData().toInt(), int(JournalFilter::Range::Custom));
        QCOMPARE(page.findChild<QDateTimeEdit *>(QStringLiteral("rangeFrom"))->dateTime(), from);
        QCOMPARE(page.findChild<QDateTimeEdit *>(QStringLiteral("rangeTo"))->dateTime(), to);
        QVERIFY(!page.findChild<QDateTimeEdit *>(QStringLiteral("rangeFrom"))->isHidden());
        QVERIFY(!page.findChild<QCheckBox *>(QStringLiteral("needsReview"))->isChecked());
        QCOMPARE(page.findChild<QLineEdit *>(QStringLiteral("journalSearch"))->text(), QString());
        JournalFilter expected;
        expected.sources = {QStringLiteral("wb")};
        expected.kinds = {QStringLiteral("order")};
        expected.statuses = {QStringLiteral("received")};
        expected.range = JournalFilter::Range::Custom;
        expected.from = from;
        expected.to = to;
        QCOMPARE(page.model()->filter(), expected);
        QCOMPARE(page.currentFilter(), expected);
        QSignalSpy loaded(page.model(), &inbox::JournalModel::loaded);
        connectAndLoad(&context, page.model());
        QCOMPARE(loaded.count(), 1); // the first read already had the filters
        QCOMPARE(page.model()->rowCount(), 2);
        for (int r = 0; r < 2; ++r) {
            QCOMPARE(page.model()->row(r).source, QStringLiteral("wb"));
            QVERIFY(page.model()->row(r).externalId != QStringLiteral("A-5"));
        }
        // The source list from the database keeps the choice.
        QTRY_VERIFY_WITH_TIMEOUT(button(&page, "sourceFilter")->options().size() == 2, 10000);
        QCOMPARE(button(&page, "sourceFilter")->selected(), QStringList{QStringLiteral("wb")});

        // Clearing the filters is remembered too, a moment later (not a file write per tick).
        auto *saver = page.findChild<inbox::FilterSaver *>();
        QVERIFY(saver);
        page.findChild<QPushButton *>(QStringLiteral("clearFilters"))->click();
        QVERIFY(saver->isPending());
        JournalFilter saved;
        QVERIFY(inbox::FilterMemory::load(QStringLiteral("journal"), &saved));
        QCOMPARE(saved.sources, QStringList{QStringLiteral("wb")}); // not yet written
        QTRY_VERIFY_WITH_TIMEOUT(!saver->isPending(), 5000);
        QVERIFY(inbox::FilterMemory::load(QStringLiteral("journal"), &saved));
        QCOMPARE(saved, JournalFilter());
    }

    void attentionFiltersSurviveARestart()
    {
        fail(QStringLiteral("a"), QStringLiteral("order"), 3);
        fail(QStringLiteral("a"), QStringLiteral("payment"), 2);
        fail(QStringLiteral("b"), QStringLiteral("order"), 4);
        {
            inbox::ConsoleContext context;
            inbox::AttentionPage page(&context);
            connectAndLoad(&context, page.groups());
            QCOMPARE(page.groups()->rowCount(), 2); // by source and error
            QSignalSpy loaded(page.groups(), &inbox::AttentionModel::loaded);
            button(&page, "kindFilter")->setSelected({QStringLiteral("order")});
            QVERIFY(loaded.wait(10000));
            button(&page, "sourceFilter")->setSelected({QStringLiteral("a")});
            QVERIFY(loaded.wait(10000));
            auto *range = page.findChild<QComboBox *>(QStringLiteral("rangeFilter"));
            range->setCurrentIndex(range->findData(int(JournalFilter::Range::Last24Hours)));
            QVERIFY(loaded.wait(10000));
            QCOMPARE(page.groups()->rowCount(), 1);
            QCOMPARE(page.groups()->group(0).count, 3);
        }
        inbox::ConsoleContext context;
        inbox::AttentionPage page(&context);
        QCOMPARE(button(&page, "sourceFilter")->selected(), QStringList{QStringLiteral("a")});
        QCOMPARE(button(&page, "kindFilter")->selected(), QStringList{QStringLiteral("order")});
        QCOMPARE(page.findChild<QComboBox *>(QStringLiteral("rangeFilter"))->currentData().toInt(),
                 int(JournalFilter::Range::Last24Hours));
        QCOMPARE(page.groups()->filter().sources, QStringList{QStringLiteral("a")});
        QCOMPARE(page.groups()->filter().kinds, QStringList{QStringLiteral("order")});
        QCOMPARE(page.groups()->filter().range, JournalFilter::Range::Last24Hours);
        QSignalSpy loaded(page.groups(), &inbox::AttentionModel::loaded);
        connectAndLoad(&context, page.groups());
        QCOMPARE(loaded.count(), 1);
        QCOMPARE(page.groups()->rowCount(), 1);
        QCOMPARE(page.groups()->group(0).source, QStringLiteral("a"));
        QCOMPARE(page.groups()->group(0).count, 3);
    }

    // No database needed: what the page's model will query is its filter.
    void duplicateAndAuditFiltersSurviveARestart()
    {
        {
            inbox::ConsoleContext context;
            inbox::DuplicatesPage page(&context);
            auto *reason = page.findChild<QComboBox *>(QStringLiteral("reasonFilter"));
            auto *age = page.findChild<QComboBox *>(QStringLiteral("ageFilter"));
            auto *channel = page.findChild<QComboBox *>(QStringLiteral("channelFilter"));
            channel->addItem(QStringLiteral("site"), QStringLiteral("site"));
            for (auto [combo, index] :
                 {std::pair{reason, reason->findData(QStringLiteral("same_phone"))},
                  std::pair{age, age->findData(int(inbox::DuplicateFilter::Age::OverDay))},
                  std::pair{channel, channel->count() - 1}}) {
                combo->setCurrentIndex(index);
                emit combo->activated(index); // as a person choosing it
            }
            page.findChild<QLineEdit *>(QStringLiteral("search"))->setText(QStringLiteral("+7"));
            QCOMPARE(page.model()->filter().reason, QStringLiteral("same_phone"));
        }
        {
            inbox::ConsoleContext context;
            inbox::DuplicatesPage page(&context);
            inbox::DuplicateFilter expected;
            expected.channel = QStringLiteral("site");
            expected.reason = QStringLiteral("same_phone");
            expected.age = inbox::DuplicateFilter::Age::OverDay;
            QCOMPARE(page.model()->filter(), expected); // the search is not remembered
            QCOMPARE(page.findChild<QComboBox *>(QStringLiteral("channelFilter"))
                         ->currentData()
                         .toString(),
                     QStringLiteral("site"));
            QCOMPARE(page.findChild<QComboBox *>(QStringLiteral("ageFilter"))->currentData(),
                     QVariant(int(inbox::DuplicateFilter::Age::OverDay)));
            QCOMPARE(page.findChild<QLineEdit *>(QStringLiteral("search"))->text(), QString());
        }

        const QDateTime from = minute(-7200), to = minute(-60);
        {
            inbox::ConsoleContext context;
            inbox::AuditPage page(&context);
            QCOMPARE(page.model()->filter(), inbox::AuditFilter());
            auto *range = page.findChild<QComboBox *>(QStringLiteral("rangeFilter"));
            page.findChild<QDateTimeEdit *>(QStringLiteral("rangeFrom"))->setDateTime(from);
            page.findChild<QDateTimeEdit *>(QStringLiteral("rangeTo"))->setDateTime(to);
            range->setCurrentIndex(range->findData(int(JournalFilter::Range::Custom)));
            button(&page, "actionFilter")->setSelected({QStringLiteral("requeued")});
            auto *person = page.findChild<QComboBox *>(QStringLiteral("personFilter"));
            person->addItem(QStringLiteral("anna"), QStringLiteral("anna"));
            person->setCurrentIndex(person->count() - 1);
        }
        inbox::ConsoleContext context;
        inbox::AuditPage page(&context);
        inbox::AuditFilter expected;
        expected.person = QStringLiteral("anna");
        expected.actions = {QStringLiteral("requeued")};
        expected.range = JournalFilter::Range::Custom;
        expected.from = from;
        expected.to = to;
        QCOMPARE(page.model()->filter(), expected);
        QCOMPARE(
            page.findChild<QComboBox *>(QStringLiteral("personFilter"))->currentData().toString(),
            QStringLiteral("anna"));
        QCOMPARE(button(&page, "actionFilter")->selected(),
                 QStringList{QStringLiteral("requeued")});
    }

    // Values from another layout, of the wrong type or unknown are dropped; nothing crashes.
    void garbageIsIgnored()
    {
        QSettings s;
        s.setValue(QStringLiteral("filters/journal/version"), inbox::FilterMemory::kVersion);
        s.setValue(QStringLiteral("filters/journal/statuses"),
                   QStringList{QStringLiteral("failed"), QStringLiteral("exploded"), QString(),
                               QStringLiteral("failed")});
        s.setValue(QStringLiteral("filters/journal/sources"),
                   QStringList{QString(), QString(5000, QLatin1Char('x'))});
        s.setValue(QStringLiteral("filters/journal/kinds"),
                   QVariantList{QStringLiteral("order"), QVariantList{1, 2}});
        s.setValue(QStringLiteral("filters/journal/range"), QStringLiteral("yesterday"));
        s.setValue(QStringLiteral("filters/journal/needsReview"), QStringLiteral("maybe"));
        // Another layout version: ignored as a whole.
        s.setValue(QStringLiteral("filters/attention/version"), 99);
        s.setValue(QStringLiteral("filters/attention/sources"), QStringList{QStringLiteral("a")});
        s.setValue(QStringLiteral("filters/duplicates/version"), QStringLiteral("one"));
        s.setValue(QStringLiteral("filters/duplicates/reason"), QStringLiteral("same_phone"));
        s.setValue(QStringLiteral("filters/audit/version"), inbox::FilterMemory::kVersion);
        s.setValue(QStringLiteral("filters/audit/actions"),
                   QStringList{QStringLiteral("requeued"), QStringLiteral("drop_table")});
        s.setValue(QStringLiteral("filters/audit/person"), QByteArray("\xff\x00\x01", 3));
        s.setValue(QStringLiteral("filters/audit/range"), QStringLiteral("custom"));
        s.setValue(QStringLiteral("filters/audit/from"), QStringLiteral("not a time"));
        s.setValue(QStringLiteral("filters/audit/to"), 12);
        s.sync();

        inbox::ConsoleContext context;
        {
            inbox::JournalPage page(&context);
            JournalFilter expected;
            expected.statuses = {QStringLiteral("failed")};
            expected.kinds = {QStringLiteral("order")};
            QCOMPARE(page.model()->filter(), expected);
            QCOMPARE(button(&page, "statusFilter")->selected(),
                     QStringList{QStringLiteral("failed")});
        }
        {
            inbox::AttentionPage page(&context);
            QCOMPARE(page.groups()->filter(), JournalFilter());
            QCOMPARE(button(&page, "sourceFilter")->selected(), QStringList());
        }
        {
            inbox::DuplicatesPage page(&context);
            QCOMPARE(page.model()->filter(), inbox::DuplicateFilter());
        }
        {
            inbox::AuditPage page(&context);
            inbox::AuditFilter expected;
            expected.actions = {QStringLiteral("requeued")};
            QCOMPARE(page.model()->filter(), expected);
        }
        // A duplicate reason this version does not offer, an unknown age.
        s.setValue(QStringLiteral("filters/duplicates/version"), inbox::FilterMemory::kVersion);
        s.setValue(QStringLiteral("filters/duplicates/reason"), QStringLiteral("same_fax"));
        s.setValue(QStringLiteral("filters/duplicates/age"), QStringLiteral("forever"));
        s.setValue(QStringLiteral("filters/duplicates/channel"), QVariantList{1, 2});
        s.sync();
        {
            inbox::DuplicatesPage page(&context);
            QCOMPARE(page.model()->filter(), inbox::DuplicateFilter());
        }

        // The Settings dialog's reset: removing the group forgets every screen's filters.
        s.setValue(QStringLiteral("filters/duplicates/reason"), QStringLiteral("same_phone"));
        {
            inbox::DuplicatesPage page(&context);
            QCOMPARE(page.model()->filter().reason, QStringLiteral("same_phone"));
        }
        s.remove(QStringLiteral("filters"));
        {
            inbox::DuplicatesPage page(&context);
            QCOMPARE(page.model()->filter(), inbox::DuplicateFilter());
            inbox::JournalPage journal(&context);
            QCOMPARE(journal.model()->filter(), JournalFilter());
        }
    }

private:
    static inbox::MultiSelectButton *button(QWidget *page, const char *name)
    {
        auto *b = page->findChild<inbox::MultiSelectButton *>(QLatin1String(name));
        if (!b)
            qFatal("no button %s", name);
        return b;
    }

    // Connects the page's context and waits for the model's first read.
    template<typename Model> void connectAndLoad(inbox::ConsoleContext *context, Model *model)
    {
        QVERIFY(ConsoleHarness(m_db).connectLoaded(*context, model));
    }

    QString accept(const QString &source, const QString &externalId, const QString &kind)
    {
        const PgResult r = m_db.su().exec(
            QStringLiteral("SELECT event_id FROM inbox.accept($1, $2, convert_to('{}', 'UTF8'), "
                           "'application/json', NULL, $3)"),
            {source, externalId, kind});
        return r.value(0, 0);
    }

    void fail(const QString &source, const QString &kind, int n)
    {
        for (int i = 0; i < n; ++i)
            accept(source, QStringLiteral("%1-%2-%3").arg(source, kind).arg(i), kind);
        m_db.su().exec(QStringLiteral("SELECT count(*) FROM inbox.claim('w', 1000)"));
        m_db.su().exec(QStringLiteral("UPDATE inbox.events SET max_attempts = attempts WHERE "
                                      "status = 'processing'"));
        m_db.su().exec(QStringLiteral(
            "SELECT inbox.fail(id, 'w', coalesce(lock_token, 0), 'CRM API: 503', true) FROM "
            "inbox.events WHERE status = 'processing'"));
    }

    QTemporaryDir m_settingsDir;
    TestDatabase m_db;
};

QTEST_MAIN(TestFilterMemory)
#include "tst_filtermemory.moc"
