/**
 * The words people search with (issue 36): 'chemist' finds pharmacies and 'mama put' eateries, in every language
 * (search reads every language's names, whatever the page's language), in every way of searching — text, 'Open now',
 * 'Near me' — and never lets in a listing of another kind.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createOwner, uniqueSuffix } from "../../../db/seed/factories";
import { getDb } from "../../lib/db.server";
import type { WeeklyHours } from "../../lib/opening-hours";
import { clearDirectoryCaches } from "./clear-directory-caches.server";
import { parseBusinessFilters } from "./parse-business-filters";
import { searchBusinesses } from "./search-businesses.server";

const search = async (query: string) => (await searchBusinesses(parseBusinessFilters(new URLSearchParams(query)))).items.map((item) => item.id).sort();
const ALWAYS_OPEN = Array.from({ length: 7 }, () => ({ mode: "24h" })) as unknown as WeeklyHours;
let word: string;
let pharmacy: string;
let eatery: string;
let vulcanizer: string;
let other: string;

beforeAll(async () => {
  // A word only these listings have keeps the test to them in the shared database.
  word = `syn${uniqueSuffix()}`;
  const owner = await createOwner(getDb());
  const at = { latitude: 9.0765, longitude: 7.3986, openingHours: ALWAYS_OPEN, state: "FCT" };
  pharmacy = (await createBusiness(getDb(), { userId: owner.id, name: `Goodhealth ${word}`, category: "Pharmacy store", ...at })).id;
  eatery = (await createBusiness(getDb(), { userId: owner.id, name: `Iya Basira ${word}`, category: "Eatery", ...at })).id;
  vulcanizer = (await createBusiness(getDb(), { userId: owner.id, name: `Baba Tunde ${word}`, category: "Vulcanizer", ...at })).id;
  other = (await createBusiness(getDb(), { userId: owner.id, name: `Bright Prints ${word}`, category: "Printing press", ...at })).id;
  clearDirectoryCaches();
});

describe("a kind of business by the name people give it", () => {
  it("finds pharmacies by 'chemist' and its names in Pidgin, Hausa, Yoruba and Igbo, and nothing else", async () => {
    for (const name of ["chemist", "medicine shop", "kantin magani", "ilé ìtajà oògùn", "ile itaja oogun", "ụlọ ahịa ọgwụ"]) {
      expect(await search(`q=${encodeURIComponent(`${name} ${word}`)}`), name).toEqual([pharmacy]);
    }
  });

  it("finds eateries by 'mama put', 'buka' and the others", async () => {
    for (const name of ["mama put", "Mama-Put", "buka", "mai abinci", "ilé oúnjẹ", "ụlọ nri"]) {
      expect(await search(`q=${encodeURIComponent(`${name} ${word}`)}`), name).toEqual([eatery]);
    }
  });

  it("finds a tyre repairer by 'vulcaniser', 'mai faci' or 'tyre repair'", async () => {
    for (const name of ["vulcaniser", "mai faci", "tyre repair"]) expect(await search(`q=${encodeURIComponent(`${name} ${word}`)}`), name).toEqual([vulcanizer]);
  });

  it("leaves out the little words beside a name ('the chemist', 'chemist in')", async () => {
    for (const text of ["the chemist", "chemist in"]) expect(await search(`q=${encodeURIComponent(text)}`), text).toContain(pharmacy);
  });

  it("still finds the words as typed ('pharm' as a prefix) and a name that has none of them", async () => {
    expect(await search(`q=pharm+${word}`)).toEqual([pharmacy]);
    expect(await search(`q=bright+${word}`)).toEqual([other]);
    expect(await search(`q=${word}`)).toEqual([pharmacy, eatery, vulcanizer, other].sort());
  });

  it("works with 'Open now' and 'Near me' too", async () => {
    expect(await search(`q=chemist+${word}&open=now`)).toEqual([pharmacy]);
    expect(await search(`q=mama+put+${word}&near=9.0765,7.3986`)).toEqual([eatery]);
  });
});
