/**
 * The 'Near me' panel's typed-coordinates form on /businesses (ADR 23), as the server renders it: it works
 * without JavaScript, so it must carry the whole search (text, every filter, the order) as hidden inputs, and
 * only the point and the page are new.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { pageApp, routeBuild } from "../../../tests/support/route-build";
import { BASE_URL } from "../../../tests/support/screen-harness";

let app: ReturnType<typeof pageApp>;
beforeAll(async () => {
  app = pageApp();
  await routeBuild();
});

/** The hidden inputs of the form that holds the coordinates field. */
async function nearFormInputs(path: string): Promise<[string, string][]> {
  const html = await (await app.request(new URL(path, BASE_URL).toString())).text();
  const form = [...html.matchAll(/<form[^>]*>([\s\S]*?)<\/form>/g)].map((m) => m[1]!).find((body) => body.includes('id="near-coordinates"'));
  expect(form, "the near-me form").toBeDefined();
  return [...form!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, "&")]);
}

describe("the 'Near me' coordinates form", () => {
  it("keeps the text, region, LGA, category, 'Rated 4+', 'Open now' and the order; not the old point or page", async () => {
    const inputs = await nearFormInputs("/businesses?q=rice&region=Lagos&lga=Ikeja&category=Eatery&rating=4&open=now&sort=rating&near=6.6,3.35&page=2");
    expect(Object.fromEntries(inputs)).toEqual({ q: "rice", region: "Lagos", lga: "Ikeja", category: "Eatery", rating: "4", open: "now", sort: "rating" });
  });

  it("carries nothing when there is no search yet", async () => {
    expect(await nearFormInputs("/businesses")).toEqual([]);
  });
});
