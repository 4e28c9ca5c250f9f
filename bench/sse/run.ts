/**
 * Live delivery benchmark: one production server process (`npm start`, built app) holds N Server-Sent Events
 * streams of N signed-in business owners while visitors send messages to their businesses through
 * POST /api/messages at fixed rates. Reports send-to-receive latency (p50/p95/p99) and lost messages per rate.
 *
 *   node --import tsx bench/sse/run.ts [options]
 *     --db embedded|postgres|both|cluster   which database (default both); cluster: --processes production
 *                                   processes on one PostgreSQL behind HAProxy (deploy/haproxy.cfg)
 *     --processes 3                 processes of the cluster (default 3)
 *     --clients N                   streams held (default 1000 embedded, 5000 postgres, 10000 cluster)
 *     --rates 50,100,200,400        messages per second, one step each (default)
 *     --seconds 5                   length of each step
 *     --database-url URL            a PostgreSQL server to use (a fresh database is created on it and dropped);
 *                                   default: a throwaway cluster (bench/postgres.sh) in a temp directory
 *     --json FILE                   also write the results as JSON
 *
 * Users, businesses and sessions are written straight into the database before the server starts (session
 * cookies are signed with the server's AUTH_SECRET), so no password hashing slows the set-up. Everything runs on
 * 127.0.0.1. The rate limit is real: each sender sends at most 5 messages, so there are enough senders.
 */
