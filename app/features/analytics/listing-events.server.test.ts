import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createOwner, createVisitor, type CreatedUser } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { pageApp } from "../../../tests/support/route-build";
import { sessionCookie } from "../../../tests/support/screen-harness";
import { getDb, queryRows } from "../../lib/db.server";
import { recordBusinessView } from "../directory/record-business-view.server";
import { sendMessage } from "../messaging/send-message.server";
import type { SessionUser } from "../accounts/session-user";
import { getReplyTime } from "./get-reply-time.server";
import { BURST_LIMIT, COUNT_WINDOW_MS } from "./counting";
import { countedVisit } from "./counting-visit.server";
import { heldBackSince } from "./held-back-counts.server";
import { bufferListingEvents } from "./internal/event-buffer.server";
import { purgeListingEvents } from "./purge-listing-events.server";
import { flushListingEvents, pendingListingEvents, recordContactAction, recordMessageActivity, recordSearchImpressions } from "./record-listing-events.server";

const PHONE = "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const BOTS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "WhatsApp/2.23.20.0 A",
  "facebookexternalhit/1.1",
];
const page = (headers: Record<string, string> = { "User-Agent": PHONE }) => new Request("http://localhost/businesses?q=x", { headers });
/** The counting visit of a request from an address (counting.ts): a different address is a different visitor. */
const from = (address: string, request: Request = page(), viewer: SessionUser | null = null, now = Date.now()) => countedVisit(request, address, viewer, now);

type Day = { day: string; views: number; impressions: number; calls: number; whatsapp: number; website: number; directions: number; conversations: number; messages: number; replies: number; reply_seconds: number[] };

async function days(businessId: string): Promise<Day[]> {
  return queryRows<Day>(getDb(), sql`select day::text as day, views, impressions, calls, whatsapp, website, directions, conversations, messages, replies, reply_seconds
    from listing_daily_stats where business_id = ${businessId} order by day`);
}
async function rawSum(businessId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ kind: string; n: number }>(getDb(), sql`select kind, sum(count)::int as n from listing_events where business_id = ${businessId} group by kind`);
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
}
const total = (rows: Day[], key: keyof Day) => rows.reduce((sum, r) => sum + Number(r[key]), 0);

let owner: CreatedUser;
let ownerActor: SessionUser;
let visitor: CreatedUser;
let visitorActor: SessionUser;

beforeAll(async () => {
  owner = await createOwner(getDb());
  ownerActor = await actorFor(owner);
  visitor = await createVisitor(getDb());
  visitorActor = await actorFor(visitor);
});

async function listing(overrides: Partial<Parameters<typeof createBusiness>[1]> = {}) {
  return createBusiness(getDb(), { userId: owner.id, phoneNumber: "0803 123 4567", ...overrides });
}

