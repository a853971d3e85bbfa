// Issue 18, defect 12 (d): the Audit screen counts a pair decision as one pair. A decision
// journals one entry per lead's event (two for a pair), which the "Events" column showed as 2;
// it now says "1 pair" (the two events in its tooltip), while a requeue still counts its
// events. Offscreen against a real PostgreSQL, with the actions made by real logins.
#include "audit_fixture.h"
#include "consoleharness.h"
#include "widgettestcase.h"

#include "audit/auditmodel.h"
#include "audit/auditpage.h"
#include "db/consolecontext.h"

#include <QSettings>
#include <QTableView>
#include <QtTest>

#include <memory>

using inbox::AuditModel;
using inbox::AuditPage;

namespace {
const QString kOperator = QStringLiteral("pairs_olga");
const QString kManager = QStringLiteral("pairs_ivan");
} // namespace

class TestAuditPairs : public WidgetTestCase
{
    Q_OBJECT

public:
    TestAuditPairs()
        : WidgetTestCase{{kOperator, {"inbox_operator"}}, {kManager, {"inbox_manager"}}}
    {}

private:
    static int rowOfEntry(const QAbstractItemModel *model, const QString &entry)
    {
        for (int r = 0; r < model->rowCount(); ++r) {
            if (model->index(r, AuditModel::Action).data(AuditModel::RawRole).toString() == entry)
                return r;
        }
        return -1;
    }

private slots:
    void aPairDecisionCountsAsOnePair()
    {
        PgSession &su = m_db.su();
        const auditfix::Pair p =
            auditfix::pair(su, QStringLiteral("ap"), QStringLiteral("+7 903 444 55 66"));
        QVERIFY(p.candidate > 0);
        QCOMPARE(auditfix::decide(m_db, kManager, p.candidate, QStringLiteral("merge")),
                 QStringLiteral("merged"));
        const QVector<qint64> failed = auditfix::failedEvents(su, 3, QStringLiteral("ap"));
        QCOMPARE(auditfix::requeue(m_db, kOperator, failed, QStringLiteral("CRM is back")), 3);
        // The precondition: the decision wrote one person's entry per lead's event.
        QCOMPARE(contract::oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal WHERE "
                                                     "entry = 'duplicate_merged' AND by_person")),
                 2);

        inbox::ConsoleContext context;
        AuditPage page(&context);
        QVERIFY(ConsoleHarness::show(&page, QSize(1400, 800)));
        QVERIFY(ConsoleHarness(m_db).connectLoaded(context, page.model()));
        auto *table = page.findChild<QTableView *>(QStringLiteral("auditTable"));
        QVERIFY(table);
        QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 2, ConsoleHarness::kTimeoutMs);

        const int decision = rowOfEntry(table->model(), QStringLiteral("duplicate_merged"));
        QVERIFY(decision >= 0);
        const QModelIndex count = table->model()->index(decision, AuditModel::Events);
        // No translator is loaded here: the source's plural form ("1 pair(s)"), which the
        // English .ts turns into "1 pair".
        QVERIFY2(count.data(Qt::DisplayRole).toString().startsWith(QStringLiteral("1 pair")),
                 qPrintable(count.data(Qt::DisplayRole).toString()));
        QVERIFY2(count.data(Qt::ToolTipRole).toString().contains(QStringLiteral("2 event")),
                 qPrintable(count.data(Qt::ToolTipRole).toString()));

        const int requeue = rowOfEntry(table->model(), QStringLiteral("requeued"));
        QVERIFY(requeue >= 0);
        QCOMPARE(table->model()->index(requeue, AuditModel::Events).data().toString(),
                 QStringLiteral("3"));
        QCOMPARE(table->model()
                     ->index(requeue, AuditModel::Events)
                     .data(AuditModel::RawRole)
                     .toLongLong(),
                 3);
    }
};

QTEST_MAIN(TestAuditPairs)
#include "tst_auditpairs.moc"
