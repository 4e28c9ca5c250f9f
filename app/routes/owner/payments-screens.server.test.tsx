import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { payments } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createPayment, createSubscription, createVisitor } from "../../../db/seed/factories";
import { hrefs, renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { createDemoPaymentProvider, type DemoProviderOptions } from "../../features/payments/demo-payment-provider.server";
import { LEDGER_TEXTS } from "../../features/payments/payment-ledger";
import { registerPaymentProvider, resetPaymentProviders } from "../../features/payments/payment-provider.server";
import { getDb } from "../../lib/db.server";
import { TEST_SELLER, useSeller } from "../../../tests/support/receipt-seller";
import * as adminRoute from "../admin/admin";
import * as dashboardRoute from "./dashboard";
import * as receiptRoute from "./payment-receipt";
import * as paymentsRoute from "./payments";

const RECEIPT_PATTERN = "dashboard/payments/:reference";

function useDemo(options: DemoProviderOptions = {}) {
  registerPaymentProvider(createDemoPaymentProvider({ delayMs: 0, ...options }));
}

beforeEach(() => {
  resetPaymentProviders();
  useDemo();
});
afterEach(() => resetPaymentProviders());

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

async function signedInOwner(input: Parameters<typeof createOwner>[1] = {}) {
  const owner = await createOwner(getDb(), input);
  return { owner, cookie: await sessionCookie(owner.email) };
}

describe("/dashboard", () => {
  it("shows the plan in force with its end date, and links to the Payments page", async () => {
    const { owner, cookie } = await signedInOwner();
    await createSubscription(getDb(), { userId: owner.id, planId: "premium", startsAt: new Date("2026-11-01T10:00:00Z"), endsAt: new Date("2030-01-31T23:30:00Z") });
    const shown = page(await renderRoute(dashboardRoute, "/dashboard", { cookie }));
    expect(shown.text).toContain("Your plan: Premium");
    // 23:30 UTC is 00:30 the next day in Lagos.
    expect(shown.text).toContain("Active until 1 Feb 2030");
    expect(hrefs(shown.html)).toContain("/dashboard/payments");
    expect(shown.text).toContain("Payments and receipts");
  });
});

describe("/dashboard/payments", () => {
  it("lists the owner's payments: Lagos date, what, amount in naira, status, reference, receipt or continue links", async () => {
    const { owner, cookie } = await signedInOwner();
    const listing = await createBusiness(getDb(), { userId: owner.id, name: "Iya Basira Kitchen" });
    const paid = await createPayment(getDb(), { userId: owner.id, purpose: "subscription", planId: "standard", createdAt: new Date("2026-03-04T23:10:00Z") });
    const pending = await createPayment(getDb(), { userId: owner.id, purpose: "featured", planId: "basic", businessId: listing.id, status: "pending" });
    const failed = await createPayment(getDb(), { userId: owner.id, purpose: "subscription", planId: "premium", status: "failed", createdAt: new Date("2026-01-02T08:00:00Z") });
    const someoneElses = await createPayment(getDb(), { userId: (await createOwner(getDb())).id, purpose: "subscription", planId: "standard" });

    const shown = page(await renderRoute(paymentsRoute, "/dashboard/payments", { cookie }));
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(LEDGER_TEXTS.title);
    for (const heading of ["Date", "What", "Amount", "Status", "Reference"]) expect(shown.html).toContain(`>${heading}</th>`);
    expect(shown.text).toMatch(/5 Mar 2026, 00:10 Standard plan ₦2,999 Succeeded/);
    expect(shown.text).toContain(`Basic featured placement Iya Basira Kitchen ₦9,999 Pending ${pending.reference}`);
    expect(shown.text).toMatch(/2 Jan 2026, 09:00 Premium plan ₦9,999 Failed/);
    const links = hrefs(shown.html);
    expect(links).toContain(`/dashboard/payments/${paid.reference}`);
    expect(links).toContain(`/payment?reference=${pending.reference}`);
    expect(links.filter((l) => l.includes(failed.reference))).toEqual([]);
    expect(shown.text).not.toContain(someoneElses.reference);
    // Newest first.
    expect(shown.text.indexOf(pending.reference)).toBeLessThan(shown.text.indexOf(paid.reference));
    expect(shown.text.indexOf(paid.reference)).toBeLessThan(shown.text.indexOf(failed.reference));
    // On a phone, cards (the table only from 640 px: issue 32, it was 656 px wide on a 360 px screen).
    const cards = shown.html.slice(shown.html.indexOf('<ul class="space-y-3 sm:hidden"'), shown.html.indexOf("<table"));
    expect(cards).toContain(`Basic featured placement<span class="block font-normal text-gray-600">Iya Basira Kitchen</span>`);
    expect(cards).toContain(`href="/dashboard/payments/${paid.reference}"`);
    expect(shown.html).toMatch(/<div class="card hidden overflow-x-auto sm:block"[^>]*><table/);
  });

  it("pages on the server with ?page=, and says when there is nothing", async () => {
    const { owner, cookie } = await signedInOwner();
    const empty = page(await renderRoute(paymentsRoute, "/dashboard/payments", { cookie }));
    expect(empty.text).toContain(LEDGER_TEXTS.empty);
    const base = Date.now() - 3_600_000;
    for (let i = 0; i < 22; i++) {
      await createPayment(getDb(), { userId: owner.id, purpose: "subscription", planId: "standard", status: "failed", createdAt: new Date(base + i * 1000) });
    }
    const first = page(await renderRoute(paymentsRoute, "/dashboard/payments", { cookie }));
    expect(hrefs(first.html)).toContain("/dashboard/payments?page=2");
    const second = page(await renderRoute(paymentsRoute, "/dashboard/payments?page=2", { cookie }));
    expect(second.text).toContain("Page 2");
    expect(second.html.match(/<tr class="align-top">/g)).toHaveLength(2);
    expect(hrefs(second.html)).toContain("/dashboard/payments");
  });

  it("is for business owners: visitors go home, admins to the admin panel, signed-out people to sign in", async () => {
    const visitor = await createVisitor(getDb());
    expect(await renderRoute(paymentsRoute, "/dashboard/payments", { cookie: await sessionCookie(visitor.email) })).toMatchObject({ kind: "redirect", location: "/" });
    const admin = await createAdmin(getDb());
    expect(await renderRoute(paymentsRoute, "/dashboard/payments", { cookie: await sessionCookie(admin.email) })).toMatchObject({ kind: "redirect", location: "/admin" });
    expect(await renderRoute(paymentsRoute, "/dashboard/payments")).toMatchObject({ kind: "redirect", location: `/login?redirectTo=${encodeURIComponent("/dashboard/payments")}` });
  });
});

describe("/dashboard/payments/:reference", () => {
  it("shows the payer a printable receipt: issuer, payer, item and period, exact amount, date, reference, provider", async () => {
    const { owner, cookie } = await signedInOwner({ firstName: "Chiamaka", lastName: "<b>Obi</b>" });
    const payment = await createPayment(getDb(), {
      userId: owner.id, purpose: "subscription", planId: "premium", createdAt: new Date("2026-06-10T12:00:00Z"),
    });
    const shown = page(await renderRoute(receiptRoute, `/dashboard/payments/${payment.reference}`, { cookie, pattern: RECEIPT_PATTERN }));
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Naija Directory Receipt");
    expect(shown.text).toContain(`Billed to Chiamaka &lt;b&gt;Obi&lt;/b&gt; ${owner.email}`);
    expect(shown.html).not.toContain("<b>Obi</b>");
    expect(shown.text).toContain("Item Premium plan");
    expect(shown.text).toContain("Amount paid ₦9,999.00 (NGN)");
    expect(shown.text).toContain("Date paid 10 Jun 2026, 13:00");
    expect(shown.text).toContain(`Reference ${payment.reference}`);
    expect(shown.text).toContain("Paid with Demo payments (no money moved)");
    expect(shown.html).toContain("@media print");
    expect(shown.html).not.toMatch(/<script(?![^>]*type="application\/ld\+json")/);
    expect(hrefs(shown.html)).toContain("/dashboard/payments");
    // Nothing set by the operator: the site's name alone, beside the payer.
    expect(shown.text).toContain(`From Naija Directory Billed to Chiamaka`);
    // Print and Share work only with JavaScript: they appear after hydration, never in the server's page; the
    // hint names the browser's own Print command for everyone.
    expect(shown.html).not.toContain("<button");
    expect(shown.html).not.toContain(LEDGER_TEXTS.actions);
    expect(shown.text).toContain(LEDGER_TEXTS.print);
  });

  describe("with the operator's seller details (RECEIPT_SELLER_*)", () => {
    it("shows them, as text, in a From block beside Billed to, and names the seller at the top", async () => {
      useSeller({ ...TEST_SELLER,
        RECEIPT_SELLER_EMAIL: "accounts@naija.example",
        RECEIPT_SELLER_PHONE: "+234 801 234 5678",
      });
      const { owner, cookie } = await signedInOwner({ firstName: "Bola", lastName: "Ige" });
      const payment = await createPayment(getDb(), { userId: owner.id, purpose: "subscription", planId: "standard" });
      const shown = page(await renderRoute(receiptRoute, `/dashboard/payments/${payment.reference}`, { cookie, pattern: RECEIPT_PATTERN }));
      expect(shown.text).toContain("Ade & Sons &lt;Nigeria&gt; Ltd Receipt");
      expect(shown.text).toContain(
        "From Ade & Sons &lt;Nigeria&gt; Ltd 12 Awolowo Road, Ikoyi, Lagos CAC registration: RC 1234567 TIN: 12345678-0001 " +
          `E-mail: accounts@naija.example Phone: +234 801 234 5678 Billed to Bola Ige ${owner.email}`,
      );
      expect(shown.html).not.toContain("<Nigeria>");
      expect(shown.html).toMatch(/<section aria-labelledby="receipt-from">/);
    });

    it("leaves out what is not set", async () => {
      useSeller({ RECEIPT_SELLER_RC: "BN 3456789" });
      const { owner, cookie } = await signedInOwner({ firstName: "Bola", lastName: "Ige" });
      const payment = await createPayment(getDb(), { userId: owner.id, purpose: "subscription", planId: "standard" });
      const shown = page(await renderRoute(receiptRoute, `/dashboard/payments/${payment.reference}`, { cookie, pattern: RECEIPT_PATTERN }));
      expect(shown.text).toContain("From Naija Directory CAC registration: BN 3456789 Billed to Bola Ige");
      expect(shown.text).not.toContain("TIN:");
    });
  });

  it("is the not-found page for another owner, a visitor and an admin without two-factor; signed-out people sign in first", async () => {
    const { owner } = await signedInOwner();
    const payment = await createPayment(getDb(), { userId: owner.id, purpose: "subscription", planId: "standard" });
    const path = `/dashboard/payments/${payment.reference}`;
    for (const someone of [await createOwner(getDb()), await createVisitor(getDb()), await createAdmin(getDb(), { twoFactor: false })]) {
      await expect(renderRoute(receiptRoute, path, { cookie: await sessionCookie(someone.email), pattern: RECEIPT_PATTERN })).rejects.toThrow(/"status":404/);
    }
    expect(await renderRoute(receiptRoute, path, { pattern: RECEIPT_PATTERN })).toMatchObject({ kind: "redirect", location: `/login?redirectTo=${encodeURIComponent(path)}` });
  });

  it("opens for an admin with two-factor, leading back to the admin's payments view", async () => {
    const { owner } = await signedInOwner();
    const payment = await createPayment(getDb(), { userId: owner.id, purpose: "subscription", planId: "standard" });
    const admin = await createAdmin(getDb());
    const shown = page(await renderRoute(receiptRoute, `/dashboard/payments/${payment.reference}`, { cookie: await sessionCookie(admin.email), pattern: RECEIPT_PATTERN }));
    expect(shown.text).toContain(`Reference ${payment.reference}`);
    expect(hrefs(shown.html)).toContain("/admin?tab=subscriptions&view=payments");
  });
});

describe("the admin's payments view (Subscriptions tab)", () => {
  it("lists payments with filters, re-checks one with its provider, and keeps the spec's eight tabs in order, then Reports, Overview and Deliveries", async () => {
    const admin = await createAdmin(getDb());
    const cookie = await sessionCookie(admin.email);
    const { owner } = await signedInOwner({ firstName: "Emeka" });
    const pending = await createPayment(getDb(), {
      userId: owner.id, purpose: "subscription", planId: "standard", status: "pending", createdAt: new Date(Date.now() + 400 * 86_400_000),
    });
    const path = "/admin?tab=subscriptions&view=payments";
    const shown = page(await renderRoute(adminRoute, path, { cookie }));
    expect(shown.text).toContain(LEDGER_TEXTS.adminTitle);
    expect(shown.text).toContain(`Standard plan · ₦2,999`);
    expect(shown.text).toContain(`Emeka User · ${owner.email}`);
    expect(shown.text).toContain(pending.reference);
    expect(shown.html).toContain('name="intent" value="recheck-payment"');
    expect(shown.html).toMatch(/<select[^>]*name="status"/);
    expect(shown.html).toMatch(/<input[^>]*name="q"/);
    const tabs = [...shown.html.matchAll(/aria-label="Admin sections"[\s\S]*?<\/nav>/g)][0]![0];
    expect([...tabs.matchAll(/<a [^>]*>([^<]+)/g)].map((m) => m[1]!.trim())).toEqual([
      "Users", "Business Approvals", "KYC Approvals", "Featured Requests", "Featured Management", "Subscriptions", "Notifications", "Feedback", "Reports", "Overview", "Deliveries",
      // Issue 34: claims sent for review, then visitors' suggestions.
      "Claims", "Suggestions", "Verification",
    ]);

    const filtered = page(await renderRoute(adminRoute, `${path}&status=failed&q=${pending.reference}`, { cookie }));
    expect(filtered.text).toContain(LEDGER_TEXTS.adminEmpty);
    const found = page(await renderRoute(adminRoute, `${path}&status=pending&q=${pending.reference}`, { cookie }));
    expect(found.text).toContain(pending.reference);

    // The default view is still the spec's list of featured subscriptions.
    const requests = page(await renderRoute(adminRoute, "/admin?tab=subscriptions", { cookie }));
    expect(requests.text).toContain("Featured subscriptions");
    expect(hrefs(requests.html)).toContain(path);

    const rechecked = page(await renderRoute(adminRoute, path, { cookie, form: { intent: "recheck-payment", targetId: pending.reference } }));
    expect(rechecked.status).toBe(200);
    expect(rechecked.text).toContain(LEDGER_TEXTS.recheckTitle);
    expect(rechecked.text).toContain("The provider reports succeeded. The payment is now succeeded and what it bought was granted.");
    const [row] = await getDb().select({ status: payments.status }).from(payments).where(eq(payments.reference, pending.reference));
    expect(row!.status).toBe("succeeded");

    const missing = page(await renderRoute(adminRoute, path, { cookie, form: { intent: "recheck-payment", targetId: "demo_missing" } }));
    expect(missing.status).toBe(404);
    expect(missing.text).toContain(LEDGER_TEXTS.recheckFailed);
  });
});
