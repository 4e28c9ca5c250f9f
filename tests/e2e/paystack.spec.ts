/**
 * Paying through Paystack in the browser: a second production server of this file's own (the harness's
 * keeps the demo provider, whose 2-second flow plans.spec.ts covers) with PAYMENT_PROVIDER=paystack pointed
 * at the local fake Paystack (tests/support/fake-paystack.ts), which serves the checkout page the browser
 * is sent to and signs its webhooks with the same test key.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PENDING_REFRESH_SECONDS } from "../../app/features/payments/payment-texts";
import { DEMO_PASSWORD } from "../../db/seed/data";
import { startFakePaystack, type FakePaystack } from "../support/fake-paystack";
import { freePort, startProductionServer, type ProductionServer } from "../support/server-process.mjs";
import { launchBrowser, SHUTDOWN_LIMIT_MS, waitForHydration, watchedPage } from "./harness";

let browser: Browser;
let fake: FakePaystack;
let server: ProductionServer;
let base: string;

beforeAll(async () => {
  fake = await startFakePaystack();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  fake.webhookUrl = `${base}/api/payments/paystack/webhook`;
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), "nd-e2e-paystack-")), "server.log");
  server = await startProductionServer({
    port,
    logFile,
    env: { PUBLIC_URL: base, PAYMENT_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.baseUrl },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  const stopped = await server?.stop({ timeoutMs: SHUTDOWN_LIMIT_MS });
  await fake?.stop();
  expect(stopped?.exitedInTime).toBe(true);
});

const at = (pathname: string) => new URL(pathname, base).toString();

async function signIn(page: Page, email: string) {
  await page.goto(at("/login"));
  await waitForHydration(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((u) => u.pathname === "/dashboard");
}

/** From /payment for a plan, presses Pay and arrives on the fake Paystack's checkout page. */
async function toCheckout(page: Page, payLabel: string) {
  await page.waitForURL((u) => u.pathname === "/payment");
  await waitForHydration(page);
  await page.getByRole("heading", { name: "Complete Your Payment" }).waitFor();
  await page.getByRole("button", { name: payLabel }).click();
  await page.waitForURL((u) => u.origin === fake.baseUrl && u.pathname.startsWith("/checkout/"));
  await page.getByRole("heading", { name: "Paystack Checkout (test mode)" }).waitFor();
}

/** React Router's navigation state and location in the page, as they are this moment. */
function routerState(page: Page): Promise<{ navigation: string; search: string }> {
  return page.evaluate(() => {
    type Router = { state: { navigation: { state: string }; location: { search: string } } };
    const { state } = (window as unknown as { __reactRouterDataRouter: Router }).__reactRouterDataRouter;
    return { navigation: state.navigation.state, search: state.location.search };
  });
}

