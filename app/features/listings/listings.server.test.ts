import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { businessImages, businesses, businessMessages, featuredRequests } from "../../../db/schema";
import {
  addBusinessImage, createBusiness, createMessage, createOwner, createSubscription, createUser, createVisitor,
} from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { fileFrom, jpegWithGps, pngImage, textAsPng } from "../../../tests/support/images";
import { refusal } from "../../../tests/support/refusals";
import { getDb } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { getStorage } from "../../lib/storage.server";
import { createListing } from "./create-listing.server";
import { deleteListing } from "./delete-listing.server";
import { FEATURE_TEXTS } from "../featured/featured.schemas";
import { requestFeature } from "../featured/request-feature.server";
import { currentPlanFor, listingLimitFor } from "../plans/current-plan.server";
import { getOwnListing } from "./get-own-listing.server";
import { LISTING_TEXTS, ListingSchema, normalizePhone, type ListingInput } from "./listing.schemas";
import { updateListing } from "./update-listing.server";

function input(overrides: Partial<Record<string, unknown>> = {}): ListingInput {
  const parsed = ListingSchema.safeParse({
    name: "Iya Basira Kitchen",
    description: "Amala, ewedu and gbegiri every day.",
    address: "12 Bode Thomas Street, Surulere",
    plotNumber: "Plot 4",
    state: "Lagos",
    country: "Nigeria",
    category: "Eatery",
    phoneNumber: "0803 123 4567",
    websiteUrl: "https://iyabasira.example.ng",
    products: ["Amala", " amala ", "Ewedu", ""],
    ...overrides,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

async function png(name = "shop.png") {
  return fileFrom(await pngImage(800, 600), name, "image/png");
}

async function approvedOwner() {
  return actorFor(await createOwner(getDb()));
}

/** What a refusal with one of the spec's { title, text } failures looks like. */
function refusedWith(code: string, failure: { title: string; text: string }) {
  return { code, title: failure.title, message: failure.text };
}

describe("listing form rules", () => {
  it("normalises the phone: +234 added when there is no plus, 10 to 15 digits", () => {
    expect(normalizePhone("0803 123 4567")).toEqual({ ok: true, value: "+2348031234567" });
    expect(normalizePhone("+44 (20) 7946-0958")).toEqual({ ok: true, value: "+442079460958" });
    expect(normalizePhone("8031234567")).toEqual({ ok: true, value: "+2348031234567" });
    expect(normalizePhone("12345")).toEqual({ ok: false });
    expect(normalizePhone("0803-CALL-NOW")).toEqual({ ok: false });
  });
  it("trims and de-duplicates products and requires a name of 2 to 100 characters", () => {
    expect(input().products).toEqual(["Amala", "Ewedu"]);
    const blank = ListingSchema.safeParse({ ...input(), phoneNumber: "08031234567", name: "  " });
    expect(blank.error?.issues[0]?.message).toBe("Business name is required");
    const long = ListingSchema.safeParse({ ...input(), phoneNumber: "08031234567", name: "x".repeat(101) });
    expect(long.success).toBe(false);
    const site = ListingSchema.safeParse({ ...input(), phoneNumber: "08031234567", websiteUrl: "javascript:alert(1)" });
    expect(site.error?.issues[0]?.message).toBe(LISTING_TEXTS.websiteInvalid);
  });
});

describe("creating a listing", () => {
  it("starts pending with its images re-encoded, in order, at {businessId}/{timestamp}-{random}_{n}.webp", async () => {
    const owner = await approvedOwner();
    const gps = fileFrom(await jpegWithGps(), "photo.jpg", "image/jpeg");
    const result = await createListing(owner, input(), [await png(), gps]);
    expect(result).toEqual({ businessId: expect.any(String), imagesSaved: true });
    const [row] = await getDb().select().from(businesses).where(eq(businesses.id, result.businessId));
    expect(row).toMatchObject({ approved: false, approvalStatus: "pending", userId: owner.id, phoneNumber: "+2348031234567" });
    const images = await getDb().select().from(businessImages).where(eq(businessImages.businessId, result.businessId));
    expect(images.map((i) => i.position).sort()).toEqual([1, 2]);
    for (const image of images) {
      expect(image.imageUrl).toMatch(new RegExp(`^${result.businessId}/\\d+-[0-9a-f]{12}_[12]\\.webp$`));
      const stored = await getStorage().read("business-images", image.imageUrl);
      const meta = await sharp(stored!).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
    }
  });

  it("refuses owners without approved KYC, visitors and anonymous users", async () => {
    const pendingKyc = await actorFor(await createUser(getDb(), { role: "business", kycStatus: "pending" }));
    const visitor = await actorFor(await createVisitor(getDb()));
    expect(await refusal(createListing(pendingKyc, input(), [await png()]))).toMatchObject(refusedWith("forbidden", LISTING_TEXTS.kycRequired));
    expect(await refusal(createListing(visitor, input(), [await png()]))).toMatchObject(refusedWith("forbidden", LISTING_TEXTS.createFailed));
    expect(await refusal(createListing(null, input(), [await png()]))).toMatchObject(refusedWith("forbidden", LISTING_TEXTS.createFailed));
    const rows = await getDb().select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, pendingKyc.id));
    expect(rows).toHaveLength(0);
  });

  it("needs one to three images, checked by content", async () => {
    const owner = await approvedOwner();
    expect(await refusal(createListing(owner, input(), []))).toMatchObject({
      code: "invalid",
      message: LISTING_TEXTS.imageRequired,
      fields: { images: LISTING_TEXTS.imageRequired },
    });
    const four = await Promise.all([1, 2, 3, 4].map((n) => png(`${n}.png`)));
    expect(await refusal(createListing(owner, input(), four))).toMatchObject({
      code: "invalid",
      message: "You can only upload up to 3 images total.",
      fields: { images: "You can only upload up to 3 images total." },
    });
    expect(await refusal(createListing(owner, input(), [textAsPng()]))).toMatchObject({ code: "invalid", title: "Upload Failed" });
    expect(await getDb().select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, owner.id))).toHaveLength(0);
  });

  it("follows the plan: Free allows 1 listing, and the refusal points to /pricing", async () => {
    const owner = await approvedOwner();
    expect(await listingLimitFor(owner.id)).toBe(1);
    expect(await createListing(owner, input(), [await png()])).toMatchObject({ businessId: expect.any(String) });
    const refused = await refusal(createListing(owner, input({ name: "Second Shop" }), [await png()]));
    expect(refused).toMatchObject({ ...refusedWith("conflict", LISTING_TEXTS.limitReached), link: LISTING_TEXTS.limitReached.link });
    expect(refused.link?.href).toBe("/pricing");
    expect(await getDb().select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, owner.id))).toHaveLength(1);
  });

  it("follows the plan: Standard and Premium allow up to 3 listings", async () => {
    for (const planId of ["standard", "premium"] as const) {
      const owner = await approvedOwner();
      await createSubscription(getDb(), { userId: owner.id, planId });
      expect(await listingLimitFor(owner.id)).toBe(3);
      await createBusiness(getDb(), { userId: owner.id });
      await createBusiness(getDb(), { userId: owner.id });
      expect(await createListing(owner, input(), [await png()])).toMatchObject({ businessId: expect.any(String) });
      expect(await refusal(createListing(owner, input({ name: "Fourth Shop" }), [await png()]))).toMatchObject({
        ...refusedWith("conflict", LISTING_TEXTS.limitReached),
        link: LISTING_TEXTS.limitReached.link,
      });
    }
  });

  it("when a paid plan lapses the owner keeps existing listings but cannot add more", async () => {
    const owner = await approvedOwner();
    const started = new Date(Date.now() - 40 * 86_400_000);
    await createSubscription(getDb(), { userId: owner.id, planId: "standard", startsAt: started });
    // A subscription still marked active but past its end counts as lapsed too.
    await createSubscription(getDb(), { userId: owner.id, planId: "premium", status: "expired", startsAt: started });
    const kept = [await createBusiness(getDb(), { userId: owner.id }), await createBusiness(getDb(), { userId: owner.id })];
    expect(await currentPlanFor(owner.id)).toMatchObject({ plan: { id: "free" }, endsAt: null });
    expect(await listingLimitFor(owner.id)).toBe(1);
    expect(await refusal(createListing(owner, input(), [await png()]))).toMatchObject({
      ...refusedWith("conflict", LISTING_TEXTS.limitReached),
      link: LISTING_TEXTS.limitReached.link,
    });
    const rows = await getDb().select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, owner.id));
    expect(rows.map((r) => r.id).sort()).toEqual(kept.map((b) => b.id).sort());
  });
});

