/**
 * The integration workers' reuse of one PGlite (tests/support/pglite-reuse.ts): a file's rows, sequences, planner
 * statistics and session settings are gone when the next file starts, and a changed schema or a closed instance
 * means the template is loaded again. Embedded only: PostgreSQL gets a new database per file.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createBusiness, createUser } from "../../db/seed/factories";
import { embeddedDatabase, type Database } from "../../app/lib/db.server";
import { runsOnce } from "./database-kind";
import { loadTemplate, resetToTemplate, schemaFingerprint, templateInstance, type SharedPglite } from "./pglite-reuse";

describe.runIf(runsOnce)("one PGlite per test worker, reset between files", () => {
  let shared: SharedPglite;
  let database: Database;

  beforeAll(async () => {
    const template = inject("testDatabase");
    if (template.kind !== "embedded") throw new Error("embedded only");
    // An instance of this test's own, not the worker's (which the other tests of this file use).
    shared = await loadTemplate(template.templateFile);
    database = embeddedDatabase(shared.pglite, () => shared.pglite.close());
  });
  afterAll(async () => {
    if (!shared.pglite.closed) await shared.pglite.close();
  });

  const count = async (table: string) => Number((await shared.pglite.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n);

  it("empties every table, restarts the sequences, forgets the statistics and the session's settings", async () => {
    const owner = await createUser(database.db, { role: "business" });
    await createBusiness(database.db, { userId: owner.id });
    await shared.pglite.query(`insert into audit_log (action, target_type) values ('x', 'y')`);
    await shared.pglite.query(`insert into realtime_events (type, payload) values ('directory', '{}')`);
    await shared.pglite.query("analyze businesses");
    await shared.pglite.query("set work_mem = '7MB'");
    await shared.pglite.query("select pg_advisory_lock(42)");
    const analysed = await shared.pglite.query<{ n: number }>(
      `select count(*)::int as n from pg_statistic where starelid = 'businesses'::regclass`,
    );
    expect(Number(analysed.rows[0]!.n)).toBeGreaterThan(0);

    await resetToTemplate(shared);

    for (const table of ['"user"', "businesses", "audit_log", "realtime_events", "profiles"]) expect(await count(table), table).toBe(0);
    const statistics = await shared.pglite.query<{ n: number }>(`select count(*)::int as n from pg_statistic where starelid = 'businesses'::regclass`);
    expect(Number(statistics.rows[0]!.n)).toBe(0);
    const tuples = await shared.pglite.query<{ reltuples: number }>(`select reltuples from pg_class where oid = 'businesses'::regclass`);
    expect(Number(tuples.rows[0]!.reltuples)).toBe(shared.classes.find((c) => c.relname === "businesses")!.reltuples);
    expect((await shared.pglite.query<{ work_mem: string }>("show work_mem")).rows[0]!.work_mem).not.toBe("7MB");
    const locks = await shared.pglite.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory'`);
    expect(Number(locks.rows[0]!.n)).toBe(0);
    // The identity sequence starts again: the first event of the next file has id 1, as on a fresh copy.
    const [event] = (await shared.pglite.query<{ id: number }>(`insert into realtime_events (type, payload) values ('directory', '{}') returning id`)).rows;
    expect(Number(event!.id)).toBe(1);
    // The append-only audit log is append-only again (its trigger fires once the reset is done).
    await shared.pglite.query(`insert into audit_log (action, target_type) values ('x', 'y')`);
    await expect(shared.pglite.query("delete from audit_log")).rejects.toThrow();
    expect(await schemaFingerprint(shared.pglite)).toBe(shared.fingerprint);
  });

  it("notices a changed schema, so the worker loads the template again instead of resetting", async () => {
    const before = shared.fingerprint;
    await shared.pglite.query("alter table businesses disable trigger businesses_facet_counts");
    expect(await schemaFingerprint(shared.pglite)).not.toBe(before);
    await shared.pglite.query("alter table businesses enable trigger businesses_facet_counts");
    await shared.pglite.query("create table left_behind (id int)");
    expect(await schemaFingerprint(shared.pglite)).not.toBe(before);
  });

  it("gives the worker a new instance when the one it kept was closed or its schema changed", async () => {
    const template = inject("testDatabase");
    if (template.kind !== "embedded") throw new Error("embedded only");
    const first = await templateInstance(template.templateFile);
    expect(await templateInstance(template.templateFile)).toBe(first);
    await first.pglite.query("create table left_behind (id int)");
    const second = await templateInstance(template.templateFile);
    expect(second).not.toBe(first);
    expect(first.pglite.closed).toBe(true);
    expect(await schemaFingerprint(second.pglite)).toBe(second.fingerprint);
    await second.pglite.close();
    const third = await templateInstance(template.templateFile);
    expect(third).not.toBe(second);
    expect(third.pglite.closed).toBe(false);
  });
});
