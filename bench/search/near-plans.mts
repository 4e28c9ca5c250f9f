/**
 * The plans and timings of near-me searches (ADR 23) on a generated database:
 *   node --import tsx bench/search/near-plans.mts /tmp/bench-100k                 (embedded; no server on that DATA_DIR)
 *   node --import tsx bench/search/near-plans.mts /tmp/bench-pg postgres://…/bench  (PostgreSQL)
 */
import { openDatabase, useDatabase } from "../../app/lib/db.server";
import { parseBusinessFilters } from "../../app/features/directory/parse-business-filters";
import { searchBusinesses } from "../../app/features/directory/search-businesses.server";

const dataDir = process.argv[2] ?? "/tmp/bench-100k";
const url = process.argv[3];
const database = url ? await openDatabase({ kind: "postgres", url, poolSize: 1 }) : await openDatabase({ kind: "embedded", dataDir, purpose: "near-plans" });
useDatabase(database);
const query = async <T,>(text: string): Promise<T[]> =>
  database.pglite ? (await database.pglite.query<T>(text)).rows : ((await database.pool!.query(text)).rows as T[]);
/** Session settings (several statements; the pool has one connection, so they hold for the queries after). */
const run = async (text: string) => (database.pglite ? database.pglite.exec(text) : database.pool!.query(text));
const explain = async (label: string, text: string) => {
  const rows = await query<{ "QUERY PLAN": string }>(`explain (analyze, costs off) ${text}`);
  console.log(`\n== ${label}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
};
const [{ n }] = await query<{ n: number }>(`select count(*)::int as n from businesses where latitude is not null`);
console.log(`${n} listings with a location`);
const PUBLIC = "latitude is not null and approved and approval_status = 'approved' and not owner_suspended and user_id is not null";
await run("set enable_seqscan = off; set enable_bitmapscan = off; set max_parallel_workers_per_gather = 0");
await explain(
  "the nearest 1,001 within 25 km of Ikeja (KNN)",
  // The box: 25 km × 1.03 is 0.2314 degrees of latitude each side of Ikeja (x = 3.3515 × 0.98769 = 3.3102).
  `select id from businesses
     where ${PUBLIC} and point(longitude * 0.98769, latitude) <@ box(point(3.0788, 6.3704), point(3.5416, 6.8332))
     order by point(longitude * 0.98769, latitude) <-> point(3.3102, 6.6018) limit 1001`,
);
await run("reset enable_seqscan; reset enable_bitmapscan");

const cases = [
  "near=6.6018,3.3515", "near=6.6018,3.3515&page=5", "near=6.6018,3.3515&category=bakery", "near=6.6018,3.3515&q=bread",
  "near=6.6018,3.3515&q=shop", "near=6.6018,3.3515&q=pharm", "near=6.6018,3.3515&q=jollof rice", "near=6.6018,3.3515&sort=rating",
  "near=12.0022,8.592", "near=12.0022,8.592&q=Bakare", "near=9.0765,7.3986&category=hotel&q=hotel", "near=5.0,12.0",
  "near=8.9,11.3667&category=vulcanizer",
];
for (let round = 0; round < 3; round++) {
  for (const query of cases) {
    const t0 = performance.now();
    const result = await searchBusinesses(parseBusinessFilters(new URLSearchParams(query)));
    const ms = performance.now() - t0;
    if (round === 2) console.log(`${ms.toFixed(1).padStart(7)} ms  ${query}  → ${result.total}${result.near?.capped ? "+" : ""} (first ${result.items[0]?.distance ?? "-"})`);
  }
}
await database.close();