describe("editing, deleting and featuring are for the owner only", () => {
  async function ownedListing() {
    const owner = await approvedOwner();
    const created = await createListing(owner, input(), [await png("a.png"), await png("b.png")]);
    return { owner, businessId: created.businessId };
  }

  it("refuses another owner, a visitor and anonymous for every action, whatever ids they send", async () => {
    const { owner, businessId } = await ownedListing();
    const other = await approvedOwner();
    const visitor = await actorFor(await createVisitor(getDb()));
    for (const who of [other, visitor]) {
      expect(await refusal(getOwnListing(who, businessId))).toMatchObject(refusedWith("not-found", LISTING_TEXTS.notFound));
    }
    for (const who of [other, visitor, null]) {
      expect(await refusal(updateListing(who, businessId, input({ name: "Hijacked" }), { keep: [], added: [await png()] }))).toMatchObject(
        refusedWith("not-found", LISTING_TEXTS.notFound),
      );
      expect(await refusal(deleteListing(who, businessId))).toMatchObject(refusedWith("not-found", LISTING_TEXTS.deleteFailed));
      expect(await refusal(requestFeature(who, businessId))).toMatchObject({ code: "not-found", message: FEATURE_TEXTS.failed });
    }
    const [row] = await getDb().select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
    expect(row!.name).toBe("Iya Basira Kitchen");
    expect(await getDb().select().from(featuredRequests).where(eq(featuredRequests.businessId, businessId))).toHaveLength(0);
    expect(await getOwnListing(owner, businessId)).toMatchObject({ id: businessId, images: [{ position: 1 }, { position: 2 }] });
    expect(await refusal(updateListing(owner, "00000000-0000-0000-0000-000000000000", input(), { keep: [], added: [await png()] }))).toMatchObject({
      code: "not-found",
    });
  });

  it("reorders, removes and adds images, and keeps the text it was given", async () => {
    const { owner, businessId } = await ownedListing();
    const before = await getOwnListing(owner, businessId);
    const [first, second] = before.images;
    await expect(
      updateListing(owner, businessId, input({ name: "Iya Basira Kitchen & Suya" }), {
        keep: [second!.id],
        added: [await png("c.png")],
      }),
    ).resolves.toEqual({ status: "saved" });
    const after = await getOwnListing(owner, businessId);
    expect(after.name).toBe("Iya Basira Kitchen & Suya");
    expect(after.images.map((i) => i.key)[0]).toBe(second!.key);
    expect(after.images).toHaveLength(2);
    expect(await getStorage().read("business-images", first!.key)).toBeNull();
    const tooMany = await refusal(updateListing(owner, businessId, input(), { keep: after.images.map((i) => i.id), added: [await png(), await png()] }));
    expect(tooMany).toMatchObject({ code: "invalid", message: "You can only upload up to 3 images total." });
  });

  it("deletes the listing and its files, and keeps the conversation with no business", async () => {
    const { owner, businessId } = await ownedListing();
    const visitor = await createVisitor(getDb());
    const message = await createMessage(getDb(), { businessId, senderId: visitor.id, visitorId: visitor.id, recipientId: owner.id, message: "Are you open?", senderType: "visitor" });
    const keys = (await getOwnListing(owner, businessId)).images.map((i) => i.key);
    await expect(deleteListing(owner, businessId)).resolves.toBeUndefined();
    expect(await getDb().select().from(businesses).where(eq(businesses.id, businessId))).toHaveLength(0);
    for (const key of keys) expect(await getStorage().read("business-images", key)).toBeNull();
    const [kept] = await getDb().select({ businessId: businessMessages.businessId, text: businessMessages.message }).from(businessMessages).where(eq(businessMessages.id, message.id));
    expect(kept).toEqual({ businessId: null, text: "Are you open?" });
  });

  it("asks for featuring once: tier basic, pending; a second ask is refused", async () => {
    const owner = await approvedOwner();
    const listing = await createBusiness(getDb(), { userId: owner.id });
    await addBusinessImage(getDb(), { businessId: listing.id });
    const first = await requestFeature(owner, listing.id);
    const [row] = await getDb().select().from(featuredRequests).where(eq(featuredRequests.businessId, listing.id));
    expect(row).toMatchObject({ pricingTier: "basic", status: "pending", requestedBy: owner.id });
    expect(first).toEqual({ requestId: row!.id });
    expect(await refusal(requestFeature(owner, listing.id))).toMatchObject({ code: "conflict", message: FEATURE_TEXTS.alreadyPending });
    const featured = await createBusiness(getDb(), { userId: owner.id, featured: true });
    expect(await refusal(requestFeature(owner, featured.id))).toMatchObject({ code: "conflict", message: FEATURE_TEXTS.alreadyFeatured });
  });
});

