import { describe, expect, it } from "vitest";
import { checkListingForm, LISTING_TEXTS, ListingSchema, REVIEWED_FIELDS, type TypedListingFields } from "./listing.schemas";

const typed = (extra: Partial<TypedListingFields> = {}): TypedListingFields => ({
  name: "Mama Put Kitchen",
  description: "Rice and stew.",
  address: "12 Allen Avenue",
  plotNumber: "",
  state: "Lagos",
  country: "Nigeria",
  phoneNumber: "08031234567",
  websiteUrl: "",
  category: "Eatery",
  products: "Jollof rice",
  lga: "",
  landmark: "",
  latitude: "",
  longitude: "",
  ...extra,
});

describe("a listing's LGA and landmark", () => {
  it("are optional: none is stored as null, and a stored null is accepted as none", () => {
    const checked = checkListingForm(typed(), 1);
    expect(checked.ok && [checked.input.lga, checked.input.landmark]).toEqual([null, null]);
    const parsed = ListingSchema.parse({ ...typed(), products: ["Rice"], lga: null, landmark: null, latitude: null, longitude: null });
    expect([parsed.lga, parsed.landmark]).toEqual([null, null]);
  });

  it("stores the LGA as the list spells it, and the landmark as one clean line", () => {
    const checked = checkListingForm(typed({ lga: "eti-osa", landmark: "  Opposite\u202E First Bank,\r\n  Allen   Avenue " }), 1);
    expect(checked.ok).toBe(true);
    if (checked.ok) {
      expect(checked.input.lga).toBe("Eti Osa");
      expect(checked.input.landmark).toBe("Opposite First Bank, Allen Avenue");
    }
  });

  it("refuses an LGA of another state with a clear message, alongside every other problem", () => {
    const checked = checkListingForm(typed({ lga: "Ibadan North", name: "" }), 0);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.fields.lga).toBe(LISTING_TEXTS.lgaNotInState("Lagos"));
      expect(checked.fields.name).toBe(LISTING_TEXTS.nameRequired);
      expect(checked.fields.images).toBe(LISTING_TEXTS.imageRequired);
    }
  });

  it("asks for the state first, not about the LGA, when no state is chosen", () => {
    const checked = checkListingForm(typed({ state: "", lga: "Ikeja" }), 1);
    expect(!checked.ok && checked.fields).toEqual({ state: LISTING_TEXTS.stateRequired });
  });

  it("refuses a landmark longer than 150 characters", () => {
    const checked = checkListingForm(typed({ landmark: "x".repeat(151) }), 1);
    expect(!checked.ok && checked.fields.landmark).toBe(LISTING_TEXTS.landmarkLength);
    expect(checkListingForm(typed({ landmark: "x".repeat(150) }), 1).ok).toBe(true);
  });

  it("the landmark waits for review on an approved listing like the address; the LGA applies with the state", () => {
    expect(REVIEWED_FIELDS).toContain("landmark");
    expect(REVIEWED_FIELDS).toContain("address");
    expect(REVIEWED_FIELDS).not.toContain("lga");
  });
});
