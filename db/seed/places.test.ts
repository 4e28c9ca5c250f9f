import { describe, expect, it } from "vitest";
import { findLga, lgasOf } from "../../app/lib/nigeria-lgas";
import type { Region } from "../../app/lib/reference";
import { buildDemoPlan, LOCALITIES } from "./data";
import { landmarkFor, lgaAt, lgaOfArea, streetOf } from "./places";

describe("demo LGAs and landmarks", () => {
  it("knows the LGA of every demo area, one of its state's", () => {
    for (const [state, localities] of Object.entries(LOCALITIES) as [Region, readonly { area: string }[]][]) {
      for (const { area } of localities) expect(lgaOfArea(state, area), `${state}/${area}`).not.toBeNull();
    }
    expect(lgaOfArea("Lagos", "Victoria Island")).toBe("Eti Osa");
  });

  it("gives every demo listing an LGA of its state, and most a landmark", () => {
    const { businesses } = buildDemoPlan();
    for (const b of businesses) {
      expect(b.lga, b.name).not.toBeNull();
      expect(findLga(b.state, b.lga), `${b.name}: ${b.lga}`).toBe(b.lga);
    }
    const withLandmark = businesses.filter((b) => b.landmark).length / businesses.length;
    expect(withLandmark).toBeGreaterThan(0.5);
    expect(withLandmark).toBeLessThan(0.9);
    expect(businesses.every((b) => !b.landmark || b.landmark.length <= 150)).toBe(true);
  });

  it("derives landmarks and generator LGAs deterministically", () => {
    expect(landmarkFor("Mama Cass Kitchen", "Bode Thomas Street")).toBe(landmarkFor("Mama Cass Kitchen", "Bode Thomas Street"));
    expect(streetOf("41 Adeniran Ogunsanya Street, Surulere, Lagos")).toBe("Adeniran Ogunsanya Street");
    expect(lgaAt("Lagos", 0)).toBe(lgasOf("Lagos")[0]);
    expect(lgaAt("Lagos", 0.9999)).toBe(lgasOf("Lagos").at(-1));
  });
});
