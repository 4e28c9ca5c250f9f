import { describe, expect, it } from "vitest";
import { nearestLga } from "../../lib/places";
import { cleanName, nigerianPhone, OVERTURE_MIN_CONFIDENCE, placeFromCsv, placeFromOsm, placeFromOverture, websiteUrl } from "./imported-place";
import { locateLga } from "./lga-locator";

const pharmacy = {
  type: "node" as const,
  id: 4_512_300_771,
  latitude: 6.6018,
  longitude: 3.3515,
  tags: {
    amenity: "pharmacy",
    name: "  HealthPlus   Pharmacy ",
    phone: "0803 555 0141; +44 20 7946 0958",
    website: "healthplus.ng",
    "addr:housenumber": "12",
    "addr:street": "Allen Avenue",
    "addr:city": "Ikeja",
    opening_hours: "Mo-Sa 08:00-21:00; Su 12:00-18:00",
  },
};

describe("an OpenStreetMap feature as a place", () => {
  it("a pharmacy node: its name, category, address, state and LGA from the point, a +234 phone, the website and exact hours", () => {
    const result = placeFromOsm(pharmacy);
    expect(result).toEqual({
      ok: true,
      place: {
        sourceId: "node/4512300771",
        name: "HealthPlus Pharmacy",
        category: "Pharmacy store",
        description: null,
        address: "12 Allen Avenue, Ikeja",
        state: "Lagos",
        lga: "Ikeja",
        latitude: 6.6018,
        longitude: 3.3515,
        phone: "+2348035550141",
        website: "https://healthplus.ng/",
        hours: [
          ...Array.from({ length: 6 }, () => ({ mode: "hours", ranges: [{ opens: "08:00", closes: "21:00" }] })),
          { mode: "hours", ranges: [{ opens: "12:00", closes: "18:00" }] },
        ],
      },
    });
  });

  it("a way is named by its centre; hours that cannot be read exactly are left empty, never guessed", () => {
    const result = placeFromOsm({ ...pharmacy, type: "way", id: 88, tags: { ...pharmacy.tags, opening_hours: "Mo-Fr 08:00-17:00; PH off; sunrise-sunset" } });
    expect(result.ok && result.place.sourceId).toBe("way/88");
    expect(result.ok && result.place.hours).toBeNull();
  });

  it("skips, with the reason, what has no name, is not a business, has no point or lies outside Nigeria", () => {
    expect(placeFromOsm({ ...pharmacy, tags: { amenity: "pharmacy" } })).toEqual({ ok: false, reason: "no-name" });
    expect(placeFromOsm({ ...pharmacy, tags: { amenity: "bench", name: "Bench" } })).toEqual({ ok: false, reason: "not-a-business" });
    expect(placeFromOsm({ ...pharmacy, latitude: null, longitude: null })).toEqual({ ok: false, reason: "no-location" });
    // Cotonou, Benin.
    expect(placeFromOsm({ ...pharmacy, latitude: 6.3703, longitude: 2.3912 })).toEqual({ ok: false, reason: "outside-nigeria" });
  });

  it("names, phones and websites are cleaned the same for every source", () => {
    expect(cleanName("A")).toBeNull();
    expect(cleanName("Mama\u202E Put")).toBe("Mama Put");
    // A NUL (PostgreSQL's text refuses it) or another control character from a file is a space.
    expect(cleanName("Mama\u0000Put\u0007")).toBe("Mama Put");
    const long = `${"Mega ".repeat(30)}Store`;
    expect(cleanName(long)!.length).toBeLessThanOrEqual(100);
    expect(cleanName(long)!.endsWith(" ")).toBe(false);
    expect(nigerianPhone("+44 20 7946 0958", "01-2345678")).toBe("+23412345678");
    expect(nigerianPhone("call us", null)).toBeNull();
    expect(websiteUrl("javascript:alert(1)", "ftp://x.ng", "not a site", "http://shop.example.ng/a?b=1")).toBe("http://shop.example.ng/a?b=1");
    expect(websiteUrl("localhost")).toBeNull();
  });
});

