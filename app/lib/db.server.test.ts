import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdDataDir, type Holder } from "../../tests/support/child-process";
import { runsOnce } from "../../tests/support/database-kind";
import { DataDirLockedError } from "./data-dir-lock.server";
import { getDatabase, getDb, migrateDatabase, openDatabase, pingDatabase, useDatabase, type Database } from "./db.server";

describe("the test database", () => {
  it("is the process's database, migrated and answering", async () => {
    const database = getDatabase();
    expect(getDb()).toBe(database.db);
    expect(await pingDatabase(database)).toBe(true);
    const result = (await getDb().execute(sql`select to_regclass('public.businesses') is not null as present`)) as unknown as {
      rows: { present: boolean }[];
    };
    expect(result.rows[0].present).toBe(true);
  });

  it("migrating again changes nothing", async () => {
    await expect(migrateDatabase(getDatabase())).resolves.toBeUndefined();
  });
});

describe("useDatabase / getDatabase", () => {
  it("getDatabase fails clearly when no database is open", () => {
    const current = getDatabase();
    useDatabase(undefined);
    try {
      expect(() => getDatabase()).toThrow("The database is not open yet.");
    } finally {
      useDatabase(current);
    }
  });
});

describe("pingDatabase", () => {
  it("is false when the database does not answer in time", async () => {
    const hanging = { db: { execute: () => new Promise(() => undefined) } } as unknown as Database;
    const started = Date.now();
    expect(await pingDatabase(hanging, 200)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

// One folder through a whole life: opened, refused to a second process, handed over, reopened.
// Each step starts a process through tsx, which takes many seconds on a loaded 2-core machine: the holder's own
// 60 s limit (tests/support/child-process.ts) gives the clearer error, so the tests wait longer than that.
describe.runIf(runsOnce)("the embedded database on disk: one process at a time", { timeout: 90_000 }, () => {
  let dir: string;
  let holder: Holder | undefined;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "nd-db-"));
  });
  afterAll(async () => {
    await holder?.stop("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses another process while this one has it open", async () => {
    const database = await openDatabase({ kind: "embedded", dataDir: dir, purpose: "this test" });
    try {
      await database.db.execute(sql`create table kept (value text)`);
      await database.db.execute(sql`insert into kept values ('still here')`);
      await expect(holdDataDir("database", dir, "second server")).rejects.toThrow(/in use by another process/);
    } finally {
      await database.close();
    }
  });

  it("refuses this process while another has it open, naming the folder and the holder", async () => {
    holder = await holdDataDir("database", dir, "server on port 3000");
    const attempt = openDatabase({ kind: "embedded", dataDir: dir, purpose: "cli migrate" });
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(dir);
    await expect(attempt).rejects.toThrow(`pid ${holder.pid}`);
    await expect(attempt).rejects.toThrow("server on port 3000");
  });

  it("opens again, data intact, once the other process has closed it", async () => {
    expect(await holder!.stop("SIGTERM")).toBe(0);
    holder = undefined;
    const database = await openDatabase({ kind: "embedded", dataDir: dir, purpose: "cli migrate" });
    try {
      const result = (await database.db.execute(sql`select value from kept`)) as unknown as { rows: { value: string }[] };
      expect(result.rows).toEqual([{ value: "still here" }]);
    } finally {
      await database.close();
    }
  });
});

// Last: closes this file's own database for good (the per-file set-up tolerates that).
describe("pingDatabase after close", () => {
  it("is false once the database is closed", async () => {
    const database = getDatabase();
    expect(await pingDatabase(database)).toBe(true);
    await database.close();
    expect(await pingDatabase(database)).toBe(false);
  });
});
