/**
 * The search use case alone, in-process (no HTTP, no rendering): each request of the default mix (queries.mts)
 * through searchBusinesses, one at a time after the warm-up list, with its time and the number of statements it
 * sent to the database (embedded only). Tells the database's share of a results page from the rest, per kind of
 * request, and the statements' time by kind (their first words).
 *
 *   node --import tsx bench/search/use-case.mts --data-dir /tmp/bench-100k      (embedded; no server on it)
 *   node --import tsx bench/search/use-case.mts --database-url postgres://…/bench
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { parseBusinessFilters } from "../../app/features/directory/parse-business-filters";
import { searchBusinesses } from "../../app/features/directory/search-businesses.server";
import { openDatabase, useDatabase } from "../../app/lib/db.server";
import { percentile } from "../lib/server.mts";
import { benchQueries, warmUpQueries } from "./queries.mts";

const { values: args } = parseArgs({ options: { "data-dir": { type: "string" }, "database-url": { type: "string" }, top: { type: "string", default: "25" } } });
const database = args["database-url"]
  ? await openDatabase({ kind: "postgres", url: args["database-url"], poolSize: 2 })
  : await openDatabase({ kind: "embedded", dataDir: path.resolve(args["data-dir"] ?? "/tmp/bench-100k"), purpose: "search use-case bench" });
useDatabase(database);

// Statements sent: PGlite's query and exec, inside transactions too.
let statements = 0;
/** Time per kind of statement (its first words), with --by-statement. */
const byStatement = new Map<string, { n: number; ms: number }>();
const timed = (original: (...a: unknown[]) => unknown) => async (...a: unknown[]) => {
  statements++;
  const started = performance.now();
  try {
    return await original(...a);
  } finally {
    const key = String(a[0]).replace(/\s+/g, " ").slice(0, 90);
    const entry = byStatement.get(key) ?? { n: 0, ms: 0 };
    entry.n++;
    entry.ms += performance.now() - started;
    byStatement.set(key, entry);
  }
};
if (database.pglite) {
  const pglite = database.pglite as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const name of ["query", "exec"]) {
    pglite[name] = timed(pglite[name].bind(pglite));
  }
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = (fn: unknown) =>
    transaction(async (tx: Record<string, (...a: unknown[]) => unknown>) => {
      for (const name of ["query", "exec"]) {
        tx[name] = timed(tx[name].bind(tx));
      }
      return (fn as (tx: unknown) => unknown)(tx);
    });
}

const kind = (query: string) =>
  query.includes("near=") ? "near me" : query.includes("open=now") ? "open now" : query.includes("q=") ? "text" : "browse";
for (const query of warmUpQueries()) await searchBusinesses(parseBusinessFilters(new URLSearchParams(query)));
byStatement.clear();
const samples: { query: string; ms: number; statements: number; kind: string }[] = [];
for (const query of benchQueries()) {
  const before = statements;
  const started = performance.now();
  await searchBusinesses(parseBusinessFilters(new URLSearchParams(query)));
  samples.push({ query, ms: performance.now() - started, statements: statements - before, kind: kind(query) });
}
const report = (label: string, list: typeof samples) => {
  const ms = list.map((s) => s.ms).sort((a, b) => a - b);
  const st = list.reduce((sum, s) => sum + s.statements, 0) / list.length;
  console.log(
    `${label.padEnd(10)} ${String(list.length).padStart(4)}  p50 ${percentile(ms, 50).toFixed(1).padStart(6)}  p95 ${percentile(ms, 95).toFixed(1).padStart(6)}  max ${ms.at(-1)!.toFixed(1).padStart(6)}  mean ${(ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(1).padStart(6)} ms  statements/request ${st.toFixed(1)}`,
  );
};
report("all", samples);
for (const k of ["browse", "text", "open now", "near me"]) report(k, samples.filter((s) => s.kind === k));
console.log("slowest:");
for (const s of [...samples].sort((a, b) => b.ms - a.ms).slice(0, Number(args.top))) console.log(`  ${decodeURIComponent(s.query).padEnd(50)} ${s.ms.toFixed(1).padStart(6)} ms  ${s.statements} statements`);
if (byStatement.size > 0) {
  console.log("statements by kind (total ms, count, mean):");
  for (const [key, { n, ms }] of [...byStatement].sort((a, b) => b[1].ms - a[1].ms).slice(0, Number(args.top))) {
    console.log(`  ${ms.toFixed(0).padStart(6)} ms ${String(n).padStart(5)}× ${(ms / n).toFixed(2).padStart(6)} ms  ${key}`);
  }
}
useDatabase(undefined);
await database.close();
