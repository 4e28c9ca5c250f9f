/**
 * Local discovery (issue 17) as one journey in chromium: a new owner's listing gets opening hours around the
 * real current WAT time, an LGA (after its state), a landmark (reviewed by the admin) and a location from
 * 'Use my current location'; a visitor two kilometres away finds it with 'Open now', with the region and LGA
 * filters, by a word of its landmark and with 'Near me' (its distance as the positions say), sees 'Open now ·
 * closes …', the landmark and 'Open in maps' on its page, and reaches its LGA's landing page from the
 * breadcrumbs. Then the owner closes today: 'Open now' drops it, its page says when it opens, 'Near me' still
 * finds it. The browsers' positions are set by the test (setGeolocation).
 */
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distanceMeters, formatNear, type LatLng } from "../../app/lib/geo";
import { clockText, minuteOfWeek, openingStatus, parseTime, timeOf, watDate, WEEKDAYS, type WeeklyHours } from "../../app/lib/opening-hours";
import { pngImage } from "../support/images";
import { adminApproves, APPROVED, DEMO_ADMIN_EMAIL, useDemoSession, signUpOwner, submitKyc } from "./account-steps";
import { reflowProblems } from "./axe";
import { clippedFieldProblems } from "./field-fit";
import { forgetCachedPages, launchBrowser, url, waitForHydration, watchedPage, type WatchedPage } from "./harness";

/**
 * In Ikorodu, about 18 km east of Ikeja: the demo listings lie within 12 km of Ikeja (db/seed), so nothing of
 * theirs is nearer to the visitor than this business.
 */
const BUSINESS_AT: LatLng = { latitude: 6.6194, longitude: 3.5105 };
/** About 1.9 km north-east of the business. */
const VISITOR_AT: LatLng = { latitude: 6.6329, longitude: 3.5215 };

let browser: Browser;
let admin: WatchedPage;
let owner: WatchedPage;
let visitor: WatchedPage;
const origin = () => new URL(url("/")).origin;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
  owner = await watchedPage(browser);
  await owner.context.grantPermissions(["geolocation"], { origin: origin() });
  await owner.context.setGeolocation(BUSINESS_AT);
  visitor = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
  await visitor.context.grantPermissions(["geolocation"], { origin: origin() });
  await visitor.context.setGeolocation(VISITOR_AT);
  await useDemoSession(admin.page, DEMO_ADMIN_EMAIL);
});
afterAll(async () => {
  for (const watched of [admin, owner, visitor]) await watched?.close();
  await browser?.close();
});

/** Every day open from an hour ago to two hours from now (WAT), past midnight when it comes to that. */
function hoursAroundNow(): { opens: string; closes: string; hours: WeeklyHours } {
  const minuteOfDay = minuteOfWeek(new Date()) % 1440;
  const opens = timeOf((minuteOfDay + 1440 - 60) % 1440);
  const closes = timeOf((minuteOfDay + 120) % 1440);
  return { opens, closes, hours: WEEKDAYS.map(() => ({ mode: "hours" as const, ranges: [{ opens, closes }] })) };
}

/** The metres a card's '350 m away' / '1.9 km away' says. */
function shownMeters(text: string): number {
  const match = /([\d.]+) (m|km) away/.exec(text);
  if (!match) throw new Error(`no distance in '${text}'`);
  return Number(match[1]) * (match[2] === "km" ? 1000 : 1);
}

const cards = (page: Page) => page.locator("#results article");
const cardOf = (page: Page, name: string) => cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
const summary = (page: Page) => page.getByRole("status").first();

/** From /businesses: types the name in the search box, then chooses 'Open now' in the sidebar (a link). */
async function searchOpenNow(page: Page, name: string) {
  await page.goto(url("/businesses"));
  await waitForHydration(page);
  await page.locator("#search-q").fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL((u) => u.searchParams.get("q") === name);
  await page.locator("#filters").getByRole("link", { name: "Open now" }).click();
  await page.waitForURL((u) => u.searchParams.get("open") === "now" && u.searchParams.get("q") === name);
}

/** From /businesses: presses 'Near me' (the browser shares the visitor's position). */
async function nearMe(page: Page) {
  await page.goto(url("/businesses"));
  await waitForHydration(page);
  await page.getByRole("link", { name: "Near me" }).click();
  await page.waitForURL((u) => u.searchParams.has("near"));
  expect(new URL(page.url()).searchParams.get("near")).toBe(formatNear(VISITOR_AT));
  await expect.poll(() => summary(page).innerText()).toMatch(/within 25 km/);
}

