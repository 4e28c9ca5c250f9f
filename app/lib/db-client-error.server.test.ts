import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseKind } from "../../tests/support/database-kind";
import { getDatabase, queryRows } from "./db.server";

// PostgreSQL ending a connection that is checked out of the pool between two queries (inside a transaction) must
// not end the process: the pool's own listener is off while a client is out (ADR 26).
describe.skipIf(databaseKind() !== "postgres")("a checked-out connection that PostgreSQL ends", () => {
  it("fails its next query and leaves the pool working, without an unhandled error", async () => {
    const database = getDatabase();
    const client = await database.pool!.connect();
    const unhandled: unknown[] = [];
    const onUncaught = (error: unknown) => unhandled.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      // From another connection, as an administrator's command (or a restart) would.
      await queryRows(database.db, sql`select pg_terminate_backend(${rows[0]!.pid})`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(client.query("select 1")).rejects.toThrow();
    } finally {
      client.release(true);
      process.off("uncaughtException", onUncaught);
    }
    expect(unhandled).toEqual([]);
    const [row] = await queryRows<{ one: number }>(database.db, sql`select 1 as one`);
    expect(Number(row!.one)).toBe(1);
  });
});
