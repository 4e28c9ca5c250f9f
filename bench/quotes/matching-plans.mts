/**
 * The quote-request matching query (issue 37, ADR 43) on a large database: EXPLAIN (ANALYZE, BUFFERS) and timings
 * for the busiest category and state, with and without an LGA, and a small one. Read-only: the quote tables of
 * migration 0052 are created inside a transaction (with recent requests for some candidates, so the 24-hour probe
 * finds rows) and rolled back, so the database is left as it was.
 *
 *   node --import tsx bench/quotes/matching-plans.mts "postgres://postgres@127.0.0.1:PORT/bench" [--rounds 20]
 */
import { readFileSync } from "node:fs";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { matchingSql } from "../../app/features/quotes/internal/matching.server";
import type { Region } from "../../app/lib/reference";

const url = process.argv[2];
if (!url) throw new Error("usage: matching-plans.mts DATABASE_URL [--rounds N]");
const roundsAt = process.argv.indexOf("--rounds");
const rounds = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 20;

const CASES: { label: string; state: Region; category: string; lga: string | null }[] = [
  { label: "Lagos, Eatery (the largest: ~8,000 listings), no LGA", state: "Lagos", category: "Eatery", lga: null },
  { label: "Lagos, Eatery, LGA Eti Osa (~1,700 in the LGA)", state: "Lagos", category: "Eatery", lga: "Eti Osa" },
  { label: "FCT, Beauty salon, LGA Abuja Municipal", state: "FCT", category: "Beauty salon", lga: "Abuja Municipal" },
  { label: "Kano, Plumber, LGA Nassarawa", state: "Kano", category: "Plumber", lga: "Nassarawa" },
];

const client = new pg.Client({ connectionString: url });
await client.connect();
const dialect = new PgDialect();
const migration = readFileSync(new URL("../../db/migrations/0052_quote_requests.sql", import.meta.url), "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter((s) => /^(CREATE|--)/.test(s) && !/listing_events|listing_daily_stats/.test(s));
const requester = (await client.query<{ id: string }>(`select id from "user" order by id limit 1`)).rows[0]!.id;

try {
  await client.query("begin");
  for (const statement of migration) await client.query(statement);
  // A request an hour ago to 200 of Lagos's eateries: the '24 hours' probe has something to find.
  await client.query(`insert into quote_requests (id, requester_id, description, category, state) values ('00000000-0000-4000-8000-000000000043', $1, 'Bench: food for 50 guests', 'Eatery', 'Lagos')`, [requester]);
  await client.query(`insert into quote_recipients (request_id, business_id, owner_id, created_at)
    select '00000000-0000-4000-8000-000000000043', id, user_id, now() - interval '1 hour' from businesses
    where state = 'Lagos' and category = 'Eatery' and user_id is not null order by random() limit 200`);
  await client.query("analyze quote_requests, quote_recipients");
  for (const c of CASES) {
    const query = dialect.sqlToQuery(matchingSql({ requesterId: requester, category: c.category, state: c.state, lga: c.lga }));
    const plan = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query.sql}`, query.params);
    const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      await client.query(query.sql, query.params);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    console.log(`\n## ${c.label}\nrounds ${rounds}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
    console.log(`indexes on businesses: ${[...new Set(text.match(/using (businesses_\w+)/g) ?? [])].join(", ")}`);
    console.log(`seq scans: ${(text.match(/Seq Scan on \w+/g) ?? []).join(", ") || "none"}`);
    console.log(text.split("\n").filter((l) => /Execution Time|Planning Time|Buffers: shared/.test(l)).slice(-3).join("\n"));
    if (process.env.BENCH_VERBOSE) console.log(text);
  }
} finally {
  await client.query("rollback");
  await client.end();
}
