/**
 * The reference deployment, run for real (issue 14, "Several processes, one PostgreSQL, a real load
 * balancer"): a PostgreSQL server of the test's own, the local S3 server, three app processes from the
 * production build (node scripts/start.mjs, as systemd's unit runs it) and Debian's HAProxy with the SHIPPED
 * deploy/haproxy.cfg (tests/support/haproxy.ts substitutes ports only, and adds X-Served-By). Every
 * observation goes through the balancer; X-Served-By says which process answered.
 * Run: npm run build && npx vitest run --config vitest.cluster.config.ts (npm test's step `cluster`).
 */
import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, readlink, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { businessImages, businessMessages } from "../../db/schema";
import { createBusiness, createOwner, createVisitor, type CreatedUser } from "../../db/seed/factories";
import { signIn } from "../../app/features/accounts/sign-in.server";
import { openDatabase, queryRows, useDatabase, type Database } from "../../app/lib/db.server";
import { parseEnv, setEnv } from "../../app/lib/env.server";
import { fakeTermii, type FakeTermii, type TermiiCall } from "../support/fake-termii";
import { ProductionProcess } from "../support/production-process";
import { LiveClient, MessageLoad, tally, type Sender, type Tally, type Target } from "../support/cluster-load";
import { hasHaproxy, HAPROXY_PATH, SERVED_BY, startHaproxy, type Haproxy } from "../support/haproxy";
import { pngImage } from "../support/images";
import { findPostgresBin, startPostgres, type PostgresServer } from "../support/postgres-server";
import { startS3Server, type S3Server } from "../support/s3-server";
import { freePort, hasProductionBuild } from "../support/server-process.mjs";
import { openEventStream, type EventStream } from "../support/sse-client";

const PROCESSES = ["app1", "app2", "app3"] as const;
const RATE_PER_SECOND = 8;
const SENDERS = 160;
const LIVE_CLIENTS_PER_OWNER = 2;
/** Requests until each process has answered one: round robin makes it three, unless other traffic (the load) takes turns. */
const TRIES_FOR_EACH_PROCESS = 40;

const missing = [
  !hasHaproxy() && `HAProxy (${HAPROXY_PATH}; apt-get install haproxy)`,
  !findPostgresBin() && "PostgreSQL's server binaries (/usr/lib/postgresql/*/bin; apt-get install postgresql)",
  !hasProductionBuild() && "the production build (npm run build)",
].filter((item): item is string => Boolean(item));
const inCi = process.env.CI === "true" || process.env.CI === "1";
if (missing.length > 0) console.warn(`cluster test SKIPPED: missing ${missing.join(", ")}`);

