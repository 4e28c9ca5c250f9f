import { and, asc, between, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { siteDailyStats } from "../../../db/schema";
import { createAdmin, createBusiness, createMessage, createOwner, createPayment, createUser, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { createScheduler, defaultJobs } from "../../../server/scheduler";
import { getDb, queryRows } from "../../lib/db.server";
import { daysBefore, watDay } from "../analytics/analytics.schemas";
import { getSiteOverview } from "./get-site-overview.server";
import { countDays, refreshSiteStats } from "./refresh-site-stats.server";

// Each test counts its own far-future window, so rows other tests make today never fall into it.
const at = (iso: string) => new Date(iso);

async function statsBetween(from: string, to: string) {
  return getDb()
    .select()
    .from(siteDailyStats)
    .where(between(siteDailyStats.day, from, to))
    .orderBy(asc(siteDailyStats.day));
}

async function statsOn(day: string) {
  const [row] = await getDb().select().from(siteDailyStats).where(eq(siteDailyStats.day, day));
  return row;
}

/** One of everything the overview counts, at `when`: an account, a listing, a message and a succeeded payment. */
async function activityAt(when: Date, amountKobo = 299_900) {
  const owner = await createOwner(getDb());
  const listing = await createBusiness(getDb(), { userId: owner.id, createdAt: when });
  const visitor = await createVisitor(getDb(), { createdAt: when });
  await createMessage(getDb(), { businessId: listing.id, senderId: visitor.id, createdAt: when });
  // confirmed_at is created_at + 2 s (the factory): paid 2 s after `when`.
  await createPayment(getDb(), { userId: owner.id, purpose: "subscription", planId: "standard", amountKobo, createdAt: new Date(when.getTime() - 2000) });
}

describe("the site-stats job (site_daily_stats)", () => {
  it("counts each row on its WAT day: 22:59 UTC is still that date, 23:00 UTC is the next", async () => {
    const now = at("2035-03-10T12:00:00Z");
    await activityAt(at("2035-03-07T22:59:00Z"));
    await activityAt(at("2035-03-07T23:00:00Z"));
    await activityAt(at("2035-03-08T22:59:59Z"));
    // A sign-up alone at the very start of 9 March (WAT).
    await createUser(getDb(), { createdAt: at("2035-03-08T23:00:00Z") });

    await refreshSiteStats(now);
    const byDay = Object.fromEntries((await statsBetween("2035-03-06", "2035-03-10")).map((r) => [r.day, r]));
    const figures = (day: string) => {
      const r = byDay[day];
      return r && [r.signups, r.listings, r.messages, r.payments, r.revenueKobo];
    };
    expect(figures("2035-03-06")).toEqual([0, 0, 0, 0, 0]);
    expect(figures("2035-03-07")).toEqual([1, 1, 1, 1, 299_900]);
    expect(figures("2035-03-08")).toEqual([2, 2, 2, 2, 599_800]);
    expect(figures("2035-03-09")).toEqual([1, 0, 0, 0, 0]);
    expect(figures("2035-03-10")).toEqual([0, 0, 0, 0, 0]);
    expect(byDay["2035-03-10"]!.computedAt).toEqual(now);
  });

  it("counts only succeeded payments, on the day they were confirmed, and sums their amounts", async () => {
    const now = at("2036-01-20T08:00:00Z");
    const owner = await createOwner(getDb());
    const paid = { userId: owner.id, purpose: "subscription" as const, planId: "standard" };
    await createPayment(getDb(), { ...paid, amountKobo: 299_900, createdAt: at("2036-01-19T10:00:00Z") });
    await createPayment(getDb(), { ...paid, purpose: "featured", planId: "basic", amountKobo: 150_000, createdAt: at("2036-01-19T11:00:00Z") });
    await createPayment(getDb(), { ...paid, amountKobo: 999_900, status: "failed", failureReason: "Declined", createdAt: at("2036-01-19T12:00:00Z") });
    await createPayment(getDb(), { ...paid, planId: "premium", amountKobo: 799_900, status: "pending", createdAt: at("2036-01-19T13:00:00Z") });
    // Started on the 18th (WAT) at 22:59:59 UTC, confirmed 2 s later: the 19th's money.
    await createPayment(getDb(), { ...paid, amountKobo: 100, createdAt: at("2036-01-18T22:59:59Z") });

    await refreshSiteStats(now);
    expect(await statsOn("2036-01-19")).toMatchObject({ payments: 3, revenueKobo: 299_900 + 150_000 + 100 });
    expect(await statsOn("2036-01-18")).toMatchObject({ payments: 0, revenueKobo: 0 });
  });

  it("fills the last 180 days on its first run (90 charted, 90 to compare with), gives the same rows when run again, and recomputes today and yesterday as more arrives", async () => {
    const first = at("2037-05-15T09:00:00Z");
    const today = watDay(first);
    const oldest = daysBefore(today, 179);
    await activityAt(at("2037-05-15T07:00:00Z"));
    await activityAt(at("2037-04-01T12:00:00Z"));

    expect(await refreshSiteStats(first)).toEqual({ days: 180 });
    const filled = await statsBetween(daysBefore(today, 200), today);
    expect(filled.map((r) => r.day)).toEqual(Array.from({ length: 180 }, (_, i) => daysBefore(today, 179 - i)));
    expect(filled[0]!.day).toBe(oldest);

    // Again at the same moment: nothing changes. Then only today and yesterday are counted again.
    expect(await refreshSiteStats(first)).toEqual({ days: 2 });
    expect(await statsBetween(oldest, today)).toEqual(filled);

    await createUser(getDb(), { createdAt: at("2037-05-15T10:00:00Z") });
    await activityAt(at("2037-05-14T20:00:00Z"), 500_000);
    // Late rows of a day already past yesterday stay as counted (only today and yesterday are recounted).
    await createUser(getDb(), { createdAt: at("2037-04-01T13:00:00Z") });
    const later = at("2037-05-15T09:10:00Z");
    await refreshSiteStats(later);
    expect(await statsOn(today)).toMatchObject({ signups: 2, listings: 1, messages: 1, payments: 1, revenueKobo: 299_900, computedAt: later });
    expect(await statsOn("2037-05-14")).toMatchObject({ signups: 1, listings: 1, messages: 1, payments: 1, revenueKobo: 500_000, computedAt: later });
    expect(await statsOn("2037-04-01")).toMatchObject({ signups: 1, computedAt: first });
  });

  it("counts each day by index range scans (no table is read whole, whatever its size)", async () => {
    // Years of succeeded payments, one a day, so the planner knows a day holds few of them.
    await getDb().execute(sql`
      insert into payments (purpose, plan_id, amount_kobo, provider, reference, status, created_at, updated_at, confirmed_at)
      select 'subscription', 'standard', 299900, 'demo', 'plan_test_' || n, 'succeeded', t, t, t
      from generate_series(1, 2000) as n, lateral (select timestamptz '2000-01-01 10:00:00+00' + make_interval(days => n) as t) as at`);
    await getDb().execute(sql`analyze payments`);
    const plan = await getDb().transaction(async (tx) => {
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
      return queryRows<{ "QUERY PLAN": string }>(tx, sql`explain ${countDays(["2035-03-08", "2035-03-09"], new Date())}`);
    });
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    for (const index of ["user_created_idx", "businesses_created_idx", "business_messages_created_idx", "payments_succeeded_confirmed_idx"]) {
      expect(text).toContain(index);
    }
    expect(text).not.toMatch(/Seq Scan on (\w+ )?"?(user|businesses|business_messages|payments)\b/);
  });

  it("runs as the scheduler's 'site-stats' job, once per slot across processes, counting today", async () => {
    const job = defaultJobs().filter((j) => j.name === "site-stats");
    expect(job).toHaveLength(1);
    await createUser(getDb());
    const a = createScheduler({ jobs: job, intervalMs: 1000, ranBy: "1@a" });
    const b = createScheduler({ jobs: job, intervalMs: 1000, ranBy: "2@b" });
    const outcomes = (await Promise.all([a.tick(new Date()), b.tick(new Date())])).flat();
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(outcomes.find((o) => o.ran)?.outcome).toBe("ok");
    const row = await statsOn(watDay(new Date()));
    expect(row?.signups).toBeGreaterThanOrEqual(1);
    const rows = await getDb()
      .select()
      .from(siteDailyStats)
      .where(and(between(siteDailyStats.day, daysBefore(watDay(new Date()), 89), watDay(new Date()))));
    expect(rows).toHaveLength(90);
  });
});

describe("the admin overview (getSiteOverview)", () => {
  it("gives admins the last 90 days (zeros where nothing was counted), the 7/30/90-day totals and the change from the period before", async () => {
    const admin = await actorFor(await createAdmin(getDb()));
    const now = at("2038-08-31T10:00:00Z");
    const today = watDay(now);
    // Nothing counted yet: 90 days of zeros, no change to show, no time.
    const before = await getSiteOverview(admin, now);
    expect(before.days).toHaveLength(90);
    expect(before.days.every((d) => d.signups === 0 && d.revenueKobo === 0)).toBe(true);
    expect(before.computedAt).toBeNull();
    expect(before.periods.map((p) => p.previous)).toEqual([null, null, null]);

    await activityAt(at("2038-08-31T08:00:00Z"), 299_900); // today
    await activityAt(at("2038-08-20T08:00:00Z"), 150_000); // 11 days back: in the 7 days before the last 7
    await activityAt(at("2038-06-15T08:00:00Z"), 100_000); // 77 days back: only in the 90 days
    await refreshSiteStats(now);

    const overview = await getSiteOverview(admin, now);
    expect(overview.computedAt).toEqual(now);
    expect(overview.days).toHaveLength(90);
    expect(overview.days[0]!.day).toBe(daysBefore(today, 89));
    expect(overview.days[89]).toEqual({ day: today, signups: 1, listings: 1, messages: 1, payments: 1, revenueKobo: 299_900 });
    expect(overview.days.find((d) => d.day === "2038-06-15")).toMatchObject({ signups: 1, revenueKobo: 100_000 });

    const [week, month, quarter] = overview.periods;
    expect(week).toEqual({
      days: 7,
      totals: { signups: 1, listings: 1, messages: 1, payments: 1, revenueKobo: 299_900 },
      previous: { signups: 1, listings: 1, messages: 1, payments: 1, revenueKobo: 150_000 },
    });
    expect(month).toMatchObject({ days: 30, totals: { signups: 2, revenueKobo: 449_900 }, previous: { signups: 0, revenueKobo: 0 } });
    // The first run counted the 90 days before the last 90 too (nothing then): the change is from zero.
    expect(quarter).toMatchObject({ days: 90, totals: { signups: 3, payments: 3, revenueKobo: 549_900 }, previous: { signups: 0, revenueKobo: 0 } });
  });

  it("refuses anonymous callers, visitors, business owners and admins without two-factor sign-in", async () => {
    const visitor = await actorFor(await createVisitor(getDb()));
    const owner = await actorFor(await createOwner(getDb()));
    const noSecondFactor = await actorFor(await createAdmin(getDb(), { twoFactor: false }));
    expect((await refusal(getSiteOverview(null))).code).toBe("unauthenticated");
    for (const actor of [visitor, owner]) expect((await refusal(getSiteOverview(actor))).code).toBe("forbidden");
    const refused = await refusal(getSiteOverview(noSecondFactor));
    expect(refused.code).toBe("forbidden");
    expect(refused.reason).toBe("two-factor-required");
  });
});
