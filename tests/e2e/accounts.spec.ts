import { randomUUID } from "node:crypto";
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

describe("accounts", () => {
  it("registers a visitor, verifies the e-mail, signs in and lands on the home page", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      const email = `e2e-visitor-${randomUUID().slice(0, 8)}@example.ng`;
      // A typo in the address: 'Correct it' goes back with everything typed kept, and the link goes to the right one.
      const typo = email.replace("@example.ng", "@exmaple.ng");
      await register(page, "visitor", typo);
      await page.getByRole("button", { name: "Correct it" }).click();
      expect(await page.getByLabel("First name").inputValue()).toBe("Ifeoma");
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText("Step 2 of 2").waitFor();
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByRole("heading", { name: "Check Your Email!" }).waitFor();
      expect(await page.locator("strong", { hasText: email }).count()).toBe(1);
      // No e-mail yet? It is sent again on request (issue 32).
      await page.getByRole("button", { name: "Send the e-mail again" }).click();
      await page.getByRole("status").filter({ hasText: "a new link is on its way" }).waitFor();

      // Signing in before verifying explains it.
      await page.getByRole("link", { name: "Go to Sign In" }).click();
      await page.waitForURL((u) => u.pathname === "/login");
      await waitForHydration(page);
      await signIn(page, email, PASSWORD);
      await page.getByText(/verify your email address/i).first().waitFor();
      await page.getByRole("button", { name: "Resend verification link" }).waitFor();

      await page.goto(linkIn(await mailTo(email, /verify/i)));
      await page.waitForURL((u) => u.pathname === "/login" && u.searchParams.get("verified") === "true");
      await waitForHydration(page);
      await signIn(page, email, PASSWORD);
      await page.waitForURL((u) => u.pathname === "/");
      await expect.poll(() => page.locator("main").innerText()).toContain("Ifeoma");
      // Refused sign-ins answer 4xx on purpose; anything else on the console is a defect.
      expect(watched.errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("registers a business owner who lands on /dashboard", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      const email = `e2e-owner-${randomUUID().slice(0, 8)}@example.ng`;
      await register(page, "business", email);
      await page.goto(linkIn(await mailTo(email, /verify/i)));
      await waitForHydration(page);
      await signIn(page, email, PASSWORD);
      await page.waitForURL((u) => u.pathname === "/dashboard");
      await page.getByRole("heading", { name: "KYC Verification Required" }).waitFor();
      await page.getByRole("link", { name: "Start Verification" }).waitFor();
    } finally {
      await watched.close();
    }
  });

  it("remembers a guarded page through sign-in", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      await page.goto(url("/kyc-verification"));
      await page.waitForURL((u) => u.pathname === "/login" && u.searchParams.get("redirectTo") === "/kyc-verification");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByText("Please fill in all fields").waitFor();
      await signIn(page, "newowner@example.com", "Demo-Passw0rd!");
      await page.waitForURL((u) => u.pathname === "/kyc-verification");
      await page.getByRole("heading", { name: "KYC Verification" }).waitFor();
      // A visitor sent to an owner page goes home instead.
      await page.context().clearCookies();
      await page.goto(url("/login?redirectTo=%2F%2Fevil.example%2F"));
      await waitForHydration(page);
      await signIn(page, "visitor@example.com", "Demo-Passw0rd!");
      await page.waitForURL((u) => u.pathname === "/" && u.host === new URL(url("/")).host);
    } finally {
      await watched.close();
    }
  });

  it("resets a forgotten password and signs in with the new one", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      const email = `e2e-reset-${randomUUID().slice(0, 8)}@example.ng`;
      await register(page, "visitor", email);
      await page.goto(linkIn(await mailTo(email, /verify/i)));
      await waitForHydration(page);

      await page.getByRole("button", { name: "Forgot password?" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Send Reset Link" }).click();
      await dialog.getByText("Please enter your email address").waitFor();
      await dialog.getByLabel("Email address").fill("not-an-email");
      await dialog.getByRole("button", { name: "Send Reset Link" }).click();
      await dialog.getByText("Please enter a valid email address").waitFor();
      await dialog.getByLabel("Email address").fill(email);
      await dialog.getByRole("button", { name: "Send Reset Link" }).click();
      await dialog.getByText("If an account with this email exists, you will receive a password reset link.").waitFor();

      await page.goto(linkIn(await mailTo(email, /reset/i)));
      await page.waitForURL((u) => u.pathname === "/login" && u.searchParams.get("reset") === "true");
      await waitForHydration(page);
      const newPassword = "Harmattan-Evening-77";
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("Confirm new password").fill(newPassword);
      await page.getByRole("button", { name: "Set New Password" }).click();
      await page.waitForURL((u) => u.searchParams.get("passwordReset") === "true");
      await waitForHydration(page);
      await signIn(page, email, PASSWORD);
      await page.getByText("Invalid email or password").waitFor();
      await signIn(page, email, newPassword);
      await page.waitForURL((u) => u.pathname === "/");
    } finally {
      await watched.close();
    }
  });
});
