/**
 * The plans and timings of near-me searches (ADR 23) on a generated embedded database:
 *   node --import tsx bench/search/near-plans.mts /tmp/bench-100k
 * The server must not be running on that DATA_DIR.
 */
import { openDatabase, useDatabase } from "../../app/lib/db.server";
import { parseBusinessFilters } from "../../app/features/directory/parse-business-filters";
import { searchBusinesses } from "../../app/features/directory/search-businesses.server";

const dataDir = process.argv[2] ?? "/tmp/bench-100k";
const database = await openDatabase({ kind: "embedded", dataDir, purpose: "near-plans" });
useDatabase(database);
const pglite = database.pglite!;
const explain = async (label: string, text: string) => {
  const rows = (await pglite.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers off, costs off) ${text}`)).rows;
  console.log(`\n== ${label}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
};
const [{ n }] = (await pglite.query<{ n: number }>(`select count(*)::int as n from businesses where latitude is not null`)).rows;
console.log(`${n} listings with a location`);
const PUBLIC = "latitude is not null and approved and approval_status = 'approved' and not owner_suspended and user_id is not null";
await pglite.exec("set enable_seqscan = off; set enable_bitmapscan = off; set max_parallel_workers_per_gather = 0");
await explain(
  "the nearest 1,001 within 25 km of Ikeja (KNN)",
  `select id from (select id, earth_distance(ll_to_earth(6.6018, 3.3515), ll_to_earth(latitude, longitude)) as meters from businesses
     where ${PUBLIC} and earth_box(ll_to_earth(6.6018, 3.3515), 25000) @> ll_to_earth(latitude, longitude)
     order by ll_to_earth(latitude, longitude) <-> ll_to_earth(6.6018, 3.3515) limit 5000) n where meters <= 25000 limit 1001`,
);
await pglite.exec("reset enable_seqscan; reset enable_bitmapscan");

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