import { spawnSync } from "node:child_process";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { loadavg, cpus, tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { migrateDatabase, openDatabase, type Database } from "../../app/lib/db.server";
import { hasHaproxy, HAPROXY_PATH, maxconnForThisMachine, openFilesHardLimit, SHIPPED_CONFIG, startHaproxy } from "../../tests/support/haproxy";
import { ProductionProcess } from "../../tests/support/production-process";
import { freePort, hasProductionBuild, PROJECT_ROOT } from "../../tests/support/server-process.mjs";

type Kind = "embedded" | "postgres" | "cluster";

type Options = {
  dbs: Kind[];
  clients: Record<Kind, number>;
  processes: number;
  /** Write a V8 CPU profile of the first process into this directory (node --cpu-prof). */
  cpuProf: string | null;
  rates: number[];
  seconds: number;
  databaseUrl: string | null;
  json: string | null;
};

function parseArgs(argv: string[]): Options {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const db = get("db") ?? "both";
  const clients = get("clients");
  return {
    dbs: db === "both" ? ["embedded", "postgres"] : [db as Kind],
    clients: { embedded: Number(clients ?? 1000), postgres: Number(clients ?? 5000), cluster: Number(clients ?? 10_000) },
    processes: Number(get("processes") ?? 3),
    cpuProf: get("cpu-prof") ?? null,
    rates: (get("rates") ?? "50,100,200,400").split(",").map(Number),
    seconds: Number(get("seconds") ?? 5),
    databaseUrl: get("database-url") ?? process.env.BENCH_DATABASE_URL ?? null,
    json: get("json") ?? null,
  };
}

const SESSION_COOKIE = "nd.session_token";
const MESSAGES_PER_SENDER = 5; // the rate limit: 5 per user per 60 s

function signedCookie(token: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

type Seeded = { owners: { id: string; businessId: string; cookie: string }[]; senders: { id: string; cookie: string }[] };

/** Owners (each with one approved business) and visitors, with sessions, in a few bulk statements. */
async function seed(database: Database, owners: number, senders: number, secret: string): Promise<Seeded> {
  const run = randomBytes(4).toString("hex");
  const db = database.db;
  const people = [
    { prefix: `bo${run}`, count: owners, role: "business", kyc: "approved" },
    { prefix: `bv${run}`, count: senders, role: "visitor", kyc: "none" },
  ];
  for (const p of people) {
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified, role)
      select ${p.prefix} || '-' || n, 'Bench ' || n, ${p.prefix} || '-' || n || '@bench.invalid', true, 'user'
      from generate_series(1, ${p.count}) as n`);
    await db.execute(sql`
      insert into profiles (id, first_name, last_name, country, state, role, kyc_status)
      select ${p.prefix} || '-' || n, 'Bench', 'User ' || n, 'Nigeria', 'Lagos', ${p.role}, ${p.kyc}
      from generate_series(1, ${p.count}) as n`);
    await db.execute(sql`
      insert into session (id, token, user_id, expires_at)
      select 's-' || ${p.prefix} || '-' || n, 't-' || ${p.prefix} || '-' || n, ${p.prefix} || '-' || n, now() + interval '30 days'
      from generate_series(1, ${p.count}) as n`);
  }
  await db.execute(sql`
    insert into businesses (user_id, name, approved, approval_status, approved_at, state, category)
    select ${`bo${run}`} || '-' || n, 'Bench Business ' || n, true, 'approved', now(), 'Lagos', 'Eatery'
    from generate_series(1, ${owners}) as n`);
  const rows = (await db.execute(sql`select id, user_id from businesses where user_id like ${`bo${run}-%`}`)) as unknown as {
    rows: { id: string; user_id: string }[];
  };
  const businessOf = new Map(rows.rows.map((r) => [r.user_id, r.id]));
  const cookie = (prefix: string, n: number) => signedCookie(`t-${prefix}-${n}`, secret);
  return {
    owners: Array.from({ length: owners }, (_, i) => {
      const id = `bo${run}-${i + 1}`;
      return { id, businessId: businessOf.get(id)!, cookie: cookie(`bo${run}`, i + 1) };
    }),
    senders: Array.from({ length: senders }, (_, i) => ({ id: `bv${run}-${i + 1}`, cookie: cookie(`bv${run}`, i + 1) })),
  };
}

// ---------------------------------------------------------------------------------------------------
// Streams
// ---------------------------------------------------------------------------------------------------

type Receipt = (seq: number, at: number) => void;

/** Opens one SSE stream; calls onReceipt for each bench message delivered to this owner. */
function openStream(base: URL, cookie: string, onReceipt: Receipt): Promise<{ close(): void; dropped: () => boolean }> {
  return new Promise((resolve, reject) => {
    let dropped = false;
    const request = http.request(
      { host: base.hostname, port: base.port, path: "/events", method: "GET", agent: false, headers: { Cookie: cookie, Accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (chunk: string) => {
          const now = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            // The recipient's copy carries unreadCount; the text is "bench:<seq>".
            const match = /"text":"bench:(\d+)"/.exec(block);
            if (match && block.includes('"unreadCount"')) onReceipt(Number(match[1]), now);
          }
        });
        response.on("close", () => (dropped = true));
        resolve({ close: () => request.destroy(), dropped: () => dropped });
      },
    );
    request.on("error", (error) => {
      dropped = true;
      reject(error);
    });
    request.end();
  });
}

async function openStreams(base: URL, cookies: string[], onReceipt: Receipt, concurrency = 100) {
  const streams: { close(): void; dropped: () => boolean }[] = [];
  let failed = 0;
  let next = 0;
  async function worker() {
    while (next < cookies.length) {
      const cookie = cookies[next++]!;
      try {
        streams.push(await openStream(base, cookie, onReceipt));
      } catch {
        failed++;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { streams, failed };
}

// ---------------------------------------------------------------------------------------------------
// Sending at a fixed rate
// ---------------------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

function post(base: URL, cookie: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: "/api/messages",
        method: "POST",
        agent,
        headers: { Cookie: cookie, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", () => resolve(0));
    request.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

type StepResult = {
  rate: number;
  seconds: number;
  sent: number;
  accepted: number;
  refused: number;
  received: number;
  lost: number;
  achievedRate: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  sendMs: { p50: number; p95: number; p99: number };
};

async function runStep(base: URL, seeded: Seeded, senderCursor: { next: number }, rate: number, seconds: number, seqStart: number): Promise<StepResult> {
  const total = Math.round(rate * seconds);
  const started = new Map<number, number>();
  const latencies: number[] = [];
  const sendTimes: number[] = [];
  const received = new Set<number>();
  let accepted = 0;
  let refused = 0;
  receiptHandler = (seq, at) => {
    const t0 = started.get(seq);
    if (t0 === undefined || received.has(seq)) return;
    received.add(seq);
    latencies.push(at - t0);
  };
  const acceptedSeqs = new Set<number>();
  const pending: Promise<void>[] = [];
  const begin = performance.now();
  let sentCount = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - begin) / 1000) * rate) + 1);
      while (sentCount < due) {
        const seq = seqStart + sentCount;
        sentCount++;
        const sender = seeded.senders[Math.floor(senderCursor.next / MESSAGES_PER_SENDER)]!;
        senderCursor.next++;
        const owner = seeded.owners[seq % seeded.owners.length]!;
        const body = JSON.stringify({ businessId: owner.businessId, message: `bench:${seq}`, idempotencyKey: randomUUID() });
        const t0 = performance.now();
        started.set(seq, t0);
        pending.push(
          post(base, sender.cookie, body).then((status) => {
            sendTimes.push(performance.now() - t0);
            if (status === 201) {
              accepted++;
              acceptedSeqs.add(seq);
            } else refused++;
          }),
        );
      }
      if (sentCount >= total) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  await Promise.all(pending);
  const sendingMs = performance.now() - begin;
  // Grace period for deliveries still on their way.
  const deadline = performance.now() + 5_000;
  while (performance.now() < deadline && [...acceptedSeqs].some((s) => !received.has(s))) await new Promise((r) => setTimeout(r, 50));
  const lost = [...acceptedSeqs].filter((s) => !received.has(s)).length;
  latencies.sort((a, b) => a - b);
  sendTimes.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    rate,
    seconds,
    sent: total,
    accepted,
    refused,
    received: received.size,
    lost,
    achievedRate: round(accepted / (sendingMs / 1000)),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? NaN),
    },
    sendMs: { p50: round(percentile(sendTimes, 50)), p95: round(percentile(sendTimes, 95)), p99: round(percentile(sendTimes, 99)) },
  };
}

let receiptHandler: Receipt = () => undefined;

// ---------------------------------------------------------------------------------------------------
// Databases
// ---------------------------------------------------------------------------------------------------

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

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

/** A fresh database on the given server, or on a throwaway cluster; returns its URL and how to remove it. */
async function postgresDatabase(givenUrl: string | null): Promise<{ url: string; postmasterPid: number | null; cleanup(): Promise<void> }> {
  let serverUrl = givenUrl;
  let stopCluster: (() => Promise<void>) | null = null;
  let postmasterPid: number | null = null;
  if (!serverUrl) {
    const dir = await mkdtemp(path.join(tmpdir(), "nd-bench-pg-"));
    const started = spawnSync("bash", [path.join(PROJECT_ROOT, "bench", "postgres.sh"), "start", dir], { encoding: "utf8" });
    if (started.status !== 0) throw new Error(`could not start a throwaway PostgreSQL: ${started.stderr}`);
    serverUrl = started.stdout.trim().split("\n").at(-1)!;
    postmasterPid = Number((await readFile(path.join(dir, "data", "postmaster.pid"), "utf8")).split("\n")[0]);
    stopCluster = async () => {
      spawnSync("bash", [path.join(PROJECT_ROOT, "bench", "postgres.sh"), "stop", dir], { encoding: "utf8" });
      await rm(dir, { recursive: true, force: true });
    };
  }
  const name = `bench_sse_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  // A server on this machine (--database-url): its postmaster is the parent of our backend; its CPU is counted.
  postmasterPid ??= await localPostmasterPid(serverUrl);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    postmasterPid,
    async cleanup() {
      await adminQuery(serverUrl!, `drop database if exists ${name} with (force)`).catch(() => undefined);
      await stopCluster?.();
    },
  };
}

async function rssMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

type CpuShare = {
  /** CPU seconds per second of the step (1 = one core busy), by who spent them. */
  servers: number;
  haproxy: number | null;
  /** The bench's own PostgreSQL cluster (all its processes); null for the embedded database or --database-url. */
  postgres: number | null;
  benchClient: number;
  /** Everything else on the machine (other people's work). */
  rest: number;
  machine: number;
  /** Server-process CPU per accepted message (ms), streams' upkeep included. */
  serverMsPerMessage: number | null;
  /** PostgreSQL CPU per accepted message (ms). */
  postgresMsPerMessage: number | null;
};

type RunResult = {
  database: Kind;
  processes: number;
  /** 1-minute load average before and after (other work on the machine skews the figures). */
  loadAverage: { before: number; after: number };
  clientsWanted: number;
  clientsConnected: number;
  clientsFailed: number;
  connectSeconds: number;
  serverRssMb: { idle: number | null; connected: number | null; end: number | null };
  droppedStreams: number;
  steps: (StepResult & { cpu: CpuShare })[];
  highestRateWithoutLoss: number | null;
};

const TICKS_PER_SECOND = 100;

/** CPU ticks (user + system) a process has used so far, or 0 once it is gone. */
async function processTicks(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Busy CPU ticks of the whole machine (all cores), from /proc/stat. */
async function machineTicks(): Promise<number> {
  const line = (await readFile("/proc/stat", "utf8")).split("\n")[0]!;
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return user! + nice! + system! + irq! + softirq! + steal!;
}

/**
 * A process and its children (PostgreSQL's backends are children of the postmaster): the live children's ticks
 * plus those of children that ended (the parent's cutime and cstime), so a backend closing does not hide its CPU.
 */
async function treeTicks(pid: number): Promise<number> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, "utf8").catch(() => "");
  const pids = children.trim().split(/\s+/).filter(Boolean).map(Number);
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  const fields = stat ? stat.slice(stat.lastIndexOf(")") + 2).split(" ") : [];
  const ended = stat ? Number(fields[13]) + Number(fields[14]) : 0;
  return (await processTicks(pid)) + ended + (await Promise.all(pids.map(processTicks))).reduce((a, b) => a + b, 0);
}

