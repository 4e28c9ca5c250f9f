import { describe, expect, it } from "vitest";
import { categoryFromOsmTags, OSM_CATEGORY_TAGS } from "./osm-categories";
import { CATEGORIES } from "./reference";

describe("OpenStreetMap tags to our categories", () => {
  it("maps the business tags, the Nigerian readings and the more specific tag first", () => {
    expect(categoryFromOsmTags({ amenity: "pharmacy", healthcare: "pharmacy", name: "Bola Pharmacy" })).toBe("Pharmacy store");
    expect(categoryFromOsmTags({ shop: "chemist" })).toBe("Pharmacy store");
    expect(categoryFromOsmTags({ amenity: "fast_food" })).toBe("Eatery");
    expect(categoryFromOsmTags({ amenity: "fuel" })).toBe("Filling station");
    expect(categoryFromOsmTags({ tourism: "hotel" })).toBe("Hotel");
    expect(categoryFromOsmTags({ craft: "tailor" })).toBe("Tailor");
    expect(categoryFromOsmTags({ office: "lawyer" })).toBe("Law firm");
    expect(categoryFromOsmTags({ shop: "hairdresser", hairdresser: "barber" })).toBe("Barber shop");
    expect(categoryFromOsmTags({ shop: "hairdresser" })).toBe("Beauty salon");
    expect(categoryFromOsmTags({ shop: "tyres", repair: "yes" })).toBe("Vulcanizer");
    expect(categoryFromOsmTags({ shop: "tyres" })).toBe("Tyre shop");
    expect(categoryFromOsmTags({ shop: "trade", trade: "building_supplies" })).toBe("Building materials store");
  });

  it("leaves what is not a business we list", () => {
    for (const tags of [{ amenity: "bench" }, { amenity: "place_of_worship" }, { shop: "vacant" }, { highway: "bus_stop" }, {}]) {
      expect(categoryFromOsmTags(tags)).toBeNull();
    }
  });

  it("names only categories we have", () => {
    for (const values of Object.values(OSM_CATEGORY_TAGS)) for (const category of Object.values(values)) expect(CATEGORIES).toContain(category);
  });

  it("a tag value that names a property of every object is no category", () => {
    for (const value of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
      expect(categoryFromOsmTags({ shop: value, name: "X" })).toBeNull();
      expect(categoryFromOsmTags({ amenity: value })).toBeNull();
    }
  });
});
