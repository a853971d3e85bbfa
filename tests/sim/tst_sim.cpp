// inbox-sim end to end, in direct mode (--direct: accept calls, the receiver's path is
// tst_simreceiver): a short run with faults must pass its own self-check and leave a
// database that agrees with it; the history fill must be consistent and fill the daily
// statistics; the self-check must fail on a deliberately broken database.
#include "databasetestcase.h"
#include "pgsession.h"
#include "simprocess.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

class TestSim final : public DatabaseTestCase
{
    Q_OBJECT

private slots:
    void initTestCase();
    void usageErrors();
    void runPassesSelfCheckAndDatabaseAgrees();
    void runSurvivesServerRestart();
    void historyFillsDailyStatsConsistently();
    void bulkWithTwoGeneratorsIsConsistent();
    void bulkFillIsReproducibleAndFillsNeverCollide();
    void selfCheckFailsOnDoubleDealAndJournalHole();
    void bulkIntoEmptyTablesTruncatesAndFreezes();
    void bulkRowsAreWhatTheyWereAndBodiesAreQtJson();

private:
    using Result = SimResult;
    static Result sim(const QStringList &args) { return SimProcess::run(args, 120000); }
    qint64 scalar(const QString &sql) const { return SimProcess::scalar(m_db.conninfo(), sql); }
    // `r`, a self-check run, failed (exit code 1) on the check `name`: FAIL in its table and
    // named in its errors.
    static void verifyFailsOn(const Result &r, const QString &name);
};

void TestSim::verifyFailsOn(const Result &r, const QString &name)
{
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains(QRegularExpression(name + QStringLiteral("\\s+FAIL"))),
             qPrintable(r.out));
    QVERIFY2(r.err.contains(name), qPrintable(r.err));
}

void TestSim::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    DatabaseTestCase::initTestCase();
}

void TestSim::usageErrors()
{
    QCOMPARE(sim({}).exitCode, 64); // nothing to do
    QCOMPARE(sim({QStringLiteral("--bulk"), QStringLiteral("lots")}).exitCode, 64);
    QCOMPARE(sim({QStringLiteral("--run"), QStringLiteral("5"), QStringLiteral("--scenario"),
                  QStringLiteral("fast")})
                 .exitCode,
             64);
    const Result unreachable =
        sim({QStringLiteral("--db"), QStringLiteral("host=/nonexistent dbname=x user=nobody"),
             QStringLiteral("--check")});
    QCOMPARE(unreachable.exitCode, 2);
}

