import { describe, expect, it } from "vitest";
import { STATE_CENTRES } from "./geo";
import { LGA_CENTRES } from "./nigeria-lga-centres";
import { REGIONS } from "./reference";
import { findPlace, nearestLga, placeLabel, placeParam, suggestedPlaces } from "./places";

const named = (text: string, state: Parameters<typeof findPlace>[1] = null) => {
  const match = findPlace(text, state);
  return match.kind === "place" ? `${match.place.name}, ${match.place.state}` : match.kind === "ambiguous" ? match.places.map((p) => `${p.name}, ${p.state}`) : null;
};

describe("places people name instead of coordinates (issue 32)", () => {
  it("finds an LGA by its name however it is typed, at the LGA's centre", () => {
    for (const typed of ["Ikeja", "ikeja", "  IKEJA ", "Ikeja LGA", "ikeja local government area", "Near Ikeja", "Ikeja, Lagos", "ikeja lagos"]) {
      expect(named(typed), typed).toBe("Ikeja, Lagos");
    }
    const match = findPlace("Ikeja");
    expect(match.kind === "place" && match.place.point).toEqual({ latitude: LGA_CENTRES.Lagos.Ikeja![0], longitude: LGA_CENTRES.Lagos.Ikeja![1] });
    expect(named("Ifako-Ijaiye")).toBe("Ifako-Ijaiye, Lagos");
    expect(named("ifako ijaiye")).toBe("Ifako-Ijaiye, Lagos");
  });

  it("finds a state's capital by its town's name, and a state by its name (at its capital)", () => {
    expect(named("Ibadan")).toBe("Ibadan, Oyo");
    expect(named("Benin City")).toBe("Benin City, Edo");
    expect(named("Abuja")).toBe("Abuja, FCT");
    expect(named("Lagos")).toBe("Ikeja, Lagos");
    expect(named("Oyo State")).toBe("Ibadan, Oyo");
    // A capital that is also an LGA's name, however it is hyphenated: one place, in its own state.
    expect(named("Ado-Ekiti")).toBe("Ado Ekiti, Ekiti");
    expect(named("ado ekiti")).toBe("Ado Ekiti, Ekiti");
    expect(named("Ado Ekiti, Ekiti")).toBe("Ado Ekiti, Ekiti");
    expect(named("Ikeja, Lagos State")).toBe("Ikeja, Lagos");
    const lagos = findPlace("Lagos");
    expect(lagos.kind === "place" && lagos.place.point).toEqual({ latitude: STATE_CENTRES.Lagos.latitude, longitude: STATE_CENTRES.Lagos.longitude });
    expect(named("Calabar, Cross River")).toBe("Calabar, Cross River");
  });

  it("a name several states share is ambiguous, unless the text or the search's state picks one", () => {
    expect(named("Surulere")).toEqual(["Surulere, Lagos", "Surulere, Oyo"]);
    expect(named("Surulere, Oyo")).toBe("Surulere, Oyo");
    expect(named("Surulere", "Lagos")).toBe("Surulere, Lagos");
    // A state the text names is never swapped for another: no Ikeja in Oyo.
    expect(findPlace("Ikeja, Oyo").kind).toBe("unknown");
    // A state filter elsewhere does not hide the places of that name.
    expect(named("Surulere", "Kano")).toEqual(["Surulere, Lagos", "Surulere, Oyo"]);
    // Every choice's parameter leads to exactly that place (no loop of questions).
    const choices = findPlace("Ekiti");
    expect(choices.kind).toBe("ambiguous");
    for (const p of choices.kind === "ambiguous" ? choices.places : []) {
      const chosen = findPlace(placeParam(p));
      expect(chosen.kind === "place" && chosen.place.state, placeParam(p)).toBe(p.state);
    }
  });

  it("coordinates are named by the nearest LGA; unknown text and points outside Nigeria are unknown", () => {
    expect(named("6.5950, 3.3423")).toBe("Ikeja, Lagos");
    // A point in Ibadan is named by the LGA centre nearest to it (approximate centres: 0.6 km from Egbeda's).
    expect(nearestLga({ latitude: 7.3775, longitude: 3.947 })).toEqual({ name: "Egbeda", state: "Oyo" });
    expect(nearestLga({ latitude: 7.41, longitude: 3.925 })).toEqual({ name: "Ibadan North", state: "Oyo" });
    expect(findPlace("51.5,-0.12").kind).toBe("unknown");
    expect(findPlace("Atlantis").kind).toBe("unknown");
    expect(findPlace("").kind).toBe("unknown");
    expect(findPlace(null).kind).toBe("unknown");
  });

  it("labels a place as people say it, and the parameter always names the state", () => {
    expect(placeLabel({ name: "Ikeja", state: "Lagos" })).toBe("Ikeja, Lagos");
    expect(placeLabel({ name: "Kano", state: "Kano" })).toBe("Kano");
    expect(placeParam({ name: "Kano", state: "Kano" })).toBe("Kano, Kano");
    expect(named("Kano, Kano")).toBe("Kano, Kano");
  });

  it("suggests the chosen state's LGAs in alphabetical order, else the largest cities", () => {
    const lagos = suggestedPlaces("Lagos");
    expect(lagos).toHaveLength(Object.keys(LGA_CENTRES.Lagos).length);
    expect(lagos.map((p) => p.label)).toEqual([...lagos.map((p) => p.label)].sort((a, b) => a.localeCompare(b)));
    expect(lagos).toContainEqual({ label: "Ikeja", near: "Ikeja, Lagos" });
    const cities = suggestedPlaces(null).map((p) => p.label);
    expect(cities.slice(0, 4)).toEqual(["Ikeja", "Abuja", "Kano", "Ibadan"]);
    // Every one-tap place of every state leads to exactly that place (no question, no other state).
    for (const state of [null, ...REGIONS]) {
      for (const p of suggestedPlaces(state)) {
        const match = findPlace(p.near);
        expect(match.kind === "place" && placeParam(match.place), p.near).toBe(p.near);
      }
    }
  });
});
