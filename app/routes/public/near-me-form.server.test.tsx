/**
 * 'Near me' on /businesses (ADR 23) as the server renders it. Its panel works without JavaScript, so its form must
 * carry the whole search (text, every filter, the order) as hidden inputs, only the place and the page new. Nobody
 * types latitude (issue 32): the panel offers places with one tap (the state's LGAs, else the largest cities),
 * takes a place by name (a town, an LGA, or a street the listings name), and the page names the place, never the numbers.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createOwner } from "../../../db/seed/factories";
import { clearDirectoryCaches } from "../../features/directory/clear-directory-caches.server";
import { getDb } from "../../lib/db.server";
import { LGA_CENTRES } from "../../lib/nigeria-lga-centres";
import { pageApp, routeBuild } from "../../../tests/support/route-build";
import { BASE_URL } from "../../../tests/support/screen-harness";

let app: ReturnType<typeof pageApp>;
beforeAll(async () => {
  app = pageApp();
  await routeBuild();
  // Two listings in Ikeja (at its LGA centre and 2 km off), one in Ibadan.
  const owner = await createOwner(getDb(), { kycStatus: "approved" });
  const [lat, lng] = LGA_CENTRES.Lagos.Ikeja!;
  await createBusiness(getDb(), { userId: owner.id, name: "Ikeja Place Bakery", state: "Lagos", lga: "Ikeja", latitude: lat, longitude: lng });
  await createBusiness(getDb(), { userId: owner.id, name: "Ikeja Place Tailor", state: "Lagos", lga: "Ikeja", latitude: lat + 0.018, longitude: lng });
  await createBusiness(getDb(), { userId: owner.id, name: "Ibadan Place Pharmacy", state: "Oyo", latitude: 7.3775, longitude: 3.947 });
  clearDirectoryCaches();
});

const html = async (path: string) => (await app.request(new URL(path, BASE_URL).toString())).text();
const decoded = (text: string) => text.replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/<!-- -->/g, "");
const status = (page: string) => decoded(/<p role="status">([\s\S]*?)<\/p>/.exec(page.slice(page.indexOf('id="results"')))?.[1] ?? "");

/** The hidden inputs of the form that holds the place field. */
async function nearFormInputs(path: string): Promise<[string, string][]> {
  const page = await html(path);
  const form = [...page.matchAll(/<form[^>]*>([\s\S]*?)<\/form>/g)].map((m) => m[1]!).find((body) => body.includes('id="near-place"'));
  expect(form, "the near-me form").toBeDefined();
  return [...form!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)].map((m) => [m[1]!, decoded(m[2]!)]);
}

/** The one-tap places in the panel: label and link. */
async function suggestions(path: string): Promise<{ label: string; href: string }[]> {
  const page = await html(path);
  const list = /<ul aria-label="Places"[^>]*>([\s\S]*?)<\/ul>/.exec(page)?.[1] ?? "";
  return [...list.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => ({ label: decoded(m[2]!), href: decoded(m[1]!) }));
}

describe("the 'Near me' panel's form", () => {
  it("keeps the text, region, LGA, category, 'Rated 4+', 'Open now' and the order; not the old place or page", async () => {
    const inputs = await nearFormInputs("/businesses?q=rice&region=Lagos&lga=Ikeja&category=Eatery&rating=4&open=now&sort=rating&near=6.6,3.35&page=2");
    expect(Object.fromEntries(inputs)).toEqual({ q: "rice", region: "Lagos", lga: "Ikeja", category: "Eatery", rating: "4", open: "now", sort: "rating" });
  });

  it("carries nothing when there is no search yet", async () => {
    expect(await nearFormInputs("/businesses")).toEqual([]);
  });
});

