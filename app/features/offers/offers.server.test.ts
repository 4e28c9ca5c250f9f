/**
 * Offers (issue 37): posting within the plan's limits (number and length), the form's checks (dates, code), moderation
 * (pending is not public; approved is; rejected tells the owner), changes (words back to review, dates alone not),
 * expiry (an offer past its end, or not yet started, is shown nowhere), withdrawal (the photo goes too), reports and
 * take-down, who may do what, and what the directory reads: the business page, the card line, the home carousel.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, businessOffers } from "../../../db/schema";
import { createAdmin, createBusiness, createOffer, createOwner, createSubscription, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { pngImage } from "../../../tests/support/images";
import { refusal } from "../../../tests/support/refusals";
import { getDb, queryRows } from "../../lib/db.server";
import { watDate } from "../../lib/opening-hours";
import { getStorage } from "../../lib/storage.server";
import { suspendUser } from "../admin/suspend-user.server";
import { getPublicBusiness } from "../directory/get-public-business.server";
import { homeOffersQuery, listHomeOffers } from "../directory/list-home-offers.server";
import { parseBusinessFilters } from "../directory/parse-business-filters";
import { searchBusinesses } from "../directory/search-businesses.server";
import { NOTICE_QUEUE } from "../notifications/person-notices.server";
import { OFFER_ALLOWANCES } from "../plans/plan-benefits";
import { createReport } from "../reports/create-report.server";
import { resolveReports } from "../reports/resolve-reports.server";
import { announceOfferBoundaries } from "./announce-offer-boundaries.server";
import { getListingOffers } from "./get-listing-offers.server";
import { listOffersForReview } from "./list-offers-for-review.server";
import { addDays, OFFER_TEXTS, offerInstants, offerVersion, type OfferFormValues } from "./offer.schemas";
import { reviewOffer, takeDownOffer } from "./review-offer.server";
import { saveOffer } from "./save-offer.server";
import { withdrawOffer } from "./withdraw-offer.server";
import { deleteListing } from "../listings/delete-listing.server";

const db = () => getDb();
const today = () => watDate(new Date());
/** A word no other listing has: a search for it finds one listing. */
const word = () => Array.from({ length: 12 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

async function ownerWithListing(values: { state?: string } = {}) {
  const created = await createOwner(db());
  const listing = await createBusiness(db(), { userId: created.id, name: `${word()} Wash`, ...values });
  return { owner: await actorFor(created), ownerId: created.id, listing };
}
const admin = async () => actorFor(await createAdmin(db()));
const form = (over: Partial<OfferFormValues> = {}): OfferFormValues => ({
  title: "10% off your first wash",
  text: "Bring a friend and both of you get 10% off.",
  code: "",
  startsOn: today(),
  endsOn: addDays(today(), 6),
  ...over,
});
const post = (actor: Awaited<ReturnType<typeof actorFor>> | null, businessId: string, over: Partial<OfferFormValues> = {}, offerId: string | null = null) =>
  saveOffer(actor, { businessId, offerId, values: form(over), photo: null });
/** `count` approved offers of one listing, written at once. */
const bulkOffers = async (businessId: string, count: number, { startsOn, endsOn }: { startsOn: string; endsOn: string }) => {
  const { startsAt, endsAt } = offerInstants(startsOn, endsOn);
  await db().execute(sql`
    insert into business_offers (business_id, title, body, starts_on, ends_on, starts_at, ends_at, status, decided_at)
    select ${businessId}, 'Bulk deal ' || n, 'A deal.', ${startsOn}, ${endsOn}, ${startsAt.toISOString()}, ${endsAt.toISOString()}, 'approved', now()
    from generate_series(1, ${count}::int) as n`);
};
const rowOf = async (id: string) => (await db().select().from(businessOffers).where(eq(businessOffers.id, id)))[0];
/** The version of the offer as an admin opening it now sees it. */
const seen = async (id: string) => offerVersion((await rowOf(id))!.updatedAt);
const noticesTo = async (userId: string) =>
  (await queryRows<{ data: { line: string; path: string } }>(db(), sql`select data from pgboss.job where name = ${NOTICE_QUEUE} and data->>'userId' = ${userId} order by created_on`)).map((r) => r.data);
const pageOffers = async (businessId: string) => (await getPublicBusiness(businessId)).offers.map((o) => o.title);
const cardLine = async (name: string) => (await searchBusinesses(parseBusinessFilters(new URLSearchParams({ q: name.split(" ")[0]! })))).items.find((c) => c.name === name)?.offer ?? null;

describe("posting an offer", () => {
  it("waits for review: the owner sees it, the public does not; its code is kept in capitals", async () => {
    const { owner, listing } = await ownerWithListing();
    const { offerId, status } = await post(owner, listing.id, { code: "promo10" });
    expect(status).toBe("pending");
    expect((await rowOf(offerId))?.code).toBe("PROMO10");
    const mine = await getListingOffers(owner, listing.id);
    expect(mine.offers.map((o) => [o.title, o.state])).toEqual([["10% off your first wash", "pending"]]);
    expect(await pageOffers(listing.id)).toEqual([]);
    expect(await cardLine(listing.name)).toBeNull();
  });

  it("refuses bad input field by field: dates, code, lengths", async () => {
    const { owner, listing } = await ownerWithListing();
    const past = await refusal(post(owner, listing.id, { startsOn: addDays(today(), -1) }));
    expect(past.code).toBe("invalid");
    expect(past.fields?.startsOn).toBe(OFFER_TEXTS.startInPast);
    const backwards = await refusal(post(owner, listing.id, { startsOn: addDays(today(), 3), endsOn: addDays(today(), 2) }));
    expect(backwards.fields?.endsOn).toBe(OFFER_TEXTS.endBeforeStart);
    const code = await refusal(post(owner, listing.id, { code: "10% OFF" }));
    expect(code.fields?.code).toBe(OFFER_TEXTS.badCode);
    const long = await refusal(post(owner, listing.id, { title: "x".repeat(81), text: "" }));
    expect(long.fields?.title).toBe("Keep the title under 80 characters.");
    expect(long.fields?.text).toBe(OFFER_TEXTS.textRequired);
    const notADate = await refusal(post(owner, listing.id, { endsOn: "2026-02-30" }));
    expect(notADate.fields?.endsOn).toBe(OFFER_TEXTS.badDate);
    expect((await getListingOffers(owner, listing.id)).offers).toEqual([]);
  });

  it("keeps to the plan: Free 1 current offer of at most 14 days; Standard 3 of 30; a lapsed plan adds none beyond Free's", async () => {
    const { owner, ownerId, listing } = await ownerWithListing();
    const tooLong = await refusal(post(owner, listing.id, { endsOn: addDays(today(), OFFER_ALLOWANCES.free.maxDays) }));
    expect(tooLong.fields?.endsOn).toBe("Under the Free plan an offer runs for at most 14 days.");
    expect(tooLong.link?.href).toBe("/pricing");
    await post(owner, listing.id, { endsOn: addDays(today(), OFFER_ALLOWANCES.free.maxDays - 1) });
    const full = await refusal(post(owner, listing.id));
    expect(full.code).toBe("conflict");
    expect(full.message).toBe("The Free plan allows 1 current offer on a listing at a time. Withdraw it or wait until it ends, or choose a bigger plan.");
    expect((await getListingOffers(owner, listing.id)).allowance).toMatchObject({ plan: "Free", allowed: 1, maxDays: 14, current: 1, hasRoom: false });

    // An ended offer no longer counts.
    const other = await ownerWithListing();
    await createOffer(db(), { businessId: other.listing.id, startsOn: addDays(today(), -10), endsOn: addDays(today(), -1) });
    await post(other.owner, other.listing.id);

    const subscription = await createSubscription(db(), { userId: ownerId, planId: "standard" });
    await post(owner, listing.id, { endsOn: addDays(today(), 29) });
    await post(owner, listing.id);
    expect((await refusal(post(owner, listing.id))).code).toBe("conflict");
    // The plan lapses: its three offers keep running, but none is added beyond Free's one.
    await db().execute(sql`update subscriptions set starts_at = now() - interval '31 days', ends_at = now() - interval '1 minute' where id = ${subscription.id}`);
    expect((await getListingOffers(owner, listing.id)).offers.every((o) => o.state === "pending")).toBe(true);
    expect((await refusal(post(owner, listing.id))).code).toBe("conflict");
  });

  it("stores a photo re-encoded, replaces it on a change, and deletes it when the offer is withdrawn", async () => {
    const { owner, listing } = await ownerWithListing();
    const photo = new File([new Uint8Array(await pngImage(800, 600))], "offer.png", { type: "image/png" });
    const { offerId } = await saveOffer(owner, { businessId: listing.id, offerId: null, values: form(), photo });
    const first = (await rowOf(offerId))!.imageKey!;
    expect(first).toMatch(new RegExp(`^${listing.id}/offer-.+\\.webp$`));
    expect(await getStorage().exists("business-images", first)).toBe(true);
    const second = new File([new Uint8Array(await pngImage(640, 480))], "offer2.png", { type: "image/png" });
    await saveOffer(owner, { businessId: listing.id, offerId, values: form(), photo: second });
    const replaced = (await rowOf(offerId))!.imageKey!;
    expect(replaced).not.toBe(first);
    expect(await getStorage().exists("business-images", first)).toBe(false);
    const bad = await refusal(saveOffer(owner, { businessId: listing.id, offerId, values: form(), photo: new File([new Uint8Array([1, 2, 3])], "x.png", { type: "image/png" }) }));
    expect(bad.fields?.photo).toBeTruthy();
    await withdrawOffer(owner, { businessId: listing.id, offerId });
    expect(await rowOf(offerId)).toBeUndefined();
    expect(await getStorage().exists("business-images", replaced)).toBe(false);
  });
});

describe("a listing deleted", () => {
  it("takes its offers and their photos with it", async () => {
    const { owner, listing } = await ownerWithListing();
    const photo = new File([new Uint8Array(await pngImage(640, 480))], "offer.png", { type: "image/png" });
    const { offerId } = await saveOffer(owner, { businessId: listing.id, offerId: null, values: form(), photo });
    const key = (await rowOf(offerId))!.imageKey!;
    await deleteListing(owner, listing.id);
    expect(await rowOf(offerId)).toBeUndefined();
    expect(await getStorage().exists("business-images", key)).toBe(false);
  });
});

describe("moderation", () => {
  it("approve: public on the business page, on the card and in the carousel, audited, the owner told", async () => {
    const { owner, ownerId, listing } = await ownerWithListing();
    const { offerId } = await post(owner, listing.id, { title: "Free tyre check", code: "TYRE" });
    const reviewer = await admin();
    expect((await listOffersForReview(reviewer, { page: 1, runningPage: 1 })).pending.rows.some((o) => o.id === offerId)).toBe(true);
    await reviewOffer(reviewer, { offerId, decision: "approve", version: await seen(offerId) });
    expect(await pageOffers(listing.id)).toEqual(["Free tyre check"]);
    const [shown] = (await getPublicBusiness(listing.id)).offers;
    expect(shown).toMatchObject({ code: "TYRE", until: expect.stringMatching(/^Until \d{1,2} \w{3} \d{4}$/) });
    expect(await cardLine(listing.name)).toBe("Free tyre check");
    expect((await listHomeOffers(null)).some((o) => o.id === offerId && o.businessId === listing.id)).toBe(true);
    expect((await db().select().from(auditLog).where(and(eq(auditLog.targetId, offerId), eq(auditLog.action, "offer.approve")))).length).toBe(1);
    expect((await noticesTo(ownerId)).map((n) => n.line)).toContain(`Your offer 'Free tyre check' on ${listing.name} is approved.`);
    // A second decision is refused.
    expect((await refusal(reviewOffer(reviewer, { offerId, decision: "reject", reason: "No", version: await seen(offerId) }))).code).toBe("conflict");
  });

  it("reject needs a reason the owner reads; changing the words sends it back to review", async () => {
    const { owner, ownerId, listing } = await ownerWithListing();
    const { offerId } = await post(owner, listing.id);
    const reviewer = await admin();
    expect((await refusal(reviewOffer(reviewer, { offerId, decision: "reject", reason: " ", version: await seen(offerId) }))).fields?.reason).toBe(OFFER_TEXTS.reasonRequired);
    await reviewOffer(reviewer, { offerId, decision: "reject", reason: "Say what the discount is.", version: await seen(offerId) });
    expect((await getListingOffers(owner, listing.id)).offers[0]).toMatchObject({ state: "rejected", reason: "Say what the discount is." });
    expect((await noticesTo(ownerId)).at(-1)?.line).toBe(`Your offer '10% off your first wash' on ${listing.name} was not approved: Say what the discount is.`);
    expect(await pageOffers(listing.id)).toEqual([]);
    const again = await post(owner, listing.id, { text: "10% off any wash this week." }, offerId);
    expect(again.status).toBe("pending");
    expect((await rowOf(offerId))?.reason).toBeNull();
  });

  it("an approved offer: new dates apply at once, new words wait for review (and leave the public pages)", async () => {
    const { owner, listing } = await ownerWithListing();
    const offer = await createOffer(db(), { businessId: listing.id, title: "Weekend special" });
    const values = { title: offer.title, text: offer.body, startsOn: offer.startsOn, endsOn: addDays(offer.endsOn, 1) };
    expect((await post(owner, listing.id, values, offer.id)).status).toBe("approved");
    expect(await pageOffers(listing.id)).toEqual(["Weekend special"]);
    expect((await post(owner, listing.id, { ...values, title: "Weekend special: 20% off" }, offer.id)).status).toBe("pending");
    expect(await pageOffers(listing.id)).toEqual([]);
  });

  it("a decision names the version the admin saw: an offer the owner changed since is refused, not approved or taken down unseen", async () => {
    const { owner, listing } = await ownerWithListing();
    const { offerId } = await post(owner, listing.id, { title: "Half price Monday" });
    const reviewer = await admin();
    const opened = (await listOffersForReview(reviewer, { page: 1, runningPage: 1 })).pending.rows.find((o) => o.id === offerId)!;
    expect(opened.version).toBe(await seen(offerId));
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The owner keeps editing the waiting offer after the admin opened it.
    await post(owner, listing.id, { title: "Everything free, call 08031234567" }, offerId);
    for (const decision of ["approve", "reject"] as const) {
      const refused = await refusal(reviewOffer(reviewer, { offerId, decision, reason: "No", version: opened.version }));
      expect(refused).toMatchObject({ code: "conflict", message: OFFER_TEXTS.changedSinceOpened });
    }
    expect((await refusal(reviewOffer(reviewer, { offerId, decision: "approve", version: "" }))).code).toBe("conflict");
    expect((await rowOf(offerId))?.status).toBe("pending");
    expect(await pageOffers(listing.id)).toEqual([]);
    // Looked at again, it can be decided.
    await reviewOffer(reviewer, { offerId, decision: "approve", version: await seen(offerId) });
    expect((await rowOf(offerId))?.status).toBe("approved");
    // A take-down from the offers list, of an offer whose dates changed since it was opened, is refused too.
    const running = await seen(offerId);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const row = (await rowOf(offerId))!;
    expect((await post(owner, listing.id, { title: row.title, text: row.body, startsOn: row.startsOn, endsOn: addDays(row.endsOn, 1) }, offerId)).status).toBe("approved");
    expect((await refusal(takeDownOffer(reviewer, { offerId, reason: "Misleading.", version: running }))).message).toBe(OFFER_TEXTS.changedSinceOpened);
    expect((await rowOf(offerId))?.status).toBe("approved");
    await takeDownOffer(reviewer, { offerId, reason: "Misleading.", version: await seen(offerId) });
    expect((await rowOf(offerId))?.status).toBe("removed");
  });

  it("an admin takes a running offer down: gone from the public, the owner told why", async () => {
    const { ownerId, listing } = await ownerWithListing();
    const offer = await createOffer(db(), { businessId: listing.id });
    const reviewer = await admin();
    expect((await listOffersForReview(reviewer, { page: 1, runningPage: 1 })).running.rows.some((o) => o.id === offer.id)).toBe(true);
    await takeDownOffer(reviewer, { offerId: offer.id, reason: "Misleading price." });
    expect((await rowOf(offer.id))?.status).toBe("removed");
    expect(await pageOffers(listing.id)).toEqual([]);
    expect((await noticesTo(ownerId)).at(-1)?.line).toBe(`Your offer '${offer.title}' on ${listing.name} was taken down: Misleading price.`);
  });
});

describe("offers end by themselves", () => {
  it("an offer past its end, or not yet started, is shown nowhere; the owner reads 'Ended' and cannot change it", async () => {
    const { owner, listing } = await ownerWithListing();
    const ended = await createOffer(db(), { businessId: listing.id, title: "Old deal", startsOn: addDays(today(), -8), endsOn: addDays(today(), -1) });
    await createOffer(db(), { businessId: listing.id, title: "Next week's deal", startsOn: addDays(today(), 2), endsOn: addDays(today(), 5) });
    expect(await pageOffers(listing.id)).toEqual([]);
    expect(await cardLine(listing.name)).toBeNull();
    expect((await listHomeOffers(null)).filter((o) => o.businessId === listing.id)).toEqual([]);
    const states = Object.fromEntries((await getListingOffers(owner, listing.id)).offers.map((o) => [o.title, o.state]));
    expect(states).toEqual({ "Old deal": "ended", "Next week's deal": "scheduled" });
    expect((await refusal(post(owner, listing.id, {}, ended.id))).message).toBe(OFFER_TEXTS.ended);
    // 00:00 WAT after its last day it ends: exactly then it is gone.
    const [row] = await db().select({ endsAt: businessOffers.endsAt }).from(businessOffers).where(eq(businessOffers.id, ended.id));
    expect(row!.endsAt.toISOString()).toBe(`${addDays(today(), -1)}T23:00:00.000Z`);
  });

  it("the scheduled job announces a start or an end within its look-back, so the page caches forget the pages", async () => {
    const { listing } = await ownerWithListing();
    const offer = await createOffer(db(), { businessId: listing.id });
    expect((await announceOfferBoundaries(new Date(offer.startsAt.getTime() + 30_000))).changed).toBe(true);
    expect((await announceOfferBoundaries(new Date(offer.endsAt.getTime() + 30_000))).changed).toBe(true);
    // Far from any boundary of any offer: nothing to announce (a date no test's offer starts or ends near).
    expect((await announceOfferBoundaries(new Date(Date.UTC(2001, 0, 1, 12)))).changed).toBe(false);
  });
});

describe("reports", () => {
  it("a visitor reports a running offer; the admin's take-down withdraws it and the reporter is told", async () => {
    const { owner, listing } = await ownerWithListing();
    const offer = await createOffer(db(), { businessId: listing.id, title: "Too good to be true" });
    const reporter = await actorFor(await createVisitor(db()));
    expect((await refusal(createReport(owner, { kind: "offer", id: offer.id, reason: "scam" }))).message).toBe("You cannot report your own offer.");
    await createReport(reporter, { kind: "offer", id: offer.id, reason: "scam", details: "No such price." });
    const { outcome } = await resolveReports(await admin(), { kind: "offer", id: offer.id, action: "remove", reason: "Not a real price." }, { suspendAuthor: suspendUser });
    expect(outcome).toBe("withdrawn");
    expect((await rowOf(offer.id))?.status).toBe("removed");
    expect(await pageOffers(listing.id)).toEqual([]);
    // An offer not public (pending, or ended) cannot be reported.
    const pending = await createOffer(db(), { businessId: listing.id, status: "pending" });
    expect((await refusal(createReport(reporter, { kind: "offer", id: pending.id, reason: "scam" }))).code).toBe("not-found");
  });
});

describe("who may do what", () => {
  it("another owner, a visitor and anyone signed out cannot read, change or withdraw a listing's offers; only admins decide", async () => {
    const { owner, listing } = await ownerWithListing();
    const { offerId } = await post(owner, listing.id);
    const otherOwner = (await ownerWithListing()).owner;
    const visitor = await actorFor(await createVisitor(db()));
    for (const actor of [otherOwner, visitor]) {
      expect((await refusal(getListingOffers(actor, listing.id))).code).toBe("not-found");
      expect((await refusal(post(actor, listing.id, { title: "Hijacked" }, offerId))).code).toBe("not-found");
      expect((await refusal(withdrawOffer(actor, { businessId: listing.id, offerId }))).code).toBe("not-found");
      expect((await refusal(reviewOffer(actor, { offerId, decision: "approve", version: await seen(offerId) }))).code).toBe("forbidden");
      expect((await refusal(takeDownOffer(actor, { offerId, reason: "x" }))).code).toBe("forbidden");
      expect((await refusal(listOffersForReview(actor, { page: 1, runningPage: 1 }))).code).toBe("forbidden");
    }
    expect((await refusal(getListingOffers(null, listing.id))).code).toBe("unauthenticated");
    expect((await refusal(post(null, listing.id))).code).toBe("unauthenticated");
    // Their own offer, on someone else's listing id: still not found.
    const mine = await ownerWithListing();
    expect((await refusal(withdrawOffer(mine.owner, { businessId: mine.listing.id, offerId }))).code).toBe("not-found");
    expect((await rowOf(offerId))).toMatchObject({ title: "10% off your first wash", status: "pending" });
    expect((await refusal(getListingOffers(owner, randomUUID()))).code).toBe("not-found");
  });
});

describe("the home page's carousel", () => {
  it("a signed-in person's state first; everyone else the whole country, the latest start first, at most 6", async () => {
    const kano = await ownerWithListing({ state: "Kano" });
    const kanoOffer = await createOffer(db(), { businessId: kano.listing.id, title: "Kano deal", startsOn: addDays(today(), -3) });
    const lagos = await ownerWithListing({ state: "Lagos" });
    for (let i = 0; i < 7; i++) await createOffer(db(), { businessId: lagos.listing.id, title: `Lagos deal ${i}` });
    const anyone = await listHomeOffers(null);
    expect(anyone.length).toBe(6);
    expect(anyone.some((o) => o.id === kanoOffer.id)).toBe(false);
    const starts = (await db().select({ id: businessOffers.id, startsAt: businessOffers.startsAt }).from(businessOffers).where(sql`${businessOffers.id} in ${anyone.map((o) => o.id)}`));
    expect(starts.every((s) => s.startsAt.getTime() >= kanoOffer.startsAt.getTime())).toBe(true);
    const inKano = await actorFor(await createVisitor(db(), { state: "Kano" }));
    const theirs = await listHomeOffers(inKano);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((o) => o.businessId !== lagos.listing.id)).toBe(true);
    expect(theirs.map((o) => o.id)).toContain(kanoOffer.id);
    expect(theirs[0]).toMatchObject({ businessName: kano.listing.name, title: expect.any(String), until: expect.stringMatching(/^Until /) });
  });

  it("a state's current offers are read for that state, not picked out of the country's newest 300", async () => {
    const kano = await ownerWithListing({ state: "Kano" });
    const kanoOffer = await createOffer(db(), { businessId: kano.listing.id, title: "Older Kano deal", startsOn: addDays(today(), -5), endsOn: addDays(today(), 5) });
    const lagos = await ownerWithListing({ state: "Lagos" });
    await bulkOffers(lagos.listing.id, 301, { startsOn: today(), endsOn: addDays(today(), 6) });
    const inKano = await actorFor(await createVisitor(db(), { state: "Kano" }));
    const theirs = await listHomeOffers(inKano);
    expect(theirs.map((o) => o.id)).toContain(kanoOffer.id);
    expect(theirs.every((o) => o.businessId !== lagos.listing.id)).toBe(true);
    // The country's carousel still shows the latest starts.
    expect((await listHomeOffers(null)).every((o) => o.businessId === lagos.listing.id)).toBe(true);
  });

  it("reads through business_offers_approved_ends_idx, never every ended offer: index scans only, for the country and a state", async () => {
    const lagos = await ownerWithListing({ state: "Lagos" });
    // Years of ended offers, and a few current ones.
    await bulkOffers(lagos.listing.id, 3000, { startsOn: "2020-01-01", endsOn: "2020-01-07" });
    await bulkOffers(lagos.listing.id, 5, { startsOn: today(), endsOn: addDays(today(), 6) });
    await db().execute(sql`analyze business_offers`);
    await db().execute(sql`analyze businesses`);
    for (const state of [null, "Lagos"]) {
      const plan = await db().transaction(async (tx) => {
        await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
        return queryRows<{ "QUERY PLAN": string }>(tx, sql`explain ${homeOffersQuery(state, new Date())}`);
      });
      const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
      if (process.env.SHOW_PLAN) console.log(text);
      expect(text).toContain("business_offers_approved_ends_idx");
      expect(text).not.toContain("business_offers_approved_starts_idx");
      expect(text).not.toMatch(/Seq Scan on (business_offers|businesses)\b/);
      expect(text).toMatch(/Limit/);
    }
    const shown = await listHomeOffers(null);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.some((o) => o.until.includes("2020"))).toBe(false);
  });
});
