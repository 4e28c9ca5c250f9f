/**
 * The plans of the featured streams (ADR 16) on a generated embedded database, after giving 1,000 owners a
 * running Premium plan (once): node --import tsx bench/search/featured-streams.mts /tmp/bench-100k
 * The server must not be running on that DATA_DIR.
 */
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
const db = await PGlite.create({ dataDir: `${process.argv[2] ?? "/tmp/bench-100k"}/pgdata`, extensions: { pg_trgm } });
const q = async (text: string) => (await db.query(text)).rows;
const [{ n }] = (await q(`select count(*)::int as n from businesses where premium_until is not null`)) as { n: number }[];
if (n === 0) {
  const t0 = Date.now();
  await q(`insert into subscriptions (user_id, plan_id, status, starts_at, ends_at)
    select id, 'premium', 'active', now() - interval '1 day', now() + interval '20 days' from "user" where id in (select user_id from businesses where user_id is not null group by user_id order by user_id limit 1000)`);
  console.log("premium subscriptions for 1000 owners in", Date.now() - t0, "ms");
  await q(`analyze businesses`);
}
console.log("premium listings", (await q(`select count(*)::int as n from businesses where premium_until > now()`))[0]);
const pub = `approved and approval_status = 'approved' and not owner_suspended and user_id is not null`;
const ordered = `select set_config('enable_seqscan','off',true), set_config('enable_bitmapscan','off',true), set_config('enable_indexscan','on',true), set_config('enable_sort','off',true), set_config('max_parallel_workers_per_gather','0',true)`;
async function explain(label: string, sql: string, mode?: string) {
  await q("begin");
  if (mode) await q(mode);
  const rows = await q(`explain (analyze, buffers, format text) ${sql}`) as { "QUERY PLAN": string }[];
  await q("rollback");
  console.log(`\n== ${label}\n` + rows.map((r) => r["QUERY PLAN"]).join("\n"));
}
const prio = `(premium_until is not null and premium_until > now())`;
const place = `(featured and (featured_until is null or featured_until > now()))`;
await explain("browse: Premium stream", `select id, created_at from businesses where ${pub} and ${prio} order by created_at desc nulls last, id limit 21`);
await explain("browse: placements without priority", `select id, created_at from businesses where ${pub} and ${place} and not ${prio} order by created_at desc nulls last, id limit 21`);
await explain("browse: the rest", `select id, created_at from businesses where ${pub} and not (${place} or ${prio}) order by created_at desc nulls last, id limit 21`);
await explain("large result, ordered: Premium stream matching 'shop'", `select id from businesses where ${pub} and search_vector @@ to_tsquery('simple','shop:*') and ${prio} order by created_at desc nulls last, id limit 21`, ordered);
await explain("home: Premium", `select id from businesses where ${pub} and ${prio} order by created_at desc nulls last, id limit 6`);
await db.close();
