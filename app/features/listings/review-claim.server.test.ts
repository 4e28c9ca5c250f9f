/**
 * Admins decide claims (issue 34, ADR 38): approving a claim by document makes the listing the claimant's on the terms
 * of a claim by code; approving a dispute moves it from its owner, who is told; either closes the other claims still
 * waiting; rejecting needs a reason the claimant reads. The Claims tab's list, the signed and audited document link,
 * the importer's links and Unlink. Nobody but an admin with two-factor sign-in does any of it.
 */
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, businesses, featuredRequests, listingClaims } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createVisitor, type CreatedUser } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { importedListing, noticesFor, pendingClaim } from "../../../tests/support/listing-claims";
import { refusal } from "../../../tests/support/refusals";
import { sessionCookie } from "../../../tests/support/screen-harness";
import { testApp } from "../../../tests/support/server";
import { getDb } from "../../lib/db.server";
import { signPath } from "../../lib/signed-url.server";
import { countPendingWork } from "../admin/count-pending-work.server";
import { getClaimPage } from "./claim-by-document.server";
import { openClaimDocument, signClaimDocumentLink } from "./claim-document-link.server";
import { CLAIM_NOTICES, CLAIM_REVIEW_TEXTS, CLAIM_TEXTS, importSourceLabel } from "./claim.schemas";
import { listPendingClaims } from "./list-claims.server";
import { listCoveredPlaces } from "./list-covered-places.server";
import { reviewClaim } from "./review-claim.server";
import { unlinkCoveredPlace } from "./unlink-covered-place.server";

const BASE = "http://localhost:3000";
const claimRow = async (id: string) => (await getDb().select().from(listingClaims).where(eq(listingClaims.id, id)))[0]!;
const listingRow = async (id: string) => (await getDb().select().from(businesses).where(eq(businesses.id, id)))[0]!;
const adminActor = async () => actorFor(await createAdmin(getDb()));
/** Every page of the admin list, until the claim is found (the database holds other files' claims too). */
async function listedClaim(admin: Awaited<ReturnType<typeof adminActor>>, claimId: string) {
  for (let page = 1; page < 50; page++) {
    const list = await listPendingClaims(admin, { page });
    const found = list.rows.find((r) => r.id === claimId);
    if (found || !list.hasNext) return { found, list };
  }
  return { found: undefined, list: null };
}

