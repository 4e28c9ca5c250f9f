/**
 * An owner from sign-up to a public listing: KYC, approval by an admin, a listing with two images, edit,
 * feature request, delete.
 */
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngImage } from "../support/images";
import { adminApproves, APPROVED, DEMO_ADMIN_EMAIL, useDemoSession, signUpOwner, submitKyc } from "./account-steps";
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

describe("business owner journey", () => {
  it("goes from sign-up through KYC to a public, edited, featured-requested and finally deleted listing", async () => {
    const owner = await watchedPage(browser);
    const page: Page = owner.page;
    try {
      const email = `e2e-shop-${randomUUID().slice(0, 8)}@example.ng`;
      await signUpOwner(page, email);

      // KYC: the form, then under review.
      await submitKyc(page);

      // Until KYC is approved there is no listing form.
      await page.goto(url("/business/create"));
      await page.getByRole("heading", { name: "KYC Verification Required" }).waitFor();
      await page.getByRole("link", { name: "View KYC Status" }).waitFor();

      await adminApproves(admin.page, "kyc", "kyc-title", email, APPROVED.kyc);

      // The first listing: the creation form sits on the dashboard.
      await page.goto(url("/dashboard"));
      await waitForHydration(page);
      await page.getByRole("heading", { name: "Verification Complete" }).waitFor();
      // Sending the empty form reports every missing field at once, the business name and the images
      // included, without leaving the page (chosen files would be lost on a round trip).
      await page.getByRole("button", { name: "Create Business" }).click();
      for (const text of [
        "Business name is required",
        "Description is required",
        "Category is required",
        "Address is required",
        "State is required",
        "Phone number is required",
        "Add at least one product or service",
        "Please add at least one image",
      ]) {
        await page.getByText(text, { exact: true }).waitFor();
      }
      expect(new URL(page.url()).pathname).toBe("/dashboard");
      const name = `Ifeoma Pharmacy ${randomUUID().slice(0, 6)}`;
      await page.getByLabel("Business name").fill(name);
      await page.getByLabel("Description").fill("Prescriptions, baby care and first aid, open late.");
      await page.getByLabel("Category").selectOption("Pharmacy store");
      await page.getByLabel("Address").fill("14 Adetokunbo Ademola Crescent, Wuse 2");
      await page.getByLabel("State").selectOption("FCT");
      await page.getByLabel("Phone number").fill("0809 555 1234");
      await page.getByLabel("Products and services").fill("Prescriptions\nBaby care\nprescriptions\nFirst aid kits");
      await page.locator("#listing-images").setInputFiles([await image("front.png"), await image("inside.png")]);
      await page.getByRole("button", { name: "Create Business" }).click();
      await page.waitForURL((u) => u.pathname === "/dashboard" && u.searchParams.get("notice") === "created");
      const card = page.locator("li").filter({ has: page.getByRole("heading", { name }) });
      await card.getByText("Pending", { exact: true }).waitFor();
      expect(await card.innerText()).toContain("Prescriptions, Baby care, First aid kits");

      await adminApproves(admin.page, "businesses", "approvals-title", name, APPROVED.business);

      // Public now: its own page, with both images.
      await page.goto(url("/dashboard"));
      await waitForHydration(page);
      await card.getByText("Approved", { exact: true }).waitFor();
      const href = (await card.getByRole("link", { name }).getAttribute("href"))!;
      const visitor = await watchedPage(browser);
      try {
        const response = await visitor.page.goto(url(href));
        expect(response?.status()).toBe(200);
        await expect.poll(() => visitor.page.locator("h1").first().innerText()).toContain(name);
        expect(await visitor.page.locator(`img[src*="/media/business-images/${href.split("/").pop()}/"]`).count()).toBeGreaterThanOrEqual(2);
      } finally {
        await visitor.close();
      }

      // Edit: the name changes, everything else is kept. The listing is approved, so the new name waits for
      // an admin while the public keeps the approved one.
      await card.getByRole("link", { name: "Edit" }).click();
      await page.waitForURL((u) => u.pathname.startsWith("/business/edit/"));
      await waitForHydration(page);
      expect(await page.getByLabel("Phone number").inputValue()).toBe("+2348095551234");
      const renamed = `${name} & Stores`;
      await page.getByLabel("Business name").fill(renamed);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.waitForURL((u) => u.pathname === "/dashboard" && u.searchParams.get("notice") === "sent-for-review");
      await card.getByText("Changes waiting for review").waitFor();
      expect(await fetch(url(href)).then((r) => r.text())).not.toContain(renamed);
      await adminApproves(admin.page, "businesses", "changes-title", name, APPROVED.changes);
      await page.goto(url("/dashboard"));
      const renamedCard = page.locator("li").filter({ has: page.getByRole("heading", { name: renamed }) });
      await renamedCard.waitFor();
      expect(await renamedCard.innerText()).not.toContain("Changes waiting for review");

      // Feature request: once, then the button says so.
      await waitForHydration(page);
      await renamedCard.getByRole("button", { name: "Request Featured" }).click();
      await renamedCard.getByText("Feature request submitted. An admin will review it soon.").waitFor();
      expect(await renamedCard.getByRole("button", { name: "Feature requested" }).isDisabled()).toBe(true);

      // Delete, after confirming: gone from the dashboard and from the public directory.
      page.once("dialog", (dialog) => {
        expect(dialog.message()).toBe("Are you sure you want to delete this business? This action cannot be undone.");
        void dialog.accept();
      });
      await renamedCard.getByRole("button", { name: "Delete" }).click();
      await expect.poll(() => page.getByRole("heading", { name: renamed }).count()).toBe(0);
      const gone = await fetch(url(href));
      expect(gone.status).toBe(404);
      expect(await gone.text()).toContain("Business not found or not approved yet.");
    } finally {
      await owner.close();
    }
  });
});
