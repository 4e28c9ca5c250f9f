/**
 * The job queue's throughput and delivery latency (issue 33, ADR 34), through the app's own code: jobs enqueued with
 * `enqueue(tx, queue, data)` (app/lib/jobs.server.ts), one transaction each as the app does, and worked by the
 * server's workers (`startJobQueue`, polling every second like server/index.ts). The handler only notes when it
 * ran (`--work-ms` adds a wait standing in for an SMTP or SMS call), so what is measured is the queue's own cost.
 *
 *   node --import tsx bench/queue/run.ts [options]
 *     --driver pglite|postgres   default pglite, or postgres when a URL is given
 *     --database-url URL         a PostgreSQL database (also BENCH_DATABASE_URL); migrated, then the bench's queue is
 *                                made in it and dropped at the end. --driver postgres without a URL starts a
 *                                throwaway cluster (bench/postgres.sh) in a temp directory and removes it
 *     --jobs N                   jobs of the backlog and burst phases (default 2000)
 *     --rate R --seconds S       the steady phase: R jobs a second for S seconds, open loop (default 50 for 20 s)
 *     --workers P                worker processes (default 1: this process, like one server); P > 1 (PostgreSQL
 *                                only): this one and P - 1 children (bench/queue/worker.ts), like P server processes,
 *                                their loops started spread over one polling interval
 *     --producers C              concurrent producers in the backlog and burst phases (default 1)
 *     --work-ms W                each delivery also awaits W ms (default 0)
 *     --polling S                the workers' pollingIntervalSeconds (default 1, the server's)
 *     --phases LIST              any of backlog,steady,burst (default all three, in that order)
 *     --json FILE                also write the results as JSON
 *     --samples FILE             also write every job (phase, when enqueued and committed, each run, which worker)
 *                                as JSON lines (bench/results/ is not committed)
 *
 * Phases: backlog (N jobs enqueued with no worker running, then the workers start: how fast they drain it),
 * steady (an open-loop arrival rate: delivery latency when the queue keeps up), burst (N jobs enqueued as fast as
 * one producer goes while the workers run: throughput end to end). Every job must run exactly once: the runs are
 * counted per job and the database's states checked; the exit code is 1 otherwise.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { migrateDatabase, openDatabase, queryRows, useDatabase, type Database } from "../../app/lib/db.server";
import { enqueue, getJobQueue, startJobQueue, stopJobQueue } from "../../app/lib/jobs.server";
import { BENCH_QUEUE, BENCH_QUEUE_OPTIONS, benchHandler, now, sleep, type BenchJob } from "./shared";

const { values: args } = parseArgs({
  options: {
    driver: { type: "string" },
    "database-url": { type: "string" },
    jobs: { type: "string", default: "2000" },
    rate: { type: "string", default: "50" },
    seconds: { type: "string", default: "20" },
    workers: { type: "string", default: "1" },
    producers: { type: "string", default: "1" },
    "work-ms": { type: "string", default: "0" },
    polling: { type: "string", default: "1" },
    phases: { type: "string", default: "backlog,steady,burst" },
    json: { type: "string" },
    samples: { type: "string" },
  },
});

const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const givenUrl = args["database-url"] ?? (args.driver === "pglite" ? undefined : process.env.BENCH_DATABASE_URL);
const driver = (args.driver ?? (givenUrl ? "postgres" : "pglite")) as "pglite" | "postgres";
const jobsPerPhase = Number(args.jobs);
const rate = Number(args.rate);
const steadySeconds = Number(args.seconds);
const workerProcesses = Number(args.workers);
const producers = Number(args.producers);
const workMs = Number(args["work-ms"]);
const pollingSeconds = Number(args.polling);
const phases = args.phases.split(",").map((p) => p.trim());

function usage(problem: string): never {
  console.error(`${problem} (see the options at the top of bench/queue/run.ts)`);
  process.exit(2);
}
if (!["pglite", "postgres"].includes(driver)) usage(`--driver pglite|postgres, not ${driver}`);
if (driver === "pglite" && args["database-url"]) usage("--database-url is for --driver postgres");
if (driver === "pglite" && workerProcesses > 1) usage("--workers > 1 needs PostgreSQL (PGlite is one process's database)");
for (const phase of phases) if (!["backlog", "steady", "burst"].includes(phase)) usage(`unknown phase ${phase}`);
for (const [name, value] of Object.entries({ jobs: jobsPerPhase, rate, seconds: steadySeconds, workers: workerProcesses, producers, polling: pollingSeconds })) {
  if (!(value > 0)) usage(`--${name} must be a positive number`);
}
if (!(workMs >= 0)) usage("--work-ms must be 0 or more");

// ---------------------------------------------------------------------------------------------------
// What happened to each job
// ---------------------------------------------------------------------------------------------------

type Enqueued = { phase: string; at: number; txStartedAt: number; committedAt: number; id: string | null; error?: string };
const enqueued = new Map<number, Enqueued>();
/** Every run of a job's handler, by the job's number: when it started. */
const runs = new Map<number, number[]>();
/** Which worker process ran a job first: 0 this one, 1… the children. */
const ranBy = new Map<number, number>();
let nextSeq = 1;

