// Audit shows review resolutions (inbox.resolve_review, 0014): one line per call with the
// person, the events it resolved and the resolution in words; the events a split made are
// not counted as the person's events.
#include "consoleharness.h"
#include "contract_util.h"
#include "databasetestcase.h"

#include "audit/auditmodel.h"
#include "db/consolecontext.h"

#include <QtTest>

using inbox::AuditModel;

namespace {

const QString kOlga = QStringLiteral("review_olga");   // operator
const QString kSonia = QStringLiteral("review_sonia"); // support: reads the audit

} // namespace

class TestAuditReview final : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestAuditReview()
        : DatabaseTestCase{{kOlga, {QStringLiteral("inbox_operator")}},
                           {kSonia, {QStringLiteral("inbox_support")}}}
    {}

private slots:
    void oneLinePerResolutionWithItsWords()
    {
        PgSession &su = m_db.su();
        const qint64 a = contract::conflictedEvent(su, QStringLiteral("order-1"), 2);
        const qint64 b = contract::conflictedEvent(su, QStringLiteral("order-2"), 2);
        const qint64 c = contract::conflictedEvent(su, QStringLiteral("order-3"), 2);
        PgSession olga(m_db.conninfo(kOlga));
        QCOMPARE(contract::one(olga,
                               QStringLiteral("SELECT count(*) FROM inbox.resolve_review("
                                              "ARRAY[$1, $2]::bigint[], 'kept_first_body')"),
                               {a, b}),
                 QStringLiteral("2"));
        QCOMPARE(contract::one(olga,
                               QStringLiteral("SELECT count(*) FROM inbox.resolve_review("
                                              "ARRAY[$1]::bigint[], 'second_is_new_event',"
                                              " 'the CRM reused the id')"),
                               {c}),
                 QStringLiteral("1"));

        inbox::ConsoleContext context;
        AuditModel model(&context);
        QVERIFY(ConsoleHarness(m_db).connectLoaded(context, &model, kSonia,
                                                   {QStringLiteral("inbox_support")}));
        QCOMPARE(model.rowCount(), 2);

        const inbox::AuditAction &split = model.action(0);
        QCOMPARE(split.entry, QStringLiteral("review_resolved"));
        QCOMPARE(split.actor, kOlga);
        QCOMPARE(split.reason, QStringLiteral("second_is_new_event"));
        QCOMPARE(split.note, QStringLiteral("the CRM reused the id"));
        QCOMPARE(split.eventIds, QVector<qint64>{c}); // not the event the split made
        QCOMPARE(model.index(0, AuditModel::Summary).data().toString(),
                 QStringLiteral("review_olga resolved the review of 1 event(s): the other bodies "
                                "became events of their own. Note: the CRM reused the id"));

        const inbox::AuditAction &kept = model.action(1);
        QCOMPARE(kept.entry, QStringLiteral("review_resolved"));
        QCOMPARE(kept.size(), 2);
        QCOMPARE(model.index(1, AuditModel::Action).data().toString(),
                 QStringLiteral("resolved reviews"));
        QCOMPARE(model.index(1, AuditModel::Summary).data().toString(),
                 QStringLiteral("review_olga resolved the review of 2 event(s): the first body is "
                                "the event"));
    }
};

QTEST_MAIN(TestAuditReview)
#include "tst_auditreview.moc"
