import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, businesses, featuredRequests, kycSubmissions, profiles, realtimeEvents, user } from "../../../db/schema";
import {
  addBusinessImage, createAdmin, createBusiness, createFeaturedRequest, createKycSubmission, createOwner, createPayment,
  createUser,
} from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { pngImage } from "../../../tests/support/images";
import { refusal } from "../../../tests/support/refusals";
import { getPublicBusiness } from "../directory/get-public-business.server";
import { DIRECTORY_TEXTS } from "../directory/types";
import { listFeaturedBusinesses } from "../directory/list-featured-businesses.server";
import { openKycDocument } from "../kyc/kyc-document-link.server";
import { listOwnListings } from "../listings/list-own-listings.server";
import { getDb } from "../../lib/db.server";
import { getStorage } from "../../lib/storage.server";
import { ADMIN_EXTRA_TEXTS, ADMIN_TEXTS } from "./admin.schemas";
import { runAdminAction } from "./admin-actions.server";
import { cleanupOrphanedBusinesses } from "../listings/cleanup-orphaned-businesses.server";
import { deleteKycSubmission } from "../kyc/delete-kyc-submission.server";
import { expireFeaturedPlacements } from "../featured/expire-featured.server";
import { listApprovedBusinesses } from "../featured/list-approved-businesses.server";
import { listFeaturedRequests } from "../featured/list-featured-requests.server";
import { listKycSubmissions } from "../kyc/list-kyc-submissions.server";
import { listPendingBusinesses } from "../listings/list-pending-businesses.server";
import { reviewListing } from "../listings/review-listing.server";
import { addMonths } from "../../lib/calendar";
import { reviewFeaturedRequest } from "../featured/review-featured-request.server";
import { updateListing } from "../listings/update-listing.server";
import { getOwnListing } from "../listings/get-own-listing.server";
import { listPendingChanges } from "../listings/list-pending-changes.server";
import { ListingSchema } from "../listings/listing.schemas";
import { countPendingWork } from "./count-pending-work.server";
import { loadAdminTab } from "./load-admin-tab.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

async function newAdmin() {
  const created = await createAdmin(getDb());
  return actorFor(created);
}

/** directory.changed events published for a business (public: no recipient). */
async function directoryEvents(businessId: string) {
  const rows = await getDb().select().from(realtimeEvents).where(eq(realtimeEvents.type, "directory.changed"));
  return rows.filter((r) => (r.payload as { businessId?: string }).businessId === businessId && r.userId === null);
}

const auditOf = (targetId: string) => getDb().select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id);

async function businessRow(id: string) {
  const [row] = await getDb().select().from(businesses).where(eq(businesses.id, id));
  return row!;
}

/** A moment far in the future, so rows made with it sort first in newest-first lists. */
const future = (offsetMs = 0) => new Date(Date.now() + 400 * 86_400_000 + offsetMs);