/** The image files stored for a listing (its folder in bucket business-images), as keys. */
async function storedKeys(businessId: string): Promise<string[]> {
  const folder = path.join(getEnv().DATA_DIR, "uploads", "business-images", businessId);
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith(".webp")).map((n) => `${businessId}/${n}`).sort();
}

describe("two edits of one listing at the same moment", () => {
  it("end with images whose files all exist, and leave no file that nothing shows", async () => {
    const owner = await approvedOwner();
    const { businessId } = await createListing(owner, input(), [await png("a.png"), await png("b.png")]);
    const [a, b] = (await getOwnListing(owner, businessId)).images;
    // Each edit keeps a different image and removes the other: run alone, each would delete the file the other keeps.
    const results = await Promise.allSettled([
      updateListing(owner, businessId, input({ name: "Edit One" }), { keep: [a!.id], added: [await png("c.png")] }),
      updateListing(owner, businessId, input({ name: "Edit Two" }), { keep: [b!.id], added: [await png("d.png")] }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "invalid" });
    const referenced = (await getDb().select({ key: businessImages.imageUrl }).from(businessImages).where(eq(businessImages.businessId, businessId)))
      .map((r) => r.key)
      .sort();
    expect(referenced.length).toBeGreaterThanOrEqual(1);
    for (const key of referenced) expect(await getStorage().read("business-images", key), `file of ${key}`).not.toBeNull();
    expect(await storedKeys(businessId)).toEqual(referenced);
  });
});
