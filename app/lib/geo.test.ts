import { describe, expect, it } from "vitest";
import { REGIONS } from "./reference";
import {
  checkLocation, distanceMeters, formatDistance, formatNear, isInNigeria, isPlausiblyInState, LOCATION_TEXTS, mapsHref, parseNear,
  scatterAround, STATE_CENTRES,
} from "./geo";

describe("distances", () => {
  it("measures great circles on earthdistance's sphere", () => {
    // Ikeja to Abuja: about 534 km (earth_distance gives 533,549 m for these points).
    expect(distanceMeters({ latitude: 6.5, longitude: 3.4 }, { latitude: 9.06, longitude: 7.49 })).toBeCloseTo(533_549, -1);
    expect(distanceMeters({ latitude: 6.5, longitude: 3.4 }, { latitude: 6.5, longitude: 3.4 })).toBe(0);
  });

  it("reads as metres under 1 km, one decimal under 10 km, whole km above", () => {
    expect(formatDistance(4)).toBe("10 m away");
    expect(formatDistance(347)).toBe("350 m away");
    expect(formatDistance(2_345)).toBe("2.3 km away");
    expect(formatDistance(9_960)).toBe("10 km away");
    expect(formatDistance(24_400)).toBe("24 km away");
  });
});

describe("the near= parameter", () => {
  it("takes two decimal numbers inside Nigeria, rounded to 4 decimals (about 11 m)", () => {
    expect(parseNear("6.524412,3.379287")).toEqual({ latitude: 6.5244, longitude: 3.3793 });
    expect(parseNear(" 9.0765 , 7.3986 ")).toEqual({ latitude: 9.0765, longitude: 7.3986 });
    for (const bad of [null, "", "6.5", "6.5;3.4", "0x10,3", "1e1,3", "51.5,-0.12", "6.5,3.4,1", "Infinity,3", "<b>6</b>,3"]) expect(parseNear(bad), String(bad)).toBeNull();
    expect(formatNear({ latitude: 6.524412, longitude: 3.379287 })).toBe("6.5244,3.3793");
  });
});

describe("a listing's location", () => {
  it("is both numbers or neither, inside Nigeria and loosely inside the state", () => {
    expect(checkLocation({ latitude: "", longitude: " " }, "Lagos")).toEqual({ ok: true, value: { latitude: null, longitude: null } });
    expect(checkLocation({ latitude: "6.5244123", longitude: "3.3792" }, "Lagos")).toEqual({ ok: true, value: { latitude: 6.524412, longitude: 3.3792 } });
    expect(checkLocation({ latitude: "6.5", longitude: "" }, "Lagos")).toEqual({ ok: false, fields: { longitude: LOCATION_TEXTS.pairRequired } });
    expect(checkLocation({ latitude: "six", longitude: "3.4" }, "Lagos")).toEqual({ ok: false, fields: { latitude: LOCATION_TEXTS.notANumber } });
    expect(checkLocation({ latitude: "51.5", longitude: "-0.12" }, "Lagos")).toEqual({ ok: false, fields: { latitude: LOCATION_TEXTS.outsideNigeria } });
    // Kano's coordinates for a listing in Lagos.
    expect(checkLocation({ latitude: "12.0022", longitude: "8.592" }, "Lagos")).toEqual({ ok: false, fields: { latitude: LOCATION_TEXTS.outsideState("Lagos") } });
    // Without a known state, only Nigeria is checked.
    expect(checkLocation({ latitude: "12.0022", longitude: "8.592" }, "")).toMatchObject({ ok: true });
  });

  it("has a capital inside Nigeria and inside its own reach for every state", () => {
    expect(Object.keys(STATE_CENTRES).sort()).toEqual([...REGIONS].sort());
    for (const state of REGIONS) {
      expect(isInNigeria(STATE_CENTRES[state]), state).toBe(true);
      expect(isPlausiblyInState(STATE_CENTRES[state], state), state).toBe(true);
    }
  });

  it("scatters demo listings around the capital, inside the state's reach", () => {
    for (const state of REGIONS) {
      for (const [u, v] of [[0, 0], [0.99, 0.25], [0.5, 0.75]] as const) {
        const point = scatterAround(state, u, v, 25);
        expect(isPlausiblyInState(point, state), state).toBe(true);
        expect(distanceMeters(point, STATE_CENTRES[state])).toBeLessThanOrEqual(25_001);
      }
    }
  });

  it("opens in a map app through a plain link", () => {
    expect(mapsHref({ latitude: 6.5244, longitude: 3.3792 })).toBe("https://www.google.com/maps/search/?api=1&query=6.5244%2C3.3792");
  });
});