function recordRun(seq: number, startedAt: number, worker: number) {
  const list = runs.get(seq);
  if (list) list.push(startedAt);
  else {
    runs.set(seq, [startedAt]);
    ranBy.set(seq, worker);
  }
}

let database: Database;

/** One job in its own transaction, as a use case enqueues one: `at` is when it was due (open loop) or started. */
async function enqueueOne(phase: string, at: number): Promise<number> {
  const seq = nextSeq++;
  const record: Enqueued = { phase, at, txStartedAt: now(), committedAt: NaN, id: null };
  enqueued.set(seq, record);
  try {
    record.id = await database.db.transaction((tx) => enqueue<BenchJob>(tx, BENCH_QUEUE, { seq, phase, at }));
    record.committedAt = now();
  } catch (error) {
    record.error = error instanceof Error ? error.message : String(error);
  }
  return seq;
}

/** `count` jobs by `producers` loops at once, each job enqueued as soon as the loop's previous one committed. */
async function enqueueAsFastAsPossible(phase: string, count: number): Promise<void> {
  let left = count;
  await Promise.all(
    Array.from({ length: producers }, async () => {
      while (left > 0) {
        left--;
        await enqueueOne(phase, now());
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Workers: this process's, and those of child processes (PostgreSQL)
// ---------------------------------------------------------------------------------------------------

type ChildMessage =
  | { type: "ready" }
  | { type: "ran"; seq: number; startedAt: number }
  | { type: "cpu"; usage: NodeJS.CpuUsage }
  | { type: "stopped" };

type WorkerChild = { proc: ChildProcess; cpuSeconds(): Promise<number>; start(): void; stop(): Promise<void> };

function spawnWorker(url: string, index: number): Promise<WorkerChild> {
  const proc = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./worker.ts", import.meta.url))], {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, BENCH_QUEUE_URL: url, BENCH_QUEUE_WORK_MS: String(workMs), BENCH_QUEUE_POLLING_SECONDS: String(pollingSeconds) },
  });
  const waiting: Partial<Record<ChildMessage["type"], (message: ChildMessage) => void>> = {};
  const next = (type: ChildMessage["type"]) => new Promise<ChildMessage>((resolve) => (waiting[type] = resolve));
  proc.on("message", (message: ChildMessage) => {
    if (message.type === "ran") recordRun(message.seq, message.startedAt, index);
    else waiting[message.type]?.(message);
  });
  const child: WorkerChild = {
    proc,
    async cpuSeconds() {
      const answer = next("cpu");
      proc.send("cpu");
      const { usage } = (await answer) as { usage: NodeJS.CpuUsage };
      return (usage.user + usage.system) / 1e6;
    },
    start: () => proc.send("start"),
    async stop() {
      if (!proc.connected) return;
      const stopped = next("stopped");
      proc.send("stop");
      await Promise.race([stopped, sleep(10_000)]);
    },
  };
  return new Promise((resolve, reject) => {
    proc.once("exit", (code) => reject(new Error(`a worker process ended (${code}) before it was ready`)));
    void next("ready").then(() => resolve(child));
  });
}

const children: WorkerChild[] = [];
let workersStarted = false;

async function startWorkers(): Promise<void> {
  if (workersStarted) return;
  workersStarted = true;
  const handler = benchHandler(workMs, (seq, startedAt) => recordRun(seq, startedAt, 0));
  await startJobQueue(database, { [BENCH_QUEUE]: (job: BenchJob) => handler(job) }, { pollingIntervalSeconds: pollingSeconds });
  // The other processes' loops start spread evenly over one polling interval, as processes started at different
  // moments would be (all started at once, they poll in step and cut no latency).
  for (const [i, child] of children.entries()) setTimeout(() => child.start(), ((i + 1) * pollingSeconds * 1000) / workerProcesses);
}

// ---------------------------------------------------------------------------------------------------
// CPU
// ---------------------------------------------------------------------------------------------------

const TICKS_PER_SECOND = 100;

async function processTicks(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** A postmaster and its backends, those that ended included (its cutime and cstime). */
async function treeTicks(pid: number): Promise<number> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, "utf8").catch(() => "");
  const pids = children.trim().split(/\s+/).filter(Boolean).map(Number);
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  const fields = stat ? stat.slice(stat.lastIndexOf(")") + 2).split(" ") : [];
  const ended = stat ? Number(fields[13]) + Number(fields[14]) : 0;
  return (await processTicks(pid)) + ended + (await Promise.all(pids.map(processTicks))).reduce((a, b) => a + b, 0);
}

let postmasterPid: number | null = null;

type CpuMark = { self: number; children: number; postgres: number };

async function cpuMark(): Promise<CpuMark> {
  const usage = process.cpuUsage();
  return {
    self: (usage.user + usage.system) / 1e6,
    children: (await Promise.all(children.map((c) => c.cpuSeconds()))).reduce((a, b) => a + b, 0),
    postgres: postmasterPid ? (await treeTicks(postmasterPid)) / TICKS_PER_SECOND : 0,
  };
}

// ---------------------------------------------------------------------------------------------------
// A phase's end, and its figures
// ---------------------------------------------------------------------------------------------------

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

type StateCount = { state: string; count: number; last: number | null; retries: number };

async function jobStates(phase: string): Promise<StateCount[]> {
  return queryRows<StateCount>(
    database.db,
    sql`select state::text as state, count(*)::int as count, (extract(epoch from max(completed_on)) * 1000)::float8 as last,
          coalesce(sum(retry_count), 0)::int as retries
        from pgboss.job where name = ${BENCH_QUEUE} and data->>'phase' = ${phase} group by 1`,
  );
}

/**
 * Waits until every job of the phase has run (the runs noted in memory: nothing queried meanwhile), then until the
 * database says each is completed; gives up when nothing moves for `stallMs`. Returns the last completion's time.
 */
async function waitForPhase(phase: string, seqs: number[]): Promise<{ lastCompletedAt: number; states: StateCount[] }> {
  const stallMs = pollingSeconds * 3000 + 10_000 + workMs * 10;
  let lastRan = -1;
  let movedAt = now();
  for (;;) {
    const ran = seqs.reduce((count, seq) => count + (runs.has(seq) ? 1 : 0), 0);
    if (ran === seqs.length) break;
    if (ran !== lastRan) [lastRan, movedAt] = [ran, now()];
    else if (now() - movedAt > stallMs) break;
    await sleep(10);
  }
  movedAt = now();
  for (;;) {
    const states = await jobStates(phase);
    const completed = states.find((s) => s.state === "completed");
    if ((completed?.count ?? 0) >= seqs.length || now() - movedAt > stallMs) {
      return { lastCompletedAt: Number(completed?.last ?? NaN), states };
    }
    await sleep(20);
  }
}

type PhaseResult = {
  phase: string;
  driver: string;
  workerProcesses: number;
  producers: number;
  workMs: number;
  pollingSeconds: number;
  jobs: number;
  enqueueErrors: number;
  /** Jobs committed per second by the producer(s), over the time they took. */
  enqueuedPerSecond: number;
  /** Jobs completed per second, end to end (backlog: from the first delivery to the last completion). */
  completedPerSecond: number;
  seconds: number;
  /** From the job's enqueue (its transaction's start; steady: the moment it was due) to its handler's start. */
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** One enqueue transaction (begin, insert, commit) as the producer saw it. */
  enqueueMs: { p50: number; p95: number; max: number };
  /** CPU seconds over the phase: this process (producer and, with P = 1, the only worker), the other worker
   *  processes, PostgreSQL (when it runs on this machine). */
  cpuSeconds: { bench: number; otherWorkers: number; postgres: number | null };
  /** Jobs each worker process ran (this one first). */
  jobsPerWorker: number[];
  ranTwice: number;
  neverRan: number;
  states: Record<string, number>;
};

async function measure(phase: string, run: () => Promise<{ startedAt: number; enqueueEndedAt: number; origin?: () => number }>): Promise<PhaseResult> {
  const before = await cpuMark();
  const firstSeq = nextSeq;
  const { startedAt, enqueueEndedAt, origin } = await run();
  const seqs = Array.from({ length: nextSeq - firstSeq }, (_, i) => firstSeq + i);
  const { lastCompletedAt, states } = await waitForPhase(phase, seqs);
  const after = await cpuMark();
  const committed = seqs.filter((seq) => !enqueued.get(seq)!.error);
  const latencies = committed.filter((seq) => runs.has(seq)).map((seq) => runs.get(seq)![0]! - enqueued.get(seq)!.at).sort((a, b) => a - b);
  const enqueueTimes = committed.map((seq) => enqueued.get(seq)!.committedAt - enqueued.get(seq)!.txStartedAt).sort((a, b) => a - b);
  const from = origin ? origin() : startedAt;
  const seconds = (lastCompletedAt - from) / 1000;
  return {
    phase,
    driver,
    workerProcesses,
    producers: phase === "steady" ? 0 : producers,
    workMs,
    pollingSeconds,
    jobs: seqs.length,
    enqueueErrors: seqs.length - committed.length,
    enqueuedPerSecond: round(committed.length / ((enqueueEndedAt - startedAt) / 1000)),
    completedPerSecond: round(committed.length / seconds),
    seconds: round(seconds, 2),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? NaN),
    },
    enqueueMs: { p50: round(percentile(enqueueTimes, 50), 2), p95: round(percentile(enqueueTimes, 95), 2), max: round(enqueueTimes.at(-1) ?? NaN, 2) },
    cpuSeconds: {
      bench: round(after.self - before.self, 2),
      otherWorkers: round(after.children - before.children, 2),
      postgres: postmasterPid ? round(after.postgres - before.postgres, 2) : null,
    },
    jobsPerWorker: Array.from({ length: workerProcesses }, (_, worker) => seqs.filter((seq) => ranBy.get(seq) === worker).length),
    ranTwice: seqs.filter((seq) => (runs.get(seq)?.length ?? 0) > 1).length,
    neverRan: committed.filter((seq) => !runs.has(seq)).length,
    states: Object.fromEntries(states.map((s) => [s.state, s.count])),
  };
}