describe("paying with Paystack (the fake) in the browser", () => {
  it("an owner goes /pricing → /payment → Pay → Paystack's page → pays → /payment?reference → /dashboard with the plan", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      await signIn(page, "newowner@example.com");
      await page.goto(at("/pricing"));
      await waitForHydration(page);
      // Signed in, a paid plan's button goes straight to /payment with the plan id.
      await page.getByRole("link", { name: "Choose Standard" }).click();
      await toCheckout(page, "Pay ₦2,999");
      expect(await page.locator("main").innerText()).toContain("NGN 2999.00");
      // Paystack sends the browser back to our callback; the server asks Paystack, then the dashboard.
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.waitForURL((u) => u.origin === base && u.pathname === "/dashboard" && u.searchParams.get("payment") === "subscription");
      await page.getByText("Payment successful").waitFor();
      const dashboard = await page.locator("#main").innerText();
      expect(dashboard).toContain("Your Standard plan is now active.");
      expect(dashboard).toMatch(/Your plan: Standard/);
      // One initialize, one signed webhook that our server accepted.
      const reference = [...fake.transactions.values()].find((t) => t.email === "newowner@example.com")!.reference;
      expect(fake.deliveries.filter((d) => d.reference === reference)).toEqual([{ reference, status: 200, signature: "ours" }]);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("a declined card comes back to the payment screen's failure text, with a way to try again", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      await signIn(page, "owner@example.com");
      await page.goto(at("/payment?type=subscription&plan=premium"));
      await toCheckout(page, "Pay ₦9,999");
      await page.getByRole("button", { name: "Decline card" }).click();
      await page.waitForURL((u) => u.origin === base && u.pathname === "/payment" && u.searchParams.has("reference"));
      await page.getByText("Payment failed").waitFor();
      await page.getByText("Your payment could not be completed and you have not been charged. Please try again.").waitFor();
      await page.getByRole("link", { name: "Try again" }).click();
      await page.waitForURL((u) => u.pathname === "/pricing");
      // The failed page answers 409 on purpose; the browser logs that response as a failed load.
      expect(watched.errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("an abandoned checkout: back without paying → processing, then Cancel", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      // The page's own timers run on a clock this test moves on (time still flows by itself meanwhile).
      await watched.context.clock.install();
      await signIn(page, "tayo.adewale@example.com");
      await page.goto(at("/payment?type=subscription&plan=standard"));
      await toCheckout(page, "Pay ₦2,999");
      await page.getByRole("link", { name: "Cancel payment" }).click();
      await page.waitForURL((u) => u.origin === base && u.pathname === "/payment" && u.searchParams.has("reference"));
      await waitForHydration(page);
      await page.getByRole("heading", { name: "Payment processing" }).waitFor();
      await page.getByText("We have not received your payment yet.", { exact: false }).waitFor();
      // It checks again by itself after a few seconds while nothing is known (Paystack still says 'abandoned').
      expect(new URL(page.url()).searchParams.has("check")).toBe(false);
      await page.clock.runFor(PENDING_REFRESH_SECONDS * 1000);
      // The due check starts a navigation (what the read after Cancel below relies on): seen loading, or already
      // arrived. Read once at once, it was sometimes neither on a busy machine (the page's timer set a moment after the
      // clock moved), so it is polled for a few seconds.
      await expect
        .poll(async () => {
          const state = await routerState(page);
          return state.navigation === "loading" || new URLSearchParams(state.search).get("check") === "1";
        }, { timeout: 5_000, interval: 50 })
        .toBe(true);
      await page.waitForURL((u) => u.searchParams.get("check") === "1", { timeout: 10_000 });
      await page.getByRole("button", { name: "Pay again" }).waitFor();
      await page.getByRole("button", { name: "Cancel payment" }).click();
      // Back to the order summary of the same plan: cancelled, and paying again is one press.
      await page.waitForURL((u) => u.pathname === "/payment" && u.searchParams.get("cancelled") === "1");
      await page.getByText("You cancelled this payment. You have not been charged.").waitFor();
      await page.getByRole("button", { name: "Pay ₦2,999" }).waitFor();
      // Nothing checks again after cancelling: a minute of the page's timers runs (the check above shows a due check
      // starts a navigation), and no navigation has started.
      await page.clock.runFor(60_000);
      const router = await routerState(page);
      expect(router.navigation).toBe("idle");
      expect(new URLSearchParams(router.search).get("cancelled")).toBe("1");
      expect(new URL(page.url()).searchParams.get("cancelled")).toBe("1");
      await page.getByText("You cancelled this payment. You have not been charged.").waitFor();
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("works without JavaScript: the pay button's post reaches Paystack (CSP form-action), the waiting page refreshes itself, Cancel", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(at("/login"));
      await page.getByLabel("Email", { exact: true }).fill("cassandra.okon@example.com");
      await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((u) => u.pathname === "/dashboard");
      await page.goto(at("/payment?type=subscription&plan=premium"));
      await page.getByRole("button", { name: "Pay ₦9,999" }).click();
      await page.waitForURL((u) => u.origin === fake.baseUrl && u.pathname.startsWith("/checkout/"));
      await page.getByRole("link", { name: "Cancel payment" }).click();
      await page.waitForURL((u) => u.origin === base && u.pathname === "/payment" && u.searchParams.has("reference"));
      await page.getByRole("heading", { name: "Payment processing" }).waitFor();
      await page.waitForURL((u) => u.searchParams.get("check") === "1", { timeout: 10_000 });
      await page.getByRole("button", { name: "Cancel payment" }).click();
      await page.waitForURL((u) => u.pathname === "/payment" && u.searchParams.get("cancelled") === "1");
      await page.getByText("You cancelled this payment. You have not been charged.").waitFor();
    } finally {
      await context.close();
    }
  });
});
