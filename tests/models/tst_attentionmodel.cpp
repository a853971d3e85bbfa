// "Needs attention" against a real PostgreSQL: the groups (failed, validation failures,
// stuck, needs review) with normalised errors, a group's events through JournalModel, the
// requeue preview against real states, batched requeue, stop between batches, a worker's
// claim racing the requeue, two operators on the same events, and a connection terminated
// in the middle of a batch (the outcome is read back from the journal).
#include "contexttestcase.h"
#include "modelcheck.h"

#include "attention/attentionmodel.h"
#include "attention/requeuer.h"
#include "db/consolecontext.h"
#include "journal/journalfilter.h"
#include "journal/journalmodel.h"
#include "pgcluster.h"
#include "pgsession.h"

#include <QSignalSpy>
#include <QtTest>

#include <QTemporaryDir>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using inbox::AttentionGroup;
using inbox::AttentionModel;
using inbox::JournalFilter;
using inbox::JournalModel;
using inbox::Requeuer;

namespace {

QSet<qint64> idSet(const PgResult &r)
{
    const QVector<qint64> ids = r.ids();
    return QSet<qint64>(ids.cbegin(), ids.cend());
}

QSet<qint64> outcomeSet(const Requeuer &q, const QString &outcome)
{
    QSet<qint64> ids;
    for (const auto &o : q.outcomes()) {
        if (o.outcome == outcome)
            ids.insert(o.id);
    }
    return ids;
}

// A Unix-socket relay between the console and the server, for losing a reply on purpose:
// hold() makes the connections open at that moment swallow what the server sends; cut()
// then closes those connections both ways. Connections made later pass untouched.
class SocketProxy
{
public:
    ~SocketProxy() { stop(); }

    bool start(const QString &listenPath, const QString &targetPath)
    {
        m_target = targetPath.toStdString();
        m_listen = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un a{};
        a.sun_family = AF_UNIX;
        const QByteArray path = listenPath.toLocal8Bit();
        if (m_listen < 0 || size_t(path.size()) >= sizeof a.sun_path)
            return false;
        std::memcpy(a.sun_path, path.constData(), size_t(path.size()));
        if (::bind(m_listen, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 ||
            ::listen(m_listen, 16) != 0)
            return false;
        m_thread = std::thread([this] { run(); });
        return true;
    }
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        if (m_listen >= 0)
            ::close(m_listen);
        m_listen = -1;
    }
    // Returns once the relay has marked the open connections.
    void hold()
    {
        const int asked = ++m_holdAsked;
        while (m_holdDone.load() < asked)
            std::this_thread::yield();
    }
    void cut() { m_cut = true; }

private:
    struct Conn
    {
        int client, server;
        bool held = false;
    };

    int connectTarget() const
    {
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un a{};
        a.sun_family = AF_UNIX;
        std::memcpy(a.sun_path, m_target.data(), m_target.size());
        if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0) {
            ::close(fd);
            return -1;
        }
        return fd;
    }

    static bool pass(int from, int to, bool drop)
    {
        char buf[65536];
        const ssize_t n = ::read(from, buf, sizeof buf);
        if (n <= 0)
            return false;
        for (ssize_t off = 0; !drop && off < n;) {
            const ssize_t w = ::send(to, buf + off, size_t(n - off), MSG_NOSIGNAL);
            if (w <= 0)
                return false;
            off += w;
        }
        return true;
    }

    void run()
    {
        std::vector<Conn> conns;
        while (!m_stop) {
            const int asked = m_holdAsked.load();
            if (asked != m_holdDone.load()) {
                for (Conn &c : conns)
                    c.held = true;
                m_holdDone = asked;
            }
            if (m_cut.exchange(false)) {
                for (Conn &c : conns) {
                    if (c.held) {
                        ::close(c.client);
                        ::close(c.server);
                        c.client = c.server = -1;
                    }
                }
            }
            conns.erase(std::remove_if(conns.begin(), conns.end(),
                                       [](const Conn &c) { return c.client < 0; }),
                        conns.end());
            std::vector<pollfd> fds{{m_listen, POLLIN, 0}};
            for (const Conn &c : conns) {
                fds.push_back({c.client, POLLIN, 0});
                fds.push_back({c.server, POLLIN, 0});
            }
            if (::poll(fds.data(), fds.size(), 20) <= 0)
                continue;
            // Only the connections polled above have revents; one accepted now waits for the
            // next round (reading it here could block the relay on an empty socket).
            const size_t polled = conns.size();
            if (fds[0].revents & POLLIN) {
                const int client = ::accept(m_listen, nullptr, nullptr);
                const int server = client >= 0 ? connectTarget() : -1;
                if (server >= 0)
                    conns.push_back({client, server});
                else if (client >= 0)
                    ::close(client);
            }
            for (size_t i = 0; i < polled; ++i) {
                Conn &c = conns[i];
                const short toServer = fds[1 + 2 * i].revents;
                const short toClient = fds[2 + 2 * i].revents;
                bool ok = true;
                if (toServer & (POLLIN | POLLHUP | POLLERR))
                    ok = pass(c.client, c.server, false);
                if (ok && (toClient & (POLLIN | POLLHUP | POLLERR)))
                    ok = pass(c.server, c.client, c.held);
                if (!ok) {
                    ::close(c.client);
                    ::close(c.server);
                    c.client = c.server = -1;
                }
            }
        }
        for (const Conn &c : conns) {
            ::close(c.client);
            ::close(c.server);
        }
    }