const PHASES: Record<string, () => Promise<PhaseResult>> = {
  /** N jobs waiting before any worker starts; then the workers start and drain them. */
  backlog: () =>
    measure("backlog", async () => {
      const startedAt = now();
      await enqueueAsFastAsPossible("backlog", jobsPerPhase);
      const enqueueEndedAt = now();
      const seqs = [...enqueued.keys()].filter((seq) => enqueued.get(seq)!.phase === "backlog");
      await startWorkers();
      // The drain's rate counts from the first delivery (not from enqueueing, nor pg-boss's start-up).
      return { startedAt, enqueueEndedAt, origin: () => Math.min(...seqs.map((seq) => runs.get(seq)?.[0] ?? Infinity)) };
    }),
  /** An open loop: job i due at start + i / rate, enqueued then whatever the previous ones are doing. */
  steady: () =>
    measure("steady", async () => {
      await startWorkers();
      await sleep(pollingSeconds * 1000 + 200); // the workers idle, between two polls, as on a quiet server
      const count = Math.round(rate * steadySeconds);
      const startedAt = now() + 5;
      const pending: Promise<number>[] = [];
      for (let i = 0; i < count; i++) {
        const due = startedAt + (i * 1000) / rate;
        const wait = due - now();
        if (wait > 0) await sleep(wait);
        pending.push(enqueueOne("steady", due));
      }
      await Promise.all(pending);
      return { startedAt, enqueueEndedAt: now() };
    }),
  /** N jobs as fast as the producer(s) go, the workers running all along. */
  burst: () =>
    measure("burst", async () => {
      await startWorkers();
      await sleep(pollingSeconds * 1000 + 200);
      const startedAt = now();
      await enqueueAsFastAsPossible("burst", jobsPerPhase);
      return { startedAt, enqueueEndedAt: now() };
    }),
};

