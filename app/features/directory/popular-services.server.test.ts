/**
 * 'Popular This Week' made real (issue 37): the categories most searched for and contacted in the last 7 WAT days,
 * counted by the job from the analytics' search words and contact events, never showing what someone typed; then
 * the fixed services to fill it; on the home page in the page's language.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { listingEvents, listingSearchWords, popularServices } from "../../../db/schema";
import { createBusiness, createOwner } from "../../../db/seed/factories";
import { getDb } from "../../lib/db.server";
import { pageApp, routeBuild } from "../../../tests/support/route-build";
import { BASE_URL } from "../../../tests/support/screen-harness";
import { daysBefore, watDay } from "../analytics/analytics.schemas";
import { clearDirectoryCaches } from "./clear-directory-caches.server";
import { listPopularServices, POPULAR_SHOWN } from "./list-popular-services.server";
import { refreshPopularServices } from "./refresh-popular-services.server";

const now = new Date();
const today = watDay(now);
let plumber: string;
let pharmacy: string;
let tailor: string;

beforeAll(async () => {
  const owner = await createOwner(getDb());
  plumber = (await createBusiness(getDb(), { userId: owner.id, name: "Flow Fix Plumbing", category: "Plumber" })).id;
  pharmacy = (await createBusiness(getDb(), { userId: owner.id, name: "Goodhealth Pharmacy", category: "Pharmacy store" })).id;
  tailor = (await createBusiness(getDb(), { userId: owner.id, name: "Stitch Right", category: "Tailor" })).id;
  const words = (businessId: string, day: string, text: string, count: number) => ({ businessId, day, words: text, count });
  await getDb().insert(listingSearchWords).values([
    // 'plumber ikeja' searched 5 times today (each of two listings shown 5 and 3 times: 5 searches) and 4 yesterday.
    words(plumber, today, "plumber ikeja", 5),
    words(pharmacy, today, "plumber ikeja", 3),
    words(plumber, daysBefore(today, 1), "plumber ikeja", 4),
    // 'chemist' (a name people give pharmacies) 3 times; a person's name and a number, many times: never counted.
    words(pharmacy, today, "chemist", 3),
    words(pharmacy, today, "john okafor 08031234567", 50),
    // Eight days ago: outside the week.
    words(pharmacy, daysBefore(today, 7), "chemist", 100),
  ]);
  // Tailors: 6 contact taps and a conversation this week; a view is not a contact.
  await getDb().insert(listingEvents).values([
    { businessId: tailor, kind: "call", occurredAt: now, count: 4 },
    { businessId: tailor, kind: "whatsapp", occurredAt: now, count: 2 },
    { businessId: tailor, kind: "conversation", occurredAt: now, count: 1 },
    { businessId: tailor, kind: "view", occurredAt: now, count: 90 },
  ]);
});

describe("'Popular This Week'", () => {
  it("counts a week of searches naming a category and of contacts with its listings, nothing else", async () => {
    await refreshPopularServices(now);
    const rows = await getDb().select({ category: popularServices.category, searches: popularServices.searches, contacts: popularServices.contacts }).from(popularServices);
    const byCategory = Object.fromEntries(rows.map((row) => [row.category, { searches: row.searches, contacts: row.contacts }]));
    expect(byCategory.Plumber).toEqual({ searches: 9, contacts: 0 });
    expect(byCategory["Pharmacy store"]).toEqual({ searches: 3, contacts: 0 });
    expect(byCategory.Tailor).toEqual({ searches: 0, contacts: 7 });
    expect(rows.map((row) => row.category).sort()).toEqual(["Pharmacy store", "Plumber", "Tailor"]);
    // Twice gives the same rows.
    await refreshPopularServices(now);
    expect(await getDb().select().from(popularServices)).toHaveLength(3);
  });

  it("shows the most searched and contacted first, then fills with the fixed services that find something", async () => {
    clearDirectoryCaches();
    const shown = await listPopularServices();
    expect(shown.slice(0, 3)).toEqual([
      { kind: "category", category: "Plumber" },
      { kind: "category", category: "Tailor" },
      { kind: "category", category: "Pharmacy store" },
    ]);
    expect(shown.length).toBeLessThanOrEqual(POPULAR_SHOWN);
    // The fixed services fill the rest: each a search, none repeating a category shown ('Plumber').
    for (const item of shown.slice(3)) expect(item.kind).toBe("search");
    expect(shown.some((item) => item.kind === "search" && item.text === "Plumber")).toBe(false);
  });

  it("links each category on the home page, named in the page's language", async () => {
    const app = pageApp();
    await routeBuild();
    clearDirectoryCaches();
    const section = async (path: string) => {
      const page = await (await app.request(new URL(path, BASE_URL).toString())).text();
      return page.slice(page.indexOf('id="popular"'), page.indexOf("</section>", page.indexOf('id="popular"')));
    };
    expect(await section("/")).toMatch(/href="\/businesses\?category=Plumber"[^>]*>Plumber</);
    const hausa = await section("/ha");
    expect(hausa).toContain('href="/ha/businesses?category=Pharmacy+store"');
    expect(hausa).toContain(">Kantin magani<");
    expect(hausa).not.toContain("john okafor");
  });
});