type CpuMark = { at: number; servers: number; haproxy: number; postgres: number; client: number; machine: number };

async function cpuMark(serverPids: number[], haproxyPid: number | null, postmasterPid: number | null): Promise<CpuMark> {
  const servers = (await Promise.all(serverPids.map(processTicks))).reduce((a, b) => a + b, 0);
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    servers,
    haproxy: haproxyPid ? await processTicks(haproxyPid) : 0,
    postgres: postmasterPid ? await treeTicks(postmasterPid) : 0,
    client: ((usage.user + usage.system) / 1e6) * TICKS_PER_SECOND,
    machine: await machineTicks(),
  };
}

function cpuShare(from: CpuMark, to: CpuMark, withHaproxy: boolean, withPostgres: boolean, accepted: number): CpuShare {
  const seconds = (to.at - from.at) / 1000;
  const per = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100) / 100;
  const perMessage = (ticks: number) => (accepted > 0 ? Math.round(((ticks / TICKS_PER_SECOND) * 1000 * 100) / accepted) / 100 : null);
  const servers = per(to.servers - from.servers);
  const haproxy = withHaproxy ? per(to.haproxy - from.haproxy) : null;
  const postgres = withPostgres ? per(to.postgres - from.postgres) : null;
  const benchClient = per(to.client - from.client);
  const machine = per(to.machine - from.machine);
  return {
    servers, haproxy, postgres, benchClient, machine,
    rest: Math.round((machine - servers - (haproxy ?? 0) - (postgres ?? 0) - benchClient) * 100) / 100,
    serverMsPerMessage: perMessage(to.servers - from.servers),
    postgresMsPerMessage: withPostgres ? perMessage(to.postgres - from.postgres) : null,
  };
}