// ---------------------------------------------------------------------------------------------------
// Databases
// ---------------------------------------------------------------------------------------------------

async function localPostmasterPid(url: string): Promise<number | null> {
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(new URL(url).hostname)) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const backend = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
    const stat = await readFile(`/proc/${backend}/stat`, "utf8").catch(() => null);
    return stat ? Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) : null;
  } finally {
    await client.end();
  }
}

async function openBenchDatabase(): Promise<{ database: Database; url: string | null; label: string; cleanup(): Promise<void> }> {
  if (driver === "pglite") {
    const dir = await mkdtemp(path.join(tmpdir(), "nd-bench-queue-"));
    const db = await openDatabase({ kind: "embedded", dataDir: dir, purpose: "bench" });
    return {
      database: db,
      url: null,
      label: `PGlite in ${dir}`,
      async cleanup() {
        await db.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  let url = givenUrl;
  let stopCluster: (() => Promise<void>) | null = null;
  if (!url) {
    const dir = await mkdtemp(path.join(tmpdir(), "nd-bench-queue-pg-"));
    const started = spawnSync("bash", [path.join(PROJECT_ROOT, "bench", "postgres.sh"), "start", dir], { encoding: "utf8" });
    if (started.status !== 0) throw new Error(`could not start a throwaway PostgreSQL: ${started.stderr}`);
    url = started.stdout.trim().split("\n").at(-1)!;
    stopCluster = async () => {
      spawnSync("bash", [path.join(PROJECT_ROOT, "bench", "postgres.sh"), "stop", dir], { encoding: "utf8" });
      await rm(dir, { recursive: true, force: true });
    };
  }
  postmasterPid = await localPostmasterPid(url).catch(() => null);
  const db = await openDatabase({ kind: "postgres", url });
  const safeUrl = new URL(url);
  safeUrl.password = "";
  return {
    database: db,
    url,
    label: `PostgreSQL at ${safeUrl.host}${safeUrl.pathname}${stopCluster ? " (a throwaway cluster, bench/postgres.sh)" : ""}`,
    async cleanup() {
      await db.close();
      await stopCluster?.();
    },
  };
}

async function dropBenchQueue() {
  await database.db.execute(sql`delete from pgboss.job where name = ${BENCH_QUEUE}`);
  await database.db.execute(sql`delete from pgboss.archive where name = ${BENCH_QUEUE}`);
  // delete_queue of a queue that does not exist fails (format('%I', null)): only when it is there.
  await database.db.execute(sql`select pgboss.delete_queue(name) from pgboss.queue where name = ${BENCH_QUEUE}`);
}

// ---------------------------------------------------------------------------------------------------

function printTable(results: PhaseResult[]) {
  console.log(
    "\n| phase | driver | worker processes | producers | work per job | jobs | enqueued/s | completed/s | latency p50 / p95 / p99 / max (ms) | enqueue tx p50 / p95 (ms) | CPU s: bench / other workers / PostgreSQL | exactly once |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---|---|---|---|");
  for (const r of results) {
    const l = r.latencyMs;
    const once = r.ranTwice === 0 && r.neverRan === 0 && r.enqueueErrors === 0 && r.states.completed === r.jobs;
    console.log(
      `| ${r.phase} | ${r.driver} | ${r.workerProcesses}${r.workerProcesses > 1 ? ` (${r.jobsPerWorker.join(" / ")} jobs)` : ""} | ${r.phase === "steady" ? `${rate}/s open loop` : r.producers} | ${r.workMs} ms | ${r.jobs} | ` +
        `${r.enqueuedPerSecond} | ${r.completedPerSecond} | ${l.p50} / ${l.p95} / ${l.p99} / ${l.max} | ${r.enqueueMs.p50} / ${r.enqueueMs.p95} | ` +
        `${r.cpuSeconds.bench} / ${r.cpuSeconds.otherWorkers} / ${r.cpuSeconds.postgres ?? "–"} | ${once ? "yes" : `NO (twice ${r.ranTwice}, never ${r.neverRan}, enqueue errors ${r.enqueueErrors})`} |`,
    );
  }
}

async function main() {
  const loadBefore = round(loadavg()[0]!, 2);
  const opened = await openBenchDatabase();
  database = opened.database;
  useDatabase(database);
  let exitCode = 0;
  try {
    const migrateStarted = now();
    await migrateDatabase(database);
    console.log(`${opened.label}: migrated in ${round((now() - migrateStarted) / 1000, 1)} s`);
    const [{ version }] = await queryRows<{ version: string }>(database.db, sql`select version()`);
    // A run that died midway left its queue: dropped first, then made afresh with the delivery queues' settings.
    await dropBenchQueue();
    await getJobQueue().createQueue(BENCH_QUEUE, { name: BENCH_QUEUE, ...BENCH_QUEUE_OPTIONS });
    for (let i = 1; i < workerProcesses; i++) children.push(await spawnWorker(opened.url!, i));
    console.log(
      `queue ${BENCH_QUEUE}; ${cpus().length} cores; node ${process.version}; ${version.split(",")[0]}; load average ${loadBefore}; ` +
        `${workerProcesses} worker process(es), polling every ${pollingSeconds} s, ${workMs} ms of work per job`,
    );

    const results: PhaseResult[] = [];
    for (const phase of phases) {
      const result = await PHASES[phase]!();
      results.push(result);
      console.log(`${phase}: ${JSON.stringify(result)}`);
    }

    // Anything run twice would show by now: one more round of every worker, then count each job's runs.
    await sleep(pollingSeconds * 1000 + 500);
    const twice = [...runs.entries()].filter(([, list]) => list.length > 1).map(([seq]) => seq);
    const never = [...enqueued.entries()].filter(([seq, job]) => !job.error && !runs.has(seq)).map(([seq]) => seq);
    const errors = [...enqueued.values()].filter((job) => job.error);
    const [db] = await queryRows<{ total: number; completed: number; retried: number }>(
      database.db,
      sql`select count(*)::int as total, (count(*) filter (where state = 'completed'))::int as completed,
            (count(*) filter (where retry_count > 0))::int as retried from pgboss.job where name = ${BENCH_QUEUE}`,
    );
    printTable(results);
    const loadAfter = round(loadavg()[0]!, 2);
    console.log(`\nload average ${loadBefore} → ${loadAfter}; ${enqueued.size} jobs enqueued, ${runs.size} run; in the database ${db!.total} jobs, ${db!.completed} completed, ${db!.retried} retried`);
    if (twice.length || never.length || errors.length || db!.completed !== enqueued.size || db!.retried > 0) {
      exitCode = 1;
      console.error(
        `NOT EXACTLY ONCE: ${twice.length} ran more than once (${twice.slice(0, 10).join(", ")}), ${never.length} never ran (${never.slice(0, 10).join(", ")}), ` +
          `${errors.length} failed to enqueue (${errors[0]?.error ?? ""}); database: ${db!.completed}/${enqueued.size} completed, ${db!.retried} retried`,
      );
    } else {
      console.log("every job ran exactly once");
    }
    if (args.samples) {
      const lines = [...enqueued.entries()].map(([seq, job]) =>
        JSON.stringify({ seq, phase: job.phase, at: job.at, committedAt: job.committedAt, runs: runs.get(seq) ?? [], worker: ranBy.get(seq) ?? null }),
      );
      await writeFile(args.samples, lines.join("\n") + "\n");
    }
    if (args.json) {
      await writeFile(args.json, JSON.stringify({ date: new Date().toISOString(), cores: cpus().length, node: process.version, postgres: version, load: { before: loadBefore, after: loadAfter }, results }, null, 2));
    }
  } finally {
    await stopJobQueue();
    await Promise.all(children.map((child) => child.stop()));
    await dropBenchQueue().catch((error: unknown) => console.error("could not drop the bench queue:", error));
    await opened.cleanup();
  }
  process.exit(exitCode);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
