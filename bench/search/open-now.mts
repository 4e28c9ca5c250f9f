/**
 * 'Open now' (ADR 21) at chosen WAT times, through the search use case itself (the time is its `now` option; the
 * server always uses the real clock): the open-now requests of queries.mts on a weekday morning and evening,
 * Saturday night and Sunday at 3 am (only 24-hour places open). Reports per time p50 / p95 / max and totals.
 *
 *   node --import tsx bench/search/open-now.mts --database-url postgres://…/bench
 *   node --import tsx bench/search/open-now.mts --data-dir /tmp/bench-100k        (embedded; no server on it)
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { parseBusinessFilters } from "../../app/features/directory/parse-business-filters";
import { searchBusinesses } from "../../app/features/directory/search-businesses.server";
import { openDatabase, useDatabase } from "../../app/lib/db.server";
import { percentile } from "../lib/server.mts";
import { OPEN_NOW_QUERIES } from "./queries.mts";

const { values: args } = parseArgs({ options: { "data-dir": { type: "string" }, "database-url": { type: "string" } } });
const database = args["database-url"]
  ? await openDatabase({ kind: "postgres", url: args["database-url"], poolSize: 2 })
  : await openDatabase({ kind: "embedded", dataDir: path.resolve(args["data-dir"] ?? "/tmp/bench-100k"), purpose: "open-now bench" });
useDatabase(database);
const p = (values: number[], at: number) => percentile([...values].sort((a, b) => a - b), at);

const TIMES: [string, string][] = [
  ["Wed 10:00", "2026-11-25T10:00:00+01:00"],
  ["Wed 18:30", "2026-11-25T18:30:00+01:00"],
  ["Sat 23:30", "2026-11-28T23:30:00+01:00"],
  ["Sun 03:00", "2026-11-29T03:00:00+01:00"],
];
const ROUNDS = 3;

const all: number[] = [];
for (const [label, iso] of TIMES) {
  const now = new Date(iso);
  const ms: number[] = [];
  const lines: string[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    for (const query of OPEN_NOW_QUERIES) {
      const started = performance.now();
      const result = await searchBusinesses(parseBusinessFilters(new URLSearchParams(query)), { now });
      const took = performance.now() - started;
      // Round 0 warms the caches and is not counted.
      if (round === 0) continue;
      ms.push(took);
      if (round === 1) lines.push(`    ${decodeURIComponent(query).padEnd(42)} ${took.toFixed(1).padStart(6)} ms  ${result.isEstimate ? "~" : ""}${result.total} (${result.items.length} shown)`);
    }
  }
  all.push(...ms);
  console.log(`${label}: p50 ${p(ms, 50).toFixed(1)} ms  p95 ${p(ms, 95).toFixed(1)} ms  max ${Math.max(...ms).toFixed(1)} ms`);
  console.log(lines.join("\n"));
}
console.log(`all times: ${all.length} searches, p50 ${p(all, 50).toFixed(1)} ms  p95 ${p(all, 95).toFixed(1)} ms  max ${Math.max(...all).toFixed(1)} ms`);
useDatabase(undefined);
await database.close();
