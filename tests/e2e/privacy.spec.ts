import { randomUUID } from "node:crypto";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, linkIn, mailTo, register, signIn } from "./account-steps";
import { launchBrowser, url, waitForHydration, watchedPage } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("privacy", () => {
  it("a visitor reads the privacy notice, downloads their data, and deletes their account", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      const email = `e2e-privacy-${randomUUID().slice(0, 8)}@example.ng`;
      await register(page, "visitor", email);
      await page.goto(linkIn(await mailTo(email, /verify/i)));
      await page.waitForURL((u) => u.pathname === "/login");
      await waitForHydration(page);
      await signIn(page, email, PASSWORD);
      await page.waitForURL((u) => u.pathname === "/");

      // The footer links the privacy notice.
      await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Privacy" }).click();
      await page.waitForURL((u) => u.pathname === "/privacy");
      await page.getByRole("heading", { name: "Privacy", exact: true }).waitFor();
      await expect.poll(() => page.locator("main").innerText()).toContain("90 days");

      await page.goto(url("/profile"));
      await waitForHydration(page);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^naija-directory-data-\d{4}-\d{2}-\d{2}\.json$/);
      // The browser is shared over a connection (tests/e2e/harness.ts): the file is copied here to be read.
      const saved = path.join(await mkdtemp(path.join(tmpdir(), "nd-e2e-download-")), download.suggestedFilename());
      await download.saveAs(saved);
      const exported = JSON.parse(await readFile(saved, "utf8"));
      expect(exported.account.email).toBe(email);
      expect(exported.profile.firstName).toBe("Ifeoma");

      // A wrong password keeps the typed word and says why; the right one deletes the account.
      await page.getByText("Delete account", { exact: true }).click();
      // The number's and the address's cards ask for the password too: this is the 'Your data' card's.
      const yourData = page.locator('section[aria-labelledby="your-data-title"]');
      await yourData.getByLabel("Your password").fill("not-my-password");
      await page.getByLabel("Type DELETE to confirm").fill("DELETE");
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.getByText("That password is not correct.").waitFor();
      expect(await page.getByLabel("Type DELETE to confirm").inputValue()).toBe("DELETE");
      await yourData.getByLabel("Your password").fill(PASSWORD);
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.waitForURL((u) => u.pathname === "/" && u.searchParams.get("accountDeleted") === "true");
      await page.getByText("Your account was deleted.").waitFor();

      // Signed out for good: the profile asks to log in, and the old password opens nothing.
      await page.goto(url("/profile"));
      await page.getByText("Please log in to view your profile").waitFor();
      await page.goto(url("/login"));
      await waitForHydration(page);
      await signIn(page, email, PASSWORD);
      await page.getByText("Invalid email or password").waitFor();
      expect(watched.errors.filter((e) => !/status of 40[0-9]/.test(e))).toEqual([]);
      expect(watched.cspViolations).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});