describe("deciding a claim", () => {
  it("approving a claim by document makes the unclaimed listing the claimant's, closes the others and tells everyone", async () => {
    const listing = await importedListing({ phone: null });
    const chosen = await pendingClaim(listing.id);
    const other = await pendingClaim(listing.id);
    const admin = await adminActor();
    const before = (await countPendingWork(admin)).claims;
    expect(before).toBeGreaterThanOrEqual(2);

    expect(await reviewClaim(admin, { claimId: chosen.claimId, decision: "approve" })).toEqual({ status: "approved", businessId: listing.id });
    const after = await listingRow(listing.id);
    expect(after).toMatchObject({ userId: chosen.claimant.id, source: "osm", approved: true });
    expect(after.claimedAt).toBeInstanceOf(Date);
    expect(await claimRow(chosen.claimId)).toMatchObject({ status: "approved", decidedBy: admin.id });
    expect(await claimRow(other.claimId)).toMatchObject({ status: "rejected", reason: CLAIM_REVIEW_TEXTS.anotherApproved, decidedBy: admin.id });
    expect((await countPendingWork(admin)).claims).toBe(before - 2);

    const audit = await getDb().select().from(auditLog).where(inArray(auditLog.targetId, [listing.id, chosen.claimId, other.claimId]));
    expect(audit.map((a) => a.action).sort()).toEqual(["business.claim", "business.claim.approve", "business.claim.close"]);
    expect(audit.find((a) => a.action === "business.claim")).toMatchObject({ actorId: admin.id, before: { userId: null }, after: { userId: chosen.claimant.id } });

    expect(await noticesFor(chosen.claimant.id)).toEqual([expect.objectContaining({ line: CLAIM_NOTICES.approved(listing.name).line, path: `/business/edit/${listing.id}` })]);
    expect(await noticesFor(other.claimant.id)).toEqual([expect.objectContaining({ line: CLAIM_NOTICES.closed(listing.name, CLAIM_REVIEW_TEXTS.anotherApproved).line })]);
    // Theirs now: the claim page says so; decided twice, never.
    expect(await refusal(getClaimPage(await actorFor(chosen.claimant), listing.id))).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.alreadyYours.text });
    expect(await refusal(reviewClaim(admin, { claimId: chosen.claimId, decision: "reject", reason: "Changed my mind" }))).toMatchObject({ code: "conflict", message: CLAIM_REVIEW_TEXTS.notPending });
  });

  it("approving a dispute moves the listing from its owner to the claimant: the owner told, the placement ended, their plan kept", async () => {
    const holder = await createOwner(getDb());
    const owned = await createBusiness(getDb(), { userId: holder.id, featured: true });
    const { claimant, claimId } = await pendingClaim(owned.id);
    const admin = await adminActor();
    // Something of the holder's still waiting for this listing is decided first.
    const [request] = await getDb().insert(featuredRequests).values({ businessId: owned.id, requestedBy: holder.id }).returning();
    expect(await refusal(reviewClaim(admin, { claimId, decision: "approve" }))).toMatchObject({ code: "conflict", message: CLAIM_REVIEW_TEXTS.featuredWaiting });
    expect((await listingRow(owned.id)).userId).toBe(holder.id);
    await getDb().update(featuredRequests).set({ status: "rejected" }).where(eq(featuredRequests.id, request!.id));

    await reviewClaim(admin, { claimId, decision: "approve" });
    const moved = await listingRow(owned.id);
    expect(moved).toMatchObject({ userId: claimant.id, featured: false, featuredUntil: null });
    expect(moved.claimedAt).toBeInstanceOf(Date);
    const [audit] = await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, owned.id), eq(auditLog.action, "business.claim.move")));
    expect(audit).toMatchObject({ actorId: admin.id, before: { userId: holder.id, featured: true }, after: { userId: claimant.id, claimId } });
    expect(await noticesFor(claimant.id)).toEqual([expect.objectContaining({ line: CLAIM_NOTICES.approved(owned.name).line })]);
    // Told when the dispute was filed, then when it was decided.
    expect(await noticesFor(holder.id)).toEqual([
      expect.objectContaining({ line: CLAIM_NOTICES.disputed(owned.name).line, path: "/dashboard" }),
      expect.objectContaining({ line: CLAIM_NOTICES.moved(owned.name).line, path: "/dashboard" }),
    ]);
  });

  it("refuses an approval that the claimant's plan has no room for, and one whose listing changed hands meanwhile", async () => {
    const full = await createOwner(getDb());
    const listing = await importedListing({ phone: null });
    const { claimId } = await pendingClaim(listing.id, full);
    for (let i = 0; i < 3; i++) await createBusiness(getDb(), { userId: full.id });
    const admin = await adminActor();
    expect(await refusal(reviewClaim(admin, { claimId, decision: "approve" }))).toMatchObject({ code: "conflict", message: CLAIM_REVIEW_TEXTS.claimantLimitReached });
    expect((await listingRow(listing.id)).userId).toBeNull();
    expect(await claimRow(claimId)).toMatchObject({ status: "pending" });

    // Claimed by someone else (by its phone) while the claim waited: only a rejection is left.
    const waiting = await importedListing({ phone: null });
    const late = await pendingClaim(waiting.id);
    await getDb().update(businesses).set({ userId: (await createOwner(getDb())).id }).where(eq(businesses.id, waiting.id));
    expect(await refusal(reviewClaim(admin, { claimId: late.claimId, decision: "approve" }))).toMatchObject({ code: "conflict", message: CLAIM_REVIEW_TEXTS.noLongerUnowned });
  });

  it("two admins approving two claims of one listing at once: one listing owner, the other claim closed, never both", async () => {
    const listing = await importedListing({ phone: null });
    const first = await pendingClaim(listing.id);
    const second = await pendingClaim(listing.id);
    const [one, two] = [await adminActor(), await adminActor()];
    const outcomes = await Promise.allSettled([
      reviewClaim(one, { claimId: first.claimId, decision: "approve" }),
      reviewClaim(two, { claimId: second.claimId, decision: "approve" }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "conflict" });
    const winner = outcomes[0]!.status === "fulfilled" ? first : second;
    const loser = winner === first ? second : first;
    expect((await listingRow(listing.id)).userId).toBe(winner.claimant.id);
    expect(await claimRow(winner.claimId)).toMatchObject({ status: "approved" });
    expect(await claimRow(loser.claimId)).toMatchObject({ status: "rejected", reason: CLAIM_REVIEW_TEXTS.anotherApproved });
  });

  it("a rejection needs a reason, which the claimant reads on the claim page and in their notice", async () => {
    const listing = await importedListing({ phone: null });
    const { claimant, claimId } = await pendingClaim(listing.id);
    const admin = await adminActor();
    for (const reason of [undefined, "", "   "]) {
      expect(await refusal(reviewClaim(admin, { claimId, decision: "reject", reason }))).toMatchObject({
        code: "invalid", fields: { reason: CLAIM_REVIEW_TEXTS.reasonRequired },
      });
    }
    expect(await claimRow(claimId)).toMatchObject({ status: "pending" });
    const reason = "The bill is for another address.";
    expect(await reviewClaim(admin, { claimId, decision: "reject", reason })).toMatchObject({ status: "rejected" });
    expect(await claimRow(claimId)).toMatchObject({ status: "rejected", reason, decidedBy: admin.id });
    expect((await listingRow(listing.id)).userId).toBeNull();
    expect(await noticesFor(claimant.id)).toEqual([expect.objectContaining({ line: CLAIM_NOTICES.rejected(listing.name, reason).line, path: `/business/claim/${listing.id}` })]);
    expect(await getClaimPage(await actorFor(claimant), listing.id)).toMatchObject({ pending: null, lastRejection: reason });
    const [audit] = await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, claimId), eq(auditLog.action, "business.claim.reject")));
    expect(audit).toMatchObject({ actorId: admin.id, after: { status: "rejected", reason } });
  });

  it("is refused to everyone but an admin with two-factor sign-in, in every use case", async () => {
    const listing = await importedListing({ phone: null });
    const { claimId } = await pendingClaim(listing.id);
    const covered = await coveredPlace();
    const noSecondFactor = await actorFor(await createAdmin(getDb(), { twoFactor: false }));
    const owner = await actorFor(await createOwner(getDb()));
    const visitor = await actorFor(await createVisitor(getDb()));
    const calls = (actor: typeof owner | null) => [
      reviewClaim(actor, { claimId, decision: "approve" }),
      reviewClaim(actor, { claimId, decision: "reject", reason: "No" }),
      listPendingClaims(actor, { page: 1 }),
      listCoveredPlaces(actor, { page: 1 }),
      unlinkCoveredPlace(actor, { businessId: covered.place.id }),
    ];
    for (const call of calls(null)) expect(await refusal(call)).toMatchObject({ code: "unauthenticated" });
    for (const actor of [owner, visitor]) for (const call of calls(actor)) expect(await refusal(call)).toMatchObject({ code: "forbidden" });
    for (const call of calls(noSecondFactor)) expect(await refusal(call)).toMatchObject({ code: "forbidden", reason: "two-factor-required" });
    expect(await claimRow(claimId)).toMatchObject({ status: "pending" });
    expect((await listingRow(listing.id)).userId).toBeNull();
    expect((await listingRow(covered.place.id)).coveredBy).toBe(covered.listing.id);
    // Nor may they open a claim's document, even with a link signed for them.
    for (const actor of [owner, noSecondFactor]) {
      const link = new URL(signClaimDocumentLink(actor.id, claimId), BASE);
      expect(await refusal(openClaimDocument(actor, claimId, link.searchParams))).toMatchObject({ code: "not-found", message: CLAIM_REVIEW_TEXTS.unableToLoad });
    }
  });
});

