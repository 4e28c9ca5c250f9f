/**
 * 'Near me' (issue 17, ADR 23): an owner stands at the business and sets its location with 'Use my current
 * location'; a visitor close by presses 'Near me' and finds it first, with its distance; a visitor whose
 * browser shares no location is told why and types coordinates instead.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATE_CENTRES, type LatLng } from "../../app/lib/geo";
import { REGIONS, type Region } from "../../app/lib/reference";
import { signInAsDemo } from "./account-steps";
import { launchBrowser, url, waitForHydration, watchedPage, type WatchedPage } from "./harness";

let browser: Browser;
const opened: WatchedPage[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const page of opened) await page.close();
  await browser?.close();
});

async function open(options: { geolocation?: LatLng; allowLocation: boolean }) {
  const watched = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
  if (options.geolocation) await watched.context.setGeolocation(options.geolocation);
  if (options.allowLocation) await watched.context.grantPermissions(["geolocation"], { origin: new URL(url("/")).origin });
  opened.push(watched);
  return watched;
}

describe("near me", () => {
  let business: { id: string; name: string; at: LatLng };

  it("an owner sets the listing's location from where they stand", async () => {
    const { page, context, errors } = await open({ allowLocation: true });
    await signInAsDemo(page, "owner@example.com");
    await page.goto(url("/dashboard"));
    // An approved listing of the demo owner's (public, so a visitor can find it).
    await page.locator("li").filter({ hasText: "Bakare Premium Car Wash" }).getByRole("link", { name: "Edit" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/business/edit/"));
    await waitForHydration(page);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const name = await page.getByLabel("Business name").inputValue();
    const state = (await page.getByLabel("State").inputValue()) as Region;
    expect(REGIONS).toContain(state);
    // About 8 km from the capital, away from where the demo listings cluster.
    const at = { latitude: STATE_CENTRES[state].latitude + 0.0512, longitude: STATE_CENTRES[state].longitude + 0.0487 };
    await context.setGeolocation(at);

    await page.getByRole("button", { name: "Use my current location" }).click();
    await expect.poll(() => page.getByLabel("Latitude").inputValue()).toBe(at.latitude.toFixed(6));
    expect(await page.getByLabel("Longitude").inputValue()).toBe(at.longitude.toFixed(6));
    await page.getByRole("button", { name: "Save Changes" }).click();
    // Only the location changed: it applies at once (nothing waits for review).
    await page.waitForURL((u) => u.pathname === "/dashboard" && u.searchParams.get("notice") === "updated");

    // The business page links to a map app; no map is loaded by the page.
    await page.goto(url(`/businesses/${id}`));
    const maps = page.getByRole("link", { name: "Open in maps" });
    expect(await maps.getAttribute("href")).toBe(`https://www.google.com/maps/search/?api=1&query=${at.latitude.toFixed(6).replace(/0+$/, "")}%2C${at.longitude.toFixed(6).replace(/0+$/, "")}`);
    expect(errors).toEqual([]);
    business = { id, name, at };
  });

  it("a visitor nearby presses 'Near me' and finds it first, with its distance", async () => {
    // 150 m north of the business.
    const here = { latitude: business.at.latitude + 0.15 / 111.318, longitude: business.at.longitude };
    const { page, errors } = await open({ geolocation: here, allowLocation: true });
    await page.goto(url("/businesses"));
    await waitForHydration(page);
    await page.getByRole("link", { name: "Near me" }).click();
    await page.waitForURL((u) => u.searchParams.has("near"));
    expect(new URL(page.url()).searchParams.get("near")).toBe(`${Math.round(here.latitude * 1e4) / 1e4},${Math.round(here.longitude * 1e4) / 1e4}`);
    await expect.poll(() => page.getByRole("status").first().textContent()).toMatch(/within 25 km/);

    const first = page.locator("#results article").first();
    expect(await first.getByRole("heading").textContent()).toBe(business.name);
    expect(await first.textContent()).toMatch(/1[4-6]0 m away/);
    // The others are farther, in order.
    const distances = await page.locator("#results article").evaluateAll((cards) =>
      cards.map((card) => card.textContent?.match(/([\d.]+) (m|km) away/)).map((m) => (m ? Number(m[1]) * (m[2] === "km" ? 1000 : 1) : NaN)),
    );
    expect(distances.every((d) => !Number.isNaN(d))).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(errors).toEqual([]);
  });

  it("a visitor whose browser shares no location is told why, and can type coordinates", async () => {
    const { page } = await open({ allowLocation: false });
    await page.goto(url("/businesses"));
    await waitForHydration(page);
    await page.getByRole("link", { name: "Near me" }).click();
    const explanation = page.getByText("Your browser did not share a location");
    await explanation.waitFor();
    expect(await explanation.isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.has("near")).toBe(false);

    await page.getByLabel("Coordinates (latitude, longitude)").fill(`${business.at.latitude.toFixed(5)}, ${business.at.longitude.toFixed(5)}`);
    await page.getByRole("button", { name: "Search near here" }).click();
    await page.waitForURL((u) => u.searchParams.has("near"));
    const first = page.locator("#results article").first();
    await first.waitFor();
    expect(await first.getByRole("heading").textContent()).toBe(business.name);
    expect(await first.textContent()).toMatch(/\d+ m away/);

    // Coordinates it cannot read are ignored, and the page says so.
    await page.goto(url("/businesses?near=51.5,-0.12"));
    await page.getByText("We could not read that location").waitFor();
  });
});