describe("Business Approvals", () => {
  it("lists pending listings newest first with their images in position order", async () => {
    const admin = await newAdmin();
    const owner = await createOwner(getDb());
    const older = await createBusiness(getDb(), { userId: owner.id, status: "pending", createdAt: future(0) });
    const newer = await createBusiness(getDb(), { userId: owner.id, status: "pending", createdAt: future(1000) });
    const approved = await createBusiness(getDb(), { userId: owner.id, createdAt: future(2000) });
    await addBusinessImage(getDb(), { businessId: newer.id, position: 3, imageUrl: `${newer.id}/c.webp` });
    await addBusinessImage(getDb(), { businessId: newer.id, position: 1, imageUrl: `${newer.id}/a.webp` });
    await addBusinessImage(getDb(), { businessId: newer.id, position: 2, imageUrl: `${newer.id}/b.webp` });
    const page = await listPendingBusinesses(admin, { page: 1 });
    expect(page.rows.slice(0, 2).map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(page.rows.some((r) => r.id === approved.id)).toBe(false);
    expect(page.rows[0]!.images.map((i) => i.position)).toEqual([1, 2, 3]);
    expect(page.rows[0]!.images[0]!.src).toContain(`${newer.id}/a.webp`);
    expect(page.rows[0]).toMatchObject({ ownerId: owner.id, ownerEmail: owner.email, ownerKycStatus: "approved" });
  });

  it("approves: approved true, approved_at set, public at once, audited", async () => {
    const admin = await newAdmin();
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id, status: "pending" });
    expect(await refusal(getPublicBusiness(listing.id))).toMatchObject({ code: "not-found", message: DIRECTORY_TEXTS.businessNotFound });
    const outcome = await runAdminAction(admin, form({ intent: "approve-business", targetId: listing.id }));
    expect(outcome.result).toMatchObject({ ok: true, title: "Business approved successfully" });
    const row = await businessRow(listing.id);
    expect(row).toMatchObject({ approved: true, approvalStatus: "approved", rejectedAt: null });
    expect(row.approvedAt).toBeInstanceOf(Date);
    expect((await getPublicBusiness(listing.id)).id).toBe(listing.id);
    expect(await directoryEvents(listing.id)).toHaveLength(1);
    const [audit] = await auditOf(listing.id);
    expect(audit).toMatchObject({ action: "business.approve", actorId: admin.id, before: { approved: false, approvalStatus: "pending", approvedAt: null } });
    expect(audit!.after).toMatchObject({ approved: true, approvalStatus: "approved" });
  });

  it("rejects only with a non-blank reason, which the owner then sees on the dashboard", async () => {
    const admin = await newAdmin();
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id, status: "pending" });
    const blank = await runAdminAction(admin, form({ intent: "reject-business", targetId: listing.id, reason: "   " }));
    expect(blank).toMatchObject({ status: 400, result: { ok: false, title: ADMIN_TEXTS.rejectionReasonRequired, fieldError: ADMIN_TEXTS.rejectionReasonRequired } });
    await expect(reviewListing(admin, { decision: "reject", businessId: listing.id, reason: "" })).rejects.toMatchObject({ message: ADMIN_TEXTS.rejectionReasonRequired });
    expect((await businessRow(listing.id)).approvalStatus).toBe("pending");

    const done = await runAdminAction(admin, form({ intent: "reject-business", targetId: listing.id, reason: "  Photos are not of the business  " }));
    expect(done.result).toMatchObject({ ok: true, title: "Business rejected successfully" });
    const row = await businessRow(listing.id);
    expect(row).toMatchObject({ approved: false, approvalStatus: "rejected", rejectionReason: "Photos are not of the business" });
    expect(row.rejectedAt).toBeInstanceOf(Date);
    const dashboard = await listOwnListings(await actorFor(owner));
    expect(dashboard.find((b) => b.id === listing.id)).toMatchObject({ approvalStatus: "rejected", rejectionReason: "Photos are not of the business" });
    expect((await auditOf(listing.id)).map((a) => a.action)).toEqual(["business.reject"]);
    expect(await directoryEvents(listing.id)).toHaveLength(1);
  });

  it("acts only on pending listings and keeps the data as it was on failure", async () => {
    const admin = await newAdmin();
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id, status: "rejected", rejectionReason: "Old reason" });
    const outcome = await runAdminAction(admin, form({ intent: "approve-business", targetId: listing.id }));
    expect(outcome.result).toMatchObject({ ok: false, title: ADMIN_TEXTS.businessUpdateFailed });
    await expect(reviewListing(admin, { decision: "approve", businessId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ code: "not-found" });
    await expect(reviewListing(admin, { decision: "approve", businessId: "not-a-uuid" })).rejects.toMatchObject({ code: "not-found" });
    expect(await businessRow(listing.id)).toMatchObject({ approvalStatus: "rejected", rejectionReason: "Old reason" });
    expect(await auditOf(listing.id)).toEqual([]);
  });
});

