/**
 * The embedded database of an integration test worker (tests/setup/database.ts): one PGlite per worker process,
 * loaded once from the migrated template's dump (about 1.4 s: most of it PGlite starting, whatever the data) and put
 * back into the template's state before each test file (about 60 ms), or loaded again when a test closed it or
 * changed the schema. tests/support/pglite-reuse.server.test.ts shows the reset leaves nothing behind.
 */
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "../../app/lib/db.server";

/** The worker's PGlite, kept between files (globalThis: the same across the module graphs of one process). */
export type SharedPglite = { pglite: PGlite; templateFile: string; fingerprint: string; tables: string[]; classes: { relname: string; reltuples: number; relpages: number }[] };
const SHARED = Symbol.for("tests.shared-pglite");
const worker = globalThis as unknown as { [SHARED]?: SharedPglite };

/** A digest of the schema (relations, columns, triggers and whether they fire, functions, constraints, extensions). */
export async function schemaFingerprint(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query<{ digest: string }>(`
    select md5(string_agg(x, ',' order by x)) as digest from (
      select c.relname || ':' || c.relkind::text || ':' || coalesce((
        select string_agg(a.attname || ' ' || a.atttypid::regtype::text || ' ' || a.attnotnull::text, ';' order by a.attnum)
        from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as x
      from pg_class c where c.relnamespace = 'public'::regnamespace
      union all select t.tgrelid::regclass::text || '.' || t.tgname || ':' || t.tgenabled::text from pg_trigger t where not t.tgisinternal
      union all select p.proname || ':' || md5(p.prosrc) from pg_proc p where p.pronamespace = 'public'::regnamespace
      union all select con.conname || ':' || con.convalidated::text from pg_constraint con where con.connamespace = 'public'::regnamespace
      union all select 'extension ' || e.extname || ' ' || e.extversion from pg_extension e
    ) s`);
  return rows[0]!.digest;
}

export async function loadTemplate(templateFile: string): Promise<SharedPglite> {
  const pglite = await PGlite.create({ loadDataDir: new Blob([await readFile(templateFile)]), extensions: PGLITE_EXTENSIONS });
  const tables = (
    await pglite.query<{ name: string }>(`select quote_ident(relname) as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by 1`)
  ).rows.map((r) => r.name);
  const classes = (
    await pglite.query<{ relname: string; reltuples: number; relpages: number }>(`select relname, reltuples, relpages from pg_class where relnamespace = 'public'::regnamespace`)
  ).rows;
  return { pglite, templateFile, fingerprint: await schemaFingerprint(pglite), tables, classes };
}

/** The template's state again, in the same instance: every table empty, as the migrations left it (the job queue's jobs too; its queues stay). */
export async function resetToTemplate(shared: SharedPglite): Promise<void> {
  const { pglite } = shared;
  // The session's settings, prepared statements, temporary tables, advisory locks and LISTENs.
  await pglite.exec("discard all");
  // Triggers (the append-only audit log refuses a TRUNCATE) do not fire while the tables are emptied.
  await pglite.exec(`set session_replication_role = replica;
    truncate ${shared.tables.join(", ")} restart identity cascade;
    truncate pgboss.job, pgboss.archive;
    set session_replication_role = origin;`);
  // What the planner knew of the template's tables: a file's ANALYZE must not decide the next file's plans.
  await pglite.query(`delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`);
  await pglite.query(
    `update pg_class c set reltuples = t.reltuples, relpages = t.relpages
     from jsonb_to_recordset($1::jsonb) as t(relname text, reltuples real, relpages int)
     where c.relnamespace = 'public'::regnamespace and c.relname = t.relname`,
    [JSON.stringify(shared.classes)],
  );
  await pglite.query("select pg_stat_reset()");
}

/** The worker's PGlite in the template's state: reset, or loaded again when it was closed or its schema changed. */
export async function templateInstance(templateFile: string): Promise<SharedPglite> {
  const shared = worker[SHARED];
  if (shared && !shared.pglite.closed && shared.templateFile === templateFile) {
    if ((await schemaFingerprint(shared.pglite)) === shared.fingerprint) {
      await resetToTemplate(shared);
      return shared;
    }
    await shared.pglite.close();
  }
  worker[SHARED] = await loadTemplate(templateFile);
  return worker[SHARED];
}