/** The processes under test: one (like `npm start`), or N behind HAProxy with the shipped configuration. */
type Deployment = { baseUrl: string; pids: number[]; haproxyPid: number | null; stop(): Promise<void> };

async function deploy(kind: Kind, options: Options, env: Record<string, string>, workDir: string): Promise<Deployment> {
  // Started as `npm start` starts it (node scripts/start.mjs); app1 under --cpu-prof when asked.
  const nodeArgs = (index: number): string[] => (options.cpuProf && index === 0 ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(options.cpuProf)}`] : []);
  const apps: ProductionProcess[] = [];
  const count = kind === "cluster" ? options.processes : 1;
  for (let i = 0; i < count; i++) {
    const name = `app${i + 1}`;
    const dataDir = path.join(workDir, name);
    await mkdir(dataDir, { recursive: true });
    const appEnv = { ...env, DATA_DIR: dataDir, ...(kind === "cluster" ? { TRUSTED_PROXIES: "127.0.0.1" } : {}) };
    apps.push(new ProductionProcess(name, await freePort(), appEnv, path.join(workDir, `${name}.log`), nodeArgs(i)));
  }
  // Each process migrates under an advisory lock, so they may start together.
  await Promise.all(apps.map((app) => app.start(300_000)));
  const haproxy =
    kind === "cluster" ? await startHaproxy({ port: await freePort(), servers: apps.map((a) => ({ name: a.name, port: a.port })) }) : null;
  if (haproxy) await Promise.all(apps.map((app) => haproxy.waitForStatus(app.name, "UP", 60_000)));
  return {
    baseUrl: haproxy?.url ?? `http://127.0.0.1:${apps[0]!.port}`,
    pids: apps.map((a) => a.pid!),
    haproxyPid: haproxy?.pid ?? null,
    async stop() {
      await haproxy?.stop();
      for (const app of apps) {
        if (!app.running()) console.warn(`[${kind}] ${app.name} had exited before the end; its last output:\n${app.output().slice(-3000)}`);
      }
      await Promise.all(apps.map((app) => app.close()));
    },
  };
}

