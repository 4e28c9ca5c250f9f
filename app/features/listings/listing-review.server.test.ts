import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, businesses, businessImages, businessRevisions } from "../../../db/schema";
import { createAdmin, createOwner, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { fileFrom, pngImage } from "../../../tests/support/images";
import { refusal } from "../../../tests/support/refusals";
import { getDb } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { getStorage } from "../../lib/storage.server";
import { getPublicBusiness } from "../directory/get-public-business.server";
import { listFeaturedBusinesses } from "../directory/list-featured-businesses.server";
import { parseBusinessFilters } from "../directory/parse-business-filters";
import { resetSearchCaches, searchBusinesses } from "../directory/search-businesses.server";
import { buildSitemap } from "../directory/sitemap.server";
import { DIRECTORY_TEXTS } from "../directory/types";
import { createListing } from "./create-listing.server";
import { deleteListing } from "./delete-listing.server";
import { getOwnListing } from "./get-own-listing.server";
import { listOwnListings } from "./list-own-listings.server";
import { listPendingChanges } from "./list-pending-changes.server";
import { changeVersion, LISTING_TEXTS, ListingSchema, REVIEW_TEXTS, type ListingInput } from "./listing.schemas";
import { reviewListingChange } from "./review-listing-change.server";
import { reviewListing } from "./review-listing.server";
import { unpublishListing } from "./unpublish-listing.server";
import { updateListing } from "./update-listing.server";

// Random, so two words of one test share no trigrams (the search forgives near misses: a counter would be one letter apart).
const word = () => `zr${randomUUID().replace(/-/g, "").slice(0, 12)}`;

function input(overrides: Partial<Record<string, unknown>> = {}): ListingInput {
  const parsed = ListingSchema.safeParse({
    name: "Mama Nkechi Provisions",
    description: "Provisions, drinks and toiletries.",
    address: "4 Ogui Road, Enugu",
    plotNumber: "",
    state: "Enugu",
    country: "Nigeria",
    category: "Supermarket",
    phoneNumber: "0803 555 0101",
    websiteUrl: "https://nkechi.example.ng",
    products: ["Provisions", "Drinks"],
    ...overrides,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const png = async (name: string) => fileFrom(await pngImage(640, 480), name, "image/png");
const exists = async (key: string) => (await getStorage().read("business-images", key)) !== null;
const approvedImageKeys = async (businessId: string) =>
  (await getDb().select({ key: businessImages.imageUrl }).from(businessImages).where(eq(businessImages.businessId, businessId)).orderBy(businessImages.position)).map((r) => r.key);
const publicImageKeys = async (businessId: string) =>
  (await getPublicBusiness(businessId)).images.map((i) => decodeURIComponent(new URL(i.src, "http://x").pathname.replace("/media/business-images/", "")));
const revisionOf = async (businessId: string) =>
  (await getDb().select().from(businessRevisions).where(eq(businessRevisions.businessId, businessId)))[0] ?? null;
/** The version of the change waiting for a listing, as the admin's review form carries it. */
const versionOf = async (businessId: string) => changeVersion((await revisionOf(businessId))!.updatedAt);
const auditOf = async (businessId: string) =>
  (await getDb().select().from(auditLog).where(eq(auditLog.targetId, businessId)).orderBy(auditLog.id)).map((a) => a.action);
const search = async (text: string) => {
  resetSearchCaches();
  return (await searchBusinesses(parseBusinessFilters(new URLSearchParams({ q: text })))).items.map((i) => i.id);
};

/** The image files stored for a listing (its folder in bucket business-images), as keys. */
async function storedKeys(businessId: string): Promise<string[]> {
  const folder = path.join(getEnv().DATA_DIR, "uploads", "business-images", businessId);
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith(".webp")).map((n) => `${businessId}/${n}`).sort();
}

/** Every key a row references: the approved images and those of a change waiting for review. */
async function referencedKeys(businessId: string): Promise<string[]> {
  const revision = await revisionOf(businessId);
  return [...new Set([...(await approvedImageKeys(businessId)), ...(revision?.images ?? []).map((i) => i.key)])].sort();
}

/** An owner's listing as an admin approved it, with two real image files. */
async function approvedListing(overrides: Partial<Record<string, unknown>> = {}) {
  const owner = await actorFor(await createOwner(getDb()));
  const admin = await actorFor(await createAdmin(getDb()));
  const name = `Mama Nkechi ${word()}`;
  const { businessId } = await createListing(owner, input({ name, ...overrides }), [await png("a.png"), await png("b.png")]);
  await reviewListing(admin, { decision: "approve", businessId });
  const images = (await getOwnListing(owner, businessId)).images;
  return { owner, admin, businessId, name, images };
}

describe("editing an approved listing", () => {
  it("sends name, description, phone, website and images to review; the public keeps seeing the approved version", async () => {
    const { owner, businessId, name, images } = await approvedListing();
    const [first, second] = images;
    const newName = `Nkechi Superstore ${word()}`;
    const outcome = await updateListing(
      owner,
      businessId,
      input({ name: newName, description: "Call 0700 000 0000 to claim your prize", phoneNumber: "0700 000 0000", websiteUrl: "https://phish.example" }),
      { keep: [first!.id], added: [await png("c.png")] },
    );
    expect(outcome).toEqual({ status: "sent-for-review" });

    const shown = await getPublicBusiness(businessId);
    expect(shown).toMatchObject({ name, description: "Provisions, drinks and toiletries.", phoneNumber: "+2348035550101", websiteUrl: "https://nkechi.example.ng" });
    expect(await publicImageKeys(businessId)).toEqual([first!.key, second!.key]);
    // The removed image stays while the approved version shows it; the new one exists but is not public.
    expect(await exists(second!.key)).toBe(true);
    const revision = await revisionOf(businessId);
    const added = revision!.images[1]!.key;
    expect(await exists(added)).toBe(true);
    expect(await search(newName.split(" ").at(-1)!)).not.toContain(businessId);
    expect(await search(name.split(" ").at(-1)!)).toContain(businessId);
    expect(await buildSitemap()).toContain(businessId);
    expect(await buildSitemap()).not.toContain(added);

    // The owner sees and edits the change that waits.
    const own = await getOwnListing(owner, businessId);
    expect(own).toMatchObject({ name: newName, websiteUrl: "https://phish.example", review: { required: true, rejectionReason: null } });
    expect(own.review.pendingSince).toBeInstanceOf(Date);
    expect(own.images.map((i) => i.key)).toEqual([first!.key, added]);
    const card = (await listOwnListings(owner)).find((b) => b.id === businessId);
    expect(card).toMatchObject({ approvalStatus: "approved", name, changePending: true, changeRejectionReason: null });
  });

  it("applies at once what is chosen from a list (state, country, category), and sends nothing to review when only that changed", async () => {
    const { owner, businessId, name, images } = await approvedListing();
    const outcome = await updateListing(owner, businessId, input({ name, state: "Anambra", category: "Pharmacy store" }), {
      keep: images.map((i) => i.id),
      added: [],
    });
    expect(outcome).toEqual({ status: "saved" });
    expect(await getPublicBusiness(businessId)).toMatchObject({ name, state: "Anambra", category: "Pharmacy store" });
    expect(await revisionOf(businessId)).toBeNull();
  });

  it("applies list choices at once and holds the rest when both change", async () => {
    const { owner, businessId, name, images } = await approvedListing();
    const outcome = await updateListing(owner, businessId, input({ name: `${name} Two`, category: "Pharmacy store" }), {
      keep: images.map((i) => i.id),
      added: [],
    });
    expect(outcome).toEqual({ status: "sent-for-review" });
    expect(await getPublicBusiness(businessId)).toMatchObject({ name, category: "Pharmacy store" });
    expect((await revisionOf(businessId))!.name).toBe(`${name} Two`);
  });

  it("editing again replaces the change that waits; undoing it withdraws it; files nothing shows any more go", async () => {
    const { owner, businessId, name, images } = await approvedListing();
    const approvedKeys = images.map((i) => i.key);
    await updateListing(owner, businessId, input({ name: `${name} X` }), { keep: images.map((i) => i.id), added: [await png("x.png")] });
    const firstChange = (await revisionOf(businessId))!.images.map((i) => i.key);
    const x = firstChange[2]!;

    // The second edit starts from the change that waits (its image ids), drops x and adds y.
    const waiting = await getOwnListing(owner, businessId);
    expect(await updateListing(owner, businessId, input({ name: `${name} Y` }), { keep: waiting.images.slice(0, 2).map((i) => i.id), added: [await png("y.png")] })).toEqual({
      status: "sent-for-review",
    });
    const secondChange = (await revisionOf(businessId))!;
    expect(secondChange.name).toBe(`${name} Y`);
    expect(await exists(x)).toBe(false);
    const y = secondChange.images[2]!.key;
    expect(await exists(y)).toBe(true);
    for (const key of approvedKeys) expect(await exists(key)).toBe(true);

    // Back to exactly what was approved: nothing waits any more, and y goes.
    const again = await getOwnListing(owner, businessId);
    expect(await updateListing(owner, businessId, input({ name }), { keep: again.images.slice(0, 2).map((i) => i.id), added: [] })).toEqual({ status: "saved" });
    expect(await revisionOf(businessId)).toBeNull();
    expect(await exists(y)).toBe(false);
    expect(await storedKeys(businessId)).toEqual([...approvedKeys].sort());
    expect((await getOwnListing(owner, businessId)).review.pendingSince).toBeNull();
  });

  it("edits a pending or rejected listing at once, as before", async () => {
    const owner = await actorFor(await createOwner(getDb()));
    const { businessId } = await createListing(owner, input(), [await png("a.png")]);
    const images = (await getOwnListing(owner, businessId)).images;
    expect(await updateListing(owner, businessId, input({ name: "Changed While Pending" }), { keep: images.map((i) => i.id), added: [] })).toEqual({ status: "saved" });
    const [row] = await getDb().select({ name: businesses.name, status: businesses.approvalStatus }).from(businesses).where(eq(businesses.id, businessId));
    expect(row).toEqual({ name: "Changed While Pending", status: "pending" });
    expect(await revisionOf(businessId)).toBeNull();
    expect((await getOwnListing(owner, businessId)).review).toEqual({ required: false, pendingSince: null, rejectionReason: null });
  });

  it("two edits at the same moment end with every referenced file present and no file left over", async () => {
    const { owner, businessId, name, images } = await approvedListing();
    const [a, b] = images;
    const results = await Promise.allSettled([
      updateListing(owner, businessId, input({ name: `${name} One` }), { keep: [a!.id], added: [await png("c.png")] }),
      updateListing(owner, businessId, input({ name: `${name} Two` }), { keep: [b!.id], added: [await png("d.png")] }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    const referenced = await referencedKeys(businessId);
    for (const key of referenced) expect(await exists(key), key).toBe(true);
    expect(await storedKeys(businessId)).toEqual(referenced);
    expect(await publicImageKeys(businessId)).toEqual([a!.key, b!.key]);
  });

  it("deleting the listing removes the files of the change that waits too", async () => {
    const { owner, businessId, images } = await approvedListing();
    await updateListing(owner, businessId, input({ name: "With a new photo" }), { keep: images.map((i) => i.id), added: [await png("n.png")] });
    expect((await storedKeys(businessId)).length).toBe(3);
    await deleteListing(owner, businessId);
    expect(await storedKeys(businessId)).toEqual([]);
  });
});

describe("reviewing a change to an approved listing", () => {
  async function listingWithChange() {
    const listing = await approvedListing();
    const [first, second] = listing.images;
    const newName = `Nkechi Mega ${word()}`;
    await updateListing(listing.owner, listing.businessId, input({ name: newName, websiteUrl: "" }), { keep: [second!.id], added: [await png("n.png")] });
    const added = (await revisionOf(listing.businessId))!.images[1]!.key;
    return { ...listing, first: first!, second: second!, newName, added };
  }

  it("shows the admin each change as old → new, with the images before and after", async () => {
    const { admin, businessId, name, newName, first, second, added } = await listingWithChange();
    const page = await listPendingChanges(admin, { page: 1 });
    const row = page.rows.find((r) => r.businessId === businessId);
    expect(row).toBeDefined();
    expect(row!.name).toBe(name);
    expect(row!.changes).toEqual([
      { field: "name", label: "Business name", before: name, after: newName },
      { field: "websiteUrl", label: "Website", before: "https://nkechi.example.ng", after: null },
    ]);
    expect(row!.images!.before.map((i) => i.src)).toEqual([expect.stringContaining(first.key), expect.stringContaining(second.key)]);
    expect(row!.images!.after.map((i) => i.src)).toEqual([expect.stringContaining(second.key), expect.stringContaining(added)]);
    expect(await refusal(listPendingChanges(await actorFor(await createVisitor(getDb())), { page: 1 }))).toMatchObject({ code: "forbidden" });
  });

  it("approving applies the whole change at once, publicly, audited; the image it removed goes", async () => {
    const { admin, owner, businessId, name, newName, first, second, added } = await listingWithChange();
    expect(await reviewListingChange(admin, { decision: "approve", businessId, version: await versionOf(businessId) })).toEqual({ status: "approved" });
    expect(await getPublicBusiness(businessId)).toMatchObject({ name: newName, websiteUrl: null });
    expect(await publicImageKeys(businessId)).toEqual([second.key, added]);
    expect(await revisionOf(businessId)).toBeNull();
    expect(await exists(first.key)).toBe(false);
    expect(await storedKeys(businessId)).toEqual([second.key, added].sort());
    expect(await auditOf(businessId)).toEqual(["business.approve", "business.change.approve"]);
    const [, entry] = await getDb().select().from(auditLog).where(eq(auditLog.targetId, businessId)).orderBy(auditLog.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      before: { name, websiteUrl: "https://nkechi.example.ng", images: [first.key, second.key] },
      after: { name: newName, websiteUrl: null, images: [second.key, added] },
    });
    expect(Object.keys(entry!.after as object).sort()).toEqual(["images", "name", "websiteUrl"]);
    const own = await getOwnListing(owner, businessId);
    expect(own.review).toEqual({ required: true, pendingSince: null, rejectionReason: null });
    expect(await refusal(reviewListingChange(admin, { decision: "approve", businessId, version: "1" }))).toMatchObject({ code: "conflict", message: REVIEW_TEXTS.noPendingChange });
  });

  it("rejecting needs a reason; the approved version stays, the owner is told, the change's new files go", async () => {
    const { admin, owner, businessId, name, first, second, added } = await listingWithChange();
    expect(await refusal(reviewListingChange(admin, { decision: "reject", businessId, reason: "  " }))).toMatchObject({
      code: "invalid",
      message: REVIEW_TEXTS.rejectionReasonRequired,
    });
    expect(await revisionOf(businessId)).not.toBeNull();
    expect(await reviewListingChange(admin, { decision: "reject", businessId, reason: "The website is not yours" })).toEqual({ status: "rejected" });
    expect(await getPublicBusiness(businessId)).toMatchObject({ name, websiteUrl: "https://nkechi.example.ng" });
    expect(await publicImageKeys(businessId)).toEqual([first.key, second.key]);
    expect(await exists(added)).toBe(false);
    expect(await storedKeys(businessId)).toEqual([first.key, second.key].sort());
    const card = (await listOwnListings(owner)).find((b) => b.id === businessId);
    expect(card).toMatchObject({ approvalStatus: "approved", changePending: false, changeRejectionReason: "The website is not yours" });
    const own = await getOwnListing(owner, businessId);
    expect(own).toMatchObject({ name, review: { required: true, pendingSince: null, rejectionReason: "The website is not yours" } });
    expect(await auditOf(businessId)).toEqual(["business.approve", "business.change.reject"]);
    // A new change clears the note.
    await updateListing(owner, businessId, input({ name: `${name} Again` }), { keep: own.images.map((i) => i.id), added: [] });
    expect((await listOwnListings(owner)).find((b) => b.id === businessId)).toMatchObject({ changePending: true, changeRejectionReason: null });
  });

  it("never approves what the admin did not see: a change the owner replaced after it was opened is refused", async () => {
    const { admin, owner, businessId, name, newName } = await listingWithChange();
    const seen = (await listPendingChanges(admin, { page: 1 })).rows.find((r) => r.businessId === businessId)!;
    expect(seen.changes.find((c) => c.field === "name")?.after).toBe(newName);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const own = await getOwnListing(owner, businessId);
    await updateListing(owner, businessId, input({ name: `${newName} Call 0700 000 0000` }), { keep: own.images.map((i) => i.id), added: [] });
    for (const decision of [
      { decision: "approve" as const, businessId, version: seen.version },
      { decision: "reject" as const, businessId, version: seen.version, reason: "No" },
    ]) {
      expect(await refusal(reviewListingChange(admin, decision))).toMatchObject({ code: "conflict", message: REVIEW_TEXTS.changeReplaced });
    }
    expect(await refusal(reviewListingChange(admin, { decision: "approve", businessId } as never))).toMatchObject({ code: "conflict", message: REVIEW_TEXTS.changeReplaced });
    expect((await getPublicBusiness(businessId)).name).toBe(name);
    expect((await revisionOf(businessId))!.name).toBe(`${newName} Call 0700 000 0000`);
  });

  it("is for admins only", async () => {
    const { owner, businessId } = await listingWithChange();
    for (const who of [owner, await actorFor(await createVisitor(getDb())), null]) {
      expect((await refusal(reviewListingChange(who, { decision: "approve", businessId, version: await versionOf(businessId) }))).code).toMatch(/forbidden|unauthenticated/);
    }
    expect(await revisionOf(businessId)).not.toBeNull();
  });
});

describe("unpublishing an approved listing", () => {
  it("takes it off the business page, search, the featured section and the sitemap; the owner sees the reason; audited", async () => {
    const { admin, owner, businessId, name, images } = await approvedListing();
    await getDb().update(businesses).set({ featured: true, featuredUntil: new Date(Date.now() + 86_400_000) }).where(eq(businesses.id, businessId));
    expect((await listFeaturedBusinesses(1000)).map((b) => b.id)).toContain(businessId);
    await updateListing(owner, businessId, input({ name: `${name} Changed` }), { keep: images.map((i) => i.id), added: [await png("w.png")] });
    const waitingFile = (await revisionOf(businessId))!.images[2]!.key;

    expect(await refusal(unpublishListing(admin, { businessId, reason: " " }))).toMatchObject({ code: "invalid", message: REVIEW_TEXTS.rejectionReasonRequired });
    expect(await unpublishListing(admin, { businessId, reason: "Reported as a scam" })).toEqual({ status: "rejected" });

    expect(await refusal(getPublicBusiness(businessId))).toMatchObject({ code: "not-found", message: DIRECTORY_TEXTS.businessNotFound });
    expect(await search(name.split(" ").at(-1)!)).not.toContain(businessId);
    expect((await listFeaturedBusinesses(1000)).map((b) => b.id)).not.toContain(businessId);
    expect(await buildSitemap()).not.toContain(businessId);
    const card = (await listOwnListings(owner)).find((b) => b.id === businessId);
    expect(card).toMatchObject({ approvalStatus: "rejected", rejectionReason: "Reported as a scam", changePending: false });
    // The change that waited goes with it, and its file.
    expect(await revisionOf(businessId)).toBeNull();
    expect(await exists(waitingFile)).toBe(false);
    expect(await auditOf(businessId)).toEqual(["business.approve", "business.unpublish"]);
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.targetId, businessId)).orderBy(auditLog.id).offset(1);
    expect(entry).toMatchObject({ actorId: admin.id, before: { approvalStatus: "approved" }, after: { approvalStatus: "rejected", rejectionReason: "Reported as a scam" } });
    // Edits now apply to the rejected listing itself, as for any rejected listing.
    const own = await getOwnListing(owner, businessId);
    expect(await updateListing(owner, businessId, input({ name: `${name} Fixed` }), { keep: own.images.map((i) => i.id), added: [] })).toEqual({ status: "saved" });
  });

  it("acts only on approved listings and only for admins", async () => {
    const { admin, owner, businessId } = await approvedListing();
    const pendingOwner = await actorFor(await createOwner(getDb()));
    const { businessId: pending } = await createListing(pendingOwner, input(), [await png("p.png")]);
    expect(await refusal(unpublishListing(admin, { businessId: pending, reason: "No" }))).toMatchObject({ code: "conflict", message: REVIEW_TEXTS.onlyApproved });
    expect(await refusal(unpublishListing(admin, { businessId: "00000000-0000-4000-8000-000000000000", reason: "No" }))).toMatchObject({ code: "not-found" });
    expect((await refusal(unpublishListing(owner, { businessId, reason: "Mine" }))).code).toBe("forbidden");
    expect((await getPublicBusiness(businessId)).id).toBe(businessId);
    expect(LISTING_TEXTS.sentForReview.title).toBeTruthy();
  });
});
