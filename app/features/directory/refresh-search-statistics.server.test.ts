import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBusiness, createOwner } from "../../../db/seed/factories";
import { getDatabase, getDb, queryRows } from "../../lib/db.server";
import { refreshSearchStatistics } from "./refresh-search-statistics.server";

const hasStatistics = async () =>
  (
    await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from pg_stats where schemaname = current_schema() and tablename = 'businesses' and attname = 'search_vector'`,
    )
  )[0].n > 0;

const addListings = async (n: number) => {
  const { id } = await createOwner(getDb());
  for (let i = 0; i < n; i++) await createBusiness(getDb(), { userId: id, name: `Statistics Test ${i}` });
};

// The database opens in the setup file's beforeAll, so which one it is is known only inside a test.
describe("search statistics", () => {
  it("on the embedded database: analyses listings never analysed, then again once enough have come or gone", async (context) => {
    if (getDatabase().kind !== "embedded") context.skip();
    await addListings(1);
    await refreshSearchStatistics();
    expect(await hasStatistics()).toBe(true);
    // Nothing changed since: nothing to do.
    expect(await refreshSearchStatistics({ minChange: 2, share: 0 })).toBe(false);
    await addListings(2);
    expect(await refreshSearchStatistics({ minChange: 2, share: 0 })).toBe(false);
    await addListings(1);
    expect(await refreshSearchStatistics({ minChange: 2, share: 0 })).toBe(true);
    expect(await refreshSearchStatistics({ minChange: 2, share: 0 })).toBe(false);
  });

  it("on PostgreSQL: leaves them to autovacuum", async (context) => {
    if (getDatabase().kind !== "postgres") context.skip();
    await addListings(3);
    expect(await refreshSearchStatistics({ minChange: 0, share: 0 })).toBe(false);
  });
});