describe("counting rules", () => {
  it("counts a person's impressions with the normalised search words, and nothing from crawlers, previews or prefetches", async () => {
    const b = await listing();
    recordSearchImpressions(from("198.51.100.1"), null, { businessIds: [b.id], words: "  Jollof   RICE " });
    recordSearchImpressions(from("198.51.100.2", page(), visitorActor), visitorActor, { businessIds: [b.id], words: "jollof rice" });
    recordSearchImpressions(from("198.51.100.3"), null, { businessIds: [b.id] });
    for (const ua of BOTS) recordSearchImpressions(from("198.51.100.4", page({ "User-Agent": ua })), null, { businessIds: [b.id], words: "bot" });
    recordSearchImpressions(from("198.51.100.5", page({ "User-Agent": PHONE, "Sec-Purpose": "prefetch" })), null, { businessIds: [b.id], words: "prefetch" });
    recordSearchImpressions(from("198.51.100.6", page({})), null, { businessIds: [b.id], words: "no agent" });
    await flushListingEvents();
    expect(total(await days(b.id), "impressions")).toBe(3);
    const words = await queryRows<{ words: string; count: number }>(getDb(), sql`select words, count from listing_search_words where business_id = ${b.id}`);
    expect(words).toEqual([{ words: "jollof rice", count: 2 }]);
  });

  it("counts one appearance per visitor, listing and 30-minute window: the same person's pages again are one, another person another", async () => {
    const b = await listing();
    const someone = await actorFor(await createVisitor(getDb()));
    const at = (path: string) => new Request(`http://localhost${path}`, { headers: { "User-Agent": PHONE } });
    const now = Date.now();
    // A signed-in tab revalidating, and the next page of the same search: one visitor.
    for (const path of ["/businesses?q=suya&page=2", "/businesses.data?q=suya&page=2&_routes=routes%2Fpublic%2Fbusinesses", "/businesses?q=suya&page=3"]) {
      recordSearchImpressions(from("198.51.100.9", at(path), someone, now), someone, { businessIds: [b.id], words: "suya" });
    }
    // The same phone and address (an anonymous visitor) twice: one; another phone behind the same address: another.
    recordSearchImpressions(from("198.51.100.10", at("/businesses?q=suya"), null, now), null, { businessIds: [b.id], words: "suya" });
    recordSearchImpressions(from("198.51.100.10", at("/businesses?q=suya"), null, now), null, { businessIds: [b.id], words: "suya" });
    const otherPhone = new Request("http://localhost/businesses?q=suya", { headers: { "User-Agent": PHONE.replace("KG5", "KG7") } });
    recordSearchImpressions(from("198.51.100.10", otherPhone, null, now), null, { businessIds: [b.id], words: "suya" });
    await flushListingEvents();
    expect(total(await days(b.id), "impressions")).toBe(3);
    // A later batch (another process's, as well) knows who was counted: the window is kept in the database.
    recordSearchImpressions(from("198.51.100.10", at("/businesses?q=suya"), null, now), null, { businessIds: [b.id], words: "suya" });
    await flushListingEvents();
    expect(total(await days(b.id), "impressions")).toBe(3);
    // The next window counts them again.
    recordSearchImpressions(from("198.51.100.10", at("/businesses?q=suya"), null, now + 30 * 60_000), null, { businessIds: [b.id], words: "suya" });
    await flushListingEvents();
    expect(total(await days(b.id), "impressions")).toBe(4);
  });

  it("never counts the listing's owner: their page views, impressions and contact taps", async () => {
    const b = await listing({ viewCount: 5 });
    expect(await recordBusinessView(b.id, ownerActor, from("198.51.100.20", page(), ownerActor)!)).toBeNull();
    recordSearchImpressions(from("198.51.100.20", page(), ownerActor), ownerActor, { businessIds: [b.id], words: "mine" });
    recordContactAction(b.id, "call", ownerActor, from("198.51.100.20", page(), ownerActor)!);
    expect(await recordBusinessView(b.id, visitorActor, from("198.51.100.21", page(), visitorActor)!)).toBe(6);
    expect(await recordBusinessView(b.id, null, from("198.51.100.22")!)).toBe(7);
    // The same visitor again within the window: not counted, the count stays.
    expect(await recordBusinessView(b.id, null, from("198.51.100.22")!)).toBeNull();
    await flushListingEvents();
    const rows = await days(b.id);
    expect(total(rows, "views")).toBe(2);
    expect(total(rows, "impressions")).toBe(0);
    expect(total(rows, "calls")).toBe(0);
    expect(await rawSum(b.id)).toEqual({ view: 2 });
  });

  it("adds up one batch's events per listing and kind: the raw rows and the rollup agree", async () => {
    const b = await listing();
    const other = await listing();
    for (let i = 0; i < 25; i++) recordSearchImpressions(from(`10.1.0.${i}`), null, { businessIds: [b.id, other.id], words: "bread" });
    recordContactAction(b.id, "whatsapp", null, from("10.2.0.1")!);
    recordContactAction(b.id, "whatsapp", visitorActor, from("10.2.0.2", page(), visitorActor)!);
    recordContactAction(b.id, "website", null, from("10.2.0.1")!);
    recordContactAction(b.id, "directions", null, from("10.2.0.1")!);
    await flushListingEvents();
    const raw = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from listing_events where business_id = ${b.id} and kind = 'impression'`);
    expect(Number(raw[0]!.n)).toBe(1);
    expect(await rawSum(b.id)).toEqual({ impression: 25, whatsapp: 2, website: 1, directions: 1 });
    const [day] = await days(b.id);
    expect(day).toMatchObject({ impressions: 25, whatsapp: 2, website: 1, directions: 1, calls: 0 });
    expect(total(await days(other.id), "impressions")).toBe(25);
  });

  it("puts each event on its day in Africa/Lagos time (UTC+1): 22:59:59 UTC and 23:00:00 UTC are different days", async () => {
    const b = await listing();
    bufferListingEvents([
      { businessId: b.id, kind: "view", at: new Date("2026-03-09T22:59:59Z") },
      { businessId: b.id, kind: "view", at: new Date("2026-03-09T23:00:00Z") },
      { businessId: b.id, kind: "call", at: new Date("2026-03-10T22:30:00Z") },
      // New Year's Eve in Lagos starts the new year an hour before UTC does.
      { businessId: b.id, kind: "view", at: new Date("2026-12-31T23:30:00Z") },
    ]);
    await flushListingEvents();
    // Written again in a later batch: added to the same day's row, not a second row.
    bufferListingEvents([{ businessId: b.id, kind: "view", at: new Date("2026-03-10T00:15:00Z") }]);
    await flushListingEvents();
    expect((await days(b.id)).map((d) => [d.day, d.views, d.calls])).toEqual([
      ["2026-03-09", 1, 0],
      ["2026-03-10", 2, 1],
      ["2027-01-01", 1, 0],
    ]);
  });

  it("drops the events of a listing deleted before its batch was written, and writes the others", async () => {
    const gone = await listing();
    const kept = await listing();
    recordContactAction(gone.id, "call", null, from("10.3.0.1")!);
    recordContactAction(kept.id, "call", null, from("10.3.0.1")!);
    await getDb().execute(sql`delete from businesses where id = ${gone.id}`);
    await flushListingEvents();
    expect(total(await days(kept.id), "calls")).toBe(1);
    expect(await rawSum(gone.id)).toEqual({});
  });
});

describe("one source's burst (issue 38)", () => {
  it("counts one view, appearance and tap for a flood from one client, and holds back visitors past the burst limit from one address", async () => {
    const b = await listing({ viewCount: 0 });
    const phone = (n: number) => page({ "User-Agent": PHONE.replace("KG5", `KG${n}`) });
    // One client, 50 times each: one of each.
    for (let i = 0; i < 50; i++) {
      await recordBusinessView(b.id, null, from("192.0.2.1", phone(0))!);
      recordSearchImpressions(from("192.0.2.1", phone(0)), null, { businessIds: [b.id], words: "suya" });
      recordContactAction(b.id, "call", null, from("192.0.2.1", phone(0))!);
    }
    await flushListingEvents();
    expect(await days(b.id)).toMatchObject([{ views: 1, impressions: 1, calls: 1 }]);
    // A script rotating user agents from one address: BURST_LIMIT (20) visitors count, the rest are held back.
    for (let n = 1; n <= BURST_LIMIT + 5; n++) {
      await recordBusinessView(b.id, null, from("192.0.2.1", phone(n))!);
      recordContactAction(b.id, "call", null, from("192.0.2.1", phone(n))!);
    }
    await flushListingEvents();
    expect(await days(b.id)).toMatchObject([{ views: BURST_LIMIT, calls: BURST_LIMIT }]);
    const [row] = await queryRows<{ view_count: number }>(getDb(), sql`select view_count from businesses where id = ${b.id}`);
    expect(Number(row!.view_count)).toBe(BURST_LIMIT);
    // Kept, marked held, never silently dropped.
    const held = await queryRows<{ kind: string; n: number }>(getDb(), sql`select kind, sum(count)::int as n from listing_events where business_id = ${b.id} and held group by kind order by kind`);
    expect(held.map((r) => [r.kind, Number(r.n)])).toEqual([["call", 6], ["view", 6]]);
    // People behind another address are still counted.
    expect(await recordBusinessView(b.id, null, from("192.0.2.2", phone(1))!)).toBe(BURST_LIMIT + 1);
    // The admins' overview shows it.
    const shown = await heldBackSince(new Date(Date.now() - 86_400_000));
    expect(shown.listings.find((l) => l.id === b.id)).toMatchObject({ views: 6, taps: 6, appearances: 0 });
    expect(shown.views).toBeGreaterThanOrEqual(6);
  });

  it("forgets the visitors of windows before the previous one", async () => {
    const b = await listing();
    const now = Date.now();
    recordContactAction(b.id, "call", null, from("192.0.2.9", page(), null, now - 2 * COUNT_WINDOW_MS)!);
    recordContactAction(b.id, "call", null, from("192.0.2.9", page(), null, now)!);
    await flushListingEvents();
    const visits = () => queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from counted_visits where business_id = ${b.id}`);
    expect(Number((await visits())[0]!.n)).toBe(2);
    const purged = await purgeListingEvents(new Date(now));
    expect(purged.countedVisits).toBeGreaterThanOrEqual(1);
    expect(Number((await visits())[0]!.n)).toBe(1);
  });
});