async function runOne(kind: Kind, options: Options): Promise<RunResult> {
  const loadBefore = Math.round(loadavg()[0]! * 10) / 10;
  let clients = options.clients[kind];
  if (kind === "cluster") {
    // HAProxy holds two descriptors per stream: on a machine whose open-files limit is too low for 10,000 streams
    // (a container that may not raise it), hold as many as its maxconn allows, leaving room for the senders.
    const maxconn = await maxconnForThisMachine(await readFile(SHIPPED_CONFIG, "utf8"));
    if (clients > maxconn - 300) {
      console.warn(`[cluster] HAProxy's maxconn here is ${maxconn} (open-files limit ${await openFilesHardLimit()}): holding ${maxconn - 300} streams instead of ${clients}`);
      clients = maxconn - 300;
    }
  }
  const processes = kind === "cluster" ? options.processes : 1;
  const totalMessages = options.rates.reduce((sum, rate) => sum + Math.round(rate * options.seconds), 0);
  const senders = Math.ceil(totalMessages / MESSAGES_PER_SENDER) + 10;
  const secret = randomBytes(32).toString("hex");
  const workDir = await mkdtemp(path.join(tmpdir(), "nd-bench-sse-"));
  const pgDb = kind === "embedded" ? null : await postgresDatabase(options.databaseUrl);
  try {
    console.log(`[${kind}] seeding ${clients} owners with businesses and ${senders} senders…`);
    const database = pgDb
      ? await openDatabase({ kind: "postgres", url: pgDb.url, poolSize: 2 })
      : await openDatabase({ kind: "embedded", dataDir: path.join(workDir, "app1"), purpose: "bench seed" });
    let seeded: Seeded;
    try {
      await migrateDatabase(database);
      seeded = await seed(database, clients, senders, secret);
    } finally {
      await database.close();
    }

    const target = await deploy(
      kind,
      options,
      { AUTH_SECRET: secret, DEMO_SEED: "false", LOG_LEVEL: "warn", SHUTDOWN_DRAIN_MS: "0", ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) },
      workDir,
    );
    const base = new URL(target.baseUrl);
    const rss = async () => {
      const each = await Promise.all(target.pids.map(rssMb));
      return each.some((n) => n === null) ? null : each.reduce((a, b) => a! + b!, 0);
    };
    try {
      const idle = await rss();
      console.log(`[${kind}] ${processes} server process(es) up (pids ${target.pids.join(", ")}${target.haproxyPid ? `, haproxy ${target.haproxyPid}` : ""}); opening ${clients} streams…`);
      const connectStarted = performance.now();
      const { streams, failed } = await openStreams(
        base,
        seeded.owners.map((o) => o.cookie),
        (seq, at) => receiptHandler(seq, at),
      );
      const connectSeconds = Math.round((performance.now() - connectStarted) / 100) / 10;
      const connected = await rss();
      console.log(`[${kind}] ${streams.length} streams open (${failed} failed) in ${connectSeconds} s; server RSS ${connected} MB`);

      const steps: RunResult["steps"] = [];
      const senderCursor = { next: 0 };
      let seq = 0;
      for (const rate of options.rates) {
        const previous = steps.at(-1);
        if (previous && previous.achievedRate < previous.rate * 0.8) {
          // The server no longer keeps up: higher rates would only queue (and take minutes).
          console.log(`[${kind}] ${rate}/s skipped: the server reached ${previous.achievedRate}/s at ${previous.rate}/s`);
          continue;
        }
        const postmaster = pgDb?.postmasterPid ?? null;
        const before = await cpuMark(target.pids, target.haproxyPid, postmaster);
        const step = await runStep(base, seeded, senderCursor, rate, options.seconds, seq);
        const cpu = cpuShare(before, await cpuMark(target.pids, target.haproxyPid, postmaster), target.haproxyPid !== null, postmaster !== null, step.accepted);
        seq += step.sent;
        steps.push({ ...step, cpu });
        console.log(
          `[${kind}] ${rate}/s: accepted ${step.accepted}/${step.sent} (refused ${step.refused}), received ${step.received}, lost ${step.lost}, ` +
            `achieved ${step.achievedRate}/s, latency p50 ${step.latencyMs.p50} p95 ${step.latencyMs.p95} p99 ${step.latencyMs.p99} max ${step.latencyMs.max} ms, ` +
            `send p95 ${step.sendMs.p95} ms; CPU (cores) servers ${cpu.servers}, haproxy ${cpu.haproxy ?? "-"}, postgres ${cpu.postgres ?? "-"}, ` +
            `bench client ${cpu.benchClient}, rest ${cpu.rest}, machine ${cpu.machine}; per message: servers ${cpu.serverMsPerMessage} ms, postgres ${cpu.postgresMsPerMessage ?? "-"} ms`,
        );
      }
      const end = await rss();
      const droppedStreams = streams.filter((s) => s.dropped()).length;
      for (const stream of streams) stream.close();
      // Kept up: nothing lost or refused, and the accepted rate (counted until the last answer, so the queue's
      // tail counts against it) within 15% of the target.
      const sustained = steps.filter((s) => s.lost === 0 && s.refused === 0 && s.achievedRate >= s.rate * 0.85);
      return {
        database: kind,
        processes,
        loadAverage: { before: loadBefore, after: Math.round(loadavg()[0]! * 10) / 10 },
        clientsWanted: clients,
        clientsConnected: streams.length,
        clientsFailed: failed,
        connectSeconds,
        serverRssMb: { idle, connected, end },
        droppedStreams,
        steps,
        highestRateWithoutLoss: sustained.length ? Math.max(...sustained.map((s) => s.rate)) : null,
      };
    } finally {
      await target.stop();
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
    await pgDb?.cleanup();
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!hasProductionBuild()) throw new Error("No production build: run `npx react-router build` first.");
  if (options.dbs.includes("cluster") && !hasHaproxy()) throw new Error(`The cluster needs HAProxy (${HAPROXY_PATH}; apt-get install haproxy).`);
  const results: RunResult[] = [];
  for (const kind of options.dbs) results.push(await runOne(kind, options));
  agent.destroy();

  console.log(`\nSSE delivery (latency from POST /api/messages to the recipient's stream); ${cpus().length} CPUs\n`);
  console.log(
    "| database | processes | streams held | rate (msg/s) | accepted | lost | achieved (msg/s) | p50 ms | p95 ms | p99 ms | CPU servers / haproxy / postgres / bench client / rest (cores) | CPU ms per message (servers / postgres) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of results) {
    for (const s of r.steps) {
      console.log(
        `| ${r.database} | ${r.processes} | ${r.clientsConnected}/${r.clientsWanted} | ${s.rate} | ${s.accepted}/${s.sent} | ${s.lost} | ${s.achievedRate} | ${s.latencyMs.p50} | ${s.latencyMs.p95} | ${s.latencyMs.p99} | ` +
          `${s.cpu.servers} / ${s.cpu.haproxy ?? "-"} / ${s.cpu.postgres ?? "-"} / ${s.cpu.benchClient} / ${s.cpu.rest} | ${s.cpu.serverMsPerMessage} / ${s.cpu.postgresMsPerMessage ?? "-"} |`,
      );
    }
  }
  for (const r of results) {
    console.log(
      `\n${r.database}: highest rate with no lost message: ${r.highestRateWithoutLoss ?? "none"} msg/s; ` +
        `streams connected in ${r.connectSeconds} s; server RSS idle ${r.serverRssMb.idle} MB, with streams ${r.serverRssMb.connected} MB, ` +
        `after ${r.serverRssMb.end} MB; streams dropped during the run: ${r.droppedStreams}; ` +
        `load average ${r.loadAverage.before} → ${r.loadAverage.after}`,
    );
  }
  if (options.json) await writeFile(options.json, JSON.stringify({ when: new Date().toISOString(), options, results }, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
