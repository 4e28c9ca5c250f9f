import { describe, expect, it } from "vitest";
import { categoryFromOverture, OVERTURE_CATEGORIES } from "./overture-categories";
import { CATEGORIES } from "./reference";

describe("Overture's place categories as ours", () => {
  it("maps the primary code, then the taxonomy's hierarchy from the most specific, then the alternates", () => {
    expect(categoryFromOverture({ primary: "pharmacy" })).toBe("Pharmacy store");
    expect(categoryFromOverture({ primary: "tire_repair_shop" })).toBe("Vulcanizer");
    // A code we do not map, placed under one we do.
    expect(categoryFromOverture({ primary: "gas_station_sushi", hierarchy: ["food_and_drink", "restaurant", "casual_eatery", "gas_station_sushi"] })).toBe("Restaurant/Bar");
    expect(categoryFromOverture({ primary: "unknown_thing", alternates: ["unknown_other", "hair_salon"] })).toBe("Beauty salon");
    // A cuisine is a restaurant.
    expect(categoryFromOverture({ primary: "nigerian_restaurant" })).toBe("Restaurant/Bar");
  });

  it("has no category for what we do not list", () => {
    expect(categoryFromOverture({ primary: "mountain", hierarchy: ["geographic_entities", "mountain"] })).toBeNull();
    expect(categoryFromOverture({ primary: null })).toBeNull();
    expect(categoryFromOverture({})).toBeNull();
  });

  it("maps only to our categories, and reaches most of them", () => {
    const used = new Set(Object.values(OVERTURE_CATEGORIES));
    for (const category of used) expect(CATEGORIES).toContain(category);
    expect(used.size).toBeGreaterThanOrEqual(55);
  });
});