    std::string m_target;
    int m_listen = -1;
    std::thread m_thread;
    std::atomic<bool> m_stop{false}, m_cut{false};
    std::atomic<int> m_holdAsked{0}, m_holdDone{0};
};

} // namespace

class TestAttentionModel : public ContextTestCase
{
    Q_OBJECT

public:
    TestAttentionModel()
        : ContextTestCase{
              {"op1", {"inbox_operator"}}, {"op2", {"inbox_manager"}}, {"sup", {"inbox_support"}}}
    {}

private slots:
    // Errors differing only in their values are one group; validation failures, retryable
    // failures, stuck and review events are separate groups with the right counts; a group's
    // filter lists exactly its events through JournalModel.
    void groupsAndTheirEvents()
    {
        for (int i = 0; i < 7; ++i)
            failed(QStringLiteral("crm"), 1, QStringLiteral("CRM API: 503 Service Unavailable"),
                   true);
        failed(QStringLiteral("crm"), 2,
               QStringLiteral("CRM API: 422 phone '123' is not a phone number"), false);
        failed(QStringLiteral("crm"), 3,
               QStringLiteral("CRM API: 422 phone '45-67' is not a phone number"), false);
        failed(QStringLiteral("crm"), 2, QStringLiteral("CRM API: 422 unknown article ART-9001"),
               false);
        failed(QStringLiteral("shop"), 4, QStringLiteral("CRM API: 503 Service Unavailable"), true);
        // The same text once as a validation failure: a group of its own.
        failed(QStringLiteral("shop"), 1, QStringLiteral("CRM API: 503 Service Unavailable"),
               false);
        fresh(QStringLiteral("tg"), 2); // processing, lock fresh: not stuck
        review(QStringLiteral("form"), 2);
        // Last: a later claim would take the stuck locks over.
        const QVector<qint64> stuckIds = stuck(QStringLiteral("tg"), 3, QStringLiteral("w-old"));

        AttentionModel model(m_context.get());
        const ModelCheck tester(&model);
        QSignalSpy loaded(&model, &AttentionModel::loaded);
        connectContext();
        QVERIFY(loaded.wait(10000));

        auto find = [&](AttentionGroup::Trouble t, const QString &source, const QString &key,
                        bool validation) -> int {
            for (int r = 0; r < model.rowCount(); ++r) {
                const AttentionGroup &g = model.group(r);
                if (g.trouble == t && g.source == source && g.errorKey == key &&
                    g.validation == validation)
                    return r;
            }
            return -1;
        };
        QCOMPARE(model.rowCount(), 7);
        const int crm503 = find(AttentionGroup::Trouble::Failed, QStringLiteral("crm"),
                                QStringLiteral("CRM API: 503 Service Unavailable"), false);
        QVERIFY(crm503 >= 0);
        QCOMPARE(model.group(crm503).count, 7);
        const int phone =
            find(AttentionGroup::Trouble::Failed, QStringLiteral("crm"),
                 QStringLiteral("CRM API: 422 phone '…' is not a phone number"), true);
        QVERIFY(phone >= 0);
        QCOMPARE(model.group(phone).count, 5);
        QCOMPARE(
            model.data(model.index(phone, AttentionModel::Trouble), AttentionModel::ValidationRole)
                .toBool(),
            true);
        const int article = find(AttentionGroup::Trouble::Failed, QStringLiteral("crm"),
                                 QStringLiteral("CRM API: 422 unknown article #"), true);
        QVERIFY(article >= 0);
        QCOMPARE(model.group(article).count, 2);
        QVERIFY(find(AttentionGroup::Trouble::Failed, QStringLiteral("shop"),
                     QStringLiteral("CRM API: 503 Service Unavailable"), false) >= 0);
        QVERIFY(find(AttentionGroup::Trouble::Failed, QStringLiteral("shop"),
                     QStringLiteral("CRM API: 503 Service Unavailable"), true) >= 0);
        const int st = find(AttentionGroup::Trouble::Stuck, QStringLiteral("tg"), QString(), false);
        QVERIFY(st >= 0);
        QCOMPARE(model.group(st).count, 3);
        QCOMPARE(model.group(st).worker, QStringLiteral("w-old"));
        QCOMPARE(model.group(st).workers, 1);
        QVERIFY(model.data(model.index(st, AttentionModel::StuckFor), AttentionModel::RawRole)
                    .toLongLong() >= 6 * 60);
        const int rv = find(AttentionGroup::Trouble::Review, QStringLiteral("form"),
                            QStringLiteral("key conflict"), false);
        QVERIFY(rv >= 0);
        QCOMPARE(model.group(rv).count, 2);

        // Expanding: the group's filter in the journal's own model lists exactly its events.
        JournalModel events(m_context.get());
        const ModelCheck tester2(&events);
        QSignalSpy eventsLoaded(&events, &JournalModel::loaded);
        QVERIFY(eventsLoaded.wait(10000)); // the first load on connect
        auto listed = [&](int row) {
            eventsLoaded.clear();
            events.setFilter(model.group(row).filter(model.filter()));
            if (eventsLoaded.isEmpty() && !eventsLoaded.wait(10000))
                return QSet<qint64>{{-1}};
            QSet<qint64> ids;
            for (int r = 0; r < events.rowCount(); ++r)
                ids.insert(events.row(r).id);
            return ids;
        };
        QCOMPARE(listed(phone),
                 idSet(m_db.su().exec(QStringLiteral(
                     "SELECT id FROM inbox.events WHERE status = 'failed' AND last_error LIKE "
                     "'CRM API: 422 phone%'"))));
        QCOMPARE(listed(crm503),
                 idSet(m_db.su().exec(QStringLiteral(
                     "SELECT id FROM inbox.events WHERE status = 'failed' AND source = 'crm' AND "
                     "last_error LIKE '%503%'"))));
        QCOMPARE(listed(st), QSet<qint64>(stuckIds.cbegin(), stuckIds.cend()));
        QCOMPARE(listed(rv), idSet(m_db.su().exec(QStringLiteral(
                                 "SELECT id FROM inbox.events WHERE needs_review IS NOT NULL"))));

        // The journal's filters narrow the groups: a source, and a search text.
        QSignalSpy again(&model, &AttentionModel::loaded);
        JournalFilter f;
        f.sources = {QStringLiteral("shop")};
        model.setFilter(f);
        QVERIFY(again.wait(10000));
        QCOMPARE(model.rowCount(), 2);
        const QString someId =
            m_db.su()
                .exec(QStringLiteral("SELECT external_id FROM inbox.events WHERE status = "
                                     "'failed' AND source = 'crm' "
                                     "AND last_error LIKE '%article%' LIMIT 1"))
                .value(0, 0);
        f = JournalFilter();
        f.search = someId;
        again.clear();
        model.setFilter(f);
        QVERIFY(again.wait(10000));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.group(0).errorKey, QStringLiteral("CRM API: 422 unknown article #"));
        QCOMPARE(model.group(0).count, 1);