describe("KYC Approvals", () => {
  it("lists submissions newest first with a signed 5-minute document link, and each view is audited", async () => {
    const admin = await newAdmin();
    const owner = await createUser(getDb(), { role: "business" });
    const key = `${owner.id}/doc.webp`;
    await getStorage().put("kyc-documents", key, await pngImage(), "image/webp");
    const withDoc = await createKycSubmission(getDb(), { userId: owner.id, idImageUrl: key, submittedAt: future(1000), status: "rejected" });
    const other = await createUser(getDb(), { role: "business" });
    const noDoc = await createKycSubmission(getDb(), { userId: other.id, idImageUrl: null, submittedAt: future(0) });
    const page = await listKycSubmissions(admin, { page: 1 });
    expect(page.rows.slice(0, 2).map((r) => r.id)).toEqual([withDoc.id, noDoc.id]);
    expect(page.rows[1]!.documentUrl).toBeNull();
    expect(JSON.stringify(page.rows)).not.toContain(key);
    const link = new URL(page.rows[0]!.documentUrl!, "http://localhost");
    expect(Number(link.searchParams.get("expires")) - Math.floor(Date.now() / 1000)).toBeGreaterThan(290);
    expect(Number(link.searchParams.get("expires")) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(300);
    const bytes = await openKycDocument(admin, withDoc.id, link.searchParams);
    expect(bytes?.length).toBeGreaterThan(0);
    const views = (await auditOf(withDoc.id)).filter((a) => a.action === "kyc.document.view");
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ actorId: admin.id });
  });

  it("approves a pending submission with the spec's text and approves the owner's pending listings", async () => {
    const admin = await newAdmin();
    const owner = await createOwner(getDb(), { kycStatus: "pending" });
    const [submission] = await getDb().select().from(kycSubmissions).where(eq(kycSubmissions.userId, owner.id));
    const listing = await createBusiness(getDb(), { userId: owner.id, status: "pending" });
    const outcome = await runAdminAction(admin, form({ intent: "approve-kyc", targetId: submission!.id }));
    expect(outcome.result).toMatchObject({ ok: true, title: ADMIN_TEXTS.kycApproved });
    const [after] = await getDb().select().from(kycSubmissions).where(eq(kycSubmissions.id, submission!.id));
    expect(after!.status).toBe("approved");
    expect(after!.reviewedAt).toBeInstanceOf(Date);
    expect((await getPublicBusiness(listing.id)).id).toBe(listing.id);
    expect(await directoryEvents(listing.id)).toHaveLength(1);
    const again = await runAdminAction(admin, form({ intent: "approve-kyc", targetId: submission!.id }));
    expect(again.result).toMatchObject({ ok: false, title: ADMIN_TEXTS.kycUpdateFailed });
  });

  it("rejects a pending submission, storing the reason", async () => {
    const admin = await newAdmin();
    const owner = await createOwner(getDb(), { kycStatus: "pending" });
    const [submission] = await getDb().select().from(kycSubmissions).where(eq(kycSubmissions.userId, owner.id));
    const outcome = await runAdminAction(admin, form({ intent: "reject-kyc", targetId: submission!.id, reason: "Blurry photo" }));
    expect(outcome.result).toMatchObject({ ok: true, title: ADMIN_TEXTS.kycRejected });
    const [after] = await getDb().select().from(kycSubmissions).where(eq(kycSubmissions.id, submission!.id));
    expect(after).toMatchObject({ status: "rejected", rejectionReason: "Blurry photo" });
  });

  it("deletes a submission in any state with its file, and the profile follows the latest remaining one", async () => {
    const admin = await newAdmin();
    const owner = await createUser(getDb(), { role: "business" });
    const key = `${owner.id}/old.webp`;
    await getStorage().put("kyc-documents", key, await pngImage(), "image/webp");
    const rejected = await createKycSubmission(getDb(), { userId: owner.id, status: "rejected", submittedAt: new Date(Date.now() - 86_400_000) });
    const approved = await createKycSubmission(getDb(), { userId: owner.id, status: "approved", idImageUrl: key });
    const outcome = await runAdminAction(admin, form({ intent: "delete-kyc", targetId: approved.id }));
    expect(outcome.result).toMatchObject({ ok: true, title: ADMIN_TEXTS.kycDeleted });
    expect(await getStorage().read("kyc-documents", key)).toBeNull();
    const [profile] = await getDb().select({ kyc: profiles.kycStatus }).from(profiles).where(eq(profiles.id, owner.id));
    expect(profile!.kyc).toBe("rejected");
    await deleteKycSubmission(admin, rejected.id);
    const [after] = await getDb().select({ kyc: profiles.kycStatus }).from(profiles).where(eq(profiles.id, owner.id));
    expect(after!.kyc).toBe("none");
    const audit = await auditOf(approved.id);
    expect(audit[0]).toMatchObject({ action: "kyc.delete", before: { status: "approved", hadDocument: true, profileKycStatus: "approved" }, after: { profileKycStatus: "rejected" } });
    const missing = await runAdminAction(admin, form({ intent: "delete-kyc", targetId: approved.id }));
    expect(missing.result).toMatchObject({ ok: false, title: ADMIN_TEXTS.kycDeleteFailed });
  });
});

