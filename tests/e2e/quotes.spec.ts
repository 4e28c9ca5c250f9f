/**
 * Request a quote (issue 37): a visitor asks from the results page for car washes in Ikeja, Lagos; two owners whose
 * listings match (the demo owner's Bakare Premium Car Wash, and a new owner's car wash made and approved here) answer
 * with prices from their dashboards; the visitor compares the answers side by side and accepts one.
 */
import { randomInt, randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngImage } from "../support/images";
import { adminApproves, APPROVED, DEMO_ADMIN_EMAIL, signUpOwner, submitKyc, useDemoSession } from "./account-steps";
import { launchBrowser, url, waitForHydration, watchedPage, type WatchedPage } from "./harness";

let browser: Browser;
let admin: WatchedPage;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
  await useDemoSession(admin.page, DEMO_ADMIN_EMAIL);
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

async function image(name: string) {
  return { name, mimeType: "image/png", buffer: await pngImage(900, 600) };
}

/** A new owner with an approved car wash in Ikeja, Lagos: sign-up, KYC and the listing, each approved by the admin. */
async function newCarWash(page: Page): Promise<string> {
  const email = `e2e-carwash-${randomUUID().slice(0, 8)}@example.ng`;
  await signUpOwner(page, email);
  await submitKyc(page);
  await adminApproves(admin.page, "kyc", "kyc-title", email, APPROVED.kyc);
  await page.goto(url("/dashboard"));
  await waitForHydration(page);
  const name = `Sparkle Car Wash ${randomUUID().slice(0, 6)}`;
  await page.getByLabel("Business name").fill(name);
  await page.getByLabel("Description").fill("Hand wash, interior cleaning and waxing near Computer Village.");
  await page.getByLabel("Category").selectOption("Car wash");
  await page.getByLabel("Address").fill("3 Awolowo Way, Ikeja");
  await page.getByLabel("State").selectOption("Lagos");
  await page.getByLabel("Local government area (LGA)").selectOption("Ikeja");
  // A number of its own: a listing with another journey's number would be offered as a possible duplicate.
  await page.getByLabel("Phone number").fill(`0809 556 ${randomInt(1000, 10_000)}`);
  await page.getByLabel("Products and services").fill("Hand wash\nInterior cleaning");
  await page.locator("#listing-images").setInputFiles([await image("front.png")]);
  await page.getByRole("button", { name: "Create Business" }).click();
  await page.waitForURL((u) => u.pathname === "/dashboard" && u.searchParams.get("notice") === "created");
  await adminApproves(admin.page, "businesses", "approvals-title", name, APPROVED.business);
  return name;
}

/** From the owner's dashboard: the request under 'Quote requests', answered with a price and a message. */
async function answer(page: Page, price: string, message: string): Promise<void> {
  await page.goto(url("/dashboard"));
  const requests = page.locator('section[aria-labelledby="quote-requests-title"]');
  await requests.getByText("1 waiting for your price").waitFor();
  await requests.getByRole("link", { name: /Car wash · Ikeja, Lagos/ }).first().click();
  await page.waitForURL((u) => u.pathname.startsWith("/quotes/"));
  await waitForHydration(page);
  await page.getByText("Quote request for your business").waitFor();
  await page.getByLabel("Your price (₦)", { exact: true }).fill(price);
  await page.getByLabel("Message", { exact: true }).fill(message);
  await page.getByRole("button", { name: "Send quote" }).click();
  await page.waitForURL((u) => u.searchParams.get("done") === "answered");
  await page.getByText("Your quote was sent.").waitFor();
}

describe("request a quote", () => {
  it("a visitor asks car washes in Ikeja, two owners answer with prices, the visitor compares and accepts one", async () => {
    const newOwner = await watchedPage(browser);
    const demoOwner = await watchedPage(browser);
    const visitor = await watchedPage(browser);
    try {
      const sparkle = await newCarWash(newOwner.page);
      await useDemoSession(demoOwner.page, "owner@example.com");
      await useDemoSession(visitor.page, "visitor@example.com");

      // From the results page: a plain link carrying the category and place, and the form opens with them chosen.
      const v = visitor.page;
      await v.goto(url(`/businesses?category=${encodeURIComponent("Car wash")}&region=Lagos&lga=Ikeja`));
      await v.getByRole("link", { name: "Request a quote", exact: true }).first().click();
      await v.waitForURL((u) => u.pathname === "/quotes/new");
      await waitForHydration(v);
      expect(await v.getByLabel("Category", { exact: true }).inputValue()).toBe("Car wash");
      expect(await v.getByLabel("State", { exact: true }).inputValue()).toBe("Lagos");
      expect(await v.getByLabel("Local government area (LGA)").inputValue()).toBe("Ikeja");
      await v.getByLabel("What do you need done?").fill("Full wash and interior cleaning for a Toyota Corolla, this Saturday morning");
      await v.getByLabel("When do you need it?").selectOption("this-week");
      expect(await v.getByLabel("Let these businesses see my phone number").isChecked()).toBe(false);
      await v.getByRole("button", { name: "Send request" }).click();
      await v.waitForURL((u) => u.pathname === "/quotes" && Number(u.searchParams.get("sent")) >= 2);
      await v.getByText(/Your request was sent to \d businesses/).waitFor();
      await v.getByRole("link", { name: /Car wash · Ikeja, Lagos/ }).first().click();
      await v.waitForURL((u) => /^\/quotes\/[0-9a-f-]{36}$/.test(u.pathname));
      const requestPath = new URL(v.url()).pathname;

      // Both owners answer with a price, each from their dashboard.
      await answer(demoOwner.page, "18,000", "Wash, vacuum and tyre shine. Saturday 8am works.");
      await answer(newOwner.page, "15000", "Full valet for ₦15,000, we can start at 7am.");

      // The visitor compares the answers side by side and accepts the cheaper one.
      await v.goto(url(requestPath));
      await waitForHydration(v);
      const answers = v.getByTestId("quote-answer");
      await expect.poll(() => answers.filter({ hasText: "₦" }).count()).toBeGreaterThanOrEqual(2);
      await answers.filter({ hasText: "Bakare Premium Car Wash" }).getByText("₦18,000").waitFor();
      const chosen = answers.filter({ hasText: sparkle });
      await chosen.getByText("₦15,000", { exact: true }).waitFor();
      await chosen.getByRole("button", { name: `Accept the quote of ${sparkle}` }).click();
      await v.waitForURL((u) => u.searchParams.get("done") === "accepted");
      await v.getByText("You accepted this quote. You can review the business after the job.").waitFor();
      await chosen.getByRole("link", { name: "Review this business" }).waitFor();
      await answers.filter({ hasText: "Bakare Premium Car Wash" }).getByText("Closed: the visitor chose another business").waitFor();

      // The other owner reads that it went to another business; the chosen one finds the acceptance in the chat.
      await demoOwner.page.goto(url(requestPath));
      await demoOwner.page.getByText("Closed: the visitor chose another business").waitFor();
      expect(await demoOwner.page.getByRole("button", { name: "Update quote" }).count()).toBe(0);
    } finally {
      await visitor.close();
      await demoOwner.close();
      await newOwner.close();
    }
  });
});