void TestSim::runPassesSelfCheckAndDatabaseAgrees()
{
    // Faults on (CRM outages and timeouts, enrichment failures), workers dying often, a slow
    // receiver so that repeats are plenty; a 3 s lock timeout so takeovers happen in time.
    const Result r =
        sim({QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--direct"),
             QStringLiteral("--run"), QStringLiteral("6"), QStringLiteral("--rate"),
             QStringLiteral("25"), QStringLiteral("--death-rate"), QStringLiteral("0.06"),
             QStringLiteral("--scenario"), QStringLiteral("slow-receiver"),
             QStringLiteral("--seed"), QStringLiteral("11")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("self-check passed")), qPrintable(r.out));

    // The database agrees with what the simulator says it sent.
    const QRegularExpression counted(QStringLiteral("(\\d+) repeats sent = (\\d+) counted"));
    const QRegularExpressionMatch m = counted.match(r.out);
    QVERIFY2(m.hasMatch(), qPrintable(r.out));
    const qint64 repeats = m.captured(1).toLongLong();
    QVERIFY2(repeats > 0, "the slow receiver scenario produced no repeat");
    QCOMPARE(scalar(QStringLiteral("SELECT sum(deliveries - 1) FROM inbox.events")), repeats);
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM inbox.journal "
                                   "WHERE entry IN ('duplicate', 'conflict', 'rearmed')")),
             repeats);
    QCOMPARE(scalar(QStringLiteral("SELECT sum(repeats + conflicts) FROM inbox.stats_daily(2)")),
             repeats);

    // No operation key made two deals, and every key is the orchestrator's, made from the
    // event's idempotency key (never regenerated).
    QCOMPARE(scalar(QStringLiteral(
                 "SELECT count(*) FROM (SELECT event_id FROM inbox.actions WHERE state = 'done' "
                 "GROUP BY event_id, kind HAVING count(DISTINCT result ->> 'entity_id') > 1 "
                 "   OR count(DISTINCT operation_key) > 1) x")),
             qint64(0));
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM inbox.actions a JOIN inbox.events e "
                                   "ON e.id = a.event_id "
                                   "WHERE a.operation_key <> a.kind || ':' || e.idempotency_key")),
             qint64(0));
    QVERIFY(scalar(QStringLiteral("SELECT count(*) FROM inbox.actions WHERE state = 'done'")) > 0);

    // Workers died and their events were taken over; the work still got done.
    QVERIFY2(scalar(QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = 'takeover'")) >
                 0,
             qPrintable(r.out));
    QCOMPARE(
        scalar(QStringLiteral("SELECT count(*) FROM inbox.events WHERE status = 'processing'")),
        qint64(0));
    QVERIFY(scalar(QStringLiteral("SELECT count(*) FROM inbox.events WHERE status = 'done'")) > 50);
    // Leads were recorded through record_lead, normalised.
    QVERIFY(scalar(QStringLiteral("SELECT count(*) FROM inbox.leads WHERE phone_norm LIKE '7%'")) >
            0);
    // Every source delivered.
    QCOMPARE(scalar(QStringLiteral("SELECT count(DISTINCT source) FROM inbox.events")), qint64(9));
}

void TestSim::runSurvivesServerRestart()
{
    // The server restarts (fast shutdown: every session is ended, open transactions roll
    // back) in the middle of the run. Senders and workers reconnect with a growing pause,
    // senders send again what was not answered, and the self-check still passes.
    QProcess p;
    p.start(QStringLiteral(INBOX_SIM_BINARY),
            {QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--direct"),
             QStringLiteral("--run"), QStringLiteral("10"), QStringLiteral("--rate"),
             QStringLiteral("30"), QStringLiteral("--seed"), QStringLiteral("23")});
    QVERIFY(p.waitForStarted(10000));
    // Mid-run: once traffic is flowing and workers have finished some of it.
    QTRY_VERIFY_WITH_TIMEOUT(
        scalar(QStringLiteral("SELECT count(*) FROM inbox.events WHERE status = 'done'")) >= 20,
        30000);
    QVERIFY(p.state() == QProcess::Running);
    QString error;
    QVERIFY2(m_db.cluster().restart(QStringLiteral("fast"), &error), qPrintable(error));
    const qint64 restartedAt = scalar(
        QStringLiteral("SELECT (extract(epoch FROM pg_postmaster_start_time()) * 1000000)::int8"));
    QVERIFY2(p.state() == QProcess::Running, "the run ended before the restart");

    QVERIFY(p.waitForFinished(180000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == 0, qPrintable(out + err));
    QVERIFY2(out.contains(QStringLiteral("self-check passed")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral(" 0 errors, ")), qPrintable(out)); // senders: none lost
    // Each receiver's next send after the restart went into a dead connection: its reply
    // was lost, so it was sent again (and counted as unknown, not as a failure).
    const QRegularExpressionMatch lost =
        QRegularExpression(QStringLiteral("(\\d+) sent again after a lost reply")).match(out);
    QVERIFY2(lost.hasMatch() && lost.captured(1).toInt() > 0, qPrintable(out));

    // Traffic and work went on after the restart: new keys arrived and were finished.
    const auto after = [&](const char *entry) {
        PgSession s(m_db.conninfo());
        const PgResult r =
            s.exec(QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = $1 AND at >"
                                  " timestamptz 'epoch' + $2::int8 * interval '1 microsecond'"),
                   {QString::fromLatin1(entry), restartedAt});
        return r.ok ? r.value(0, 0).toLongLong() : -1;
    };
    QVERIFY2(after("received") > 0, qPrintable(out));
    QVERIFY2(after("done") > 0, qPrintable(out));
    // Nothing was stored twice for one key, whatever was sent again.
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM (SELECT event_id FROM inbox.journal"
                                   " WHERE entry = 'received' GROUP BY event_id"
                                   " HAVING count(*) > 1) x")),
             qint64(0));
    QCOMPARE(
        scalar(QStringLiteral("SELECT count(*) FROM inbox.events WHERE status = 'processing'")),
        qint64(0));
}

