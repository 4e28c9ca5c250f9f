import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBusiness, createOwner, createSubscription, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { isAppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { ANALYTICS_TIERS, daysBefore, watDay } from "./analytics.schemas";
import { csvField, exportListingAnalytics } from "./export-listing-analytics.server";
import { getListingAnalytics } from "./get-listing-analytics.server";
import { countedVisit } from "./counting-visit.server";
import { bufferListingEvents } from "./internal/event-buffer.server";
import {
  flushListingEvents, recordContactAction, recordListingView, recordMessageActivity, recordSearchImpressions,
} from "./record-listing-events.server";

const BROWSER = "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const DAY_MS = 86_400_000;

function searchPage(userAgent = BROWSER) {
  return new Request("http://localhost:3000/businesses?q=jollof", { headers: { "user-agent": userAgent } });
}

async function ownerOn(plan: "free" | "standard" | "premium", names: string[] = ["Mama Put Kitchen"]) {
  const owner = await createOwner(getDb());
  if (plan !== "free") await createSubscription(getDb(), { userId: owner.id, planId: plan });
  const listings = [];
  for (const name of names) listings.push(await createBusiness(getDb(), { userId: owner.id, name }));
  return { owner, actor: await actorFor(owner), listings };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("getListingAnalytics: totals from the rollups", () => {
  it("counts views, impressions, contacts and conversations recorded through the real API, with the change from the previous period", async () => {
    const { actor, listings } = await ownerOn("standard", ["Iya Basira Kitchen", "Basira Catering"]);
    const kitchen = listings[0]!;
    const catering = listings[1]!;
    const visitor = await actorFor(await createVisitor(getDb()));
    for (let i = 0; i < 3; i++) recordListingView(kitchen.id, visitor);
    recordListingView(catering.id, null);
    recordListingView(kitchen.id, actor); // the owner's own visit: left out
    recordSearchImpressions(countedVisit(searchPage(), "10.4.0.1", null), null, { businessIds: [kitchen.id, catering.id], words: "Jollof  Rice" });
    recordSearchImpressions(countedVisit(searchPage(BOT), "10.4.0.2", null), null, { businessIds: [kitchen.id], words: "jollof rice" }); // a crawler: left out
    recordContactAction(kitchen.id, "call", visitor, countedVisit(searchPage(), "10.4.0.3", visitor)!);
    recordContactAction(kitchen.id, "whatsapp", null, countedVisit(searchPage(), "10.4.0.1", null)!);
    recordContactAction(catering.id, "directions", null, countedVisit(searchPage(), "10.4.0.1", null)!);
    const now = new Date();
    recordMessageActivity({ businessId: kitchen.id, at: now, fromBusiness: false, firstMessageAt: null, businessAnsweredBefore: false });
    recordMessageActivity({ businessId: kitchen.id, at: now, fromBusiness: false, firstMessageAt: now, businessAnsweredBefore: false });
    // The previous 7 days: two views 9 days ago, one call 12 days ago; 20 days ago is in neither period.
    bufferListingEvents([
      { businessId: kitchen.id, kind: "view", at: new Date(now.getTime() - 9 * DAY_MS) },
      { businessId: kitchen.id, kind: "view", at: new Date(now.getTime() - 9 * DAY_MS) },
      { businessId: catering.id, kind: "call", at: new Date(now.getTime() - 12 * DAY_MS) },
      { businessId: kitchen.id, kind: "view", at: new Date(now.getTime() - 20 * DAY_MS) },
    ]);
    await flushListingEvents();

    const all = await getListingAnalytics(actor, { listing: "all", days: "7" });
    expect(all.listings.map((l) => l.name)).toEqual(["Basira Catering", "Iya Basira Kitchen"]);
    expect(all).toMatchObject({ days: 7, to: watDay(new Date()), from: daysBefore(watDay(new Date()), 6), planId: "standard" });
    expect(all.totals.views).toEqual({ value: 4, previous: 2, change: 100 });
    expect(all.totals.impressions).toEqual({ value: 2, previous: 0, change: null });
    expect(all.totals.contacts).toEqual({ value: 3, previous: 1, change: 200 });
    expect(all.totals.conversations).toEqual({ value: 1, previous: 0, change: null });
    expect(all.totals.messages).toEqual({ value: 2, previous: 0, change: null });

    const one = await getListingAnalytics(actor, { listing: kitchen.id, days: "7" });
    expect(one.listing).toBe(kitchen.id);
    expect(one.totals.views).toEqual({ value: 3, previous: 2, change: 50 });
    expect(one.totals.contacts).toEqual({ value: 2, previous: 0, change: null });
    // The series: every day of the period, zeros where nothing happened, today's figures on the last day.
    expect(one.series).toHaveLength(7);
    expect(one.series!.map((p) => p.day)).toEqual(Array.from({ length: 7 }, (_, i) => daysBefore(one.to, 6 - i)));
    expect(one.series!.at(-1)).toMatchObject({ day: one.to, views: 3, impressions: 1, contacts: 2, conversations: 1 });
    expect(one.series!.slice(0, -1).every((p) => p.views === 0 && p.contacts === 0)).toBe(true);

    const month = await getListingAnalytics(actor, { listing: kitchen.id, days: "30" });
    expect(month.totals.views).toEqual({ value: 6, previous: 0, change: null });
  });

  it("puts events at 22:59:59 and 23:00:00 UTC on two different WAT days", async () => {
    const { actor, listings } = await ownerOn("premium");
    const id = listings[0]!.id;
    const utcDay = new Date(Date.now() - 3 * DAY_MS).toISOString().slice(0, 10);
    const before = new Date(`${utcDay}T22:59:59Z`);
    const after = new Date(`${utcDay}T23:00:00Z`);
    bufferListingEvents([
      { businessId: id, kind: "view", at: before },
      { businessId: id, kind: "view", at: after },
      { businessId: id, kind: "view", at: after },
    ]);
    recordMessageActivity({ businessId: id, at: before, fromBusiness: false, firstMessageAt: null, businessAnsweredBefore: false });
    recordMessageActivity({ businessId: id, at: after, fromBusiness: true, firstMessageAt: before, businessAnsweredBefore: false });
    await flushListingEvents();

    const shown = await getListingAnalytics(actor, { listing: id, days: "7" });
    const next = daysBefore(utcDay, -1);
    expect(watDay(before)).toBe(utcDay);
    expect(watDay(after)).toBe(next);
    expect(shown.series!.find((p) => p.day === utcDay)).toMatchObject({ views: 1, conversations: 1 });
    expect(shown.series!.find((p) => p.day === next)).toMatchObject({ views: 2, conversations: 0 });
    expect(shown.messaging).toEqual({ conversations: 1, answeredShare: 1, medianReplySeconds: 1 });
  });
});

describe("getListingAnalytics: plan tiers, enforced on the server", () => {
  it("Free: the last 7 days' totals only; 30 days refused with the plan that unlocks it and a link to /pricing", async () => {
    const { actor, listings } = await ownerOn("free");
    const shown = await getListingAnalytics(actor, { listing: "all", days: null });
    expect(shown).toMatchObject({ days: 7, planId: "free", series: null, channels: null, messaging: null, searchWords: null });
    expect(shown.tier).toEqual(ANALYTICS_TIERS.free);
    const refused = await refusal(getListingAnalytics(actor, { listing: listings[0]!.id, days: "30" }));
    expect(refused).toMatchObject({ code: "forbidden", reason: "analytics-period", link: { href: "/pricing", label: "View plans" } });
    expect(refused.message).toBe("Analytics for the last 30 days come with the Standard plan.");
    expect((await refusal(getListingAnalytics(actor, { listing: "all", days: "90" }))).message).toContain("Premium plan");
    expect((await refusal(exportListingAnalytics(actor, { listing: "all", days: "7" }))).code).toBe("forbidden");
  });

  it("Standard: 30 days with a daily series; 90 days refused; no channels, search words or CSV", async () => {
    const { actor } = await ownerOn("standard");
    const shown = await getListingAnalytics(actor, { listing: "all", days: "30" });
    expect(shown.series).toHaveLength(30);
    expect(shown).toMatchObject({ channels: null, messaging: null, searchWords: null });
    expect((await getListingAnalytics(actor, { listing: "all", days: "" })).days).toBe(30);
    const refused = await refusal(getListingAnalytics(actor, { listing: "all", days: "90" }));
    expect(refused).toMatchObject({ code: "forbidden", message: "Analytics for the last 90 days come with the Premium plan." });
    const csv = await refusal(exportListingAnalytics(actor, { listing: "all", days: "30" }));
    expect(csv).toMatchObject({ code: "forbidden", message: "CSV export comes with the Premium plan.", link: { href: "/pricing", label: "View plans" } });
  });

  it("Premium: 90 days, channels with the previous period, messaging, the top 10 search words and the CSV", async () => {
    const { actor, listings } = await ownerOn("premium", ["Adaeze Tailoring"]);
    const id = listings[0]!.id;
    const now = new Date();
    recordContactAction(id, "call", null, countedVisit(searchPage(), "10.5.0.1", null)!);
    recordContactAction(id, "call", null, countedVisit(searchPage(), "10.5.0.2", null)!);
    recordContactAction(id, "website", null, countedVisit(searchPage(), "10.5.0.1", null)!);
    bufferListingEvents([{ businessId: id, kind: "call", at: new Date(now.getTime() - 100 * DAY_MS) }]);
    for (let i = 0; i < 12; i++) {
      // Each search by a different visitor: a visitor's appearances count once per listing and window (counting.ts).
      for (let n = 0; n <= i; n++) recordSearchImpressions(countedVisit(searchPage(), `10.6.${i}.${n}`, null), null, { businessIds: [id], words: `tailor ${String(i).padStart(2, "0")}` });
    }
    // Three conversations: first replies after 10 and 30 minutes, the third unanswered; all on one WAT day (in the
    // 35 minutes after midnight WAT, 'now − 35 minutes' is yesterday: then they are yesterday evening's).
    const midnight = Date.parse(`${watDay(now)}T00:00:00+01:00`);
    const t0 = new Date(now.getTime() - 35 * 60_000 >= midnight ? now.getTime() - 35 * 60_000 : midnight - 40 * 60_000);
    for (const [i, replyAfter] of [600, 1800, null].entries()) {
      const first = new Date(t0.getTime() + i * 1000);
      recordMessageActivity({ businessId: id, at: first, fromBusiness: false, firstMessageAt: null, businessAnsweredBefore: false });
      if (replyAfter !== null) {
        const reply = new Date(first.getTime() + replyAfter * 1000);
        recordMessageActivity({ businessId: id, at: reply, fromBusiness: true, firstMessageAt: first, businessAnsweredBefore: false });
        // A second answer is no first reply.
        recordMessageActivity({ businessId: id, at: new Date(reply.getTime() + 5000), fromBusiness: true, firstMessageAt: first, businessAnsweredBefore: true });
      }
    }
    await flushListingEvents();

    const shown = await getListingAnalytics(actor, { listing: id, days: "90" });
    expect(shown.series).toHaveLength(90);
    expect(shown.channels).toEqual({
      call: { value: 2, previous: 1, change: 100 },
      whatsapp: { value: 0, previous: 0, change: null },
      website: { value: 1, previous: 0, change: null },
      directions: { value: 0, previous: 0, change: null },
    });
    expect(shown.messaging).toEqual({ conversations: 3, answeredShare: 2 / 3, medianReplySeconds: 1200 });
    expect(shown.searchWords).toHaveLength(10);
    expect(shown.searchWords![0]).toEqual({ words: "tailor 11", count: 12 });
    expect(shown.searchWords!.at(-1)).toEqual({ words: "tailor 02", count: 3 });

    const csv = await exportListingAnalytics(actor, { listing: id, days: "7" });
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("day,listing,views,impressions,calls,whatsapp,website,directions,conversations,messages,replies,quotes");
    expect(lines).toHaveLength(1 + 7);
    const today = watDay(new Date());
    if (watDay(t0) === today) expect(lines.at(-1)).toBe(`${today},Adaeze Tailoring,0,78,2,0,1,0,3,3,2,0`);
    else expect(lines.slice(-2)).toEqual([`${watDay(t0)},Adaeze Tailoring,0,0,0,0,0,0,3,3,2,0`, `${today},Adaeze Tailoring,0,78,2,0,1,0,0,0,0,0`]);
    expect(csv.filename).toMatch(/^analytics-listing-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

describe("getListingAnalytics: only the owner's own listings", () => {
  it("answers another owner's listing as not found, and their 'all' holds only their own listings", async () => {
    const { actor, listings } = await ownerOn("premium", ["Secret Figures Ltd"]);
    recordListingView(listings[0]!.id, null);
    await flushListingEvents();
    const other = await ownerOn("premium", []);
    for (const read of [getListingAnalytics, exportListingAnalytics]) {
      const refused = await refusal(read(other.actor, { listing: listings[0]!.id, days: "7" }));
      expect(refused.code).toBe("not-found");
      expect(refused.message).not.toContain("Secret");
    }
    const theirs = await getListingAnalytics(other.actor, { listing: "all", days: "7" });
    expect(theirs.listings).toEqual([]);
    expect(theirs.totals.views.value).toBe(0);
    expect((await exportListingAnalytics(other.actor, { listing: "all", days: "7" })).body).not.toContain("Secret");
    expect((await getListingAnalytics(actor, { listing: "all", days: "7" })).totals.views.value).toBe(1);
  });

  it("refuses visitors and anonymous callers, and answers bad input clearly", async () => {
    const { actor, listings } = await ownerOn("standard");
    const visitor = await actorFor(await createVisitor(getDb()));
    expect((await refusal(getListingAnalytics(visitor, { listing: listings[0]!.id, days: "7" }))).code).toBe("forbidden");
    expect((await refusal(getListingAnalytics(null, { listing: "all", days: "7" }))).code).toBe("unauthenticated");
    expect((await refusal(exportListingAnalytics(null, { listing: "all", days: "7" }))).code).toBe("unauthenticated");
    expect((await refusal(getListingAnalytics(actor, { listing: "not-an-id", days: "7" }))).code).toBe("not-found");
    const bad = await refusal(getListingAnalytics(actor, { listing: "all", days: "14" }));
    expect(bad).toMatchObject({ code: "invalid", message: "Choose a period of 7, 30, 90 days." });
  });
});

describe("the CSV: owner-typed names are data, never formulas", () => {
  it("quotes fields and puts an apostrophe before = + - @ tab and carriage return", async () => {
    expect(csvField("=HYPERLINK(\"http://x\")")).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField("+234 Foods")).toBe("'+234 Foods");
    expect(csvField("-5 Deals")).toBe("'-5 Deals");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tTabbed")).toBe("'\tTabbed");
    expect(csvField("\rReturn")).toBe(`"'\rReturn"`);
    expect(csvField("Mama's, \"best\"")).toBe(`"Mama's, ""best"""`);
    expect(csvField("Line\nbreak")).toBe(`"Line\nbreak"`);
    expect(csvField(-3)).toBe("-3");

    const { actor } = await ownerOn("premium", ["=cmd|' /C calc'!A0", "Bukka, \"Nice\""]);
    const { body } = await exportListingAnalytics(actor, { listing: "all", days: "7" });
    const today = watDay(new Date());
    expect(body).toContain(`${today},'=cmd|' /C calc'!A0,0,0,0,0,0,0,0,0,0,0\r\n`);
    expect(body).toContain(`${today},"Bukka, ""Nice""",0,0,0,0,0,0,0,0,0,0\r\n`);
    expect(body.split("\r\n").filter(Boolean)).toHaveLength(1 + 7 * 2);
  });
});

describe("getListingAnalytics: bounded work", () => {
  it("answers an owner with 3 listings and a year of rollups well under 100 ms, reading the rollups by primary key", async () => {
    const { actor, listings } = await ownerOn("premium", ["Year One", "Year Two", "Year Three"]);
    const ids = listings.map((l) => l.id);
    const today = watDay(new Date());
    await getDb().execute(sql`
      insert into listing_daily_stats (business_id, day, views, impressions, calls, whatsapp, website, directions, conversations, messages, replies, reply_seconds)
      select b, ${today}::date - g, 20 + g % 7, 90 + g % 11, g % 3, g % 4, g % 2, g % 3, g % 2, g % 5, g % 2, case when g % 2 = 1 then array[600 + g] else '{}' end
      from unnest(${`{${ids.join(",")}}`}::uuid[]) as b, generate_series(0, 364) as g`);
    await getDb().execute(sql`
      insert into listing_search_words (business_id, day, words, count)
      select b, ${today}::date - g, 'word ' || w, 1 + (g + w) % 5
      from unnest(${`{${ids.join(",")}}`}::uuid[]) as b, generate_series(0, 364) as g, generate_series(1, 8) as w`);
    await getDb().execute(sql`analyze listing_daily_stats`);
    await getDb().execute(sql`analyze listing_search_words`);

    // The reads' predicate is a primary key range (on a table this small the planner may still prefer a scan).
    const plan = await getDb().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain select day from listing_daily_stats where business_id in ${ids} and day between ${daysBefore(today, 179)}::date and ${today}::date`,
      );
    });
    expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/(Index (Only )?Scan using|Bitmap Index Scan on) listing_daily_stats_pk/);

    await getListingAnalytics(actor, { listing: "all", days: "90" });
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const shown = await getListingAnalytics(actor, { listing: "all", days: "90" });
      times.push(performance.now() - started);
      expect(shown.series).toHaveLength(90);
      expect(shown.searchWords).toHaveLength(8);
    }
    times.sort((a, b) => a - b);
    console.info(`getListingAnalytics, 3 listings, a year of rollups, 90 days: median ${times[2]!.toFixed(1)} ms (${times.map((t) => t.toFixed(1)).join(", ")})`);
    expect(times[2]!).toBeLessThan(100);
  });
});