describe("Featured Requests and Subscriptions", () => {
  it("lists requests newest first with business, owner, payment and 'Unknown Owner' data", async () => {
    const admin = await newAdmin();
    const owner = await createOwner(getDb(), { firstName: "Ngozi", lastName: "Feature" });
    const listing = await createBusiness(getDb(), { userId: owner.id, phoneNumber: "+2348011112222", state: "Kano", description: "Best suya" });
    const payment = await createPayment(getDb(), { userId: owner.id, purpose: "featured", planId: "premium", businessId: listing.id });
    const request = await createFeaturedRequest(getDb(), { businessId: listing.id, pricingTier: "premium", paymentReference: payment.reference, createdAt: future(1000) });
    const orphan = await createBusiness(getDb(), { userId: null });
    const orphanRequest = await createFeaturedRequest(getDb(), { businessId: orphan.id, createdAt: future(0) });
    const page = await listFeaturedRequests(admin, { page: 1 });
    expect(page.rows.slice(0, 2).map((r) => r.id)).toEqual([request.id, orphanRequest.id]);
    expect(page.rows[0]).toMatchObject({
      businessName: listing.name, ownerFirstName: "Ngozi", ownerLastName: "Feature", phoneNumber: "+2348011112222", state: "Kano",
      country: "Nigeria", description: "Best suya", pricingTier: "premium", status: "pending", paymentAmountKobo: 2_499_900,
    });
    expect(page.rows[1]!.ownerId).toBeNull();
  });

  it("approves by tier: start now, end 1, 3 or 6 months later, business featured; and says so", async () => {
    const admin = await newAdmin();
    const owner = await createOwner(getDb());
    for (const [tier, months] of [["basic", 1], ["standard", 1], ["premium", 3], ["enterprise", 6]] as const) {
      const listing = await createBusiness(getDb(), { userId: owner.id });
      const request = await createFeaturedRequest(getDb(), { businessId: listing.id, pricingTier: tier });
      const before = Date.now();
      const outcome = await runAdminAction(admin, form({ intent: "review-request", targetId: request.id, status: "approved" }));
      expect(outcome.result).toMatchObject({ ok: true, title: "Request approved successfully" });
      const [row] = await getDb().select().from(featuredRequests).where(eq(featuredRequests.id, request.id));
      expect(row!.status).toBe("approved");
      expect(row!.startDate!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row!.endDate!.getTime()).toBe(addMonths(row!.startDate!, months).getTime());
      const business = await businessRow(listing.id);
      expect(business).toMatchObject({ featured: true, featuredManagedBy: admin.id });
      expect(business.featuredUntil!.getTime()).toBe(row!.endDate!.getTime());
      const actions = (await getDb().select().from(auditLog).where(inArray(auditLog.targetId, [request.id, listing.id]))).map((a) => a.action);
      expect(actions.sort()).toEqual(["business.feature", "featured_request.approve"]);
    }
    expect(addMonths(new Date("2025-01-31T10:00:00Z"), 1).toISOString()).toBe("2025-02-28T10:00:00.000Z");
  });

  it("puts an approved business in the home page's featured section", async () => {
    const admin = await newAdmin();
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id, createdAt: future() });
    const request = await createFeaturedRequest(getDb(), { businessId: listing.id });
    expect((await listFeaturedBusinesses()).some((b) => b.id === listing.id)).toBe(false);
    await reviewFeaturedRequest(admin, { requestId: request.id, status: "approved" });
    expect((await listFeaturedBusinesses()).some((b) => b.id === listing.id)).toBe(true);
    expect(await directoryEvents(listing.id)).toHaveLength(1);
  });

  it("rejects, refuses any other status with 'Invalid status value', and acts only on pending requests", async () => {
    const admin = await newAdmin();
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id });
    const request = await createFeaturedRequest(getDb(), { businessId: listing.id });
    for (const status of ["pending", "expired", ""]) {
      const invalid = await runAdminAction(admin, form({ intent: "review-request", targetId: request.id, status }));
      expect(invalid).toMatchObject({ status: 400, result: { ok: false, title: ADMIN_TEXTS.invalidStatus } });
    }
    const rejected = await runAdminAction(admin, form({ intent: "review-subscription", targetId: request.id, status: "rejected" }));
    expect(rejected.result).toMatchObject({ ok: true, title: "Subscription rejected successfully" });
    expect((await businessRow(listing.id)).featured).toBe(false);
    const again = await runAdminAction(admin, form({ intent: "review-request", targetId: request.id, status: "approved" }));
    expect(again.result).toMatchObject({ ok: false, title: ADMIN_TEXTS.requestUpdateFailed(ADMIN_EXTRA_TEXTS.alreadyReviewed) });
    const sub = await runAdminAction(admin, form({ intent: "review-subscription", targetId: request.id, status: "approved" }));
    expect(sub.result).toMatchObject({ ok: false, title: ADMIN_TEXTS.subscriptionUpdateFailed });
    expect((await businessRow(listing.id)).featured).toBe(false);
    const [row] = await getDb().select().from(featuredRequests).where(eq(featuredRequests.id, request.id));
    expect(row).toMatchObject({ status: "rejected", startDate: null, endDate: null });
  });

  it("does not feature a listing that is not approved, nor shorten a longer placement: a new one is added to its end (ADR 16)", async () => {
    const admin = await newAdmin();
    const owner = await createOwner(getDb());
    const pending = await createBusiness(getDb(), { userId: owner.id, status: "pending" });
    const request = await createFeaturedRequest(getDb(), { businessId: pending.id });
    await expect(reviewFeaturedRequest(admin, { requestId: request.id, status: "approved" })).rejects.toMatchObject({ code: "conflict" });
    expect((await businessRow(pending.id)).featured).toBe(false);
    const longRunning = addMonths(new Date(), 5);
    const featured = await createBusiness(getDb(), { userId: owner.id, featured: true, featuredUntil: longRunning });
    const more = await createFeaturedRequest(getDb(), { businessId: featured.id, pricingTier: "basic" });
    const approved = await reviewFeaturedRequest(admin, { requestId: more.id, status: "approved" });
    expect(approved.startDate!.getTime()).toBe(longRunning.getTime());
    expect((await businessRow(featured.id)).featuredUntil!.getTime()).toBe(addMonths(longRunning, 1).getTime());
  });
});