void TestSim::historyFillsDailyStatsConsistently()
{
    const Result r = sim({QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--history"),
                          QStringLiteral("2"), QStringLiteral("--per-day"), QStringLiteral("800")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM inbox.events")), qint64(1600));
    QVERIFY2(scalar(QStringLiteral("SELECT count(DISTINCT day) FROM inbox.stats_daily(3) "
                                   "WHERE received > 0")) >= 2,
             qPrintable(r.out));
    QCOMPARE(scalar(QStringLiteral("SELECT sum(received) FROM inbox.stats_daily(3)")),
             qint64(1600));
    // Leads are normalised exactly as record_lead would have done it.
    QVERIFY(scalar(QStringLiteral("SELECT count(*) FROM inbox.leads")) > 500);
    QCOMPARE(scalar(QStringLiteral(
                 "SELECT count(*) FROM inbox.leads "
                 "WHERE phone_norm IS DISTINCT FROM inbox.normalize_phone(phone_raw) "
                 "   OR email_norm IS DISTINCT FROM inbox.normalize_email(email_raw)")),
             qint64(0));
    // Keys derived as accept derives them.
    QCOMPARE(scalar(QStringLiteral(
                 "SELECT count(*) FROM inbox.events WHERE idempotency_key <> source || ':' || "
                 "left(encode(sha256(convert_to(source || E'\\x1f' || external_id, 'UTF8')), "
                 "'hex'), 32)")),
             qint64(0));
    // The database-wide self-check agrees (journal, counters, deals).
    const Result check = sim({QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--check")});
    QVERIFY2(check.exitCode == 0, qPrintable(check.out + check.err));

    // --if-empty leaves a filled database alone.
    const Result again = sim({QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--history"),
                              QStringLiteral("--if-empty")});
    QVERIFY2(again.exitCode == 0, qPrintable(again.out + again.err));
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM inbox.events")), qint64(1600));
}

void TestSim::bulkWithTwoGeneratorsIsConsistent()
{
    // Two generator threads composing rows for one COPY transaction: the rows are
    // consistent, the ids never collide and the sequences continue after them.
    const Result r = sim({QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--bulk"),
                          QStringLiteral("3k"), QStringLiteral("--bulk-days"), QStringLiteral("20"),
                          QStringLiteral("--fill-sessions"), QStringLiteral("2")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM inbox.events")), qint64(3000));
    QCOMPARE(scalar(QStringLiteral("SELECT count(DISTINCT id) FROM inbox.events")), qint64(3000));
    QVERIFY(scalar(QStringLiteral(
                "SELECT nextval('inbox.events_id_seq') - max(id) FROM inbox.events")) > 0);
    QVERIFY(scalar(QStringLiteral(
                "SELECT nextval('inbox.journal_id_seq') - max(id) FROM inbox.journal")) > 0);
    // Spread over the days asked for, none in the future.
    QVERIFY(scalar(QStringLiteral("SELECT count(DISTINCT (received_at AT TIME ZONE 'UTC')::date) "
                                  "FROM inbox.events")) >= 20);
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM inbox.events WHERE received_at > now() "
                                   "OR done_at > now()")),
             qint64(0));
    // The past has its failures, conflicts, repeats, candidates and a person's decisions.
    QVERIFY(scalar(QStringLiteral("SELECT count(*) FROM inbox.events WHERE status = 'failed'")) >
            0);
    QVERIFY(scalar(QStringLiteral("SELECT sum(deliveries - 1) FROM inbox.events")) > 0);
    QVERIFY(scalar(QStringLiteral("SELECT count(*) FROM inbox.duplicate_candidates")) > 0);
    QVERIFY(scalar(QStringLiteral("SELECT count(*) FROM inbox.journal WHERE by_person")) > 0);
    // Undo state of every merge restores the lead exactly (decide_duplicate's contract).
    QCOMPARE(scalar(QStringLiteral(
                 "SELECT count(*) FROM inbox.duplicate_candidates c JOIN inbox.leads l ON l.id = "
                 "c.lead_id "
                 "WHERE c.status = 'merged' AND (l.merged_into IS DISTINCT FROM c.match_lead_id "
                 "   OR (c.undo_state ->> 'lead_id')::bigint <> l.id)")),
             qint64(0));
    // The fill runs as a superuser with triggers off (session_replication_role = replica):
    // it must still give every pair both leads' channels (0007) and keep the open-pairs
    // counter (0009) equal to the open pairs.
    QCOMPARE(
        scalar(QStringLiteral("SELECT count(*) FROM inbox.duplicate_candidates c "
                              "JOIN inbox.leads a ON a.id = c.lead_id JOIN inbox.leads b ON b.id = "
                              "c.match_lead_id WHERE c.lead_channel IS DISTINCT FROM a.channel "
                              "OR c.match_channel IS DISTINCT FROM b.channel")),
        qint64(0));
    const qint64 open = scalar(
        QStringLiteral("SELECT count(*) FROM inbox.duplicate_candidates WHERE status = 'open'"));
    QVERIFY(open > 0);
    QCOMPARE(scalar(QStringLiteral("SELECT inbox.open_duplicates()")), open);
    const Result check = sim({QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--check")});
    QVERIFY2(check.exitCode == 0, qPrintable(check.out + check.err));
}

// The same --seed on two empty databases gives the same events, external ids and the same
// manager's decisions (02_decide.sql draws from the seed, not from random()); a second fill
// into the same database, started at once, takes external ids of its own (their base comes
// from the event ids the fill reserved, not from the clock's second, so two fills in one
// second no longer collide; before, the two empty databases already got different ids).
void TestSim::bulkFillIsReproducibleAndFillsNeverCollide()
{
    QString error;
    const QString other = m_db.cluster().createDatabase(&error);
    QVERIFY2(!other.isEmpty(), qPrintable(error));
    const QString otherInfo = m_db.cluster().conninfo(other);
    // One clock for both fills: times, the statuses that follow an event's age and the keys
    // made from a time (a call's minute) all follow it. Without it the two fills disagreed
    // whenever they ran more than a second apart (2 of 3 runs under load).
    const QString now = QString::number(QDateTime::currentSecsSinceEpoch());
    const QStringList fill = {QStringLiteral("--bulk"),      QStringLiteral("2k"),
                              QStringLiteral("--bulk-days"), QStringLiteral("10"),
                              QStringLiteral("--fill-now"),  now,
                              QStringLiteral("--seed"),      QStringLiteral("7")};
    for (const QString &db : {m_db.conninfo(), otherInfo}) {
        const Result r = sim(QStringList{QStringLiteral("--db"), db} + fill);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    }
    const QString events = QStringLiteral(
        "SELECT md5(string_agg(concat_ws(':', id, source, external_id, status, kind, "
        "received_at), ',' ORDER BY id)) FROM inbox.events");
    const QString decisions = QStringLiteral(
        "SELECT md5(string_agg(concat_ws(':', lead_id, match_lead_id, status), ',' ORDER BY id))"
        " || ' ' || count(*) FILTER (WHERE status <> 'open') FROM inbox.duplicate_candidates");
    const auto text = [](const QString &conninfo, const QString &sql) {
        PgSession s(conninfo);
        return s.exec(sql).value(0, 0);
    };
    QCOMPARE(text(otherInfo, events), text(m_db.conninfo(), events));
    QVERIFY(!text(m_db.conninfo(), decisions).endsWith(QLatin1String(" 0")));
    QCOMPARE(text(otherInfo, decisions), text(m_db.conninfo(), decisions));

    // A second fill right after the first, into the same database: no key is taken twice.
    // (Another seed: keys drawn from the seed, such as web forms' uuids, repeat with it.)
    QStringList next = fill;
    next.last() = QStringLiteral("8");
    const Result again = sim(QStringList{QStringLiteral("--db"), m_db.conninfo()} + next);
    QVERIFY2(again.exitCode == 0, qPrintable(again.out + again.err));
    QCOMPARE(scalar(QStringLiteral("SELECT count(DISTINCT (source, external_id)) FROM "
                                   "inbox.events")),
             qint64(4000));
}

void TestSim::selfCheckFailsOnDoubleDealAndJournalHole()
{
    const Result fill =
        sim({QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--history"),
             QStringLiteral("1"), QStringLiteral("--per-day"), QStringLiteral("400")});
    QVERIFY2(fill.exitCode == 0, qPrintable(fill.out + fill.err));
    const QStringList check = {QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--check")};
    const Result clean = sim(check);
    QVERIFY2(clean.exitCode == 0, qPrintable(clean.out + clean.err)); // the baseline passes

    // A worker that regenerated its operation key on a retry: a second deal for one event.
    QString error;
    QVERIFY2(m_db.cluster().execAsSuperuser(
                 m_db.name(),
                 QStringLiteral(
                     "INSERT INTO inbox.actions (event_id, kind, operation_key, state, result) "
                     "SELECT event_id, kind, operation_key || ':retry-2', 'done', "
                     "       jsonb_build_object('entity_id', 'D-second') "
                     "  FROM inbox.actions WHERE kind = 'crm.create_deal' AND state = 'done' "
                     " ORDER BY id LIMIT 1"),
                 &error),
             qPrintable(error));
    const Result doubled = sim(check);
    verifyFailsOn(doubled, QStringLiteral("no_double_deal"));
    if (QTest::currentTestFailed())
        return;
    QVERIFY2(!doubled.err.contains(QStringLiteral("journal_complete")), qPrintable(doubled.err));

    // A repeat delivery counted but missing from the journal.
    QVERIFY2(m_db.cluster().execAsSuperuser(
                 m_db.name(),
                 QStringLiteral("UPDATE inbox.events SET deliveries = deliveries + 1 "
                                "WHERE id = (SELECT min(id) FROM inbox.events)"),
                 &error),
             qPrintable(error));
    verifyFailsOn(sim(check), QStringLiteral("journal_complete"));
}

// A large fill into empty tables (200k events and more; here the threshold is lowered to
// 1,000) TRUNCATEs every table it writes and copies the rows frozen. Every table that
// references inbox.events must be in that TRUNCATE: since 0025 inbox.delivery_attempts does,
// and leaving it out made `--bulk 1M` refuse to run while every smaller fill worked. The
// fill analyses every table it writes.
void TestSim::bulkIntoEmptyTablesTruncatesAndFreezes()
{
    QString error;
    QVERIFY2(m_db.fresh(&error), qPrintable(error));
    qputenv("INBOX_SIM_REBUILD_MIN", "1000");
    const Result r = sim(
        {QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--bulk"), QStringLiteral("2k")});
    qunsetenv("INBOX_SIM_REBUILD_MIN");
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2((r.out + r.err).contains(QLatin1String("truncated, rows written frozen")),
             qPrintable(r.out + r.err));
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM inbox.events")), qint64(2000));
    // Every table the fill wrote has statistics from the fill itself, not only later from
    // autovacuum: without the queue's, the failed events' first page at 10M was planned
    // badly (250 ms instead of 2 ms) until autovacuum analysed it.
    QCOMPARE(scalar(QStringLiteral(
                 "SELECT count(*) FROM pg_stat_user_tables WHERE schemaname = 'inbox' "
                 "AND relname IN ('events', 'event_queue', 'actions', 'leads', "
                 "'conflict_bodies', 'duplicate_candidates', 'daily_stats', 'status_counts') "
                 "AND last_analyze IS NOT NULL")),
             qint64(8));
    const Result check = sim({QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--check")});
    QVERIFY2(check.exitCode == 0, qPrintable(check.out + check.err));
}

// The fill composes bodies and journal rows by hand rather than through QJsonObject (issue
// 30 point 21): what it writes must not change. One seed, one clock and one generator thread
// write the same rows every time; the md5s are those of the fill before that change (commit
// 033c832, the same fill). A change meant to alter the rows updates them.
void TestSim::bulkRowsAreWhatTheyWereAndBodiesAreQtJson()
{
    QString error;
    QVERIFY2(m_db.fresh(&error), qPrintable(error));
    const Result r =
        sim({QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--bulk"),
             QStringLiteral("2k"), QStringLiteral("--bulk-days"), QStringLiteral("10"),
             QStringLiteral("--seed"), QStringLiteral("7"), QStringLiteral("--fill-now"),
             QStringLiteral("1796000000"), QStringLiteral("--fill-sessions"), QStringLiteral("1")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    PgSession s(m_db.conninfo());
    // Times as epochs: the session's time zone does not enter.
    const PgResult md5 = s.exec(QStringLiteral(
        "SELECT (SELECT md5(string_agg(concat_ws(':', id, external_id, idempotency_key, status, "
        "extract(epoch FROM occurred_at), fingerprint, encode(body, 'base64')), ',' ORDER BY id)) "
        "FROM inbox.events), "
        "(SELECT md5(string_agg(concat_ws(':', id, event_id, extract(epoch FROM at), entry, "
        "actor, detail), ',' ORDER BY id)) FROM inbox.journal), "
        "(SELECT md5(string_agg(concat_ws(':', id, event_id, name, phone_raw, phone_norm, "
        "email_raw, email_norm, summary, deal_ref, extract(epoch FROM created_at)), ',' ORDER BY "
        "id)) FROM inbox.leads)"));
    QCOMPARE(md5.value(0, 0), QStringLiteral("608645ff69f5f6b6d915f420930e7f12"));
    QCOMPARE(md5.value(0, 1), QStringLiteral("c616b5485a678b54d842b67373a3aa30"));
    QCOMPARE(md5.value(0, 2), QStringLiteral("a1dc779ece04469cd22ea8cc45d45d17"));

    // Every JSON body is byte for byte what QJsonDocument writes for it (its fingerprint is
    // the hash of those bytes), and every kind of JSON body is there.
    const PgResult bodies =
        s.exec(QStringLiteral("SELECT source, encode(body, 'base64') FROM inbox.events "
                              "WHERE content_type = 'application/json' ORDER BY id"));
    QSet<QString> sources;
    for (int i = 0; i < bodies.rows(); ++i) {
        const QByteArray body = QByteArray::fromBase64(bodies.value(i, 1).toLatin1());
        QJsonParseError parse;
        const QJsonDocument doc = QJsonDocument::fromJson(body, &parse);
        QVERIFY2(parse.error == QJsonParseError::NoError, body.constData());
        QCOMPARE(doc.toJson(QJsonDocument::Compact), body);
        sources.insert(bodies.value(i, 0));
    }
    QCOMPARE(sources.size(), 7); // all but email and crm_forms, which are not JSON
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM inbox.events WHERE source <> "
                                   "'crm_forms' AND fingerprint <> encode(sha256(body), 'hex')")),
             qint64(0));
}

QTEST_GUILESS_MAIN(TestSim)
#include "tst_sim.moc"
