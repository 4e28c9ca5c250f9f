/**
 * Owner dashboard benchmark (issue 18): an owner with 3 listings and a year of analytics (365 daily rollups per
 * listing, 20 search texts a day each) opens /dashboard/analytics over HTTP on the production server: for all
 * listings and for one, over 7, 30 and 90 days, and the CSV. Requests go one after another at a fixed rate (open
 * loop); p50/p95/max per kind, from the scheduled start. The goal: every answer under 100 ms.
 *
 *   npm run build && node --import tsx bench/analytics/dashboard.mts --data-dir /tmp/bench-100k [--rate 10] [--rounds 30]
 *   … --database-url postgres://…/bench   (the data dir is then only the server's DATA_DIR)
 *
 * The owner (Premium), listings, rollups and a session are written straight into the database before the server
 * starts (the session cookie signed with the AUTH_SECRET the bench gives the server), and stay there.
 */
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import os from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase, queryRows } from "../../app/lib/db.server";
import { percentile, startServer, type BenchServer } from "../lib/server.mts";

const { values: args } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
    rate: { type: "string", default: "10" },
    rounds: { type: "string", default: "30" },
  },
});

const SESSION_COOKIE = "nd.session_token";
const PHONE = "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const WORDS = ["bakery", "bread", "agege bread", "cake", "birthday cake", "pastries", "meat pie", "doughnut", "chin chin", "small chops",
  "bakery near me", "fresh bread", "wedding cake", "cupcakes", "puff puff", "sausage roll", "buns", "cookies", "bakery ikeja", "pizza"];

async function seed(secret: string): Promise<{ cookie: string; listingIds: string[] }> {
  if (!args["data-dir"]) throw new Error("--data-dir is required");
  const database = args["database-url"]
    ? await openDatabase({ kind: "postgres", url: args["database-url"], poolSize: 2, statementTimeoutMs: 0 })
    : await openDatabase({ kind: "embedded", dataDir: args["data-dir"], purpose: "dashboard bench" });
  try {
    await migrateDatabase(database);
    const db = database.db;
    const id = `bench-owner-${randomBytes(4).toString("hex")}`;
    await db.execute(sql`insert into "user" (id, name, email, email_verified, role) values (${id}, 'Bench Owner', ${`${id}@bench.invalid`}, true, 'user')`);
    await db.execute(sql`insert into profiles (id, first_name, last_name, country, state, role, kyc_status)
      values (${id}, 'Bench', 'Owner', 'Nigeria', 'Lagos', 'business', 'approved')`);
    await db.execute(sql`insert into session (id, token, user_id, expires_at) values (${`s-${id}`}, ${`t-${id}`}, ${id}, now() + interval '1 day')`);
    await db.execute(sql`insert into subscriptions (user_id, plan_id, status, starts_at, ends_at) values (${id}, 'premium', 'active', now(), now() + interval '30 days')`);
    const listings = await queryRows<{ id: string }>(db, sql`
      insert into businesses (user_id, name, approved, approval_status, approved_at, state, category, created_at)
      select ${id}, 'Bench Bakery ' || n, true, 'approved', now() - interval '400 days', 'Lagos', 'Bakery', now() - interval '400 days'
      from generate_series(1, 3) as n returning id`);
    const listingIds = listings.map((l) => l.id);
    // Arrays as PostgreSQL array literals (drizzle would spread a JS array into a row).
    const ids = `{${listingIds.join(",")}}`;
    const words = `{${WORDS.map((w) => `"${w}"`).join(",")}}`;
    // A year of days (WAT), plausible counts, first replies some days.
    await db.execute(sql`
      insert into listing_daily_stats (business_id, day, views, impressions, calls, whatsapp, website, directions, conversations, messages, replies, reply_seconds)
      select b, d::date, 20 + h % 60, 150 + h % 400, h % 5, (h / 5) % 4, (h / 20) % 3, (h / 60) % 3, (h / 7) % 3, (h / 11) % 8, (h / 13) % 3,
        case when (h / 13) % 3 > 0 then array[60 + h % 7200, 300 + h % 20000] else '{}'::int[] end
      from unnest(${ids}::uuid[]) as b
      cross join generate_series((now() at time zone 'Africa/Lagos')::date - 364, (now() at time zone 'Africa/Lagos')::date, interval '1 day') as d
      cross join lateral (select abs(hashtext(b::text || d::text)) as h) as x`);
    await db.execute(sql`
      insert into listing_search_words (business_id, day, words, count)
      select b, d::date, w, 1 + abs(hashtext(b::text || d::text || w)) % 30
      from unnest(${ids}::uuid[]) as b
      cross join generate_series((now() at time zone 'Africa/Lagos')::date - 364, (now() at time zone 'Africa/Lagos')::date, interval '1 day') as d
      cross join unnest(${words}::text[]) as w`);
    const [size] = await queryRows<{ days: number; words: number }>(db, sql`select
      (select count(*)::int from listing_daily_stats) as days, (select count(*)::int from listing_search_words) as words`);
    console.log(`seeded: owner ${id}, 3 listings × 365 days; listing_daily_stats ${size!.days.toLocaleString("en")} rows, listing_search_words ${size!.words.toLocaleString("en")} rows`);
    const signature = createHmac("sha256", secret).update(`t-${id}`).digest("base64");
    return { cookie: `${SESSION_COOKIE}=${encodeURIComponent(`t-${id}.${signature}`)}`, listingIds };
  } finally {
    await database.close();
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
function get(url: string, cookie: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { Cookie: cookie, "User-Agent": PHONE } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.setTimeout(30_000, () => request.destroy(new Error("timeout")));
  });
}