describe.runIf(missing.length > 0 && inCi)("cluster test prerequisites (CI)", () => {
  it("has HAProxy, PostgreSQL and the production build", () => {
    throw new Error(`CI must run the cluster test; missing: ${missing.join(", ")}`);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const figures: [string, string | number][] = [];
const figure = (name: string, value: string | number) => {
  figures.push([name, value]);
};

describe.skipIf(missing.length > 0)("three processes behind HAProxy on one PostgreSQL and one bucket", () => {
  let postgres: PostgresServer;
  let s3: S3Server;
  let haproxy: Haproxy;
  let termii: FakeTermii;
  let database: Database;
  let workDir: string;
  let lb: string;
  const metricsToken = randomBytes(24).toString("base64url");
  const apps = new Map<string, ProductionProcess>();
  const liveClients: LiveClient[] = [];
  const loads = new Set<MessageLoad>();
  /** Two live clients per owner, for the load phases (made once, kept across phases, like open browser tabs). */
  const ensureLiveClients = async () => {
    if (liveClients.length > 0) return;
    for (const owner of owners) {
      for (let i = 0; i < LIVE_CLIENTS_PER_OWNER; i++) liveClients.push(new LiveClient(lb, owner.id, cookies.get(owner.id)!));
    }
    await sleep(500);
  };
  const startLoad = (label: string, options: { retryFor?: number[] } = {}) => {
    const load = new MessageLoad(lb, senders, targets, { label, ratePerSecond: RATE_PER_SECOND, ...options });
    loads.add(load);
    load.start();
    return load;
  };

  let owners: CreatedUser[] = [];
  let targets: Target[] = [];
  let senders: Sender[] = [];
  /**
   * Visitors the load never writes as: a message sent by hand after a load phase must not meet the 5-a-minute limit
   * of a sender the load just used (on a slow machine it did).
   */
  let quiet: Sender[] = [];
  const cookies = new Map<string, string>();

  let address = 0;
  const nextAddress = () => `10.${60 + Math.floor(++address / 65_000)}.${Math.floor(address / 250) % 250}.${address % 250}`;

  /** A session cookie made in this process by the sign-in use case (the servers share the database and AUTH_SECRET). */
  async function cookieFor(user: CreatedUser): Promise<string> {
    const result = await signIn({ email: user.email, password: user.password! }, { request: new Request(`${lb}/login`), clientAddress: nextAddress() });
    if (result.status !== "signed-in") throw new Error(`sign-in did not complete: ${result.status}`);
    return result.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  /** A request through the balancer; `servedBy` is the process that answered (absent when HAProxy itself did). */
  async function through(pathname: string, init: RequestInit & { timeoutMs?: number } = {}) {
    const begin = Date.now();
    const response = await fetch(`${lb}${pathname}`, { redirect: "manual", signal: AbortSignal.timeout(init.timeoutMs ?? 15_000), ...init });
    const body = await response.text();
    return { status: response.status, headers: response.headers, body, servedBy: response.headers.get(SERVED_BY), ms: Date.now() - begin };
  }

  /** Opens streams through the balancer until there is one on each process (round robin: a few tries), within `timeoutMs`. */
  async function streamOnEachProcess(cookie: string, timeoutMs = 10_000, label?: string): Promise<Map<string, EventStream>> {
    const begin = Date.now();
    const streams = new Map<string, EventStream>();
    const refusals: string[] = [];
    const deadline = Date.now() + timeoutMs;
    while (streams.size < PROCESSES.length && Date.now() < deadline) {
      const stream = await openEventStream(`${lb}/events`, { cookie }).catch(() => null);
      const by = stream?.headers.get(SERVED_BY);
      if (stream?.status === 200 && by && !streams.has(by)) streams.set(by, stream);
      else {
        if (stream?.status !== 200) refusals.push(`${stream?.status ?? "network error"}@${by ?? "haproxy"}`);
        stream?.close();
        if (stream?.status !== 200) await sleep(100);
      }
    }
    if (streams.size < PROCESSES.length) {
      for (const stream of streams.values()) stream.close();
      throw new Error(`streams only on ${[...streams.keys()].join(", ")}; refused: ${refusals.slice(-10).join(", ")}`);
    }
    if (label) {
      const counts = new Map<string, number>();
      for (const r of refusals) counts.set(r, (counts.get(r) ?? 0) + 1);
      figure(label, `${Date.now() - begin} ms; refused meanwhile: ${[...counts].map(([r, n]) => `${r}×${n}`).join(" ") || "none"}`);
    }
    return streams;
  }

  async function storedCounts(keys: string[], texts: string[]) {
    const byKey = new Map<string, number>();
    const byText = new Map<string, number>();
    const { db } = database;
    for (let i = 0; i < keys.length; i += 500) {
      const rows = await db
        .select({ key: businessMessages.idempotencyKey, n: sql<number>`count(*)::int` })
        .from(businessMessages)
        .where(inArray(businessMessages.idempotencyKey, keys.slice(i, i + 500)))
        .groupBy(businessMessages.idempotencyKey);
      for (const row of rows) byKey.set(row.key!, row.n);
    }
    for (let i = 0; i < texts.length; i += 500) {
      const rows = await db
        .select({ text: businessMessages.message, n: sql<number>`count(*)::int` })
        .from(businessMessages)
        .where(inArray(businessMessages.message, texts.slice(i, i + 500)))
        .groupBy(businessMessages.message);
      for (const row of rows) byText.set(row.text, row.n);
    }
    return { byKey, byText };
  }

  /** Stops the load, waits for the live clients to catch up, and counts. */
  async function finish(load: MessageLoad, label: string): Promise<Tally> {
    await load.stop();
    const accepted = load.messages.filter((m) => m.accepted);
    await Promise.all(
      liveClients.map((client) =>
        client.waitForMessages(accepted.filter((m) => m.ownerId === client.ownerId).map((m) => m.messageId ?? "none"), 15_000),
      ),
    );
    const { byKey, byText } = await storedCounts(load.messages.map((m) => m.key), load.messages.map((m) => m.text));
    const result = tally(load.messages, byKey, byText, liveClients);
    expect(result.delivered + result.undelivered, "each accepted message is expected at each of its owner's live clients").toBe(result.accepted * LIVE_CLIENTS_PER_OWNER);
    const answers = [...load.answers.entries()].map(([k, v]) => `${k}×${v}`).join(" ");
    figure(
      `${label}: messages`,
      `sent ${result.sent}, accepted ${result.accepted}, stored ${result.stored}, delivered ${result.delivered}/${result.accepted * LIVE_CLIENTS_PER_OWNER}, lost ${result.lost}, duplicated ${result.duplicated}, undelivered ${result.undelivered}, delivered twice ${result.deliveredTwice}, refused ${result.refused}`,
    );
    figure(`${label}: answers`, answers);
    const refusedOutcomes = load.messages.filter((m) => !m.accepted).map((m) => m.outcome);
    if (refusedOutcomes.length > 0) figure(`${label}: refused outcomes`, [...new Set(refusedOutcomes)].join("; "));
    return result;
  }

  /** nd_job_runs_total per job, summed over the three processes (GET /metrics with the token, through the balancer). */
  async function jobRunsMetrics(): Promise<Map<string, number>> {
    const perProcess = new Map<string, Map<string, number>>();
    for (let i = 0; i < TRIES_FOR_EACH_PROCESS && perProcess.size < PROCESSES.length; i++) {
      const answer = await through("/metrics", { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(answer.status, `/metrics from ${answer.servedBy}`).toBe(200);
      const counts = new Map<string, number>();
      for (const match of answer.body.matchAll(/^nd_job_runs_total\{([^}]*)\} (\d+(?:\.\d+)?)$/gm)) {
        const job = /job="([^"]+)"/.exec(match[1]!)?.[1];
        if (job) counts.set(job, (counts.get(job) ?? 0) + Number(match[2]));
      }
      perProcess.set(answer.servedBy!, counts);
    }
    expect(perProcess.size).toBe(PROCESSES.length);
    const total = new Map<string, number>();
    for (const counts of perProcess.values()) for (const [job, n] of counts) total.set(job, (total.get(job) ?? 0) + n);
    return total;
  }

  /** Polls `check` every 100 ms until it answers something (not undefined or false); fails after `timeoutMs`. */
  async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value !== undefined && value !== false) return value;
      if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
      await sleep(100);
    }
  }

  /** Mobile numbers as a person types them (0803…), a new one for each text so that each is counted on its own. */
  const mobileBase = randomInt(1_000_000, 9_000_000);
  let mobiles = 0;
  const newMobile = () => `0803${mobileBase + ++mobiles}`;
  /** The number as Termii gets it (international digits, no plus). */
  const termiiNumber = (mobile: string) => `234${mobile.slice(1)}`;

  /** A sign-in code by SMS, asked for as the /login form's phone way does, through the balancer. */
  const askSignInCode = (mobile: string) =>
    through("/login", {
      method: "POST",
      headers: { origin: lb, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextAddress() },
      body: new URLSearchParams({ intent: "phone-code", phone: mobile }),
    });

  type SmsJob = { id: string; state: string; retry_count: number; expire_s: number };
  const smsJobs = (mobile: string) =>
    queryRows<SmsJob>(
      database.db,
      sql`select id, state::text as state, retry_count, extract(epoch from expire_in)::float8 as expire_s
          from pgboss.job where name = 'sms' and data->>'to' = ${`+${termiiNumber(mobile)}`} order by created_on`,
    );

  /**
   * The app process that made `call` to the fake Termii: the one holding the TCP connection whose local port is the
   * call's remote port (Linux: /proc/net/tcp names the socket's inode, /proc/<pid>/fd the process holding it).
   */
  async function callerOf(call: TermiiCall): Promise<ProductionProcess | undefined> {
    const termiiPort = Number(new URL(termii.baseUrl).port);
    const inodes = new Set<string>();
    for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
      for (const line of (await readFile(table, "utf8").catch(() => "")).split("\n").slice(1)) {
        const [, local, remote, , , , , , , inode] = line.trim().split(/\s+/);
        const port = (address: string | undefined) => parseInt(address?.split(":").at(-1) ?? "", 16);
        if (inode && port(local) === call.remotePort && port(remote) === termiiPort) inodes.add(inode);
      }
    }
    for (const app of apps.values()) {
      if (!app.pid) continue;
      for (const fd of await readdir(`/proc/${app.pid}/fd`).catch(() => [])) {
        const target = await readlink(`/proc/${app.pid}/fd/${fd}`).catch(() => "");
        if (inodes.has(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? "")) return app;
      }
    }
    return undefined;
  }

  async function waitAllUp(timeoutMs = 60_000) {
    await Promise.all(PROCESSES.map((name) => haproxy.waitForStatus(name, "UP", timeoutMs)));
  }

  beforeAll(async () => {
    const begin = Date.now();
    workDir = await mkdtemp(path.join(tmpdir(), "nd-cluster-"));
    [postgres, s3, termii] = await Promise.all([startPostgres({ database: "naija_cluster" }), startS3Server(), fakeTermii()]);
    const lbPort = await freePort();
    lb = `http://127.0.0.1:${lbPort}`;
    const shared: Record<string, string> = {
      DATABASE_URL: postgres.url,
      AUTH_SECRET: randomBytes(36).toString("base64url"),
      PUBLIC_URL: lb,
      TRUSTED_PROXIES: "127.0.0.1",
      DEMO_SEED: "false",
      LOG_LEVEL: "warn",
      JOBS_INTERVAL_MS: "1000",
      METRICS_TOKEN: metricsToken,
      // Texts go through Termii (the fake, on loopback: allowed outside NODE_ENV=production, as here).
      SMS_PROVIDER: "termii",
      TERMII_API_KEY: termii.apiKey,
      TERMII_SENDER_ID: "NaijaDir",
      TERMII_BASE_URL: termii.baseUrl,
      ...s3.env,
    };
    for (const name of PROCESSES) {
      const port = await freePort();
      apps.set(name, new ProductionProcess(name, port, { ...shared, DATA_DIR: path.join(workDir, name) }, path.join(workDir, `${name}.log`)));
    }
    // Each process migrates under an advisory lock, so they may start together.
    await Promise.all([...apps.values()].map((app) => app.start()));
    figure("start-up per process (ms)", [...apps.values()].map((a) => `${a.name} ${a.startupMs}`).join(", "));
    haproxy = await startHaproxy({ port: lbPort, servers: [...apps.values()].map((a) => ({ name: a.name, port: a.port })) });
    await waitAllUp();
    figure("cluster up (PostgreSQL, S3, 3 processes, HAProxy) (ms)", Date.now() - begin);

    // This process reaches the same database to make accounts and count rows (observations go through HAProxy).
    setEnv(parseEnv({ ...shared, DATA_DIR: path.join(workDir, "test"), LOG_LEVEL: "silent" }));
    database = await openDatabase({ kind: "postgres", url: postgres.url, poolSize: 4 });
    useDatabase(database);
    const { db } = database;
    owners = [];
    for (let i = 0; i < 3; i++) owners.push(await createOwner(db, { firstName: `Owner${i}` }));
    targets = [];
    for (const owner of owners) targets.push({ businessId: (await createBusiness(db, { userId: owner.id })).id, ownerId: owner.id });
    // Cheap password hashes for the load's many accounts (the hash's own parameters decide the cost).
    const cheapHash = await hash("Load-test-passw0rd!", { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const visitors: CreatedUser[] = [];
    for (let i = 0; i < SENDERS; i++) {
      visitors.push({ ...(await createVisitor(db, { passwordHash: cheapHash })), password: "Load-test-passw0rd!" });
    }
    for (const owner of owners) cookies.set(owner.id, await cookieFor(owner));
    senders = [];
    for (let i = 0; i < visitors.length; i += 8) {
      const batch = await Promise.all(visitors.slice(i, i + 8).map(async (v) => ({ userId: v.id, cookie: await cookieFor(v), address: nextAddress() })));
      senders.push(...batch);
    }
    quiet = senders.splice(-2);
  }, 240_000);

  // A test that failed half-way must not leave its load running into the next one.
  // ... nor a process stopped: the next test starts with all three up.
  afterEach(async () => {
    await Promise.allSettled([...loads].map((load) => load.stop()));
    loads.clear();
    if (postgres && !postgres.running()) await postgres.start();
    await Promise.all([...apps.values()].filter((app) => !app.running()).map((app) => app.start()));
    if (haproxy) await waitAllUp();
  }, 120_000);

  afterAll(async () => {
    await Promise.allSettled(liveClients.map((c) => c.close()));
    await Promise.allSettled([...apps.values()].map((app) => app.close()));
    await haproxy?.stop().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await Promise.allSettled([postgres?.dispose(), s3?.stop(), termii?.close()]);
    if (figures.length > 0) {
      const width = Math.max(...figures.map(([name]) => name.length));
      console.log(`\nCluster test figures\n${figures.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`).join("\n")}\n`);
    }
    // CLUSTER_KEEP_LOGS=1 keeps the processes' logs (and prints where).
    if (workDir && process.env.CLUSTER_KEEP_LOGS) console.log(`cluster test: logs kept in ${workDir}`);
    else if (workDir) await rm(workDir, { recursive: true, force: true });
  }, 120_000);

  it("signs in through one process and uses the session on the others; wrong-password delays are shared", async () => {
    const person = await createVisitor(database.db);
    const form = (password: string) => new URLSearchParams({ email: person.email, password });
    const signedIn = await through("/login", {
      method: "POST",
      headers: { origin: lb, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextAddress() },
      body: form(person.password!),
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.servedBy).toMatch(/^app\d$/);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // The same session, on every process: a signed-in page answers 200; without it, the way to /login.
    const seen = new Set<string>();
    for (let i = 0; i < TRIES_FOR_EACH_PROCESS && seen.size < 3; i++) {
      const page = await through("/notifications", { headers: { cookie } });
      expect(page.status, `GET /notifications with the session, served by ${page.servedBy}`).toBe(200);
      seen.add(page.servedBy!);
    }
    expect([...seen].sort()).toEqual([...PROCESSES]);
    const anonymous = await through("/notifications");
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([302, "/login?redirectTo=%2Fnotifications"]);
    figure("sign-in", `signed in on ${signedIn.servedBy}; session used on ${[...seen].sort().join(", ")}`);

    // Someone guessing this account's password from ever-new addresses: 5 free tries, then every attempt waits,
    // the right password too, whichever process answers.
    const victim = await createVisitor(database.db);
    const attempt = (password: string) =>
      through("/login", {
        method: "POST",
        headers: { origin: lb, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextAddress() },
        body: new URLSearchParams({ email: victim.email, password }),
      });
    const free: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await attempt(`Wrong-guess-${i}-passw0rd`);
      expect(answer.status).toBe(401);
      free.push(answer.servedBy!);
    }
    const delayed: string[] = [];
    for (const password of ["Wrong-guess-6-passw0rd", "Wrong-guess-7-passw0rd", victim.password!]) {
      const answer = await attempt(password);
      expect(answer.status, `attempt answered by ${answer.servedBy}`).toBe(429);
      delayed.push(answer.servedBy!);
    }
    expect(new Set(free).size).toBe(3);
    expect(new Set(delayed).size).toBeGreaterThan(1);
    figure("wrong passwords", `5 free (${free.join(" ")}), then delayed (${delayed.join(" ")})`);

    // The message limit (5 a minute) counts across processes: the person signed in above sends six.
    const statuses: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await through("/api/messages", {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ businessId: targets[0]!.businessId, message: `limit ${i}`, idempotencyKey: randomUUID() }),
      });
      statuses.push(`${answer.status}@${answer.servedBy}`);
    }
    expect(statuses.slice(0, 5).every((s) => s.startsWith("201@"))).toBe(true);
    expect(statuses[5]).toMatch(/^429@/);
    expect(new Set(statuses.map((s) => s.split("@")[1])).size).toBe(3);
    figure("message limit", statuses.join(" "));
  }, 60_000);

  it("a message sent through one process reaches streams on the others within a second", async () => {
    const owner = owners[0]!;
    const streams = await streamOnEachProcess(cookies.get(owner.id)!);
    try {
      // Streams are subscribed before the first byte; give the replay a moment to finish.
      await sleep(200);
      const text = `live ${randomUUID()}`;
      const sentAt = Date.now();
      const sent = await through("/api/messages", {
        method: "POST",
        headers: { cookie: quiet[0]!.cookie, "content-type": "application/json", "x-forwarded-for": quiet[0]!.address },
        body: JSON.stringify({ businessId: targets[0]!.businessId, message: text, idempotencyKey: randomUUID() }),
      });
      expect(sent.status).toBe(201);
      const latencies: string[] = [];
      await Promise.all(
        [...streams.entries()].map(async ([by, stream]) => {
          await stream.waitFor((e) => e.type === "message.created" && (e.payload.message as { text?: string }).text === text, 1_000);
          latencies.push(`${by} ${Date.now() - sentAt} ms`);
        }),
      );
      const elsewhere = [...streams.keys()].filter((by) => by !== sent.servedBy);
      expect(elsewhere.length).toBe(2);
      figure("live message", `sent through ${sent.servedBy}; received on ${latencies.sort().join(", ")}`);
    } finally {
      for (const stream of streams.values()) stream.close();
    }
  }, 30_000);

  it("an image uploaded through one process is served by the others (the files are in the bucket)", async () => {
    // A new owner (KYC approved, no listing yet: the free plan's one listing is still to make).
    const owner = await createOwner(database.db);
    cookies.set(owner.id, await cookieFor(owner));
    const form = new FormData();
    const fields = {
      name: `Cluster Pharmacy ${randomUUID().slice(0, 6)}`,
      description: "Prescriptions, baby care and first aid, open late.",
      category: "Pharmacy store",
      address: "14 Adetokunbo Ademola Crescent, Wuse 2",
      state: "FCT",
      country: "Nigeria",
      phoneNumber: "0809 555 1234",
      products: "Prescriptions\nFirst aid kits",
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.append("images", new Blob([new Uint8Array(await pngImage(900, 600))], { type: "image/png" }), "front.png");
    const created = await through("/business/create", { method: "POST", headers: { cookie: cookies.get(owner.id)!, origin: lb }, body: form });
    expect([created.status, created.headers.get("location")]).toEqual([302, "/dashboard?notice=created"]);

    const rows = await database.db
      .select({ key: businessImages.imageUrl })
      .from(businessImages)
      .innerJoin(sql`businesses b`, sql`b.id = ${businessImages.businessId}`)
      .where(and(sql`b.user_id = ${owner.id}`, eq(sql`b.name`, fields.name)));
    expect(rows).toHaveLength(1);
    const key = rows[0]!.key;
    const served = new Map<string, string>();
    for (let i = 0; i < TRIES_FOR_EACH_PROCESS && served.size < 3; i++) {
      const response = await fetch(`${lb}/media/business-images/${key}?w=320`, { signal: AbortSignal.timeout(15_000) });
      const body = Buffer.from(await response.arrayBuffer());
      const by = response.headers.get(SERVED_BY)!;
      expect(response.status, `/media from ${by}`).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      served.set(by, createHash("sha256").update(body).digest("hex").slice(0, 12));
    }
    expect([...served.keys()].sort()).toEqual([...PROCESSES]);
    const others = [...served.keys()].filter((by) => by !== created.servedBy);
    expect(others.length).toBe(2);
    figure("image", `uploaded through ${created.servedBy}; /media answered 200 by ${[...served.entries()].map(([b, h]) => `${b} (${h})`).sort().join(", ")}`);
  }, 60_000);

  it("a change committed anywhere empties every process's page cache at once (ADR 28)", async () => {
    const owner = await createOwner(database.db);
    const business = await createBusiness(database.db, { userId: owner.id, name: `Cached Bakery ${randomUUID().slice(0, 6)}` });
    const page = `/businesses/${business.id}`;
    // Each process asked three times: the second ask keeps the page, the third is served the copy.
    const asked = new Map<string, number>();
    const copies = new Set<string>();
    for (let i = 0; i < 60 && copies.size < 3; i++) {
      const answer = await through(page);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(business.name);
      const by = answer.servedBy!;
      asked.set(by, (asked.get(by) ?? 0) + 1);
      if (asked.get(by)! >= 3) {
        expect(answer.headers.get("etag"), `a copy from ${by}`).toBeTruthy();
        copies.add(by);
      }
    }
    expect([...copies].sort()).toEqual([...PROCESSES]);

    const renamed = `Renamed Bakery ${randomUUID().slice(0, 6)}`;
    await database.db.execute(sql`update businesses set name = ${renamed} where id = ${business.id}`);
    const committed = Date.now();
    await sleep(200);
    const fresh = new Set<string>();
    for (let i = 0; i < TRIES_FOR_EACH_PROCESS && fresh.size < 3; i++) {
      const answer = await through(page);
      expect(answer.body, `${answer.servedBy} ${Date.now() - committed} ms after the commit`).toContain(renamed);
      fresh.add(answer.servedBy!);
    }
    expect([...fresh].sort()).toEqual([...PROCESSES]);
    figure("page cache", `copies on ${[...copies].sort().join(", ")}; the new name on every process 200 ms after the commit`);
  }, 60_000);

  it("scheduled jobs run once per tick across the cluster", async () => {
    // Runs per job: the rows in job_runs (one per claimed slot) and, independently, what the processes say they
    // ran (nd_job_runs_total, summed over the three /metrics). A process that ran a job without winning its
    // slot would show in the second and not the first.
    const rowsPerJob = async () => {
      const rows = await queryRows<{ job: string; n: number; by: number }>(
        database.db,
        sql`select job, count(*)::int as n, count(distinct ran_by)::int as by from job_runs group by job`,
      );
      return new Map(rows.map((r) => [r.job, { n: r.n, by: r.by }]));
    };
    const before = { metrics: await jobRunsMetrics(), rows: await rowsPerJob() };
    await sleep(5_500);
    const after = { rows: await rowsPerJob(), metrics: await jobRunsMetrics() };
    const lines: string[] = [];
    for (const job of ["expire-featured", "purge-kyc-documents", "search-statistics"]) {
      const rows = (after.rows.get(job)?.n ?? 0) - (before.rows.get(job)?.n ?? 0);
      const ran = (after.metrics.get(job) ?? 0) - (before.metrics.get(job) ?? 0);
      // 5.5 s at one slot a second: 5 or 6 slots (a run in progress at either end may count on one side only).
      expect(rows, `${job}: slots claimed`).toBeGreaterThanOrEqual(4);
      expect(rows, `${job}: slots claimed`).toBeLessThanOrEqual(7);
      expect(Math.abs(ran - rows), `${job}: runs reported by the processes (${ran}) vs slots claimed (${rows})`).toBeLessThanOrEqual(1);
      lines.push(`${job} ${rows} slots, ${ran} runs (by ${after.rows.get(job)?.by ?? 0} process(es) so far)`);
    }
    const duplicates = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from (select job, slot from job_runs group by 1, 2 having count(*) > 1) d`);
    expect(duplicates[0]?.n).toBe(0);
    figure("scheduled jobs (5.5 s, 1 s ticks)", lines.join("; "));
  }, 60_000);

  it("rolling restart under load: every accepted message stored once and delivered to every live client", async () => {
    await ensureLiveClients();
    const load = startLoad("rolling");
    await sleep(2_000);
    const steps: string[] = [];
    for (const app of apps.values()) {
      const begin = Date.now();
      const exit = await app.stop("SIGTERM");
      expect(exit.code, `${app.name} exit code after SIGTERM; its output:\n${app.output().slice(-4_000)}`).toBe(0);
      await app.start();
      const upMs = await haproxy.waitForStatus(app.name, "UP", 30_000);
      steps.push(`${app.name}: exited ${exit.ms} ms after SIGTERM (code ${exit.code}), back in HAProxy ${Date.now() - begin} ms later (started ${app.startupMs} ms, checks ${upMs} ms)`);
    }
    await sleep(1_000);
    const result = await finish(load, "rolling restart");
    figure("rolling restart: steps", steps.join("; "));
    figure(
      "rolling restart: live clients",
      `connections ${liveClients.map((c) => c.connections.length).join(", ")}; overlap events dropped as seen ${liveClients.reduce((n, c) => n + c.replayedAgain, 0)}`,
    );
    expect(result.accepted).toBeGreaterThan(100);
    expect({ lost: result.lost, duplicated: result.duplicated, undelivered: result.undelivered, deliveredTwice: result.deliveredTwice, refused: result.refused }).toEqual({
      lost: 0, duplicated: 0, undelivered: 0, deliveredTwice: 0, refused: 0,
    });
  }, 180_000);

  it("SIGKILL of one process mid-load: the balancer routes around it, nothing accepted is lost", async () => {
    const victim = apps.get("app2")!;
    await ensureLiveClients();
    const load = startLoad("sigkill");
    await sleep(2_000);
    const killedAt = Date.now();
    await victim.stop("SIGKILL");
    const downMs = await haproxy.waitForStatus(victim.name, "DOWN", 15_000);
    await sleep(2_000);
    await victim.start();
    await haproxy.waitForStatus(victim.name, "UP", 30_000);
    const backMs = Date.now() - killedAt;
    await sleep(1_000);
    const result = await finish(load, "SIGKILL");
    figure("SIGKILL: app2", `marked DOWN ${downMs} ms after the kill; restarted and UP again after ${backMs} ms`);
    expect(result.accepted).toBeGreaterThan(40);
    expect({ lost: result.lost, duplicated: result.duplicated, undelivered: result.undelivered, deliveredTwice: result.deliveredTwice, refused: result.refused }).toEqual({
      lost: 0, duplicated: 0, undelivered: 0, deliveredTwice: 0, refused: 0,
    });
  }, 120_000);

  it("PostgreSQL restarted mid-load: clean failures during the outage, every process recovers by itself", async () => {
    const pids = new Map([...apps.values()].map((a) => [a.name, a.pid]));
    // The clients retry 502/503/504 as always: a process without its database answers 503, never 500.
    await ensureLiveClients();
    const load = startLoad("postgres restart");
    await sleep(1_500);
    const stoppedAt = Date.now();
    await postgres.stop();

    // Straight away, before the balancer has taken them out: the processes answer, quickly, with errors.
    const outage: string[] = [];
    const ready = await through("/readyz", { timeoutMs: 8_000 });
    outage.push(`/readyz ${ready.status}@${ready.servedBy ?? "haproxy"} ${ready.ms} ms`);
    expect(ready.status).toBe(503);
    const page = await through("/businesses", { timeoutMs: 8_000 });
    outage.push(`/businesses ${page.status}@${page.servedBy ?? "haproxy"} ${page.ms} ms`);
    expect(page.status).toBeGreaterThanOrEqual(500);
    expect(page.ms).toBeLessThan(5_000);
    if (page.servedBy) expect(page.body).toContain("Error ID");
    // The balancer sees every /readyz fail and takes all three out; what comes now is HAProxy's own 503.
    await Promise.all(PROCESSES.map((name) => haproxy.waitForStatus(name, "DOWN", 15_000)));
    const allDownMs = Date.now() - stoppedAt;
    const during = await through("/businesses", { timeoutMs: 8_000 });
    outage.push(`then /businesses ${during.status}@${during.servedBy ?? "haproxy"} ${during.ms} ms`);
    expect(during.status).toBe(503);
    await sleep(1_000);
    // Nobody exited meanwhile (a crash on a lost connection would show here, not as a slow recovery).
    for (const app of apps.values()) expect(app.running(), `${app.name} exited during the outage:\n${app.output().slice(-4_000)}`).toBe(true);
    const restartedAt = Date.now();
    await postgres.start();
    const recovery = await Promise.all(PROCESSES.map(async (name) => `${name} ${await haproxy.waitForStatus(name, "UP", 30_000)} ms`));
    figure("PostgreSQL outage", `${restartedAt - stoppedAt} ms; all three DOWN in HAProxy after ${allDownMs} ms; ${outage.join(", ")}`);
    figure("PostgreSQL: recovery per process (readyz 200 seen by HAProxy after the restart)", recovery.join(", "));

    // Pages again from every process, none restarted.
    const pages = new Set<string>();
    for (let i = 0; i < TRIES_FOR_EACH_PROCESS && pages.size < 3; i++) {
      const answer = await through("/businesses");
      expect(answer.status, `/businesses from ${answer.servedBy}`).toBe(200);
      pages.add(answer.servedBy!);
    }
    expect(pages.size).toBe(3);
    expect(new Map([...apps.values()].map((a) => [a.name, a.pid]))).toEqual(pids);

    // LISTEN reconnected on every process: fresh streams (no Last-Event-ID, so nothing is replayed) get a new message.
    const owner = owners[2]!;
    const streams = await streamOnEachProcess(cookies.get(owner.id)!, 20_000, "PostgreSQL: a stream open on each process (after pages 200)");
    try {
      await sleep(200);
      const text = `after the restart ${randomUUID()}`;
      const sentAt = Date.now();
      const sent = await through("/api/messages", {
        method: "POST",
        headers: { cookie: quiet[1]!.cookie, "content-type": "application/json", "x-forwarded-for": quiet[1]!.address },
        body: JSON.stringify({ businessId: targets[2]!.businessId, message: text, idempotencyKey: randomUUID() }),
      });
      expect(sent.status).toBe(201);
      const latencies = await Promise.all(
        [...streams.entries()].map(async ([by, stream]) => {
          await stream.waitFor((e) => e.type === "message.created" && (e.payload.message as { text?: string }).text === text, 3_000);
          return `${by} ${Date.now() - sentAt} ms`;
        }),
      );
      figure("PostgreSQL: live message after recovery", latencies.sort().join(", "));
    } finally {
      for (const stream of streams.values()) stream.close();
    }

    const result = await finish(load, "PostgreSQL restart");
    expect(result.accepted).toBeGreaterThan(20);
    expect({ lost: result.lost, duplicated: result.duplicated, undelivered: result.undelivered, deliveredTwice: result.deliveredTwice, refused: result.refused }).toEqual({
      lost: 0, duplicated: 0, undelivered: 0, deliveredTwice: 0, refused: 0,
    });
  }, 150_000);

  it("texts: one cut off by a SIGKILL mid-send is sent again once it expires, and ones asked for while Termii is down arrive when it is back; each once", async () => {
    const { db } = database;
    // Kept short by SQL on this test's own database: the sms queue's expiry is 5 s instead of 60 s for the text about
    // to be cut off (a job takes its queue's expiry when inserted), and this test's texts retry after 1 s instead of
    // 10 s (doubling from there: pgboss.job's retry_delay). What is waited for is real: the expiry, the processes' own
    // pg-boss maintenance (every 30 s, JOB_MAINTENANCE_INTERVAL_SECONDS) that moves the expired job to 'retry', and
    // their workers. The outage (b) runs while the cut-off text (a) waits for that maintenance.
    const killed = newMobile();
    let hung: TermiiCall;
    let cutOff: SmsJob;
    await db.execute(sql`update pgboss.queue set expire_seconds = 5 where name = 'sms'`);
    try {
      // (a) Termii does not answer the next call: the worker that sends it is stuck there, its job 'active'.
      termii.behave("hang", { times: 1 });
      expect((await askSignInCode(killed)).status).toBe(200);
      hung = await until("the fake Termii gets the code's text", () => termii.calls.find((c) => c.body.to === termiiNumber(killed)), 15_000);
      [cutOff] = (await smsJobs(killed)) as [SmsJob];
    } finally {
      await db.execute(sql`update pgboss.queue set expire_seconds = 60 where name = 'sms'`);
    }
    expect(cutOff).toMatchObject({ state: "active", retry_count: 0, expire_s: 5 });
    await db.execute(sql`update pgboss.job set retry_delay = 1 where id = ${cutOff.id}::uuid`);
    const victim = await callerOf(hung);
    if (!victim) throw new Error(`no app process holds the connection of the hung call (port ${hung.remotePort})`);
    const killedAt = Date.now();
    await victim.stop("SIGKILL");

    // The cut-off text's job, watched from now on: when each state is first seen, and who sends it in the end.
    const seen = new Map<string, number>();
    let sentBy = "?";
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const [row] = await smsJobs(killed);
        if (row && !seen.has(row.state)) seen.set(row.state, Date.now() - killedAt);
        if (row?.state === "completed") {
          const sent = termii.calls.find((c) => c.body.to === termiiNumber(killed) && c.status === 200);
          sentBy = (sent && (await callerOf(sent))?.name) ?? "?";
          return;
        }
        await sleep(100);
      }
    })();
    await haproxy.waitForStatus(victim.name, "DOWN", 15_000);
    const restarted = victim.start().then(async () => {
      await haproxy.waitForStatus(victim.name, "UP", 30_000);
      return Date.now() - killedAt;
    });
    restarted.catch(() => undefined); // awaited below

    // (b) Termii down (503) while three more codes are asked for: each tried and refused twice, waiting to be tried again.
    termii.behave("down");
    const downAt = Date.now();
    const outage = [newMobile(), newMobile(), newMobile()];
    for (const mobile of outage) expect((await askSignInCode(mobile)).status).toBe(200);
    const outageTo = sql.join(outage.map((mobile) => sql`${`+${termiiNumber(mobile)}`}`), sql`, `);
    await db.execute(sql`update pgboss.job set retry_delay = 1, start_after = least(start_after, now() + interval '2 seconds')
      where name = 'sms' and data->>'to' in (${outageTo}) and state in ('created', 'retry')`);
    const refusedCalls = () => termii.calls.filter((c) => outage.some((m) => c.body.to === termiiNumber(m)) && c.status === 503).length;
    await until(
      "the three texts refused (503) twice each and waiting to be tried again",
      async () => {
        const rows = (await Promise.all(outage.map(smsJobs))).flat();
        const eachRefused = outage.every((m) => termii.calls.filter((c) => c.body.to === termiiNumber(m) && c.status === 503).length >= 2);
        return eachRefused && rows.length === 3 && rows.every((row) => row.state === "retry");
      },
      30_000,
    );
    expect(termii.sent.filter((s) => outage.some((m) => s.to === termiiNumber(m)))).toEqual([]);
    const refusedWhileDown = refusedCalls();
    // Back: no step of ours, the workers' next tries get through.
    termii.behave("ok");
    const backAt = Date.now();
    // Each waits for its next try, which backs off (1 s doubling, with jitter): on a slow machine more refusals went
    // by before this point, so the wait is bounded by the latest next try, plus the 30 s a worker may take.
    const [{ next_try_s: nextTryS }] = await queryRows<{ next_try_s: number | null }>(
      database.db,
      sql`select extract(epoch from max(start_after) - now())::float8 as next_try_s from pgboss.job where name = 'sms' and data->>'to' in (${outageTo})`,
    );
    await until(
      "the three texts sent once Termii is back",
      async () => (await Promise.all(outage.map(smsJobs))).flat().every((row) => row.state === "completed"),
      30_000 + Math.max(0, (nextTryS ?? 0) * 1000),
    );
    const outageSentMs = Date.now() - backAt;

    // (a) again: the killed process back in the balancer, and its text sent by whichever process's worker took it.
    const upMs = await restarted;
    await until("the cut-off text sent again", () => seen.has("completed"), 90_000);
    watching = false;
    await watcher;

    expect(hung.status, "the first call was never answered").toBe(0);
    const jobs = await smsJobs(killed);
    expect(jobs.map((job) => [job.id, job.state])).toEqual([[cutOff.id, "completed"]]);
    expect(jobs[0]!.retry_count).toBeGreaterThanOrEqual(1);
    for (const mobile of [killed, ...outage]) {
      expect(termii.sent.filter((s) => s.to === termiiNumber(mobile)), `texts to ${mobile}`).toHaveLength(1);
      expect(await smsJobs(mobile), `jobs to ${mobile}`).toHaveLength(1);
    }
    // Nothing left that could send one of them again: no job of theirs waiting, to be tried again or active.
    const allTo = sql.join([killed, ...outage].map((mobile) => sql`${`+${termiiNumber(mobile)}`}`), sql`, `);
    const pending = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pgboss.job where name = 'sms' and data->>'to' in (${allTo}) and state in ('created', 'retry', 'active')`,
    );
    expect(pending[0]?.n).toBe(0);
    figure(
      "SMS cut off by SIGKILL",
      `${victim.name} killed while its call to Termii hung (job 'active', expiring after 5 s here, 60 s in production); ` +
        `'retry' seen ${seen.get("retry") ?? "-"} ms after the kill (the processes' maintenance), sent by ${sentBy} ${seen.get("completed")} ms after it; ` +
        `${victim.name} UP again after ${upMs} ms`,
    );
    figure(
      "SMS during a Termii outage",
      `3 codes asked for during a ${backAt - downAt} ms outage: ${refusedWhileDown} calls refused (503), all three 'retry', none sent; all three sent once ${outageSentMs} ms after Termii was back`,
    );
  }, 150_000);
});
