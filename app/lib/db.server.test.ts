import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { holdDataDir, type Holder } from "../../tests/support/child-process";
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
  it("is false once the database is closed", async () => {
    const database = await openDatabase({ kind: "embedded" });
    expect(await pingDatabase(database)).toBe(true);
    await database.close();
    expect(await pingDatabase(database)).toBe(false);
  });

  it("is false when the database does not answer in time", async () => {
    const hanging = { db: { execute: () => new Promise(() => undefined) } } as unknown as Database;
    const started = Date.now();
    expect(await pingDatabase(hanging, 200)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("the embedded database on disk", () => {
  let dir: string;
  let holder: Holder | undefined;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "nd-db-"));
  });
  afterEach(async () => {
    await holder?.stop("SIGKILL");
    holder = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps its data between openings", async () => {
    const first = await openDatabase({ kind: "embedded", dataDir: dir, purpose: "test" });
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    await first.close();
    const second = await openDatabase({ kind: "embedded", dataDir: dir, purpose: "test" });
    try {
      const result = (await second.db.execute(sql`select value from kept`)) as unknown as { rows: { value: string }[] };
      expect(result.rows).toEqual([{ value: "still here" }]);
    } finally {
      await second.close();
    }
  });

  it("refuses a second process on the same DATA_DIR, naming the folder", async () => {
    holder = await holdDataDir("database", dir, "server on port 3000");
    const attempt = openDatabase({ kind: "embedded", dataDir: dir, purpose: "cli migrate" });
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(dir);
    await expect(attempt).rejects.toThrow(`pid ${holder.pid}`);

    // Once the holder has closed it, it opens.
    expect(await holder.stop("SIGTERM")).toBe(0);
    const database = await openDatabase({ kind: "embedded", dataDir: dir, purpose: "cli migrate" });
    expect(await pingDatabase(database)).toBe(true);
    await database.close();
  });

  it("refuses a second opening from another process while this one holds it", async () => {
    const database = await openDatabase({ kind: "embedded", dataDir: dir, purpose: "this test" });
    try {
      await expect(holdDataDir("database", dir, "second server")).rejects.toThrow(/in use by another process/);
    } finally {
      await database.close();
    }
  });
});
