/**
 * The results page as the server renders it (what a phone without JavaScript, and every first view, reads): the
 * order it is in shown as chosen, the region's LGAs first (issue 32); and the home page's links into it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createOwner } from "../../../db/seed/factories";
import { clearDirectoryCaches } from "../../features/directory/clear-directory-caches.server";
import { getDb } from "../../lib/db.server";
import { pageApp, routeBuild } from "../../../tests/support/route-build";
import { BASE_URL } from "../../../tests/support/screen-harness";

let app: ReturnType<typeof pageApp>;
beforeAll(async () => {
  app = pageApp();
  await routeBuild();
});

const html = async (path: string) => (await app.request(new URL(path, BASE_URL).toString())).text();
const decoded = (href: string) => href.replace(/&amp;/g, "&");

/** The orders offered: label, whether chosen, and the link of the others. */
async function orders(path: string): Promise<{ label: string; current: boolean; href: string | null }[]> {
  const page = await html(path);
  return [...page.matchAll(/<(span|a) class="sort-option"(?: aria-current="true")?(?: href="([^"]*)")?[^>]*>([^<]*)<\/\1>/g)].map((m) => ({
    label: m[3]!,
    current: m[0].includes('aria-current="true"'),
    href: m[2] ? decoded(m[2]) : null,
  }));
}

describe("the results page's order", () => {
  it("shows the chosen order as chosen and links the other, keeping the search", async () => {
    expect(await orders("/businesses?q=rice&region=Lagos")).toEqual([
      { label: "Best match", current: true, href: null },
      { label: "Highest rated", current: false, href: "/businesses?q=rice&region=Lagos&sort=rating" },
    ]);
    expect(await orders("/businesses?q=rice&region=Lagos&sort=rating")).toEqual([
      { label: "Best match", current: false, href: "/businesses?q=rice&region=Lagos" },
      { label: "Highest rated", current: true, href: null },
    ]);
  });

  it("names the default order by what it is: browsing, or near a place", async () => {
    expect((await orders("/businesses"))[0]).toEqual({ label: "Featured and newest", current: true, href: null });
    expect((await orders("/businesses?near=6.6,3.35"))[0]).toEqual({ label: "Nearest first", current: true, href: null });
  });
});

describe("the filters with a region chosen (issue 32)", () => {
  it("list the region's LGAs first and fold the regions away behind 'change'", async () => {
    const page = await html("/businesses?region=Lagos");
    const lga = page.indexOf(">LGA</h3>");
    const region = page.indexOf(">Region</h3>");
    expect(lga).toBeGreaterThan(0);
    expect(region).toBeGreaterThan(lga);
    expect(page.slice(lga, region)).toContain("<details");
    expect(page).toMatch(/<summary[^>]*>Region: <!-- -->Lagos<!-- --> · change<\/summary>/);
    // Without a region the regions are the list, open.
    const browsing = await html("/businesses");
    expect(browsing).toContain(">Region</h3>");
    expect(browsing).not.toContain(">LGA</h3>");
  });
});

describe("the home page's 'Popular This Week' (issue 32)", () => {
  it("links only the spec's services a search finds something for, in the spec's order", async () => {
    const popularLinks = async () => {
      const page = await html("/");
      const section = page.slice(page.indexOf('id="popular"'), page.indexOf("</section>", page.indexOf('id="popular"')));
      return [...section.matchAll(/href="\/businesses\?q=([^"]*)"/g)].map((m) => decodeURIComponent(m[1]!.replace(/\+/g, " ")));
    };
    const owner = await createOwner(getDb(), { kycStatus: "approved" });
    await createBusiness(getDb(), { userId: owner.id, name: "Sparky Electrical Works", category: "Electrician" });
    await createBusiness(getDb(), { userId: owner.id, name: "Ade Paints", category: "Painter" });
    clearDirectoryCaches();
    const links = await popularLinks();
    expect(links).toEqual(expect.arrayContaining(["Electrician", "Painter"]));
    expect(links.indexOf("Electrician")).toBeLessThan(links.indexOf("Painter"));
    // Every link shown finds at least one listing.
    for (const service of links) expect((await html(`/businesses?q=${encodeURIComponent(service)}`)).match(/<article/g)?.length ?? 0, service).toBeGreaterThan(0);
  });
});

describe("an empty results page (issue 32)", () => {
  it("says what would find something, one tap each, instead of a dead end", async () => {
    const word = `zq${Math.random().toString(36).slice(2, 10)}`;
    const owner = await createOwner(getDb(), { kycStatus: "approved" });
    await createBusiness(getDb(), { userId: owner.id, name: `${word} Pharmacy`, state: "Lagos", category: "Pharmacy store" });
    clearDirectoryCaches();
    const help = async (path: string) =>
      [...(await html(path)).matchAll(/<a href="([^"]*)" data-discover="true" class="pill-link">([^<]*)<\/a>/g)].map((m) => [m[2]!, decoded(m[1]!)]);
    expect(await help(`/businesses?q=${word}&region=Kano`)).toEqual([["None in Kano — 1 in other states", `/businesses?q=${word}`]]);
    expect(await help(`/businesses?q=${word}&open=now`)).toEqual([["Nothing open right now — show all", `/businesses?q=${word}`]]);
    expect(await help(`/businesses?q=${word}&category=Eatery`)).toEqual([["None in Eatery — 1 in other categories", `/businesses?q=${word}`]]);
    // Nothing to suggest: the old words stay.
    expect(await html(`/businesses?q=${word}nothing`)).toContain("Try other words, or fewer filters.");
  });
});
