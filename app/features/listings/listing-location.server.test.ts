import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessRevisions } from "../../../db/schema";
import { createAdmin, createOwner } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { fileFrom, pngImage } from "../../../tests/support/images";
import { getDb } from "../../lib/db.server";
import { LOCATION_TEXTS } from "../../lib/geo";
import { getPublicBusiness } from "../directory/get-public-business.server";
import { createListing } from "./create-listing.server";
import { getOwnListing } from "./get-own-listing.server";
import { checkListingForm, type TypedListingFields } from "./listing.schemas";
import { reviewListing } from "./review-listing.server";
import { updateListing } from "./update-listing.server";

/** The listing form as typed, with a location. */
function typed(overrides: Partial<TypedListingFields> = {}): TypedListingFields {
  return {
    name: "Ada's Pepper Soup Joint", description: "Goat meat and catfish pepper soup.", address: "9 Ogui Road, Enugu", plotNumber: "",
    state: "Enugu", country: "Nigeria", phoneNumber: "0803 555 0199", websiteUrl: "", category: "Eatery", products: "Pepper soup",
    lga: "", landmark: "", latitude: "6.4584", longitude: "7.5464", ...overrides,
  };
}

function inputOf(fields: TypedListingFields) {
  const checked = checkListingForm(fields, 1);
  if (!checked.ok) throw new Error(JSON.stringify(checked.fields));
  return checked.input;
}

const png = async () => fileFrom(await pngImage(640, 480), "a.png", "image/png");

describe("a listing's location (ADR 23)", () => {
  it("is saved with the listing, and a change to an approved listing applies at once without review", async () => {
    const owner = await actorFor(await createOwner(getDb()));
    const admin = await actorFor(await createAdmin(getDb()));
    const { businessId } = await createListing(owner, inputOf(typed()), [await png()]);
    await reviewListing(admin, { decision: "approve", businessId });
    expect(await getPublicBusiness(businessId)).toMatchObject({ latitude: 6.4584, longitude: 7.5464 });

    const images = (await getOwnListing(owner, businessId)).images.map((i) => i.id);
    const moved = await updateListing(owner, businessId, inputOf(typed({ latitude: "6.4412", longitude: "7.4988" })), { keep: images, added: [] });
    expect(moved).toEqual({ status: "saved" });
    expect(await getPublicBusiness(businessId)).toMatchObject({ latitude: 6.4412, longitude: 7.4988 });
    expect(await getDb().select().from(businessRevisions).where(eq(businessRevisions.businessId, businessId))).toEqual([]);

    // Cleared: both blank.
    await updateListing(owner, businessId, inputOf(typed({ latitude: "", longitude: "" })), { keep: images, added: [] });
    expect(await getOwnListing(owner, businessId)).toMatchObject({ latitude: null, longitude: null });
  });

  it("is refused with a field message when it is half given, not a number, outside Nigeria or far from the state", () => {
    const problems = (fields: Partial<TypedListingFields>) => {
      const checked = checkListingForm(typed(fields), 1);
      return checked.ok ? null : checked.fields;
    };
    expect(problems({ longitude: "" })).toEqual({ longitude: LOCATION_TEXTS.pairRequired });
    expect(problems({ latitude: "6,45" })).toEqual({ latitude: LOCATION_TEXTS.notANumber });
    expect(problems({ latitude: "48.85", longitude: "2.35" })).toEqual({ latitude: LOCATION_TEXTS.outsideNigeria });
    expect(problems({ latitude: "13.0059", longitude: "5.2476" })).toEqual({ latitude: LOCATION_TEXTS.outsideState("Enugu") });
    // Every problem at once: the name's and the location's.
    expect(problems({ name: "", latitude: "x" })).toMatchObject({ name: expect.any(String), latitude: LOCATION_TEXTS.notANumber });
  });
});
