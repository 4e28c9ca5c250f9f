/**
 * The duplicate check (issue 34, `findSimilarListings`): what an owner adding a listing, or a visitor suggesting one,
 * waits for. For a sample of public listings it asks, as those forms do: by the listing's own phone; by its name a
 * little changed ('Ltd' added) in its state and LGA without a point (the listing form without a location); and
 * by that name at its point. Reports per kind p50 / p95 / max, how often the listing itself was found (a check
 * that finds nothing proves nothing), and the plan of one name-in-LGA query.
 *
 *   node --import tsx bench/search/similar-listings.mts --database-url postgres://…/bench
 *   node --import tsx bench/search/similar-listings.mts --data-dir /tmp/bench-100k        (embedded; no server on it)
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { findSimilarListings } from "../../app/features/directory/similar-listings.server";
import { openDatabase, queryRows, useDatabase } from "../../app/lib/db.server";
import { percentile } from "../lib/server.mts";

const { values: args } = parseArgs({ options: { "data-dir": { type: "string" }, "database-url": { type: "string" }, sample: { type: "string" } } });
const database = args["database-url"]
  ? await openDatabase({ kind: "postgres", url: args["database-url"], poolSize: 2 })
  : await openDatabase({ kind: "embedded", dataDir: path.resolve(args["data-dir"] ?? "/tmp/bench-100k"), purpose: "similar-listings bench" });
useDatabase(database);
const SAMPLE = Number(args.sample ?? 200);
const p = (values: number[], at: number) => percentile([...values].sort((a, b) => a - b), at);

type Row = { id: string; name: string; phone: string | null; state: string | null; lga: string | null; latitude: number | null; longitude: number | null };
const [{ total }] = await queryRows<{ total: number }>(database.db, sql`select count(*)::int as total from businesses`);
// A spread sample: tablesample is cheap at any size; public listings with an LGA.
const sample = await queryRows<Row>(
  database.db,
  sql`select id, name, phone_number as phone, state, lga, latitude, longitude from businesses tablesample system (1)
      where approved and approval_status = 'approved' and not owner_suspended and lga is not null limit ${SAMPLE}`,
);
console.log(`${total} listings; ${sample.length} sampled`);

const kinds = {
  phone: (r: Row) => (r.phone ? { name: "Another Name Entirely", phone: r.phone } : null),
  "name in LGA": (r: Row) => ({ name: `${r.name} Ltd`, state: r.state, lga: r.lga }),
  "name at point": (r: Row) => (r.latitude !== null && r.longitude !== null ? { name: `${r.name} Ltd`, latitude: r.latitude, longitude: r.longitude } : null),
} as const;

for (const [kind, ask] of Object.entries(kinds)) {
  const ms: number[] = [];
  let found = 0;
  let asked = 0;
  for (let round = 0; round < 2; round++) {
    for (const row of sample) {
      const place = ask(row);
      if (!place) continue;
      const started = performance.now();
      const similar = await findSimilarListings(place);
      const took = performance.now() - started;
      // Round 0 warms the caches and is not counted.
      if (round === 0) continue;
      ms.push(took);
      asked += 1;
      if (similar.some((s) => s.id === row.id)) found += 1;
    }
  }
  if (ms.length === 0) {
    console.log(`${kind}: no sampled listing has what it needs`);
    continue;
  }
  console.log(`${kind.padEnd(14)} ${asked} asks: p50 ${p(ms, 50).toFixed(1)} ms  p95 ${p(ms, 95).toFixed(1)} ms  max ${Math.max(...ms).toFixed(1)} ms; the listing itself found in ${found}`);
}

if (database.kind === "postgres" && sample[0]) {
  const row = sample[0];
  const plan = await queryRows<{ "QUERY PLAN": string }>(
    database.db,
    sql`explain (analyze, buffers, costs off) select id from businesses
        where state = ${row.state} and lga = ${row.lga} and approved and approval_status = 'approved' and not owner_suspended
          and (user_id is not null or source is not null) and name % ${`${row.name} Ltd`} and similarity(lower(name), lower(${`${row.name} Ltd`})) >= 0.6
        limit 3`,
  );
  console.log(`plan of one name-in-LGA ask (${row.name}, ${row.lga}):\n${plan.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}`);
}
useDatabase(undefined);
await database.close();
