import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "../../app/lib/db.server";
import { daysBefore, watDay } from "../../app/features/analytics/analytics.schemas";
import { listingsWithAnalytics, seedListingAnalytics } from "./analytics";
import { createBusiness, createOwner } from "./factories";

const DAY = 86_400_000;

async function demoListings(count: number) {
  const owner = await createOwner(getDb());
  const rows = [];
  for (let i = 0; i < count; i++) rows.push(await createBusiness(getDb(), { userId: owner.id }));
  return rows.map((b, i) => ({
    id: b.id, key: `k${i}`, ownerKey: "owner@example.com", status: "approved" as const, category: "Bakery" as const, city: "Ikeja",
    products: ["Agege bread", "Meat pie"], agoMs: (i === 0 ? 200 : 30) * DAY,
  }));
}

describe("demo analytics (db/seed/analytics.ts)", () => {
  it("gives each listing up to 90 days of figures (none before it was created), search words within its impressions, and raw events of the last days that add up to their rollups", async () => {
    const listings = await demoListings(2);
    const now = Date.now();
    const made = await seedListingAnalytics(getDb(), { listings, now, seed: 7 });
    const today = watDay(new Date(now));
    const days = await queryRows<{ business_id: string; n: number; first: string }>(
      getDb(),
      sql`select business_id, count(*)::int as n, min(day)::text as first from listing_daily_stats
          where business_id in ${listings.map((l) => l.id)} group by business_id`,
    );
    const byId = new Map(days.map((d) => [d.business_id, d]));
    expect(byId.get(listings[0]!.id)).toMatchObject({ n: 90, first: daysBefore(today, 89) });
    expect(Number(byId.get(listings[1]!.id)!.n)).toBeLessThanOrEqual(31);
    expect(made.days).toBe(Number(byId.get(listings[0]!.id)!.n) + Number(byId.get(listings[1]!.id)!.n));
    const [totals] = await queryRows<{ views: number; impressions: number; contacts: number }>(
      getDb(),
      sql`select sum(views)::int as views, sum(impressions)::int as impressions, sum(calls + whatsapp + website + directions)::int as contacts
          from listing_daily_stats where business_id = ${listings[0]!.id}`,
    );
    expect(totals!.views).toBeGreaterThan(300);
    expect(totals!.impressions).toBeGreaterThan(totals!.views);
    expect(totals!.contacts).toBeGreaterThan(0);
    const overflow = await queryRows(
      getDb(),
      sql`select 1 from listing_daily_stats s join (select business_id, day, sum(count) as n from listing_search_words group by 1, 2) w using (business_id, day)
          where s.business_id in ${listings.map((l) => l.id)} and w.n > s.impressions`,
    );
    expect(overflow).toEqual([]);
    // The last two days' events add up to their rollups, kind by kind (as the event buffer writes them).
    const mismatches = await queryRows(
      getDb(),
      sql`with ev as (
            select business_id, ((occurred_at at time zone 'UTC') + interval '1 hour')::date as day,
              sum(count) filter (where kind = 'view') as views, sum(count) filter (where kind = 'impression') as impressions,
              sum(count) filter (where kind = 'call') as calls, count(*) filter (where kind = 'reply') as replies
            from listing_events where business_id in ${listings.map((l) => l.id)} group by 1, 2)
          select ev.* from ev join listing_daily_stats s using (business_id, day)
          where coalesce(ev.views, 0) <> s.views or coalesce(ev.impressions, 0) <> s.impressions or coalesce(ev.calls, 0) <> s.calls or ev.replies <> s.replies`,
    );
    expect(mismatches).toEqual([]);
    expect(made.events).toBeGreaterThan(0);
  });

  it("is the same on every run with the same seed, and picks the demo owner's approved listings first", async () => {
    const plan = [
      { key: "a", ownerKey: "x", status: "approved" as const },
      { key: "b", ownerKey: "owner@example.com", status: "approved" as const },
      { key: "c", ownerKey: "owner@example.com", status: "pending" as const },
    ];
    expect(listingsWithAnalytics(plan, "owner@example.com").map((b) => b.key)).toEqual(["b", "a"]);
    const [one, two] = [await demoListings(1), await demoListings(1)];
    const now = Date.parse("2026-11-26T10:00:00Z");
    await seedListingAnalytics(getDb(), { listings: one, now, seed: 42 });
    await seedListingAnalytics(getDb(), { listings: two, now, seed: 42 });
    const figures = (id: string) =>
      queryRows(getDb(), sql`select day::text, views, impressions, calls, whatsapp, reply_seconds from listing_daily_stats where business_id = ${id} order by day`);
    expect(await figures(one[0]!.id)).toEqual(await figures(two[0]!.id));
  });
});
