/**
 * What one delivery costs the worker as jobs pile up (issue 33): with W jobs waiting in a queue, the time of
 * `fetch` + `complete` (the two statements `runQueue` in app/lib/jobs.server.ts runs per job, pg-boss 10's own SQL
 * through the app's adapter) and the plan of the fetch (EXPLAIN ANALYZE of the exact statement pg-boss sends).
 *
 *   node --import tsx bench/queue/fetch-plan.ts [--database-url URL] [--sizes 100,1000,5000,20000] [--samples 50]
 *
 * PGlite in a temporary directory by default; a PostgreSQL database (also BENCH_DATABASE_URL) is migrated and
 * its queue `bench-fetch-plan` dropped at the end. The waiting jobs are inserted with one statement (pg-boss's
 * column defaults), not enqueued one by one: the fetch cannot tell the difference. W + samples jobs are inserted,
 * so the samples run with W + samples down to W + 1 waiting, and the plan is taken with W waiting.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { migrateDatabase, openDatabase, type Database } from "../../app/lib/db.server";
import { JOB_SCHEMA, jobDb, transactionJobDb } from "../../app/lib/jobs.server";
import { now } from "./shared";

const { values: args } = parseArgs({
  options: {
    "database-url": { type: "string" },
    sizes: { type: "string", default: "100,1000,5000,20000" },
    samples: { type: "string", default: "50" },
  },
});

const QUEUE = "bench-fetch-plan";
const url = args["database-url"] ?? process.env.BENCH_DATABASE_URL;
const sizes = args.sizes.split(",").map(Number);
const samples = Number(args.samples);

class RolledBack extends Error {}

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; "Actual Rows"?: number; "Sort Method"?: string; Plans?: PlanNode[] };

/** The nodes that read the waiting jobs: how (a scan of the table or an index) and how many rows, and any sort. */
function summarise(plan: PlanNode | undefined): string {
  const found: string[] = [];
  const walk = (node: PlanNode) => {
    const type = node["Node Type"];
    if (type === "Sort" && (node.Plans?.[0]?.["Actual Rows"] ?? 0) > 1) found.push(`Sort of ${node.Plans?.[0]?.["Actual Rows"] ?? "?"} rows`);
    else if (/Scan$/.test(type) && type !== "CTE Scan" && type !== "Subquery Scan" && node["Actual Rows"] !== undefined && node["Actual Rows"] > 1) {
      found.push(`${type}${node["Index Name"] ? ` on ${node["Index Name"]}` : ""}: ${node["Actual Rows"]} rows`);
    }
    node.Plans?.forEach(walk);
  };
  if (plan) walk(plan);
  return found.join(" → ") || "one row read";
}

async function main() {
  const dir = url ? null : await mkdtemp(path.join(tmpdir(), "nd-bench-fetch-plan-"));
  const database: Database = url ? await openDatabase({ kind: "postgres", url }) : await openDatabase({ kind: "embedded", dataDir: dir!, purpose: "bench" });
  // pg-boss on the app's adapter, noting the last statement it sent (to EXPLAIN the very same text).
  const db = jobDb(database);
  let lastSql = "";
  let lastValues: unknown[] = [];
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) => {
        [lastSql, lastValues] = [text, values ?? []];
        return db.executeSql(text, values);
      },
    } as PgBoss.Db,
    schema: JOB_SCHEMA,
    migrate: false,
  });
  const drop = async () => {
    await database.db.execute(sql`delete from pgboss.job where name = ${QUEUE}`);
    await database.db.execute(sql`select pgboss.delete_queue(name) from pgboss.queue where name = ${QUEUE}`);
  };
  try {
    await migrateDatabase(database);
    await drop();
    await boss.createQueue(QUEUE, { name: QUEUE, policy: "standard" });
    console.log(`${url ? "PostgreSQL" : "PGlite"}; ${samples} fetch + complete per size, one after the other (as runQueue does)\n`);
    console.log("| jobs waiting | fetch + complete p50 (ms) | p95 (ms) | jobs/s one loop could do | the fetch's plan | fetch execution (ms) |");
    console.log("|---:|---:|---:|---:|---|---:|");
    for (const size of sizes) {
      await database.db.execute(sql`delete from pgboss.job where name = ${QUEUE}`);
      await database.db.execute(
        sql`insert into pgboss.job (name, data) select ${QUEUE}, jsonb_build_object('seq', g) from generate_series(1, ${size + samples}::int) g`,
      );
      await database.db.execute(sql`analyze pgboss.job`);
      const times: number[] = [];
      let fetchSql = "";
      let fetchValues: unknown[] = [];
      for (let i = 0; i < samples; i++) {
        const started = now();
        const [job] = await boss.fetch<object>(QUEUE, { batchSize: 1 });
        [fetchSql, fetchValues] = [lastSql, lastValues];
        if (!job) throw new Error("no job fetched");
        await boss.complete(QUEUE, job.id);
        times.push(now() - started);
      }
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
      // The plan of that very statement, in a transaction rolled back (the job it takes stays waiting).
      let plan: PlanNode | undefined;
      let planMs = NaN;
      await database.db
        .transaction(async (tx) => {
          const { rows } = await transactionJobDb(tx).executeSql(`explain (analyze, format json) ${fetchSql}`, fetchValues);
          const explained = (rows[0] as { "QUERY PLAN": unknown })["QUERY PLAN"];
          const [top] = (typeof explained === "string" ? JSON.parse(explained) : explained) as { Plan: PlanNode; "Execution Time": number }[];
          [plan, planMs] = [top!.Plan, top!["Execution Time"]];
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        });
      console.log(`| ${size} | ${p(0.5).toFixed(2)} | ${p(0.95).toFixed(2)} | ${Math.round(1000 / p(0.5))} | ${summarise(plan)} | ${planMs.toFixed(2)} |`);
    }
  } finally {
    await drop().catch(() => undefined);
    await database.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

void main();