describe("the Claims tab", () => {
  it("lists the claims waiting, oldest first, with the claimant's identity, the current owner of a dispute and the note as typed", async () => {
    const holder = await createOwner(getDb(), { firstName: "Halima", lastName: "Holder" });
    const owned = await createBusiness(getDb(), { userId: holder.id });
    const claimant = await createOwner(getDb(), { firstName: "Chidi", lastName: "Claimant" });
    const note = `<b>Mine</b> since 2019 & "the sign" ${Date.now()}`;
    const first = await pendingClaim(owned.id, claimant, note);
    const listing = await importedListing({ phone: null });
    const second = await pendingClaim(listing.id);
    const admin = await adminActor();

    const { found, list } = await listedClaim(admin, first.claimId);
    expect(found).toMatchObject({
      kind: "dispute", documentKind: "utility-bill", note, businessId: owned.id, businessName: owned.name, isPublic: true,
      claimantFirstName: "Chidi", claimantEmail: claimant.email, claimantKycStatus: "approved", claimantKycName: claimant.name,
      owner: { id: holder.id, firstName: "Halima", email: holder.email },
    });
    expect(found!.documentUrl).toMatch(new RegExp(`^/claim-documents/${first.claimId}\\?expires=\\d+&viewer=${admin.id}&sig=`));
    expect(JSON.stringify(list)).not.toContain("/claims/");
    const second_ = (await listedClaim(admin, second.claimId)).found!;
    expect(second_).toMatchObject({ kind: "document", owner: null, source: "osm" });
    // Oldest first.
    expect(new Date(found!.createdAt).getTime()).toBeLessThanOrEqual(new Date(second_.createdAt).getTime());
    const all = (await listPendingClaims(admin, { page: 1 })).rows.map((r) => new Date(r.createdAt).getTime());
    expect(all).toEqual([...all].sort((a, b) => a - b));
  });

  it("opens a claim's document only through a link signed for the admin, with their session, for a few minutes; each view audited", async () => {
    const app = testApp();
    const listing = await importedListing({ phone: null });
    const { claimant, claimId } = await pendingClaim(listing.id);
    const admin = await createAdmin(getDb());
    const otherAdmin = await createAdmin(getDb());
    const link = (await listedClaim(await actorFor(admin), claimId)).found!.documentUrl!;
    const open = async (path: string, who?: CreatedUser) => {
      const response = await app.request(`${BASE}${path}`, { headers: who ? { cookie: await sessionCookie(who.email) } : {} });
      return { status: response.status, type: response.headers.get("content-type"), cache: response.headers.get("cache-control"), body: Buffer.from(await response.arrayBuffer()) };
    };
    const views = async () => (await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, claimId), eq(auditLog.action, "business.claim.document.view")))).length;

    const shown = await open(link, admin);
    expect(shown).toMatchObject({ status: 200, type: "image/webp", cache: "private, no-store" });
    expect(shown.body.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(await views()).toBe(1);
    const [view] = await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, claimId), eq(auditLog.action, "business.claim.document.view")));
    expect(view).toMatchObject({ actorId: admin.id, targetType: "listing_claim" });

    // The link alone, another admin's session, the claimant's, or the listing's page visitor: nothing, and nothing recorded.
    for (const who of [undefined, otherAdmin, claimant]) expect((await open(link, who)).status).toBe(404);
    expect((await open(signClaimDocumentLink(claimant.id, claimId), claimant)).status).toBe(404);
    const expired = signPath(`/claim-documents/${claimId}`, admin.id, 300, Date.now() - 301_000);
    expect((await open(expired, admin)).status).toBe(404);
    const expires = Number(new URL(link, BASE).searchParams.get("expires")) - Math.floor(Date.now() / 1000);
    expect(expires).toBeGreaterThan(290);
    expect(expires).toBeLessThanOrEqual(300);
    expect(await views()).toBe(1);
  });

  it("shows the imported places linked to owners' listings, newest first, and Unlink makes one its own public listing again", async () => {
    const { place, listing } = await coveredPlace();
    const newer = await coveredPlace();
    const admin = await adminActor();
    const page = await listCoveredPlaces(admin, { page: 1 });
    const rows = page.rows.filter((r) => r.id === place.id || r.id === newer.place.id);
    expect(rows.map((r) => r.id)).toEqual([newer.place.id, place.id]);
    expect(rows[1]).toMatchObject({ name: place.name, source: "osm", sourceId: place.sourceId, listingId: listing.id, listingName: listing.name });
    expect(importSourceLabel(rows[1]!.source, rows[1]!.sourceId)).toBe(`OpenStreetMap ${place.sourceId}`);

    expect(await unlinkCoveredPlace(admin, { businessId: place.id })).toEqual({ businessId: place.id, public: true });
    expect(await listingRow(place.id)).toMatchObject({ coveredBy: null, approved: true, userId: null });
    const [audit] = await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, place.id), eq(auditLog.action, "business.unlink_covered")));
    expect(audit).toMatchObject({ actorId: admin.id, before: { coveredBy: listing.id, approved: false }, after: { coveredBy: null, approved: true } });
    expect((await listCoveredPlaces(admin, { page: 1 })).rows.map((r) => r.id)).not.toContain(place.id);
    expect(await refusal(unlinkCoveredPlace(admin, { businessId: place.id }))).toMatchObject({ code: "not-found", message: CLAIM_REVIEW_TEXTS.notCovered });
    // Its own unclaimed listing now: an owner may claim it.
    expect(await getClaimPage(await actorFor(await createOwner(getDb())), place.id)).toMatchObject({ mode: "claim" });
  });
});

/** An owner's listing and an imported place the importer linked to it (hidden, `covered_by`). */
async function coveredPlace() {
  const owner = await createOwner(getDb());
  const listing = await createBusiness(getDb(), { userId: owner.id });
  const place = await importedListing({ name: `${listing.name} (OSM)` });
  await getDb().update(businesses).set({ coveredBy: listing.id, approved: false }).where(eq(businesses.id, place.id));
  return { owner, listing, place: (await listingRow(place.id))! };
}