describe("local discovery journey", () => {
  const name = `Ikorodu Suya Spot ${randomUUID().slice(0, 6)}`;
  const landmarkWord = `Zobo${randomUUID().replace(/[^a-f]/g, "").slice(0, 8)}`;
  const landmark = `Opposite ${landmarkWord} Bank, Lagos Road`;
  let businessId = "";
  let set: ReturnType<typeof hoursAroundNow>;

  it("a new owner's listing gets hours, an LGA after its state, a landmark and the location where they stand", async () => {
    const page = owner.page;
    const email = `e2e-local-${randomUUID().slice(0, 8)}@example.ng`;
    await signUpOwner(page, email);
    await submitKyc(page);
    await adminApproves(admin.page, "kyc", "kyc-title", email, APPROVED.kyc);

    // The listing, without an LGA, landmark or location yet: no LGA can be chosen before a state.
    await page.goto(url("/dashboard"));
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Verification Complete" }).waitFor();
    // Disabled once interactive: React switches it in the render after hydration (waitForHydration sees the router first).
    await expect.poll(() => page.getByLabel("Local government area (LGA)").isDisabled()).toBe(true);
    await page.getByLabel("Business name").fill(name);
    await page.getByLabel("Description").fill("Beef and chicken suya, grilled every evening.");
    await page.getByLabel("Category").selectOption("Eatery");
    await page.getByLabel("Address").fill("21 Lagos Road, Ikorodu");
    await page.getByLabel("State").selectOption("Lagos");
    await page.getByLabel("Phone number").fill("0809 555 4321");
    await page.getByLabel("Products and services").fill("Beef suya\nChicken suya");
    await page.locator("#listing-images").setInputFiles([{ name: "front.png", mimeType: "image/png", buffer: await pngImage(900, 600) }]);
    await page.getByRole("button", { name: "Create Business" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard" && u.searchParams.get("notice") === "created");
    await adminApproves(admin.page, "businesses", "approvals-title", name, APPROVED.business);

    // Its edit screen, from the dashboard, on a 360 px phone (issue 32: the hours editor fits it).
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(url("/dashboard"));
    await waitForHydration(page);
    await page.locator("li").filter({ has: page.getByRole("heading", { name }) }).getByRole("link", { name: "Edit" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/business/edit/"));
    businessId = new URL(page.url()).pathname.split("/").pop()!;
    await waitForHydration(page);

    // Opening hours: every day from an hour ago to two hours from now (they apply at once). Saturday is typed,
    // 'Copy to Mon–Fri' copies it to the weekdays at once (nothing saved yet), and Sunday is typed too.
    set = hoursAroundNow();
    await page.getByLabel("Show opening hours on my listing").check();
    for (const day of ["sat", "sun"]) {
      await page.locator(`select[name="hours-${day}"]`).selectOption("hours");
      await page.locator(`input[name="hours-${day}-opens-1"]`).fill(set.opens);
      await page.locator(`input[name="hours-${day}-closes-1"]`).fill(set.closes);
    }
    await page.locator('select[name="hours-wed"]').selectOption("closed");
    await page.getByRole("button", { name: "Copy to Mon–Fri from Saturday" }).click();
    await page.getByRole("status").filter({ hasText: "Copied Saturday's hours to Monday–Friday. Not saved yet: press Save Changes to save them." }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/business/edit/${businessId}`);
    for (const day of WEEKDAYS) {
      expect(await page.locator(`select[name="hours-${day}"]`).inputValue(), day).toBe("hours");
      expect(await page.locator(`input[name="hours-${day}-opens-1"]`).inputValue(), day).toBe(set.opens);
      expect(await page.locator(`input[name="hours-${day}-closes-1"]`).inputValue(), day).toBe(set.closes);
    }
    // Nothing of the hours editor is cut off at this width: whole 'HH:MM' times and the day's whole mode.
    expect(await clippedFieldProblems(page)).toEqual([]);
    expect(await reflowProblems(page)).toEqual([]);

    // The LGA follows the state: another state's choice is dropped when the state changes; Lagos has 20.
    const lga = page.getByLabel("Local government area (LGA)");
    expect(await lga.isDisabled()).toBe(false);
    await page.getByLabel("State").selectOption("Oyo");
    await lga.selectOption("Ibadan North");
    await page.getByLabel("State").selectOption("Lagos");
    await expect.poll(() => lga.locator("option").count()).toBe(21);
    expect(await lga.inputValue()).toBe("");
    await lga.selectOption("Ikorodu");
    await page.getByLabel("Landmark").fill(landmark);

    // The location from the browser, where the owner stands.
    await page.getByRole("button", { name: "Use my current location" }).click();
    await expect.poll(() => page.getByLabel("Latitude").inputValue()).toBe(BUSINESS_AT.latitude.toFixed(6));
    expect(await page.getByLabel("Longitude").inputValue()).toBe(BUSINESS_AT.longitude.toFixed(6));
    // One Save Changes for the hours and the details (issue 32).
    await page.getByRole("button", { name: "Save Changes" }).click();
    // The landmark is a reviewed field; the hours, the LGA and the location apply at once. One message says so.
    await page.waitForURL((u) => u.pathname === "/dashboard" && u.searchParams.get("notice") === "sent-for-review");
    await page.getByText("Opening hours, state, LGA, country, category and location show as you saved them now.").waitFor();
    const card = page.locator("li").filter({ has: page.getByRole("heading", { name }) });
    await card.getByText("Changes waiting for review").waitFor();
    // Until the admin approves, the public page has the hours and the location ('Open in maps') but not the landmark.
    const waiting = await fetch(url(`/businesses/${businessId}`)).then((r) => r.text());
    expect(waiting).toContain("Open in maps");
    expect(waiting).toContain('data-open-status="open"');
    expect(waiting).not.toContain(landmarkWord);
    await adminApproves(admin.page, "businesses", "changes-title", name, APPROVED.changes);
    await page.goto(url("/dashboard"));
    await card.waitFor();
    expect(await card.innerText()).not.toContain("Changes waiting for review");
    expect([...owner.errors, ...admin.errors]).toEqual([]);
  });

  it("a visitor finds it with 'Open now', by region and LGA, by a landmark word and with 'Near me', at its distance", async () => {
    expect(businessId).not.toBe("");
    const page = visitor.page;

    // 'Open now' in the sidebar, after searching its name.
    await searchOpenNow(page, name);
    await cardOf(page, name).waitFor();
    expect(await cardOf(page, name).innerText()).toContain("Open now");
    expect(await summary(page).innerText()).toContain("Open now");

    // 'Near me' keeps the search and the filter and adds the distance.
    await page.getByRole("link", { name: "Near me" }).click();
    await page.waitForURL((u) => u.searchParams.has("near") && u.searchParams.get("open") === "now" && u.searchParams.get("q") === name);
    expect(new URL(page.url()).searchParams.get("near")).toBe(formatNear(VISITOR_AT));
    await expect.poll(() => summary(page).innerText()).toMatch(/within 25 km/);
    const expected = distanceMeters(VISITOR_AT, BUSINESS_AT);
    expect(expected).toBeGreaterThan(1500);
    expect(expected).toBeLessThan(2500);
    // Shown to 0.1 km; the URL's position is rounded to about 11 m.
    expect(Math.abs(shownMeters(await cardOf(page, name).innerText()) - expected)).toBeLessThanOrEqual(80);

    // 'Near me' with no search: it comes first, the others farther, in order, all within 25 km.
    await nearMe(page);
    expect(await cards(page).first().getByRole("heading").innerText()).toBe(name);
    const distances = (await cards(page).allInnerTexts()).map(shownMeters);
    expect(distances.length).toBeGreaterThan(1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.at(-1)!).toBeLessThanOrEqual(25_000);

    // The sidebar: a region, then one of its LGAs, both with counts.
    await page.goto(url("/businesses"));
    await waitForHydration(page);
    const filters = page.locator("#filters");
    await filters.getByRole("link", { name: /^Lagos\s*[\d,]+$/ }).click();
    await page.waitForURL((u) => u.searchParams.get("region") === "Lagos");
    await filters.getByRole("heading", { name: "LGA" }).waitFor();
    await filters.getByRole("link", { name: /^Ikorodu\s*[\d,]+$/ }).click();
    await page.waitForURL((u) => u.search === "?region=Lagos&lga=Ikorodu");
    await expect.poll(() => summary(page).innerText()).toMatch(/business(es)? · Ikorodu, Lagos$/);
    await cardOf(page, name).waitFor();
    // A word of its landmark, within the LGA: only this listing.
    await page.locator("#search-q").fill(landmarkWord.toLowerCase());
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((u) => u.searchParams.get("q") === landmarkWord.toLowerCase() && u.searchParams.get("lga") === "Ikorodu");
    await expect.poll(() => cards(page).locator("h3").allInnerTexts()).toEqual([name]);
    // And from anywhere, without filters.
    await page.goto(url(`/businesses?q=${encodeURIComponent(landmarkWord)}`));
    await waitForHydration(page);
    await expect.poll(() => cards(page).locator("h3").allInnerTexts()).toEqual([name]);

    // Its page: open until the time the owner set, the LGA, the landmark under the address, a link to a map app.
    await cardOf(page, name).getByRole("link", { name: "View Details" }).click();
    await page.waitForURL((u) => u.pathname === `/businesses/${businessId}`);
    await waitForHydration(page);
    await expect.poll(() => page.locator("h1").innerText()).toBe(name);
    const open = openingStatus(set.hours, [], new Date());
    expect(open.open).toBe(true);
    expect(open.text).toMatch(/^Open now · closes /);
    expect(open.text).toContain(clockText(parseTime(set.closes)!));
    expect(await page.locator("[data-open-status]").innerText()).toBe(open.text);
    // The week's hours, Monday to Sunday.
    const week = page.locator("table", { hasText: "Monday" });
    expect(await week.innerText()).toContain("Sunday");
    expect(await week.innerText()).toContain(clockText(parseTime(set.opens)!));
    expect(await page.getByText("Ikorodu, Lagos, Nigeria").count()).toBe(1);
    const address = page.locator("li", { has: page.getByText("Address:") });
    expect(await address.innerText()).toContain("21 Lagos Road, Ikorodu");
    const landmarkLine = address.getByText(landmark, { exact: true });
    expect(await landmarkLine.count()).toBe(1);
    const [box, line] = [await address.boundingBox(), await landmarkLine.boundingBox()];
    expect(line!.y).toBeGreaterThan(box!.y + 8);
    // 'Open in maps' goes through our counted link (issue 18) to the maps address of the listing's position.
    const maps = await page.getByRole("link", { name: "Open in maps" }).getAttribute("href");
    expect(maps).toBe(`/go/${businessId}/directions`);
    const redirect = await page.request.get(url(maps!), { maxRedirects: 0 });
    expect(redirect.headers().location).toBe(`https://www.google.com/maps/search/?api=1&query=${BUSINESS_AT.latitude}%2C${BUSINESS_AT.longitude}`);
    expect(visitor.errors).toEqual([]);
  });

  it("its LGA's landing page, reached from the business page's breadcrumbs, lists it", async () => {
    const page = visitor.page;
    expect(new URL(page.url()).pathname).toBe(`/businesses/${businessId}`);
    const trail = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await trail.getByRole("link").allInnerTexts()).toEqual(["Nigeria", "Lagos", "Ikorodu", "Eatery"]);
    await trail.getByRole("link", { name: "Ikorodu" }).click();
    await page.waitForURL((u) => u.pathname === "/states/lagos/ikorodu");
    await expect.poll(() => page.locator("h1").innerText()).toBe("Businesses in Ikorodu, Lagos");
    await page.locator("article", { has: page.getByRole("heading", { name, exact: true }) }).waitFor();
    expect(visitor.errors).toEqual([]);
  });

  it("the owner closes today: 'Open now' drops it, its page says when it opens, 'Near me' still finds it", async () => {
    const page = owner.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url(`/business/edit/${businessId}`));
    await waitForHydration(page);
    const today = watDate(new Date());
    await page.getByLabel("Date").fill(today);
    await page.getByLabel("Note (optional)").fill("Staff training");
    await page.getByRole("button", { name: "Add closed day" }).click();
    await page.waitForURL((u) => u.searchParams.get("hours") === "closure-added");

    const v = visitor.page;
    // The visitor (anonymous) read these pages a moment ago: their browser may keep them for a minute (ADR 28).
    await forgetCachedPages(v);
    await searchOpenNow(v, name);
    await v.getByText("No businesses found").waitFor();
    expect(await cards(v).count()).toBe(0);
    // Without the filter (the same link again) it is there, shown as closed.
    await v.locator("#filters").getByRole("link", { name: "Open now" }).click();
    await v.waitForURL((u) => !u.searchParams.has("open") && u.searchParams.get("q") === name);
    await cardOf(v, name).waitFor();
    expect(await cardOf(v, name).innerText()).toContain("Closed now");

    await cardOf(v, name).getByRole("link", { name: "View Details" }).click();
    await v.waitForURL((u) => u.pathname === `/businesses/${businessId}`);
    const closed = openingStatus(set.hours, [{ date: today }], new Date());
    expect(closed.open).toBe(false);
    expect(closed.text).toMatch(/^Closed · opens /);
    await expect.poll(() => v.locator("[data-open-status]").innerText()).toBe(closed.text);
    expect(await v.locator("main").innerText()).toContain("Today: Closed (Staff training)");

    // Closed businesses are still near.
    await nearMe(v);
    const first = cards(v).first();
    expect(await first.getByRole("heading").innerText()).toBe(name);
    expect(await first.innerText()).toContain("Closed now");
    expect(Math.abs(shownMeters(await first.innerText()) - distanceMeters(VISITOR_AT, BUSINESS_AT))).toBeLessThanOrEqual(80);
    expect([...owner.errors, ...visitor.errors]).toEqual([]);
  });
});
