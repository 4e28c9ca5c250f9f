import { rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../../db/schema";
import { createAdmin, createOwner } from "../../db/seed/factories";
import { cleanupOrphanedBusinesses } from "../../app/features/listings/cleanup-orphaned-businesses.server";
import { createListing } from "../../app/features/listings/create-listing.server";
import { deleteListing } from "../../app/features/listings/delete-listing.server";
import { getOwnListing } from "../../app/features/listings/get-own-listing.server";
import { ListingSchema, type ListingInput } from "../../app/features/listings/listing.schemas";
import { updateListing } from "../../app/features/listings/update-listing.server";
import { getDb } from "../../app/lib/db.server";
import { getEnv } from "../../app/lib/env.server";
import { imageUrl, shareImageUrl } from "../../app/lib/image-url";
import { actorFor } from "../support/actors";
import { filesUnder } from "../support/files";
import { fileFrom, pngImage } from "../support/images";
import { testApp } from "../support/server";

/**
 * A deleted photo stops being public at once: its link preview and resized copies go with it, and /media
 * never serves a copy whose original is gone.
 */

function listingInput(): ListingInput {
  return ListingSchema.parse({
    name: "Ada Fashion House",
    description: "Ankara and aso-oke, made to measure.",
    address: "14 Ogui Road, Enugu",
    state: "Enugu",
    country: "Nigeria",
    category: "Fashion designer",
    phoneNumber: "08031234567",
    products: ["Tailoring"],
  });
}

async function listingWithImages(count: number) {
  const owner = await actorFor(await createOwner(getDb()));
  const files = await Promise.all(Array.from({ length: count }, async (_, i) => fileFrom(await pngImage(640 + i * 10, 480), `p${i}.png`, "image/png")));
  const { businessId } = await createListing(owner, listingInput(), files);
  const keys = (await getOwnListing(owner, businessId)).images.map((i) => ({ id: i.id, key: i.key }));
  return { owner, businessId, keys };
}

/** Every address a page or a link preview uses for this image. */
const addresses = (key: string) => [shareImageUrl(key, 1), imageUrl(key, 320), imageUrl(key, 640), imageUrl(key, 1200)];

/** Requests each address, which makes and caches every derived file; all must be served. */
async function warm(app: ReturnType<typeof testApp>, key: string) {
  for (const address of addresses(key)) expect((await app.request(address)).status, address).toBe(200);
}

async function statuses(app: ReturnType<typeof testApp>, key: string) {
  return Promise.all(addresses(key).map(async (address) => (await app.request(address)).status));
}

/** Files anywhere under DATA_DIR (uploads, caches) whose path names this image or listing. */
async function filesNaming(fragment: string) {
  return (await filesUnder(getEnv().DATA_DIR)).filter((f) => f.includes(fragment));
}

describe("deleted photos stop being public", () => {
  it("deleting a listing removes its images, their link previews and resized copies, and /media answers 404", async () => {
    const app = testApp();
    const { owner, businessId, keys } = await listingWithImages(2);
    for (const { key } of keys) await warm(app, key);
    expect((await filesNaming(businessId)).length).toBeGreaterThan(2); // the originals and derived files

    await deleteListing(owner, businessId);
    for (const { key } of keys) expect(await statuses(app, key)).toEqual([404, 404, 404, 404]);
    expect(await filesNaming(businessId)).toEqual([]);
  });

  it("removing one image in Edit removes its derived files too; the kept image is still served", async () => {
    const app = testApp();
    const { owner, businessId, keys } = await listingWithImages(2);
    const [removed, kept] = keys;
    for (const { key } of keys) await warm(app, key);

    await updateListing(owner, businessId, listingInput(), { keep: [kept!.id], added: [] });
    expect(await statuses(app, removed!.key)).toEqual([404, 404, 404, 404]);
    expect(await filesNaming(removed!.key)).toEqual([]);
    expect(await statuses(app, kept!.key)).toEqual([200, 200, 200, 200]);
  });

  it("the clean-up of listings whose owner account is gone removes their derived files too", async () => {
    const app = testApp();
    const { owner, businessId, keys } = await listingWithImages(1);
    await warm(app, keys[0]!.key);
    await getDb().delete(user).where(eq(user.id, owner.id));

    expect(await cleanupOrphanedBusinesses(await actorFor(await createAdmin(getDb())))).toMatchObject({ removed: 1 });
    expect(await statuses(app, keys[0]!.key)).toEqual([404, 404, 404, 404]);
    expect(await filesNaming(businessId)).toEqual([]);
  });

  it("a cached copy whose original is missing is never served (the original is checked first)", async () => {
    const app = testApp();
    const { keys } = await listingWithImages(1);
    const key = keys[0]!.key;
    await warm(app, key);
    // As if a delete had been cut short after the original went: the derived files are still on disk.
    await rm(path.join(getEnv().DATA_DIR, "uploads", "business-images", key));
    expect((await filesNaming(key)).length).toBeGreaterThan(0);

    expect(await statuses(app, key)).toEqual([404, 404, 404, 404]);
  });
});