        // Live: a newly failed event shows on the "events" notification (merged in place).
        f = JournalFilter();
        again.clear();
        model.setFilter(f);
        QVERIFY(again.wait(10000));
        const QPersistentModelIndex keep = model.index(crm503, 0);
        // (The stuck locks made fresh first, or the claim below would take them over.)
        QVERIFY_SQL(m_db.su().exec(QStringLiteral(
            "UPDATE inbox.events SET locked_at = now() WHERE status = 'processing'")));
        failed(QStringLiteral("crm"), 1, QStringLiteral("CRM API: 503 Service Unavailable"), true);
        again.clear();
        emit m_context->changed({QStringLiteral("events")});
        QVERIFY(again.wait(10000));
        QVERIFY(keep.isValid());
        QCOMPARE(model.group(keep.row()).count, 8);
    }

    // The preview counts what inbox.requeue would do with each state, and changes nothing.
    void previewCountsRealStates()
    {
        const QVector<qint64> f = failed(QStringLiteral("a"), 4, QStringLiteral("boom"), true);
        const QVector<qint64> v =
            failed(QStringLiteral("a"), 2, QStringLiteral("bad phone"), false);
        const QVector<qint64> p = fresh(QStringLiteral("b"), 2);
        const QVector<qint64> d = done(QStringLiteral("c"), 5);
        const QVector<qint64> s = stuck(QStringLiteral("b"), 3, QStringLiteral("w"));
        const QVector<qint64> q = accept(QStringLiteral("d"), 6);
        connectContext();
        Requeuer r(m_context.get());
        QSignalSpy ready(&r, &Requeuer::previewReady);
        const QString before = snapshot();
        r.prepare(f + v + s + p + d + q + QVector<qint64>{999999, f.first()});
        QVERIFY(ready.wait(10000));
        QCOMPARE(r.preview().requeue, 9);
        QCOMPARE(r.preview().validation, 2);
        QCOMPARE(r.preview().inProgress, 2);
        QCOMPARE(r.preview().done, 5);
        QCOMPARE(r.preview().alreadyQueued, 6);
        QCOMPARE(r.preview().notFound, 1);
        QCOMPARE(r.ids().size(), 4 + 2 + 3 + 2 + 5 + 6 + 1); // the repeated id once
        QCOMPARE(snapshot(), before);

        // Then the run: the outcomes agree with the preview, per event.
        QSignalSpy done(&r, &Requeuer::finished);
        r.start(QStringLiteral("  CRM back up \n"));
        QVERIFY(done.wait(10000));
        QCOMPARE(r.count(QStringLiteral("requeued")), 9);
        QCOMPARE(r.count(QStringLiteral("in_progress")), 2);
        QCOMPARE(r.count(QStringLiteral("done")), 5);
        QCOMPARE(r.count(QStringLiteral("already_queued")), 6);
        QCOMPARE(r.count(QStringLiteral("not_found")), 1);
        QCOMPARE(outcomeSet(r, QStringLiteral("requeued")), requeuedInJournal());
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT DISTINCT detail->>'reason' FROM inbox.journal "
                                          "WHERE entry = 'requeued'"))
                     .value(0, 0),
                 QStringLiteral("CRM back up"));
    }

    // 2,500 events by filter: collected in keyset pages, requeued in three calls, every
    // event journaled once with the same idempotency key as before.
    void batchedRequeueByFilter()
    {
        const QVector<qint64> ids =
            failed(QStringLiteral("bulk"), 2500, QStringLiteral("CRM API: 503"), true);
        failed(QStringLiteral("other"), 10, QStringLiteral("CRM API: 503"), true);
        const PgResult keysBefore = m_db.su().exec(QStringLiteral(
            "SELECT id, idempotency_key, external_id, md5(body) FROM inbox.events ORDER BY id"));
        connectContext();
        Requeuer r(m_context.get());
        QSignalSpy ready(&r, &Requeuer::previewReady);
        JournalFilter f;
        f.sources = {QStringLiteral("bulk")};
        f.statuses = {QStringLiteral("failed")};
        r.prepare(QVector<JournalFilter>{f});
        QVERIFY(ready.wait(20000));
        QCOMPARE(r.ids().size(), 2500);
        QCOMPARE(QSet<qint64>(r.ids().cbegin(), r.ids().cend()),
                 QSet<qint64>(ids.cbegin(), ids.cend()));
        QCOMPARE(r.preview().requeue, 2500);
        QCOMPARE(r.batchCount(), 3);
        QSignalSpy progress(&r, &Requeuer::progress);
        QSignalSpy done(&r, &Requeuer::finished);
        r.start(QStringLiteral("outage over"));
        QVERIFY(done.wait(30000));
        QCOMPARE(progress.size(), 4); // one per batch, and the final one
        QCOMPARE(r.count(QStringLiteral("requeued")), 2500);
        QCOMPARE(r.outcomes().size(), 2500);
        QCOMPARE(requeuedInJournal().size(), 2500);
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = "
                                          "'requeued' GROUP BY event_id HAVING count(*) > 1"))
                     .rows(),
                 0);
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT count(DISTINCT detail->>'batch') FROM "
                                          "inbox.journal WHERE entry = 'requeued'"))
                     .value(0, 0),
                 QStringLiteral("3"));
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT count(*) FROM inbox.events WHERE source = "
                                          "'bulk' AND status = 'received' AND attempts = 0"))
                     .value(0, 0),
                 QStringLiteral("2500"));
        const PgResult keysAfter = m_db.su().exec(QStringLiteral(
            "SELECT id, idempotency_key, external_id, md5(body) FROM inbox.events ORDER BY id"));
        QCOMPARE(keysAfter.values, keysBefore.values);
    }

    // Stop after the first batch: the batches in flight at that moment (one per lane) finish
    // and are reported, the rest is reported not attempted and is untouched.
    void stopBetweenBatches()
    {
        failed(QStringLiteral("s"), 3500, QStringLiteral("x"), true);
        connectContext();
        Requeuer r(m_context.get());
        QSignalSpy ready(&r, &Requeuer::previewReady);
        JournalFilter f;
        f.statuses = {QStringLiteral("failed")};
        r.prepare(QVector<JournalFilter>{f});
        QVERIFY(ready.wait(20000));
        QCOMPARE(r.batchCount(), 4);
        QObject::connect(&r, &Requeuer::progress, &r, [&r] { r.stop(); });
        QSignalSpy done(&r, &Requeuer::finished);
        r.start(QStringLiteral("try one batch"));
        QVERIFY(done.wait(30000));
        QVERIFY(r.wasStopped());
        const int inFlight = Requeuer::kLanes * Requeuer::kBatch;
        QCOMPARE(r.batchesDone(), Requeuer::kLanes);
        QCOMPARE(r.count(QStringLiteral("requeued")), inFlight);
        QCOMPARE(r.count(QStringLiteral("not_attempted")), 3500 - inFlight);
        QCOMPARE(outcomeSet(r, QStringLiteral("requeued")), requeuedInJournal());
        QCOMPARE(
            m_db.su()
                .exec(QStringLiteral("SELECT count(*) FROM inbox.events WHERE status = 'failed'"))
                .value(0, 0)
                .toInt(),
            3500 - inFlight);
        // Outcomes come batch by batch in the order of the ids, whichever lane finished
        // first.
        QCOMPARE(r.outcomes().size(), r.ids().size());
        for (int from = 0; from < r.ids().size(); from += Requeuer::kBatch) {
            const QVector<qint64> want = r.ids().mid(from, Requeuer::kBatch);
            QSet<qint64> got;
            for (int i = from; i < from + want.size(); ++i)
                got.insert(r.outcomes().at(i).id);
            QCOMPARE(got, QSet<qint64>(want.cbegin(), want.cend()));
        }
    }

    // Stuck events while a worker's claim takes stuck locks over: each event ends requeued at
    // most once, and the run's "requeued" list is exactly what the journal says it did.
    void raceWithWorkerClaim()
    {
        const QVector<qint64> ids = stuck(QStringLiteral("r"), 1500, QStringLiteral("w-dead"));
        connectContext();
        Requeuer r(m_context.get());
        QVERIFY(previewed(r, ids));
        QCOMPARE(r.preview().requeue, 1500);

        // One claim lands before the run starts, so the "taken over meanwhile" path is always
        // met; the rest race the run until it finishes. (A fixed number of claims was not
        // enough: a claim looks at a bounded window of the oldest expired locks, and while the
        // run holds those rows it finds nothing, so 30 claims could all come back empty.)
        PgSession w(m_db.conninfo());
        int claimed = 0;
        QStringList claimErrors;
        auto claimOnce = [&] {
            const PgResult c =
                w.exec(QStringLiteral("SELECT count(*) FROM inbox.claim('w-new', 50)"));
            if (c.ok)
                claimed += c.value(0, 0).toInt();
            else
                claimErrors << c.sqlstate + QLatin1Char(' ') + c.message;
        };
        claimOnce();
        QCOMPARE(claimed, 50);
        std::atomic<bool> runDone{false};
        std::thread worker([&] {
            while (!runDone.load())
                claimOnce();
        });
        QSignalSpy done(&r, &Requeuer::finished);
        r.start(QStringLiteral("worker died"));
        const bool finished = done.wait(30000);
        runDone = true;
        worker.join();
        QVERIFY(finished);
        QVERIFY2(claimErrors.isEmpty(), qPrintable(claimErrors.join(QLatin1String("; "))));
        const QSet<qint64> requeued = outcomeSet(r, QStringLiteral("requeued"));
        QCOMPARE(requeued, requeuedInJournal());
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = "
                                          "'requeued' GROUP BY event_id HAVING count(*) > 1"))
                     .rows(),
                 0);
        // What the run left alone was taken over by the worker first (in progress now), or
        // requeued and then claimed again: every event is accounted for.
        QCOMPARE(r.outcomes().size(), 1500);
        const QSet<qint64> takenOver = idSet(m_db.su().exec(QStringLiteral(
            "SELECT DISTINCT event_id FROM inbox.journal WHERE entry = 'takeover'")));
        int inProgress = 0;
        for (const auto &o : r.outcomes()) {
            if (o.outcome != QLatin1String("requeued")) {
                QCOMPARE(o.outcome, QStringLiteral("in_progress"));
                QVERIFY(takenOver.contains(o.id));
                ++inProgress;
            }
        }
        QVERIFY(inProgress >= 50); // at least the ones claimed before the run started
    }

    // Two operators requeue the same events at once: each event is requeued once, by one of
    // them, and each run reports the others' events as already queued.
    void twoOperatorsSameEvents()
    {
        const QVector<qint64> ids = failed(QStringLiteral("t"), 3000, QStringLiteral("x"), true);
        inbox::ConsoleContext ctx1, ctx2;
        connectContext(&ctx1, QStringLiteral("op1"));
        connectContext(&ctx2, QStringLiteral("op2"));
        Requeuer a(&ctx1), b(&ctx2);
        QSignalSpy readyA(&a, &Requeuer::previewReady), readyB(&b, &Requeuer::previewReady);
        a.prepare(ids);
        QVector<qint64> reversed(ids.crbegin(), ids.crend());
        b.prepare(reversed);
        QVERIFY(readyA.wait(10000));
        QVERIFY(readyB.size() == 1 || readyB.wait(10000));
        QSignalSpy doneA(&a, &Requeuer::finished), doneB(&b, &Requeuer::finished);
        a.start(QStringLiteral("operator one"));
        b.start(QStringLiteral("operator two"));
        QVERIFY(doneA.wait(30000));
        QVERIFY(doneB.size() == 1 || doneB.wait(30000));
        const QSet<qint64> byA = outcomeSet(a, QStringLiteral("requeued"));
        const QSet<qint64> byB = outcomeSet(b, QStringLiteral("requeued"));
        QVERIFY(!byA.intersects(byB));
        QCOMPARE(byA.size() + byB.size(), 3000);
        QCOMPARE(byA, idSet(m_db.su().exec(QStringLiteral(
                          "SELECT event_id FROM inbox.journal WHERE entry = 'requeued' AND "
                          "actor = 'op1'"))));
        QCOMPARE(byB, idSet(m_db.su().exec(QStringLiteral(
                          "SELECT event_id FROM inbox.journal WHERE entry = 'requeued' AND "
                          "actor = 'op2'"))));
        QCOMPARE(outcomeSet(a, QStringLiteral("already_queued")), byB);
        QCOMPARE(outcomeSet(b, QStringLiteral("already_queued")), byA);
    }

    // A support user is refused by the database: reported, nothing applied.
    void refusalForSupport()
    {
        const QVector<qint64> ids = failed(QStringLiteral("t"), 3, QStringLiteral("x"), true);
        inbox::ConsoleContext ctx;
        connectContext(&ctx, QStringLiteral("sup"));
        Requeuer r(&ctx);
        QVERIFY(previewed(r, ids));
        QCOMPARE(r.preview().requeue, 3); // reading is allowed
        QSignalSpy done(&r, &Requeuer::finished);
        r.start(QStringLiteral("please"));
        QVERIFY(done.wait(10000));
        QCOMPARE(r.error().sqlstate, QStringLiteral("42501"));
        QCOMPARE(r.count(QStringLiteral("not_attempted")), 3);
        QCOMPARE(requeuedInJournal().size(), 0);
    }

    // A batch aborted by a deadlock applied nothing, so it is sent again and succeeds; the
    // operator is not told "refused". The other session (its deadlock_timeout longer, so the
    // server aborts the requeue's transaction) holds the batch's last event, and then asks
    // for its first, which the requeue already locked in id order.
    void deadlockedBatchIsSentAgain()
    {
        const QVector<qint64> ids = failed(QStringLiteral("k"), 800, QStringLiteral("x"), true);
        inbox::ConsoleContext ctx;
        connectContext(&ctx, QStringLiteral("op1"));
        Requeuer r(&ctx);
        QVERIFY(previewed(r, ids));
        const qint64 low = *std::min_element(ids.cbegin(), ids.cend());
        const qint64 high = *std::max_element(ids.cbegin(), ids.cend());
        PgSession locker(m_db.conninfo());
        QVERIFY_SQL(locker.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(locker.exec(QStringLiteral("SET LOCAL deadlock_timeout = '30s'")));
        QVERIFY_SQL(locker.exec(
            QStringLiteral("SELECT 1 FROM inbox.events WHERE id = $1 FOR UPDATE"), {high}));
        QSignalSpy done(&r, &Requeuer::finished);
        r.start(QStringLiteral("deadlock"));
        QTRY_VERIFY_WITH_TIMEOUT(op1LockWaits() == 1, 15000);
        // Returns once the server has aborted the requeue's transaction (after its 1 s).
        QVERIFY_SQL(locker.exec(
            QStringLiteral("SELECT 1 FROM inbox.events WHERE id = $1 FOR UPDATE"), {low}));
        QVERIFY_SQL(locker.exec(QStringLiteral("ROLLBACK")));
        QVERIFY(done.wait(30000));
        QVERIFY2(r.error().isEmpty(), qPrintable(r.error().oneLine()));
        QCOMPARE(r.count(QStringLiteral("requeued")), 800);
        QCOMPARE(outcomeSet(r, QStringLiteral("requeued")), requeuedInJournal());
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = "
                                          "'requeued' GROUP BY event_id HAVING count(*) > 1"))
                     .rows(),
                 0);
    }

    // Two batches are in flight (each lane waits on a row lock another session holds) when
    // the backend of one of them is terminated: that batch is not sent again, the journal is
    // read after the reconnect, no further batch is sent, and the other lane's batch finishes.
    // The reported outcome equals the journal: batches 1 and 3 requeued, 2 not applied, 4 not
    // attempted.
    void droppedConnectionMidBatch()
    {
        const QVector<qint64> ids = failed(QStringLiteral("d"), 3500, QStringLiteral("x"), true);
        inbox::ConsoleContext ctx;
        connectContext(&ctx, QStringLiteral("op1"));
        Requeuer r(&ctx);
        QVERIFY(previewed(r, ids));
        QCOMPARE(r.batchCount(), 4);
        // One session holds an event of the second batch, another one of the third.
        PgSession lockerB(m_db.conninfo()), lockerC(m_db.conninfo());
        QVERIFY_SQL(lockerB.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(
            lockerB.exec(QStringLiteral("SELECT 1 FROM inbox.events WHERE id = $1 FOR UPDATE"),
                         {r.ids().at(Requeuer::kBatch + 10)}));
        QVERIFY_SQL(lockerC.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(
            lockerC.exec(QStringLiteral("SELECT 1 FROM inbox.events WHERE id = $1 FOR UPDATE"),
                         {r.ids().at(2 * Requeuer::kBatch + 10)}));
        const int lockerBPid =
            lockerB.exec(QStringLiteral("SELECT pg_backend_pid()")).value(0, 0).toInt();
        QSignalSpy done(&r, &Requeuer::finished);
        r.start(QStringLiteral("after outage"));
        // Wait (polling the server, no sleep for time) until both lanes wait on the locks.
        QTRY_VERIFY_WITH_TIMEOUT(op1LockWaits() == 2, 15000);
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename "
                           "= 'op1' AND $1::int4 = ANY(pg_blocking_pids(pid))"),
            {lockerBPid}));
        // The console has seen the loss before the other lane's batch can finish.
        QTRY_COMPARE_WITH_TIMEOUT(r.state(), Requeuer::State::Verifying, 15000);
        QVERIFY_SQL(lockerB.exec(QStringLiteral("ROLLBACK")));
        QVERIFY_SQL(lockerC.exec(QStringLiteral("ROLLBACK")));
        QVERIFY(done.wait(30000));
        QVERIFY(r.connectionWasLost());
        QCOMPARE(outcomeSet(r, QStringLiteral("requeued")), requeuedInJournal());
        QCOMPARE(r.count(QStringLiteral("requeued")), 2 * Requeuer::kBatch);
        QCOMPARE(r.count(QStringLiteral("not_applied")), Requeuer::kBatch);
        QCOMPARE(r.count(QStringLiteral("not_attempted")), 3500 - 3 * Requeuer::kBatch);
        QCOMPARE(r.outcomes().size(), 3500);
        for (int i = Requeuer::kBatch; i < 2 * Requeuer::kBatch; ++i)
            QCOMPARE(r.outcomes().at(i).outcome, QStringLiteral("not_applied"));
        // Nothing was sent again.
        QCOMPARE(
            m_db.su()
                .exec(QStringLiteral("SELECT count(*) FROM inbox.events WHERE status = 'failed'"))
                .value(0, 0)
                .toInt(),
            3500 - 2 * Requeuer::kBatch);
    }

    // The replies of two batches that committed are lost (the relay swallows them, then drops
    // both connections): neither batch is sent again, the journal says both were applied,
    // and nothing after them was sent.
    void lostReplyAfterCommit()
    {
        const QVector<qint64> ids = failed(QStringLiteral("d"), 3500, QStringLiteral("x"), true);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        SocketProxy proxy;
        QVERIFY(proxy.start(dir.path() + QStringLiteral("/.s.PGSQL.5432"),
                            m_db.cluster().socketDir() + QStringLiteral("/.s.PGSQL.5432")));
        inbox::ConsoleContext ctx;
        inbox::ConnectOptions o;
        o.conninfo =
            QStringLiteral("host='%1' dbname='%2' user='op1'").arg(dir.path(), m_db.name());
        inbox::ServerInfo info;
        info.user = QStringLiteral("op1");
        ctx.setConnected(o, info);
        Requeuer r(&ctx);
        QVERIFY(previewed(r, ids, 30000));
        PgSession locker(m_db.conninfo());
        QVERIFY_SQL(locker.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(locker.exec(
            QStringLiteral("SELECT 1 FROM inbox.events WHERE id = ANY($1::int8[]) FOR UPDATE"),
            {Requeuer::arrayLiteral(
                {r.ids().at(Requeuer::kBatch + 10), r.ids().at(2 * Requeuer::kBatch + 10)})}));
        QSignalSpy done(&r, &Requeuer::finished);
        r.start(QStringLiteral("lost reply"));
        QTRY_VERIFY_WITH_TIMEOUT(op1LockWaits() == 2, 15000);
        proxy.hold(); // the answers of the second and third batches will not arrive
        QVERIFY_SQL(locker.exec(QStringLiteral("ROLLBACK")));
        // Both batches commit on the server...
        QTRY_COMPARE_WITH_TIMEOUT(
            m_db.su()
                .exec(QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = 'requeued'"))
                .value(0, 0)
                .toInt(),
            3 * Requeuer::kBatch, 15000);
        QCOMPARE(done.size(), 0); // ...and the console has not heard back
        proxy.cut();
        QVERIFY(done.wait(30000));
        QVERIFY(r.connectionWasLost());
        QCOMPARE(outcomeSet(r, QStringLiteral("requeued")), requeuedInJournal());
        QCOMPARE(r.count(QStringLiteral("requeued")), 3 * Requeuer::kBatch);
        QCOMPARE(r.count(QStringLiteral("not_attempted")), 3500 - 3 * Requeuer::kBatch);
        QCOMPARE(r.outcomes().size(), 3500);
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = "
                                          "'requeued' GROUP BY event_id HAVING count(*) > 1"))
                     .rows(),
                 0);
        proxy.stop();
    }