describe("Featured Management", () => {
  it("lists approved businesses with who manages the flag and since when, and toggles it", async () => {
    const admin = await newAdmin();
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id, name: `Toggle Target ${Date.now()}` });
    const pending = await createBusiness(getDb(), { userId: owner.id, status: "pending", name: `Toggle Pending ${Date.now()}` });
    const on = await runAdminAction(admin, form({ intent: "toggle-featured", targetId: listing.id, featured: "true" }));
    expect(on.result).toMatchObject({ ok: true, title: ADMIN_EXTRA_TEXTS.featuredOn });
    let row = await businessRow(listing.id);
    expect(row).toMatchObject({ featured: true, featuredUntil: null, featuredManagedBy: admin.id });
    expect(row.featuredManagedAt).toBeInstanceOf(Date);
    const listed = await listApprovedBusinesses(admin, { page: 1, search: "Toggle" });
    expect(listed.rows.map((r) => r.id)).toEqual([listing.id]);
    expect(listed.rows[0]).toMatchObject({ featured: true, managerEmail: admin.email, ownerEmail: owner.email });
    const off = await runAdminAction(admin, form({ intent: "toggle-featured", targetId: listing.id, featured: "false" }));
    expect(off.result).toMatchObject({ ok: true, title: ADMIN_EXTRA_TEXTS.featuredOff });
    row = await businessRow(listing.id);
    expect(row.featured).toBe(false);
    expect((await auditOf(listing.id)).map((a) => [a.action, (a.after as Record<string, unknown>).featured])).toEqual([
      ["business.feature", true],
      ["business.unfeature", false],
    ]);
    const refused = await runAdminAction(admin, form({ intent: "toggle-featured", targetId: pending.id, featured: "true" }));
    expect(refused.result).toMatchObject({ ok: false, title: ADMIN_TEXTS.featuredUpdateFailed });
    expect((await businessRow(pending.id)).featured).toBe(false);
  });

  it("cleans up businesses whose owner account no longer exists and reports how many", async () => {
    const admin = await newAdmin();
    const owner = await createOwner(getDb());
    const kept = await createBusiness(getDb(), { userId: owner.id });
    // An imported listing nobody has claimed yet has no owner, and is no orphan (issue 34).
    const [unclaimed] = await getDb().insert(businesses).values({ name: "Imported Chemist", approved: true, approvalStatus: "approved", source: "osm", sourceId: `node/${Date.now()}` }).returning();
    const gone = await createOwner(getDb());
    const orphanA = await createBusiness(getDb(), { userId: gone.id });
    const orphanB = await createBusiness(getDb(), { userId: gone.id, status: "pending" });
    const imageKey = `${orphanA.id}/1_1.webp`;
    await getStorage().put("business-images", imageKey, await pngImage(), "image/webp");
    await addBusinessImage(getDb(), { businessId: orphanA.id, imageUrl: imageKey, position: 1 });
    await getDb().delete(user).where(eq(user.id, gone.id));
    const [before] = await getDb().select({ userId: businesses.userId }).from(businesses).where(eq(businesses.id, orphanA.id));
    expect(before).toEqual({ userId: null });
    const outcome = await runAdminAction(admin, form({ intent: "cleanup" }));
    expect(outcome.result.ok).toBe(true);
    const removedCount = Number(outcome.result.title.match(/\d+/)![0]);
    expect(removedCount).toBeGreaterThanOrEqual(2);
    expect(await getDb().select({ id: businesses.id }).from(businesses).where(inArray(businesses.id, [orphanA.id, orphanB.id]))).toEqual([]);
    expect(await getDb().select({ id: businesses.id }).from(businesses).where(inArray(businesses.id, [kept.id, unclaimed!.id]))).toHaveLength(2);
    expect(await getStorage().read("business-images", imageKey)).toBeNull();
    expect((await auditOf(orphanA.id)).map((a) => a.action)).toEqual(["business.delete_orphan"]);
    expect(await cleanupOrphanedBusinesses(admin)).toEqual({ removed: 0 });
    expect((await runAdminAction(admin, form({ intent: "cleanup" }))).result.title).toBe("Removed 0 orphaned businesses");
  });

  it("ends featured placements by themselves when their end date passes", async () => {
    const owner = await createOwner(getDb());
    const ended = await createBusiness(getDb(), { userId: owner.id, featured: true, featuredUntil: new Date(Date.now() - 60_000) });
    const running = await createBusiness(getDb(), { userId: owner.id, featured: true, featuredUntil: new Date(Date.now() + 86_400_000) });
    const forever = await createBusiness(getDb(), { userId: owner.id, featured: true, featuredUntil: null });
    const { expired } = await expireFeaturedPlacements();
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await businessRow(ended.id)).featured).toBe(false);
    expect(await directoryEvents(ended.id)).toHaveLength(1);
    expect((await businessRow(running.id)).featured).toBe(true);
    expect((await businessRow(forever.id)).featured).toBe(true);
    const [audit] = await auditOf(ended.id);
    expect(audit).toMatchObject({ action: "business.featured.expire", actorId: null, before: { featured: true }, after: { featured: false } });
    expect(await expireFeaturedPlacements()).toEqual({ expired: 0 });
  });
});