async function main() {
  const secret = randomBytes(32).toString("hex");
  const { cookie, listingIds } = await seed(secret);
  process.env.AUTH_SECRET = secret;
  const server: BenchServer = await startServer({ dataDir: args["data-dir"]!, databaseUrl: args["database-url"] });
  try {
    const kinds: [string, string][] = [
      ["all, 7 days", "/dashboard/analytics?listing=all&days=7"],
      ["all, 30 days", "/dashboard/analytics?listing=all&days=30"],
      ["all, 90 days", "/dashboard/analytics?listing=all&days=90"],
      ["one, 90 days", `/dashboard/analytics?listing=${listingIds[0]}&days=90`],
      ["CSV, all, 90 days", `/dashboard/analytics.csv?listing=all&days=90`],
    ];
    const rounds = Number(args.rounds);
    const interval = 1000 / Number(args.rate);
    const plan = Array.from({ length: rounds + 3 }, () => kinds).flat();
    const start = performance.now() + 50;
    const samples = await Promise.all(
      plan.map(async ([kind, path], i) => {
        const scheduled = start + i * interval;
        const wait = scheduled - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const { status, bytes } = await get(`${server.baseUrl}${path}`, cookie);
        return { kind, status, bytes, ms: performance.now() - scheduled, warmUp: i < 3 * kinds.length };
      }),
    );
    console.log(`${plan.length - 3 * kinds.length} requests at ${args.rate}/s (load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")})`);
    for (const [kind] of kinds) {
      const mine = samples.filter((s) => s.kind === kind && !s.warmUp);
      const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
      const bad = mine.filter((s) => s.status !== 200);
      console.log(`  ${kind.padEnd(18)} p50 ${percentile(ms, 50).toFixed(1)}  p95 ${percentile(ms, 95).toFixed(1)}  max ${ms[ms.length - 1]!.toFixed(1)} ms` +
        `  ${(mine[0]!.bytes / 1024).toFixed(1)} KB${bad.length ? `  ${bad.length} not 200 (${bad[0]!.status})` : ""}`);
    }
  } finally {
    agent.destroy();
    await server.stop();
  }
}

await main();
