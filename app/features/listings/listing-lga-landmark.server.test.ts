import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessRevisions } from "../../../db/schema";
import { createAdmin, createOwner } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { fileFrom, pngImage } from "../../../tests/support/images";
import { getDb } from "../../lib/db.server";
import { getPublicBusiness } from "../directory/get-public-business.server";
import { parseBusinessFilters } from "../directory/parse-business-filters";
import { resetSearchCaches, searchBusinesses } from "../directory/search-businesses.server";
import { createListing } from "./create-listing.server";
import { getOwnListing } from "./get-own-listing.server";
import { listPendingChanges } from "./list-pending-changes.server";
import { changeVersion, ListingSchema, type ListingInput } from "./listing.schemas";
import { reviewListingChange } from "./review-listing-change.server";
import { reviewListing } from "./review-listing.server";
import { updateListing } from "./update-listing.server";

/** An owner's LGA and landmark through the real use cases (issue 17, ADR 22). */
const word = () => `zl${randomUUID().replace(/-/g, "").slice(0, 12)}`;

function input(overrides: Partial<Record<string, unknown>> = {}): ListingInput {
  const parsed = ListingSchema.safeParse({
    name: "Iya Basira Kitchen",
    description: "Amala and ewedu.",
    address: "7 Allen Avenue",
    plotNumber: "",
    state: "Lagos",
    country: "Nigeria",
    category: "Eatery",
    phoneNumber: "0803 555 0102",
    websiteUrl: "",
    products: ["Amala"],
    ...overrides,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const png = async () => fileFrom(await pngImage(320, 240), "a.png", "image/png");
const search = async (query: string) => {
  resetSearchCaches();
  return (await searchBusinesses(parseBusinessFilters(new URLSearchParams(query)))).items.map((i) => i.id);
};

async function approvedListing(overrides: Partial<Record<string, unknown>> = {}) {
  const owner = await actorFor(await createOwner(getDb()));
  const admin = await actorFor(await createAdmin(getDb()));
  const { businessId } = await createListing(owner, input(overrides), [await png()]);
  await reviewListing(admin, { decision: "approve", businessId });
  const images = (await getOwnListing(owner, businessId)).images;
  return { owner, admin, businessId, keep: images.map((i) => i.id) };
}

describe("a listing's LGA and landmark", () => {
  it("are saved with a new listing and shown on its page once approved; found by region + LGA and by a landmark word", async () => {
    const landmarkWord = word();
    const { businessId } = await approvedListing({ lga: "ikeja", landmark: `Opposite ${landmarkWord} Bank` });
    const shown = await getPublicBusiness(businessId);
    expect(shown).toMatchObject({ state: "Lagos", lga: "Ikeja", landmark: `Opposite ${landmarkWord} Bank` });
    expect(await search("region=Lagos&lga=Ikeja")).toContain(businessId);
    expect(await search("region=Lagos&lga=Eti Osa")).not.toContain(businessId);
    expect(await search(`q=${landmarkWord}`)).toEqual([businessId]);
  });

  it("on an approved listing the LGA applies at once, with the state; the landmark waits for review like the address", async () => {
    const { owner, admin, businessId, keep } = await approvedListing({ lga: "Ikeja" });
    const landmarkWord = word();
    const outcome = await updateListing(owner, businessId, input({ state: "Oyo", lga: "Ibadan North", landmark: `Beside ${landmarkWord} Filling Station` }), { keep, added: [] });
    expect(outcome).toEqual({ status: "sent-for-review" });

    // The public sees the new state and LGA at once, the approved (empty) landmark until the review.
    expect(await getPublicBusiness(businessId)).toMatchObject({ state: "Oyo", lga: "Ibadan North", landmark: null });
    expect(await search("region=Oyo&lga=Ibadan North")).toContain(businessId);
    expect(await search("region=Lagos&lga=Ikeja")).not.toContain(businessId);
    expect(await search(`q=${landmarkWord}`)).toEqual([]);

    // The change waiting carries the landmark; the owner edits from it; the admin sees it named.
    const [revision] = await getDb().select().from(businessRevisions).where(eq(businessRevisions.businessId, businessId));
    expect(revision!.landmark).toBe(`Beside ${landmarkWord} Filling Station`);
    expect((await getOwnListing(owner, businessId)).landmark).toBe(`Beside ${landmarkWord} Filling Station`);
    const queue = await listPendingChanges(admin, { page: 1 });
    const change = queue.rows.find((c) => c.businessId === businessId)!;
    expect(change.changes.map((f) => f.label)).toEqual(["Landmark"]);

    await reviewListingChange(admin, { decision: "approve", businessId, version: changeVersion(revision!.updatedAt) });
    expect((await getPublicBusiness(businessId)).landmark).toBe(`Beside ${landmarkWord} Filling Station`);
    expect(await search(`q=${landmarkWord}`)).toEqual([businessId]);
  });

  it("an edit of the LGA alone on an approved listing is saved at once, with nothing to review", async () => {
    const { owner, businessId, keep } = await approvedListing();
    expect((await getPublicBusiness(businessId)).lga).toBeNull();
    expect(await updateListing(owner, businessId, input({ lga: "Eti Osa" }), { keep, added: [] })).toEqual({ status: "saved" });
    expect((await getPublicBusiness(businessId)).lga).toBe("Eti Osa");
    expect(await getDb().select().from(businessRevisions).where(eq(businessRevisions.businessId, businessId))).toEqual([]);
  });
});
