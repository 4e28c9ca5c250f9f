/**
 * LGAs and landmarks (issue 17): an owner gives a new listing an LGA (the select offers only the chosen
 * state's) and a landmark; once approved, a visitor filters /businesses by region and LGA and finds it,
 * searches a word of its landmark and finds it, and sees the landmark under the address on its page.
 */
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngImage } from "../support/images";
import { adminApproves, APPROVED, DEMO_ADMIN_EMAIL, signInAsDemo, signUpOwner, submitKyc } from "./account-steps";
import { launchBrowser, url, waitForHydration, watchedPage, type WatchedPage } from "./harness";

let browser: Browser;
let admin: WatchedPage;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
  await signInAsDemo(admin.page, DEMO_ADMIN_EMAIL);
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

/** Letters only, like a word people type, and in no other listing. */
const uniqueWord = () => `Zobo${randomUUID().replace(/[^a-f]/g, "").slice(0, 8)}`;

describe("LGAs and landmarks", () => {
  it("an owner sets an LGA and a landmark; a visitor finds the listing by region + LGA and by a landmark word", async () => {
    const owner = await watchedPage(browser);
    const page: Page = owner.page;
    const landmarkWord = uniqueWord();
    const landmark = `Opposite ${landmarkWord} Bank, Allen Avenue`;
    const name = `Ikeja Suya Spot ${randomUUID().slice(0, 6)}`;
    try {
      const email = `e2e-lga-${randomUUID().slice(0, 8)}@example.ng`;
      await signUpOwner(page, email);
      await submitKyc(page);
      await adminApproves(admin.page, "kyc", "kyc-title", email, APPROVED.kyc);

      await page.goto(url("/dashboard"));
      await waitForHydration(page);
      await page.getByRole("heading", { name: "Verification Complete" }).waitFor();
      const lga = page.getByLabel("Local government area (LGA)");
      // Interactive: no LGA before a state, then only the chosen state's (Lagos has 20), and a choice of
      // another state's is dropped when the state changes.
      expect(await lga.isDisabled()).toBe(true);
      await page.getByLabel("State").selectOption("Oyo");
      await lga.selectOption("Ibadan North");
      await page.getByLabel("State").selectOption("Lagos");
      await expect.poll(() => lga.locator("option").count()).toBe(21);
      expect(await lga.inputValue()).toBe("");
      await lga.selectOption("Ikeja");

      await page.getByLabel("Business name").fill(name);
      await page.getByLabel("Description").fill("Beef and chicken suya, grilled every evening.");
      await page.getByLabel("Category").selectOption("Eatery");
      await page.getByLabel("Address").fill("21 Allen Avenue, Ikeja");
      await page.getByLabel("Landmark").fill(landmark);
      await page.getByLabel("Phone number").fill("0809 555 4321");
      await page.getByLabel("Products and services").fill("Beef suya\nChicken suya");
      await page.locator("#listing-images").setInputFiles([{ name: "front.png", mimeType: "image/png", buffer: await pngImage(900, 600) }]);
      await page.getByRole("button", { name: "Create Business" }).click();
      await page.waitForURL((u) => u.pathname === "/dashboard" && u.searchParams.get("notice") === "created");
      await adminApproves(admin.page, "businesses", "approvals-title", name, APPROVED.business);
    } finally {
      await owner.close();
    }

    const visitor = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      const v = visitor.page;
      // The sidebar: a region, then one of its LGAs, both with counts.
      await v.goto(url("/businesses"));
      await waitForHydration(v);
      const filters = v.locator("#filters");
      await filters.getByRole("link", { name: /^Lagos\s*[\d,]+$/ }).click();
      await v.waitForURL((u) => u.searchParams.get("region") === "Lagos");
      await filters.getByRole("heading", { name: "LGA" }).waitFor();
      await filters.getByRole("link", { name: /^Ikeja\s*[\d,]+$/ }).click();
      await v.waitForURL((u) => u.search === "?region=Lagos&lga=Ikeja");
      await expect.poll(() => v.getByRole("status").first().innerText()).toMatch(/business(es)? · Ikeja, Lagos$/);
      await v.locator("#results article h3", { hasText: name }).waitFor();

      // Search by a word of the landmark (the LGA filter stays): found.
      await v.locator("#search-q").fill(landmarkWord.toLowerCase());
      await v.getByRole("button", { name: "Search" }).click();
      await v.waitForURL((u) => u.searchParams.get("q") === landmarkWord.toLowerCase() && u.searchParams.get("lga") === "Ikeja");
      await expect.poll(() => v.locator("#results article h3").allInnerTexts()).toEqual([name]);
      // And from anywhere, without filters.
      await v.goto(url(`/businesses?q=${encodeURIComponent(landmarkWord)}`));
      await expect.poll(() => v.locator("#results article h3").allInnerTexts()).toEqual([name]);

      // The business page: the LGA with the state, the landmark under the address.
      const card = v.locator("#results article", { has: v.getByRole("heading", { name, exact: true }) }).first();
      await card.getByRole("link", { name: "View Details" }).click();
      await v.waitForURL(/\/businesses\/[0-9a-f-]{36}$/);
      await expect.poll(() => v.locator("h1").innerText()).toBe(name);
      expect(await v.getByText("Ikeja, Lagos, Nigeria").count()).toBe(1);
      const address = v.locator("li", { has: v.getByText("Address:") });
      expect(await address.innerText()).toContain("21 Allen Avenue, Ikeja");
      const landmarkLine = address.getByText(landmark, { exact: true });
      expect(await landmarkLine.count()).toBe(1);
      // Under the address: a line of its own, below the address's first line.
      const [box, line] = [await address.boundingBox(), await landmarkLine.boundingBox()];
      expect(line!.y).toBeGreaterThan(box!.y + 8);
    } finally {
      await visitor.close();
    }
  });
});