describe("a failed write", () => {
  it("keeps the events for the next batch, and gives them up after five failures in a row", async () => {
    const b = await listing();
    // A kind the table refuses (only a bug could make one) fails the whole statement.
    bufferListingEvents([{ businessId: b.id, kind: "nonsense" as never }, { businessId: b.id, kind: "call" }]);
    await flushListingEvents();
    expect(pendingListingEvents()).toBe(2);
    for (let i = 0; i < 4; i++) await flushListingEvents();
    expect(pendingListingEvents()).toBe(0);
    bufferListingEvents([{ businessId: b.id, kind: "whatsapp" }]);
    await flushListingEvents();
    expect(await rawSum(b.id)).toEqual({ whatsapp: 1 });
  });
});

describe("messaging figures", () => {
  it("counts messages received, conversations started and the first reply with its time, from real sends", async () => {
    const b = await listing();
    const send = (actor: SessionUser, input: { message: string; visitorId?: string }) =>
      sendMessage(actor, { businessId: b.id, idempotencyKey: randomUUID(), ...input });
    await send(visitorActor, { message: "Hello, are you open today?" });
    await send(visitorActor, { message: "And tomorrow?" });
    await send(ownerActor, { message: "Yes, from 8.", visitorId: visitor.id });
    await send(ownerActor, { message: "Both days.", visitorId: visitor.id });
    await flushListingEvents();
    const [day] = await days(b.id);
    expect(day).toMatchObject({ messages: 2, conversations: 1, replies: 1 });
    expect(day!.reply_seconds).toHaveLength(1);
    expect(day!.reply_seconds[0]).toBeGreaterThanOrEqual(0);
    expect(day!.reply_seconds[0]).toBeLessThan(60);
  });

  it("counts another business owner writing to the listing as a visitor: their enquiry, its conversation and the reply", async () => {
    const b = await listing();
    const otherOwner = await createOwner(getDb());
    const otherActor = await actorFor(otherOwner);
    expect(otherActor.role).toBe("business");
    await sendMessage(otherActor, { businessId: b.id, idempotencyKey: randomUUID(), message: "Do you supply bread to shops?" });
    await sendMessage(otherActor, { businessId: b.id, idempotencyKey: randomUUID(), message: "We need 40 loaves a day." });
    await sendMessage(ownerActor, { businessId: b.id, idempotencyKey: randomUUID(), message: "Yes we do.", visitorId: otherOwner.id });
    await flushListingEvents();
    const [day] = await days(b.id);
    expect(day).toMatchObject({ messages: 2, conversations: 1, replies: 1 });
  });

  it("says 'Usually replies within N hours' only with enough conversations, most of them answered", async () => {
    const b = await listing();
    const now = new Date();
    const firstAt = new Date(now.getTime() - 6 * 3600_000);
    const start = (n: number) => {
      for (let i = 0; i < n; i++) recordMessageActivity({ businessId: b.id, at: firstAt, fromBusiness: false, firstMessageAt: null, businessAnsweredBefore: false });
    };
    const reply = (hours: number) =>
      recordMessageActivity({ businessId: b.id, at: new Date(firstAt.getTime() + hours * 3600_000), fromBusiness: true, firstMessageAt: firstAt, businessAnsweredBefore: false });
    start(4);
    reply(1.5);
    reply(2.5);
    reply(0.5);
    await flushListingEvents();
    expect(await getReplyTime(b.id, now)).toBeNull(); // 4 conversations: too few to say
    start(2);
    await flushListingEvents();
    // 6 conversations, 3 answered: not most of them.
    expect(await getReplyTime(b.id, now)).toBeNull();
    reply(3.2);
    // A second answer in a conversation already answered is not a first reply.
    recordMessageActivity({ businessId: b.id, at: now, fromBusiness: true, firstMessageAt: firstAt, businessAnsweredBefore: true });
    await flushListingEvents();
    const shown = await getReplyTime(b.id, now);
    expect(shown).toMatchObject({ conversations: 6, replies: 4, text: "Usually replies within 2 hours" });
    expect(shown!.medianSeconds).toBe(2 * 3600);
  });
});