describe("an Overture Maps place as a place", () => {
  const ikeja = { latitude: 6.6018, longitude: 3.3515 };
  const overture = (properties: Record<string, unknown>, id: string | null = "08f3a3c1b2d4e5f60") => ({ id, ...ikeja, properties });

  it("reads its names, categories, phones, websites and address, whether objects or JSON text", () => {
    const properties = {
      names: { primary: "Medplus Pharmacy", common: { en: "MedPlus" } },
      categories: { primary: "pharmacy", alternate: ["drugstore"] },
      confidence: 0.93,
      phones: ["+234 803 555 0101", "12345"],
      websites: ["javascript:alert(1)", "https://medplus.example.ng"],
      addresses: [{ freeform: "12 Allen Avenue", locality: "Ikeja", country: "NG" }],
      operating_status: "open",
    };
    const expected = {
      sourceId: "08f3a3c1b2d4e5f60", name: "Medplus Pharmacy", category: "Pharmacy store", address: "12 Allen Avenue, Ikeja",
      state: "Lagos", phone: "+2348035550101", website: "https://medplus.example.ng/", hours: null,
    };
    expect(placeFromOverture(overture(properties))).toMatchObject({ ok: true, place: expected });
    // The same place as a tool that flattens structs to JSON text writes it.
    const flattened = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, typeof v === "object" ? JSON.stringify(v) : v]));
    expect(placeFromOverture(overture(flattened))).toMatchObject({ ok: true, place: expected });
  });

  it("prefers the taxonomy's codes and walks its hierarchy", () => {
    const place = placeFromOverture(overture({ names: { primary: "Mama Put Corner" }, taxonomy: { primary: "buka_stand", hierarchy: ["food_and_drink", "restaurant", "buka_stand"] }, categories: { primary: "buka_stand" } }));
    expect(place).toMatchObject({ ok: true, place: { category: "Restaurant/Bar" } });
  });

  it("skips, with a reason, what has no id or name, is closed, doubtful, not a business, or outside Nigeria", () => {
    const good = { names: { primary: "Shop" }, categories: { primary: "supermarket" }, confidence: 0.9 };
    expect(placeFromOverture(overture(good, null))).toEqual({ ok: false, reason: "no-id" });
    expect(placeFromOverture(overture({ ...good, names: { primary: " " } }))).toEqual({ ok: false, reason: "no-name" });
    expect(placeFromOverture(overture({ ...good, operating_status: "permanently_closed" }))).toEqual({ ok: false, reason: "closed" });
    expect(placeFromOverture(overture({ ...good, confidence: OVERTURE_MIN_CONFIDENCE - 0.01 }))).toEqual({ ok: false, reason: "low-confidence" });
    expect(placeFromOverture(overture({ ...good, categories: { primary: "mountain" } }))).toEqual({ ok: false, reason: "not-a-business" });
    expect(placeFromOverture({ id: "x", latitude: 51.5, longitude: -0.12, properties: good })).toEqual({ ok: false, reason: "outside-nigeria" });
    expect(placeFromOverture({ id: "x", latitude: null, longitude: null, properties: good })).toEqual({ ok: false, reason: "no-location" });
  });
});

describe("a CSV row as a place", () => {
  it("takes our category names in any case, or an OSM tag; coordinates or a state and LGA", () => {
    const byPoint = placeFromCsv({ id: "ops-1", name: "Mama Nkechi Kitchen", category: "EATERY", latitude: "6.4541", longitude: "3.3947", phone: "08035550142" });
    expect(byPoint).toMatchObject({ ok: true, place: { sourceId: "ops-1", category: "Eatery", state: "Lagos", phone: "+2348035550142" } });
    const byState = placeFromCsv({ id: "ops-2", name: "Chemist Corner", category: "shop=chemist", state: "kano", lga: "Nassarawa" });
    expect(byState).toMatchObject({ ok: true, place: { category: "Pharmacy store", state: "Kano", lga: "Nassarawa", latitude: null, longitude: null } });
    // An LGA that is not the state's is left out rather than guessed.
    expect(placeFromCsv({ id: "ops-3", name: "Chemist Corner", category: "Pharmacy store", state: "Kano", lga: "Ikeja" })).toMatchObject({ ok: true, place: { lga: null } });
  });

  it("skips a row without an id, a name, a category we know, or a place", () => {
    expect(placeFromCsv({ name: "No Id", category: "Eatery", state: "Lagos" })).toEqual({ ok: false, reason: "no-id" });
    expect(placeFromCsv({ id: "x", category: "Eatery", state: "Lagos" })).toEqual({ ok: false, reason: "no-name" });
    expect(placeFromCsv({ id: "x", name: "Somewhere", category: "Spaceport", state: "Lagos" })).toEqual({ ok: false, reason: "unknown-category" });
    expect(placeFromCsv({ id: "x", name: "Somewhere", category: "Eatery" })).toEqual({ ok: false, reason: "no-location" });
    expect(placeFromCsv({ id: "x", name: "Somewhere", category: "Eatery", latitude: "51.5", longitude: "-0.12" })).toEqual({ ok: false, reason: "outside-nigeria" });
  });
});

describe("the LGA of a point", () => {
  it("is the LGA with the nearest centre, as a scan of all 774 finds it", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647);
    for (let i = 0; i < 500; i++) {
      const latitude = 4.2 + random() * 9.6;
      const longitude = 2.7 + random() * 12.0;
      const exact = nearestLga({ latitude, longitude });
      expect(locateLga(latitude, longitude), `${latitude},${longitude}`).toEqual({ state: exact.state, lga: exact.name });
    }
  });
});