describe("Changes to approved listings and unpublishing", () => {
  /** An approved listing with one image row and a change of its name waiting for review. */
  async function listingWithChange() {
    const owner = await createOwner(getDb());
    const ownerActor = await actorFor(owner);
    const listing = await createBusiness(getDb(), { userId: owner.id, name: `Approved ${Date.now()}`, createdAt: future(5000) });
    await addBusinessImage(getDb(), { businessId: listing.id, imageUrl: `${listing.id}/kept.webp` });
    const own = await getOwnListing(ownerActor, listing.id);
    const input = ListingSchema.parse({
      ...own, name: `${listing.name} Renamed`, description: own.description ?? "", address: own.address ?? "", phoneNumber: own.phoneNumber ?? "",
      websiteUrl: own.websiteUrl ?? "", plotNumber: own.plotNumber ?? "", products: ["Rice"],
    });
    expect(await updateListing(ownerActor, listing.id, input, { keep: own.images.map((i) => i.id), added: [] })).toEqual({ status: "sent-for-review" });
    return { owner, ownerActor, listing };
  }

  it("counts a waiting change on the Business Approvals badge and lists it on that tab with old → new", async () => {
    const admin = await newAdmin();
    const before = (await countPendingWork(admin)).businesses;
    const { listing } = await listingWithChange();
    expect((await countPendingWork(admin)).businesses).toBe(before + 1);
    const page = await loadAdminTab(admin, new URL("http://x/admin?tab=businesses"));
    expect(page.data.tab).toBe("businesses");
    if (page.data.tab !== "businesses") return;
    const change = page.data.changes.rows.find((c) => c.businessId === listing.id);
    expect(change?.changes.find((c) => c.field === "name")).toEqual({ field: "name", label: "Business name", before: listing.name, after: `${listing.name} Renamed` });
    expect(page.data.businesses.rows.some((b) => b.id === listing.id)).toBe(false);
  });

  it("approves and rejects changes from the panel with their toasts; rejecting needs a reason", async () => {
    const admin = await newAdmin();
    const first = await listingWithChange();
    const version = (await listPendingChanges(admin, { page: 1 })).rows.find((c) => c.businessId === first.listing.id)!.version;
    const approved = await runAdminAction(admin, form({ intent: "approve-change", targetId: first.listing.id, version }));
    expect(approved.result).toMatchObject({ ok: true, title: ADMIN_EXTRA_TEXTS.changesApproved });
    expect((await getPublicBusiness(first.listing.id)).name).toBe(`${first.listing.name} Renamed`);
    const again = await runAdminAction(admin, form({ intent: "approve-change", targetId: first.listing.id, version }));
    expect(again).toMatchObject({ status: 409, result: { ok: false, title: ADMIN_TEXTS.businessUpdateFailed, text: "This business has no changes waiting for review." } });

    const second = await listingWithChange();
    const blank = await runAdminAction(admin, form({ intent: "reject-change", targetId: second.listing.id, reason: " " }));
    expect(blank).toMatchObject({ status: 400, result: { ok: false, title: ADMIN_TEXTS.rejectionReasonRequired, fieldError: ADMIN_TEXTS.rejectionReasonRequired } });
    const rejected = await runAdminAction(admin, form({ intent: "reject-change", targetId: second.listing.id, reason: "Name is misleading" }));
    expect(rejected.result).toMatchObject({ ok: true, title: ADMIN_EXTRA_TEXTS.changesRejected });
    expect((await getPublicBusiness(second.listing.id)).name).toBe(second.listing.name);
    expect((await listOwnListings(second.ownerActor)).find((b) => b.id === second.listing.id)).toMatchObject({ changeRejectionReason: "Name is misleading" });
    expect((await listPendingChanges(admin, { page: 1 })).rows.some((c) => [first.listing.id, second.listing.id].includes(c.businessId))).toBe(false);
  });

  it("unpublishes an approved listing with a reason: off the directory, rejected with the reason, audited", async () => {
    const admin = await newAdmin();
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id, name: `Unpublish Target ${Date.now()}` });
    const blank = await runAdminAction(admin, form({ intent: "unpublish-business", targetId: listing.id, reason: "" }));
    expect(blank).toMatchObject({ status: 400, result: { ok: false, title: ADMIN_TEXTS.rejectionReasonRequired, fieldError: ADMIN_TEXTS.rejectionReasonRequired } });
    expect((await getPublicBusiness(listing.id)).id).toBe(listing.id);

    const done = await runAdminAction(admin, form({ intent: "unpublish-business", targetId: listing.id, reason: "Phishing reported by users" }));
    expect(done.result).toMatchObject({ ok: true, title: "Business unpublished successfully" });
    expect(await refusal(getPublicBusiness(listing.id))).toMatchObject({ code: "not-found", message: DIRECTORY_TEXTS.businessNotFound });
    expect(await businessRow(listing.id)).toMatchObject({ approved: false, approvalStatus: "rejected", rejectionReason: "Phishing reported by users" });
    expect((await listOwnListings(await actorFor(owner))).find((b) => b.id === listing.id)).toMatchObject({ approvalStatus: "rejected", rejectionReason: "Phishing reported by users" });
    expect((await listApprovedBusinesses(admin, { page: 1, search: "Unpublish Target" })).rows.map((r) => r.id)).not.toContain(listing.id);
    expect((await auditOf(listing.id)).map((a) => a.action)).toEqual(["business.unpublish"]);
    expect(await directoryEvents(listing.id)).toHaveLength(1);

    const twice = await runAdminAction(admin, form({ intent: "unpublish-business", targetId: listing.id, reason: "Again" }));
    expect(twice).toMatchObject({ status: 409, result: { ok: false, title: ADMIN_TEXTS.businessUpdateFailed, fieldError: "Only an approved business can be unpublished." } });
    const notAdmin = await runAdminAction(await actorFor(owner), form({ intent: "unpublish-business", targetId: listing.id, reason: "Mine" }));
    expect(notAdmin).toMatchObject({ status: 403, result: { ok: false, title: ADMIN_TEXTS.accessDenied.title } });
  });
});