describe("places instead of coordinates (issue 32)", () => {
  it("offers the largest cities with one tap, and the chosen state's LGAs when a state is chosen (the search kept)", async () => {
    const cities = await suggestions("/businesses");
    expect(cities.slice(0, 4).map((s) => s.label)).toEqual(["Near Ikeja", "Near Abuja", "Near Kano", "Near Ibadan"]);
    expect(cities[0]!.href).toBe("/businesses?near=Ikeja%2C+Lagos");
    const lagos = await suggestions("/businesses?q=bread&region=Lagos");
    expect(lagos).toHaveLength(Object.keys(LGA_CENTRES.Lagos).length);
    expect(lagos).toContainEqual({ label: "Near Ikeja", href: "/businesses?q=bread&region=Lagos&near=Ikeja%2C+Lagos" });
  });

  it("a place by name finds what is near it, nearest first, and the page names it (no numbers)", async () => {
    const page = await html("/businesses?q=place&near=ikeja");
    expect(status(page)).toBe("2 businesses for “place” within 25 km of Ikeja, Lagos");
    expect(page.indexOf("Ikeja Place Bakery")).toBeLessThan(page.indexOf("Ikeja Place Tailor"));
    expect(page).not.toContain("Ibadan Place Pharmacy");
    expect(decoded(page)).toContain("Search everywhere, not near Ikeja, Lagos");
    // The page's links carry the place by name: the next order keeps it.
    expect(decoded(page)).toContain('href="/businesses?q=place&sort=rating&near=Ikeja%2C+Lagos"');
  });

  it("a shared point is named by its nearest LGA, never by its coordinates", async () => {
    const [lat, lng] = LGA_CENTRES.Lagos.Ikeja!;
    const page = await html(`/businesses?q=place&near=${lat},${lng}`);
    expect(status(page)).toBe("2 businesses for “place” within 25 km around Ikeja, Lagos");
    expect(decoded(page)).toContain("Search everywhere, not around Ikeja, Lagos");
    expect(decoded(page)).not.toContain(`not near ${lat}`);
  });

  it("a name several states share asks which, one tap each; the state chosen in the filters decides", async () => {
    const page = decoded(await html("/businesses?near=Surulere"));
    expect(page).toContain("Several places have that name. Which one?");
    expect(page).toContain('href="/businesses?near=Surulere%2C+Lagos"');
    expect(page).toContain('href="/businesses?near=Surulere%2C+Oyo"');
    expect(status(await html("/businesses?region=Oyo&near=Surulere"))).toMatch(/within 25 km of Surulere, Oyo · Oyo$/);
  });

  it("a street the listings name is a place too: named, nearest first, offered first with its LGA chosen", async () => {
    // Both Ikeja listings give '1 Allen Avenue, Ikeja, Lagos' (the factories' address), 2 km apart; Ibadan's one
    // listing with that address is not enough to make it a place in Oyo.
    const page = await html("/businesses?q=place&near=allen+avenue");
    expect(status(page)).toBe("2 businesses for “place” within 25 km of Allen Avenue, Lagos");
    expect(page.indexOf("Ikeja Place Bakery")).toBeGreaterThan(0);
    expect(page).not.toContain("Ibadan Place Pharmacy");
    expect(decoded(page)).toContain('href="/businesses?q=place&sort=rating&near=Allen+Avenue%2C+Lagos"');
    const ikeja = await suggestions("/businesses?region=Lagos&lga=Ikeja");
    expect(ikeja[0]).toEqual({ label: "Near Allen Avenue", href: "/businesses?region=Lagos&lga=Ikeja&near=Allen+Avenue%2C+Ikeja%2C+Lagos" });
    expect(status(await html("/businesses?q=place&near=Allen+Avenue%2C+Ikeja%2C+Lagos"))).toBe("2 businesses for “place” within 25 km of Allen Avenue, Ikeja, Lagos");
    expect(ikeja).toContainEqual({ label: "Near Ikeja", href: "/businesses?region=Lagos&lga=Ikeja&near=Ikeja%2C+Lagos" });
  });

  it("a place we do not know is ignored, and the page says what to type", async () => {
    const page = decoded(await html("/businesses?near=Atlantis"));
    expect(page).toContain("We do not know that place, so results are not sorted by distance.");
    expect(status(page)).not.toContain("within");
    expect(decoded(await html("/businesses?near=51.5,-0.12"))).toContain("We do not know that place");
  });
});
