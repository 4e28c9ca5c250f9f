/**
 * Streets as places to search near (issue 32, `findLandmark` and `landmarksOf`): what a visitor who types 'near Allen
 * Avenue', or opens the 'Near me' panel with an LGA chosen, waits for. For a sample of public located listings with
 * an LGA it asks for the street of the listing's address (its state named, as the panel's links do) and for its
 * LGA's streets, with the directory's caches emptied before each ask (the cold cost; a cached one costs nothing).
 * Reports p50 / p95 / max, how often the street was a place (a lookup that never finds one proves nothing), and
 * the plan of one phrase lookup.
 *
 *   node --import tsx bench/search/landmark-places.mts --database-url postgres://…/bench
 *   node --import tsx bench/search/landmark-places.mts --data-dir /tmp/bench-100k        (embedded; no server on it)
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { clearDirectoryCaches } from "../../app/features/directory/clear-directory-caches.server";
import { findLandmark, landmarksOf, streetOf } from "../../app/features/directory/landmark-places.server";
import { openDatabase, queryRows, useDatabase } from "../../app/lib/db.server";
import type { Region } from "../../app/lib/reference";
import { percentile } from "../lib/server.mts";

const { values: args } = parseArgs({ options: { "data-dir": { type: "string" }, "database-url": { type: "string" }, sample: { type: "string" } } });
const database = args["database-url"]
  ? await openDatabase({ kind: "postgres", url: args["database-url"], poolSize: 2 })
  : await openDatabase({ kind: "embedded", dataDir: path.resolve(args["data-dir"] ?? "/tmp/bench-100k"), purpose: "landmark-places bench" });
useDatabase(database);
const SAMPLE = Number(args.sample ?? 100);
const p = (values: number[], at: number) => percentile([...values].sort((a, b) => a - b), at);

type Row = { address: string | null; state: Region; lga: string };
const [{ total }] = await queryRows<{ total: number }>(database.db, sql`select count(*)::int as total from businesses`);
const sample = await queryRows<Row>(
  database.db,
  sql`select address, state, lga from businesses tablesample system (1)
      where approved and approval_status = 'approved' and not owner_suspended and lga is not null and latitude is not null limit ${SAMPLE}`,
);
console.log(`${total} listings; ${sample.length} sampled`);

const street: number[] = [];
const lga: number[] = [];
let places = 0;
let offered = 0;
for (const row of sample) {
  const name = streetOf(row.address);
  if (name) {
    clearDirectoryCaches();
    const started = performance.now();
    const match = await findLandmark(`${name}, ${row.state}`);
    street.push(performance.now() - started);
    if (match.kind === "place") places += 1;
  }
  clearDirectoryCaches();
  const started = performance.now();
  offered += (await landmarksOf(row.state, row.lga)).length;
  lga.push(performance.now() - started);
}
const line = (label: string, ms: number[]) =>
  `${label.padEnd(16)} ${ms.length} asks: p50 ${p(ms, 50).toFixed(1)} ms  p95 ${p(ms, 95).toFixed(1)} ms  max ${Math.max(...ms).toFixed(1)} ms`;
console.log(`${line("street (cold)", street)}; a place in ${places}`);
console.log(`${line("LGA's streets", lga)}; ${offered} offered in all`);

const first = sample.find((r) => streetOf(r.address));
if (database.kind === "postgres" && first) {
  const words = streetOf(first.address)!.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim().split(" ");
  const plan = await queryRows<{ "QUERY PLAN": string }>(
    database.db,
    sql`explain (analyze, buffers, costs off) select state, latitude, longitude from businesses
        where approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)
          and latitude is not null and state is not null and search_vector @@ to_tsquery('simple', ${words.map((w) => `${w}:C`).join(" <-> ")})
          and state = ${first.state}
        limit 400`,
  );
  console.log(`plan of one street lookup (${words.join(" ")}, ${first.state}):\n${plan.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}`);
}
useDatabase(undefined);
await database.close();