private:
    // prepare(ids), then wait for the preview.
    static bool previewed(Requeuer &r, const QVector<qint64> &ids, int timeoutMs = 10000)
    {
        QSignalSpy ready(&r, &Requeuer::previewReady);
        r.prepare(ids);
        return !ready.isEmpty() || ready.wait(timeoutMs);
    }

    // op1's backends that wait on a lock (a requeue batch blocked by a test's session).
    int op1LockWaits()
    {
        return m_db.su()
            .exec(QStringLiteral("SELECT 1 FROM pg_stat_activity WHERE usename = 'op1' AND "
                                 "wait_event_type = 'Lock'"))
            .rows();
    }

    void connectContext(inbox::ConsoleContext *ctx = nullptr,
                        const QString &user = QStringLiteral("postgres"))
    {
        m_harness.connectAs(ctx ? *ctx : *m_context, user);
    }

    QVector<qint64> accept(const QString &source, int n)
    {
        const PgResult r = m_db.su().exec(
            QStringLiteral("SELECT a.event_id FROM generate_series(1, $2::int) g, "
                           "inbox.accept($1, $1 || '-' || g || '-' || md5(random()::text), "
                           "convert_to('{\"n\":' || g || '}', 'UTF8')) a ORDER BY 1"),
            {source, n});
        if (!r.ok)
            qWarning() << r.message;
        return r.ids();
    }

    // Accepted and claimed by `worker` (only these events).
    QVector<qint64> claimed(const QString &source, int n, const QString &worker)
    {
        const QVector<qint64> ids = accept(source, n);
        // Other due events wait: claim takes the oldest due first.
        m_db.su().exec(
            QStringLiteral("UPDATE inbox.events SET next_attempt_at = next_attempt_at + "
                           "interval '1 day' WHERE status = 'received' AND source <> $1"),
            {source});
        for (int left = n; left > 0; left -= 1000) { // claim takes at most 1000 at a time
            const PgResult c =
                m_db.su().exec(QStringLiteral("SELECT count(*) FROM inbox.claim($1, $2::int)"),
                               {worker, qMin(left, 1000)});
            if (!c.ok)
                qWarning() << c.message;
        }
        m_db.su().exec(
            QStringLiteral("UPDATE inbox.events SET next_attempt_at = next_attempt_at - "
                           "interval '1 day' WHERE status = 'received' AND source <> $1"),
            {source});
        return ids;
    }

    QVector<qint64> failed(const QString &source, int n, const QString &error, bool retryable)
    {
        const QVector<qint64> ids = claimed(source, n, QStringLiteral("w"));
        // Out of attempts, so a retryable failure is final too.
        m_db.su().exec(QStringLiteral("UPDATE inbox.events SET max_attempts = attempts WHERE id = "
                                      "ANY($1::int8[])"),
                       {Requeuer::arrayLiteral(ids)});
        const PgResult r =
            m_db.su().exec(QStringLiteral("SELECT inbox.fail(id, 'w', coalesce(lock_token, 0), $2, "
                                          "$3) FROM inbox.events WHERE id = "
                                          "ANY($1::int8[]) ORDER BY id"),
                           {Requeuer::arrayLiteral(ids), error, retryable});
        if (!r.ok)
            qWarning() << r.message;
        return ids;
    }

    QVector<qint64> stuck(const QString &source, int n, const QString &worker)
    {
        const QVector<qint64> ids = claimed(source, n, worker);
        m_db.su().exec(QStringLiteral("UPDATE inbox.events SET locked_at = locked_at - interval '6 "
                                      "minutes' WHERE id = ANY($1::int8[])"),
                       {Requeuer::arrayLiteral(ids)});
        return ids;
    }

    QVector<qint64> fresh(const QString &source, int n)
    {
        return claimed(source, n, QStringLiteral("w-busy"));
    }

    QVector<qint64> done(const QString &source, int n)
    {
        const QVector<qint64> ids = claimed(source, n, QStringLiteral("w"));
        m_db.su().exec(QStringLiteral("SELECT inbox.complete(id, 'w', coalesce(lock_token, 0), "
                                      "NULL) FROM inbox.events WHERE id = "
                                      "ANY($1::int8[])"),
                       {Requeuer::arrayLiteral(ids)});
        return ids;
    }

    // Accepted, done, then delivered again with a different body: "key conflict".
    void review(const QString &source, int n)
    {
        done(source, n);
        m_db.su().exec(
            QStringLiteral("SELECT inbox.accept(source, external_id, convert_to('{\"x\":1}', "
                           "'UTF8')) FROM inbox.events WHERE source = $1"),
            {source});
    }

    QSet<qint64> requeuedInJournal()
    {
        return idSet(m_db.su().exec(
            QStringLiteral("SELECT event_id FROM inbox.journal WHERE entry = 'requeued'")));
    }

    QString snapshot()
    {
        const PgResult r = m_db.su().exec(QStringLiteral(
            "SELECT md5(string_agg(id || status || coalesce(locked_at::text, '') || attempts, ',' "
            "ORDER BY id)) || (SELECT count(*) FROM inbox.journal) FROM inbox.events"));
        return r.value(0, 0);
    }
};

QTEST_MAIN(TestAttentionModel)
#include "tst_attentionmodel.moc"
