import { describe, expect, it } from "vitest";
import { LGA_CENTRES, lgaCentre } from "./nigeria-lga-centres";
import { LGAS_BY_STATE, findLga, findLgaBySlug, lgaSlug, lgasOf } from "./nigeria-lgas";
import { REGIONS } from "./reference";

describe("Nigeria's LGAs", () => {
  it("lists 774 LGAs over exactly the 36 states and FCT of REGIONS", () => {
    expect(Object.keys(LGAS_BY_STATE).sort()).toEqual([...REGIONS].sort());
    expect(REGIONS.reduce((sum, state) => sum + lgasOf(state).length, 0)).toBe(774);
  });

  it("has the official count in the states checked against a second source", () => {
    const counts = { Lagos: 20, Kano: 44, Katsina: 34, Oyo: 33, FCT: 6, Bayelsa: 8, Kebbi: 21, Adamawa: 21 } as const;
    for (const [state, count] of Object.entries(counts)) {
      expect(lgasOf(state as keyof typeof counts), state).toHaveLength(count);
    }
    expect(lgasOf("Lagos")).toContain("Ikeja");
    expect(lgasOf("Lagos")).toContain("Eti Osa");
    expect(lgasOf("FCT")).toContain("Abuja Municipal");
  });

  it("keeps names unique, trimmed and single-spaced, alphabetical within a state", () => {
    for (const state of REGIONS) {
      const lgas = lgasOf(state);
      expect(new Set(lgas).size, state).toBe(lgas.length);
      expect([...lgas].sort((a, b) => a.localeCompare(b, "en")), state).toEqual(lgas);
      for (const lga of lgas) expect(lga, state).toMatch(/^[A-Z][A-Za-z'/ -]*[a-z]$/);
    }
  });

  it("makes slugs unique within a state, and every name and slug round-trips", () => {
    for (const state of REGIONS) {
      const slugs = lgasOf(state).map(lgaSlug);
      expect(new Set(slugs).size, state).toBe(slugs.length);
      for (const lga of lgasOf(state)) {
        const slug = lgaSlug(lga);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(findLgaBySlug(state, slug)).toBe(lga);
        expect(findLga(state, lga)).toBe(lga);
        expect(findLga(state, lga.toUpperCase())).toBe(lga);
      }
    }
    expect(lgaSlug("Ikeja")).toBe("ikeja");
    expect(lgaSlug("Eti Osa")).toBe("eti-osa");
    expect(lgaSlug("Kolokuma/Opokuma")).toBe("kolokuma-opokuma");
    expect(lgaSlug("Jama'are")).toBe("jamaare");
  });

  it("matches what people type: case, spaces and hyphens, and common older spellings", () => {
    expect(findLga("Lagos", "eti-osa")).toBe("Eti Osa");
    expect(findLga("Lagos", "  ETI   OSA ")).toBe("Eti Osa");
    expect(findLga("Lagos", "ikeja")).toBe("Ikeja");
    expect(findLga("Ogun", "Egbado North")).toBe("Yewa North");
    expect(findLga("FCT", "AMAC")).toBe("Abuja Municipal");
    expect(findLga("Kano", "Nasarawa")).toBe("Nassarawa");
  });

  it("refuses an LGA of another state, an unknown name, or no state", () => {
    expect(findLga("Oyo", "Ikeja")).toBeNull();
    expect(findLga("Lagos", "Atlantis")).toBeNull();
    expect(findLga("Lagos", "")).toBeNull();
    expect(findLga("Lagos", "---")).toBeNull();
    expect(findLga(null, "Ikeja")).toBeNull();
    expect(findLga("Lagos", null)).toBeNull();
    expect(findLgaBySlug("Lagos", "Ikeja")).toBeNull();
    expect(findLgaBySlug("Oyo", "ikeja")).toBeNull();
    // The same name in two states is two LGAs (Surulere: Lagos and Oyo).
    expect(findLga("Oyo", "Surulere")).toBe("Surulere");
  });

  it("has a centre inside Nigeria for every LGA and no other", () => {
    for (const state of REGIONS) {
      expect(Object.keys(LGA_CENTRES[state]).sort(), state).toEqual([...lgasOf(state)].sort());
      for (const lga of lgasOf(state)) {
        const [lat, lon] = lgaCentre(state, lga)!;
        expect(lat, lga).toBeGreaterThan(4);
        expect(lat, lga).toBeLessThan(14);
        expect(lon, lga).toBeGreaterThan(2.6);
        expect(lon, lga).toBeLessThan(14.7);
      }
    }
    expect(lgaCentre("Lagos", "Atlantis")).toBeNull();
  });
});
