/**
 * Streets and landmarks as places to search near (issue 32: 'Near Allen Avenue'): a phrase is a place where the
 * listings naming it agree on a point; a phrase every town has is not one.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createOwner } from "../../../db/seed/factories";
import { getDb } from "../../lib/db.server";
import { distanceMeters } from "../../lib/geo";
import { clearDirectoryCaches } from "./clear-directory-caches.server";
import { agreedPoint, findLandmark, LANDMARK_RADIUS_M, landmarksOf, streetOf, withLandmarkNear } from "./landmark-places.server";
import { parseBusinessFilters } from "./parse-business-filters";

const ALLEN = { latitude: 6.6018, longitude: 3.3515 };
const north = (p: { latitude: number; longitude: number }, km: number) => ({ latitude: p.latitude + km / 111.2, longitude: p.longitude });

beforeAll(async () => {
  const owner = await createOwner(getDb(), { kycStatus: "approved" });
  const add = (name: string, address: string | null, state: string, lga: string | null, at: { latitude: number; longitude: number } | null, landmark: string | null = null) =>
    createBusiness(getDb(), { userId: owner.id, name, address, state, lga, landmark, latitude: at?.latitude ?? null, longitude: at?.longitude ?? null });
  // Allen Avenue, Ikeja: three listings within a few hundred metres, and one more whose address is elsewhere.
  await add("Allen Bakery", "12 Allen Avenue, Ikeja", "Lagos", "Ikeja", ALLEN);
  await add("Allen Tailor", "40 Allen Avenue", "Lagos", "Ikeja", north(ALLEN, 0.3));
  await add("Allen Chemist", "No. 3 Allen Avenue, Ikeja", "Lagos", "Ikeja", north(ALLEN, -0.4));
  await add("Opebi Salon", "5 Opebi Road, Ikeja", "Lagos", "Ikeja", north(ALLEN, 1.2));
  // A landmark line naming the avenue, without it in the address: still one of the avenue's listings.
  await add("Allen Printer", "Computer Village", "Lagos", "Ikeja", north(ALLEN, 0.1), "Opposite First Bank, Allen Avenue");
  // 'First Bank' in three towns far apart: not one place.
  await add("Kano Phones", "Bank Road", "Kano", null, { latitude: 12.0, longitude: 8.52 }, "Beside First Bank");
  await add("Jos Phones", "Ahmadu Bello Way", "Plateau", null, { latitude: 9.9, longitude: 8.89 }, "Beside First Bank");
  await add("Enugu Phones", "Ogui Road", "Enugu", null, { latitude: 6.44, longitude: 7.5 }, "Beside First Bank");
  // Ahmadu Bello Way in two states, two listings each: a place in each.
  await add("Kaduna Shoes", "1 Ahmadu Bello Way", "Kaduna", null, { latitude: 10.52, longitude: 7.44 });
  await add("Kaduna Bags", "9 Ahmadu Bello Way", "Kaduna", null, { latitude: 10.521, longitude: 7.441 });
  await add("Abuja Shoes", "2 Ahmadu Bello Way", "FCT", null, { latitude: 9.06, longitude: 7.49 });
  await add("Abuja Bags", "8 Ahmadu Bello Way", "FCT", null, { latitude: 9.061, longitude: 7.491 });
  // Named once only, and without a location: never a place.
  await add("Opebi Barber", "7 Toyin Street", "Lagos", "Ikeja", north(ALLEN, 0.8));
  await add("No Pin Shop", "4 Toyin Street", "Lagos", "Ikeja", null);
  clearDirectoryCaches();
});

describe("agreedPoint", () => {
  it("is the median of points that lie close together, and nothing for one point or points that spread", () => {
    const point = agreedPoint([ALLEN, north(ALLEN, 0.3), north(ALLEN, -0.4)])!;
    expect(distanceMeters(point, ALLEN)).toBeLessThan(50);
    expect(agreedPoint([ALLEN])).toBeNull();
    expect(agreedPoint([ALLEN, north(ALLEN, 50), north(ALLEN, 100)])).toBeNull();
    // Two close, two far each way: not more than half close to the median.
    expect(agreedPoint([north(ALLEN, -30), ALLEN, north(ALLEN, 0.2), north(ALLEN, 30)])).toBeNull();
  });
});

describe("findLandmark", () => {
  it("finds a street the listings name, in any letter case and with 'near', at the point they agree on", async () => {
    for (const typed of ["Allen Avenue", "near allen avenue", "ALLEN AVENUE, Lagos", "allen avenue, lagos state"]) {
      const match = await findLandmark(typed);
      expect(match.kind, typed).toBe("place");
      if (match.kind !== "place") continue;
      expect(match.place.state).toBe("Lagos");
      expect(distanceMeters(match.place.point, ALLEN)).toBeLessThan(LANDMARK_RADIUS_M);
    }
    expect(await findLandmark("near allen avenue")).toMatchObject({ kind: "place", place: { name: "Allen Avenue" } });
  });

  it("knows nothing of a phrase every town has, one named once, one without a location, or in a state that lacks it", async () => {
    expect(await findLandmark("First Bank")).toEqual({ kind: "unknown" });
    expect(await findLandmark("Toyin Street")).toEqual({ kind: "unknown" });
    expect(await findLandmark("Allen Avenue, Kano")).toEqual({ kind: "unknown" });
    expect(await findLandmark("zz")).toEqual({ kind: "unknown" });
    expect(await findLandmark("")).toEqual({ kind: "unknown" });
  });

  it("asks which state when two have the street; the search's state decides among them", async () => {
    const both = await findLandmark("Ahmadu Bello Way");
    expect(both.kind).toBe("ambiguous");
    if (both.kind === "ambiguous") expect(both.places.map((p) => p.state)).toEqual(["FCT", "Kaduna"]);
    expect(await findLandmark("Ahmadu Bello Way", "Kaduna")).toMatchObject({ kind: "place", place: { state: "Kaduna" } });
    expect(await findLandmark("Ahmadu Bello Way, FCT")).toMatchObject({ kind: "place", place: { state: "FCT" } });
  });

  it("treats what is typed as words, never as a query ('&', '|', quotes and colons)", async () => {
    for (const typed of ["allen & avenue", "allen | avenue:*", "'allen' avenue!", "allen-avenue", "allen <-> avenue"]) {
      expect((await findLandmark(typed)).kind, typed).toBe("place");
    }
  });
});

describe("withLandmarkNear", () => {
  it("turns a near= that named no LGA or town into the street's place, named, never the numbers", async () => {
    const params = new URLSearchParams({ q: "bakery", near: "Allen Avenue" });
    const filters = await withLandmarkNear(parseBusinessFilters(params), params.get("near"));
    expect(filters.nearIgnored).toBe(false);
    expect(filters.nearPlace).toEqual({ label: "Allen Avenue, Lagos", param: "Allen Avenue, Lagos", isPoint: false });
    expect(distanceMeters(filters.near!, ALLEN)).toBeLessThan(LANDMARK_RADIUS_M);
  });

  it("keeps the LGA a street was offered in ('Allen Avenue, Ikeja, Lagos'), and finds nothing in an LGA that lacks it", async () => {
    const params = new URLSearchParams({ near: "Allen Avenue, Ikeja, Lagos" });
    const filters = await withLandmarkNear(parseBusinessFilters(params), params.get("near"));
    expect(filters.nearPlace).toEqual({ label: "Allen Avenue, Ikeja, Lagos", param: "Allen Avenue, Ikeja, Lagos", isPoint: false });
    expect(await findLandmark("Allen Avenue, Surulere, Lagos")).toEqual({ kind: "unknown" });
  });

  it("leaves an LGA, a point and an unknown place as parseBusinessFilters read them", async () => {
    for (const near of ["Ikeja", "6.6018,3.3515", "Nowhere Street"]) {
      const params = new URLSearchParams({ near });
      const parsed = parseBusinessFilters(params);
      expect(await withLandmarkNear(parsed, near), near).toEqual(parsed);
    }
  });
});

describe("landmarksOf", () => {
  it("offers an LGA's streets that its listings agree on, most named first; not one named once", async () => {
    expect(await landmarksOf("Lagos", "Ikeja")).toEqual([{ name: "Allen Avenue", state: "Lagos", lga: "Ikeja" }]);
    expect(await landmarksOf("Lagos", "Surulere")).toEqual([]);
  });

  it("reads the street from an address line", () => {
    expect(streetOf("12 Allen Avenue, Ikeja")).toBe("Allen Avenue");
    expect(streetOf("No. 3 Allen Avenue, Ikeja")).toBe("Allen Avenue");
    expect(streetOf("Plot 5, Adeola Odeku Street")).toBe("Adeola Odeku Street");
    expect(streetOf("Shop 12, Computer Village, Ikeja")).toBe("Computer Village");
    expect(streetOf("12")).toBeNull();
    expect(streetOf(null)).toBeNull();
  });
});