describe("/go/{id}/{channel}", () => {
  it("answers 302 to the listing's own address and counts a person's tap, not a crawler's or the owner's", async () => {
    const app = pageApp();
    const b = await listing({ websiteUrl: "mamaput.ng", latitude: 6.6018, longitude: 3.3515 });
    const go = (channel: string, headers: Record<string, string> = { "User-Agent": PHONE }) => app.request(`/go/${b.id}/${channel}`, { headers });
    const call = await go("call");
    expect(call.status).toBe(302);
    // Dialled in full, whatever form the number was stored in (issue 32).
    expect(call.headers.get("location")).toBe("tel:+2348031234567");
    expect(call.headers.get("x-robots-tag")).toContain("noindex");
    expect((await go("whatsapp")).headers.get("location")).toBe("https://wa.me/2348031234567");
    expect((await go("website")).headers.get("location")).toBe("https://mamaput.ng/");
    expect((await go("directions")).headers.get("location")).toBe("https://www.google.com/maps/search/?api=1&query=6.6018%2C3.3515");
    for (const ua of BOTS) expect((await go("call", { "User-Agent": ua })).status).toBe(302);
    // The same person tapping again and again (or a script flooding the link): one tap in the window.
    for (let i = 0; i < 15; i++) expect((await go("call")).status).toBe(302);
    const ownerCookie = await sessionCookie(owner.email);
    expect((await go("call", { "User-Agent": PHONE, Cookie: ownerCookie })).status).toBe(302);
    await flushListingEvents();
    expect(await days(b.id)).toMatchObject([{ calls: 1, whatsapp: 1, website: 1, directions: 1 }]);
  });

  it("answers 404 for an unknown channel, a missing address, a listing that is not public and a malformed id, counting nothing", async () => {
    const app = pageApp();
    const noPhone = await listing({ phoneNumber: null });
    const pending = await listing({ status: "pending" });
    for (const path of [`/go/${noPhone.id}/fax`, `/go/${noPhone.id}/call`, `/go/${noPhone.id}/website`, `/go/${noPhone.id}/directions`, `/go/${pending.id}/call`, "/go/not-a-uuid/call", "/go/javascript:alert(1)/website"]) {
      const res = await app.request(path, { headers: { "User-Agent": PHONE } });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("location"), path).toBeNull();
    }
    await flushListingEvents();
    expect(await rawSum(noPhone.id)).toEqual({});
    expect(await rawSum(pending.id)).toEqual({});
  });
});

