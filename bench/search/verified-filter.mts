/**
 * 'Verified businesses only' (verified=1, issue 35, ADR 39): what a search kept to verified listings costs, through the
 * use case, for each way of searching — browsing (all, a region, a region and a category, page 10, by rating), a common
 * and a rarer word, 'Open now' and 'Near me' — each with and without the filter, the directory's caches emptied before
 * every search (the cold cost). Reports p50 / p95 / max per kind and how many results each found (a filter that finds
 * nothing proves nothing). The generator (bench/generate) gives 3% of public listings a verified phone, 0.5% a CAC
 * registration and 1% of owners their identity.
 *
 *   node --import tsx bench/search/verified-filter.mts --database-url postgres://…/bench [--rounds 15]
 *   node --import tsx bench/search/verified-filter.mts --data-dir /tmp/bench-100k        (embedded; no server on it)
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, useDatabase } from "../../app/lib/db.server";
import { coldSearches } from "../lib/cold-searches.mts";

const { values: args } = parseArgs({ options: { "data-dir": { type: "string" }, "database-url": { type: "string" }, rounds: { type: "string" } } });
const database = args["database-url"]
  ? await openDatabase({ kind: "postgres", url: args["database-url"], poolSize: 2 })
  : await openDatabase({ kind: "embedded", dataDir: path.resolve(args["data-dir"] ?? "/tmp/bench-100k"), purpose: "verified-filter bench" });
useDatabase(database);
const ROUNDS = Number(args.rounds ?? 15);

const [counts] = await queryRows<{ total: number; verified: number }>(
  database.db,
  sql`select count(*)::int as total, count(*) filter (where verified_levels > 0)::int as verified from businesses
      where approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)`,
);
console.log(`${counts!.total} public listings, ${counts!.verified} of them verified (${((100 * counts!.verified) / counts!.total).toFixed(1)}%)`);

const KINDS: [string, string][] = [
  ["browse", ""],
  ["region", "region=Lagos"],
  ["region+category", "region=Kano&category=Pharmacy%20store"],
  ["page 10", "page=10"],
  ["by rating", "sort=rating"],
  ["common word", "q=lagos"],
  ["rarer word", "q=pharmacy"],
  ["open now", "open=now&region=Lagos"],
  ["near me", "near=6.6018,3.3515"],
];

for (const [label, query] of KINDS) {
  for (const verified of [false, true]) {
    const params = new URLSearchParams(query);
    if (verified) params.set("verified", "1");
    await coldSearches(`${label}${verified ? " +verified" : ""}`, params, ROUNDS);
  }
}
useDatabase(undefined);
await database.close();
