// The Node side of inbox-bench's peers stage (BENCHMARKS.md). inbox-bench runs it from the
// build tree, where npm installed the exact versions of package.json; the connection comes
// from the PG* environment (node-postgres reads it), the database from --db.
//
//   node peers.js versions                      -> {"node", "graphile-worker", "pg-boss"}
//   node peers.js setup --gw-db A --boss-db B   installs both schemas, makes pg-boss's queue,
//                                               prints the SQL pg-boss sends for send() and
//                                               insert() (with markers for the values)
//   node peers.js run-gw --db A --concurrency 4 [--local-queue 10]
//                        [--complete-batch-delay MS] --seconds S
//                                               runs a graphile-worker runner with a no-op
//                                               task for S seconds, prints the jobs it did
//
// The statements of the peers are timed by inbox-bench itself over libpq, like the inbox's;
// only graphile-worker's runner, which is Node code, is timed here.
'use strict';

const pg = require('pg');

const kQueue = 'inbox_bench';
const kTask = 't';
// inbox-bench puts its own values where these stand.
const kDataMarker = '@DATA@';
const kKeyMarker = '@KEY@';

function arg(name, fallback) {
    const i = process.argv.indexOf(name);
    if (i < 0 || i + 1 >= process.argv.length) {
        if (fallback === undefined)
            throw new Error(`missing ${name}`);
        return fallback;
    }
    return process.argv[i + 1];
}

function print(value) {
    process.stdout.write(JSON.stringify(value) + '\n');
}

function versions() {
    print({
        node: process.versions.node,
        'graphile-worker': require('graphile-worker/package.json').version,
        'pg-boss': require('pg-boss/package.json').version,
    });
}

async function setup() {
    const { runMigrations } = require('graphile-worker');
    const gwPool = pool(arg('--gw-db'), 2);
    try {
        await runMigrations({ pgPool: gwPool, logger: quietLogger() });
    } finally {
        await gwPool.end();
    }

    // pg-boss through a db adapter of our own, so the statements it sends can be read; the
    // two marked statements are captured and not run.
    const PgBoss = require('pg-boss');
    const bossPool = pool(arg('--boss-db'), 2);
    const captured = {};
    const db = {
        async executeSql(text, values) {
            const marked = (values || []).some(
                (v) => typeof v === 'string' && (v.includes(kKeyMarker) || v.includes(kDataMarker)));
            if (marked) {
                captured[captured.next] = { sql: text, values: values.map(plain) };
                return { rows: [], rowCount: 0 };
            }
            return bossPool.query(text, values);
        },
    };
    const boss = new PgBoss({ db, supervise: false, schedule: false, migrate: true });
    boss.on('error', (e) => process.stderr.write(`pg-boss: ${e.message}\n`));
    try {
        await boss.start();
        // "short": at most one queued job per singleton key, the policy that de-duplicates
        // deliveries the way the inbox and the bare insert do.
        if (!(await boss.getQueue(kQueue)))
            await boss.createQueue(kQueue, { name: kQueue, policy: 'short' });
        captured.next = 'send';
        await boss.send(kQueue, kDataMarker, { singletonKey: kKeyMarker });
        captured.next = 'insert';
        await boss.insert([{ name: kQueue, data: kDataMarker, singletonKey: kKeyMarker }]);
        delete captured.next;
        await boss.stop({ graceful: false, wait: true, close: false });
    } finally {
        await bossPool.end();
    }
    if (!captured.send || !captured.insert)
        throw new Error('pg-boss sent no statement with the markers');
    print({ queue: kQueue, task: kTask, data_marker: kDataMarker, key_marker: kKeyMarker,
            boss: captured });
}

// A value as libpq would send it: text or null (objects as pg serialises them, JSON).
function plain(v) {
    if (v === null || v === undefined)
        return null;
    if (typeof v === 'object')
        return JSON.stringify(v);
    return String(v);
}

// A pool that reports its connections' errors instead of crashing on them.
function pool(database, max) {
    const p = new pg.Pool({ database, max });
    const report = (e) => process.stderr.write(`pg: ${e.message}\n`);
    p.on('error', report);
    p.on('connect', (client) => client.on('error', report));
    return p;
}

function quietLogger() {
    const { Logger } = require('graphile-worker');
    return new Logger(() => (level, message) => {
        if (level === 'error' || level === 'warning')
            process.stderr.write(`graphile-worker ${level}: ${message}\n`);
    });
}

async function runGw() {
    const { run } = require('graphile-worker');
    const concurrency = Number(arg('--concurrency', '4'));
    const localQueue = Number(arg('--local-queue', '-1'));
    const seconds = Number(arg('--seconds', '3'));
    const pgPool = pool(arg('--db'), concurrency + 2);
    let done = 0;
    let failed = 0;
    let counting = false;
    const preset = { worker: {} };
    if (localQueue > 1)
        preset.worker.localQueue = { size: localQueue };
    const batchDelay = Number(arg('--complete-batch-delay', '-1'));
    if (batchDelay >= 0)
        preset.worker.completeJobBatchDelay = batchDelay;
    const runner = await run({
        pgPool,
        concurrency,
        noHandleSignals: true,
        pollInterval: 1000,
        logger: quietLogger(),
        preset,
        taskList: { [kTask]: async () => {} },
    });
    runner.events.on('job:success', () => { if (counting) ++done; });
    runner.events.on('job:error', () => { if (counting) ++failed; });
    counting = true;
    const t0 = process.hrtime.bigint();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    counting = false;
    const elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
    await runner.stop();
    await pgPool.end();
    print({ jobs: done, failed, seconds: elapsed, concurrency, local_queue: localQueue,
            complete_batch_delay: batchDelay });
}

const commands = { versions, setup, 'run-gw': runGw };
const command = commands[process.argv[2]];
if (!command) {
    process.stderr.write(`usage: node peers.js ${Object.keys(commands).join('|')} ...\n`);
    process.exit(64);
}
Promise.resolve(command()).catch((e) => {
    process.stderr.write(`peers.js ${process.argv[2]}: ${e.message}\n`);
    process.exit(1);
});