describe("retention", () => {
  it("deletes raw events and search words older than 90 days and keeps the daily rollups", async () => {
    const b = await listing();
    const now = new Date("2026-11-25T12:00:00Z");
    bufferListingEvents([
      { businessId: b.id, kind: "view", at: new Date("2026-08-26T11:00:00Z") }, // 91 days before
      { businessId: b.id, kind: "view", at: new Date("2026-08-28T12:00:00Z") },
      { businessId: b.id, kind: "impression", words: "old words", at: new Date("2026-08-26T11:00:00Z") },
      { businessId: b.id, kind: "impression", words: "kept words", at: new Date("2026-08-27T12:00:00Z") },
    ]);
    await flushListingEvents();
    const purged = await purgeListingEvents(now);
    expect(purged.events).toBeGreaterThanOrEqual(2);
    expect(purged.searchWords).toBeGreaterThanOrEqual(1);
    expect(await rawSum(b.id)).toEqual({ view: 1, impression: 1 });
    expect(total(await days(b.id), "views")).toBe(2);
    expect(total(await days(b.id), "impressions")).toBe(2);
    const words = await queryRows<{ words: string }>(getDb(), sql`select words from listing_search_words where business_id = ${b.id}`);
    expect(words.map((w) => w.words)).toEqual(["kept words"]);
  });
});
