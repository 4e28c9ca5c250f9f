/**
 * Paystack end to end on our side: the real provider (fetch), the real webhook endpoint (the Hono app on a
 * loopback socket), the real /payment route module, against tests/support/fake-paystack.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { featuredRequests, payments, subscriptions } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { startFakePaystack, type FakePaystack } from "../../../tests/support/fake-paystack";
import { refusal } from "../../../tests/support/refusals";
import { BASE_URL, renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { listen, testApp, type Listening } from "../../../tests/support/server";
import { settleBackgroundTasks } from "../../lib/background.server";
import { getDb } from "../../lib/db.server";
import { getEnv, setEnv, type Env } from "../../lib/env.server";
import { captureLogs } from "../../lib/logger.server";
import * as paymentRoute from "../../routes/plans/payment";
import { currentPlanFor } from "../plans/current-plan.server";
import { cancelPayment, PAYMENT_CANCELLED } from "./cancel-payment.server";
import { closeStalePayments, PAYMENT_NOT_COMPLETED } from "./close-stale-payments.server";
import { confirmPayment } from "./confirm-payment.server";
import { REFUND_NOTES } from "./handle-paystack-webhook.server";
import { payForPlan } from "./pay-for-plan.server";
import { PAYMENT_TEXTS } from "./payment.schemas";
import { defaultPaymentProvider, registerPaymentProvider, resetPaymentProviders, setDefaultPaymentProvider } from "./payment-provider.server";
import { checkoutOrigins, createPaystackProvider, outcomeOfTransaction, PaystackError } from "./paystack-provider.server";
import { startPayment } from "./start-payment.server";

let fake: FakePaystack;
let served: Listening;
let configured: Env;
const WEBHOOK = "/api/payments/paystack/webhook";

beforeAll(async () => {
  configured = getEnv();
  fake = await startFakePaystack();
  served = await listen(testApp());
  fake.webhookUrl = `${served.url}${WEBHOOK}`;
});
afterAll(async () => {
  await fake?.stop();
  await served?.close();
});

beforeEach(() => {
  setEnv({ ...configured, PAYMENT_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.baseUrl, PUBLIC_URL: BASE_URL });
  resetPaymentProviders();
  fake.webhook = { mode: "immediately", lateMs: 300 };
  fake.behaviour = { initialize: "ok", verify: "ok", refund: "ok" };
  fake.refundStatus = "pending";
});
afterEach(async () => {
  await fake.settled();
  await settleBackgroundTasks();
  setEnv(configured);
  resetPaymentProviders();
});

async function owner() {
  const created = await createOwner(getDb());
  return { created, actor: await actorFor(created) };
}

async function row(reference: string) {
  const [found] = await getDb().select().from(payments).where(eq(payments.reference, reference));
  return found!;
}

async function subscriptionsOf(userId: string) {
  return getDb().select({ id: subscriptions.id, planId: subscriptions.planId }).from(subscriptions).where(eq(subscriptions.userId, userId));
}

/** Starts a Standard checkout and returns the reference and the checkout page's address. */
async function checkout(actor: Awaited<ReturnType<typeof owner>>["actor"], plan: "standard" | "premium" = "standard") {
  const result = await payForPlan(actor, { type: "subscription", plan });
  if (result.status !== "redirect") throw new Error(`expected the checkout page, got ${JSON.stringify(result)}`);
  const accessCode = result.url.split("/").pop();
  const reference = [...fake.transactions.values()].find((t) => t.accessCode === accessCode)!.reference;
  return { reference, url: result.url };
}

/** What a browser does on the fake checkout page: presses a button; answers where it is sent. */
async function press(url: string, button: "pay" | "decline"): Promise<string> {
  const page = await fetch(url);
  expect(await page.text()).toContain(button === "pay" ? ">Pay<" : ">Decline card<");
  const answer = await fetch(`${url}/${button}`, { method: "POST", redirect: "manual" });
  expect(answer.status).toBe(302);
  return answer.headers.get("location")!;
}

function postWebhook(body: string, signature?: string) {
  return fetch(`${served.url}${WEBHOOK}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature === undefined ? {} : { "x-paystack-signature": signature }) },
    body,
  });
}

function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

describe("the Paystack provider is configured from the environment", () => {
  it("PAYMENT_PROVIDER=paystack makes it the default; initialize gets the documented body with our Bearer key", async () => {
    expect(defaultPaymentProvider().name).toBe("paystack");
    const { created, actor } = await owner();
    const before = fake.calls.length;
    const { reference, url } = await checkout(actor);
    expect(reference).toMatch(/^paystack-[0-9a-f]{24}$/);
    expect(url).toMatch(new RegExp(`^${fake.baseUrl}/checkout/[0-9a-f]+$`));
    const [call] = fake.calls.slice(before);
    expect(call).toMatchObject({ method: "POST", path: "/transaction/initialize", authorization: `Bearer ${fake.secretKey}` });
    expect(call!.body).toEqual({
      email: created.email,
      amount: 299_900,
      currency: "NGN",
      reference,
      callback_url: `${BASE_URL}/payment?reference=${reference}`,
      metadata: { description: "Standard plan", cancel_action: `${BASE_URL}/payment?reference=${reference}` },
    });
    // Recorded before Paystack was called, and still pending: nothing is granted by starting.
    expect(await row(reference)).toMatchObject({ status: "pending", provider: "paystack", amountKobo: 299_900, currency: "NGN" });
    expect((await currentPlanFor(actor.id)).plan.id).toBe("free");
  });
});

describe("paying through the checkout page", () => {
  it("pays, comes back to /payment?reference (verified with Paystack, not the browser) and lands on /dashboard", async () => {
    const { created, actor } = await owner();
    const { reference, url } = await checkout(actor);
    const callback = await press(url, "pay");
    expect(callback).toBe(`${BASE_URL}/payment?reference=${reference}&trxref=${reference}&reference=${reference}`);
    const cookie = await sessionCookie(created.email);
    const verifies = () => fake.calls.filter((c) => c.path === `/transaction/verify/${reference}`).length;
    const back = await renderRoute(paymentRoute, pathOf(callback), { cookie });
    expect(back).toMatchObject({ kind: "redirect", location: `/dashboard?payment=subscription&plan=standard&reference=${reference}` });
    expect(await row(reference)).toMatchObject({ status: "succeeded", failureReason: null });
    expect(await subscriptionsOf(actor.id)).toEqual([{ id: expect.any(String), planId: "standard" }]);
    // The webhook settled it first; the return found it settled and asked nobody.
    expect(fake.deliveries.filter((d) => d.reference === reference)).toEqual([{ reference, status: 200, signature: "ours" }]);
    expect(verifies()).toBe(0);
  });

  it("without the webhook, the return asks verify and grants once", async () => {
    fake.webhook.mode = "never";
    const { created, actor } = await owner();
    const { reference, url } = await checkout(actor, "premium");
    const callback = await press(url, "pay");
    const cookie = await sessionCookie(created.email);
    expect(await renderRoute(paymentRoute, pathOf(callback), { cookie })).toMatchObject({ kind: "redirect", location: `/dashboard?payment=subscription&plan=premium&reference=${reference}` });
    expect(fake.calls.filter((c) => c.path === `/transaction/verify/${reference}`)).toHaveLength(1);
    expect(await renderRoute(paymentRoute, pathOf(callback), { cookie })).toMatchObject({ kind: "redirect" });
    expect(await subscriptionsOf(actor.id)).toHaveLength(1);
  });

  it("a browser that closes before the callback still gets its plan from the webhook", async () => {
    fake.webhook.mode = "late";
    const { actor } = await owner();
    const { reference, url } = await checkout(actor);
    await press(url, "pay");
    // The tab is closed: nobody ever opens the callback.
    expect((await row(reference)).status).toBe("pending");
    await fake.settled();
    expect(await row(reference)).toMatchObject({ status: "succeeded" });
    expect((await currentPlanFor(actor.id)).plan.id).toBe("standard");
  });

  it("a featured placement paid through Paystack creates the request with its reference", async () => {
    const { actor } = await owner();
    const listing = await createBusiness(getDb(), { userId: actor.id });
    const result = await payForPlan(actor, { type: "featured", plan: "basic", businessId: listing.id });
    if (result.status !== "redirect") throw new Error("expected a redirect");
    await press(result.url, "pay");
    const [request] = await getDb().select().from(featuredRequests).where(eq(featuredRequests.businessId, listing.id));
    expect(request).toMatchObject({ status: "pending", pricingTier: "basic", paymentReference: expect.stringMatching(/^paystack-/) });
  });

  it("a declined card: the payment screen's failure text with a way to try again, and the payment failed", async () => {
    const { created, actor } = await owner();
    const { reference, url } = await checkout(actor);
    const callback = await press(url, "decline");
    const shown = page(await renderRoute(paymentRoute, pathOf(callback), { cookie: await sessionCookie(created.email) }));
    expect(shown.text).toContain(PAYMENT_TEXTS.failed.title);
    expect(shown.text).toContain(PAYMENT_TEXTS.failed.text);
    expect(shown.html).toMatch(/href="\/pricing"[^>]*>Try again/);
    expect(await row(reference)).toMatchObject({ status: "failed", failureReason: "Declined: Declined" });
    expect(await subscriptionsOf(actor.id)).toEqual([]);
  });
});

describe("the webhook", () => {
  it("refuses unsigned and mis-signed events (401, a warning without the body) and grants nothing", async () => {
    const { actor } = await owner();
    const { reference } = await checkout(actor);
    fake.transactions.get(reference)!.status = "success";
    const genuine = fake.signedEvent(reference);
    const forged = fake.signedEvent(reference, { key: `sk_test_${"f".repeat(40)}` });
    const capture = captureLogs();
    let lines: string[];
    try {
      expect((await postWebhook(genuine.body)).status).toBe(401);
      expect((await postWebhook(genuine.body, forged.signature)).status).toBe(401);
      expect((await postWebhook(genuine.body, "not-hex")).status).toBe(401);
      // A signature of another body (the amount changed after signing).
      expect((await postWebhook(genuine.body.replace('"amount":299900', '"amount":1'), genuine.signature)).status).toBe(401);
    } finally {
      lines = capture.stop();
    }
    const refusals = lines.filter((l) => l.includes("paystack webhook refused"));
    expect(refusals).toHaveLength(4);
    for (const line of refusals) {
      expect(JSON.parse(line).level).toBe(40);
      expect(line).not.toContain(reference);
      expect(line).not.toContain("charge.success");
    }
    expect(await row(reference)).toMatchObject({ status: "pending" });
    expect(await subscriptionsOf(actor.id)).toEqual([]);
    // The genuine one, with its signature, goes through the origin check (no Origin: a server) and settles.
    expect((await postWebhook(genuine.body, genuine.signature)).status).toBe(200);
    expect(await row(reference)).toMatchObject({ status: "succeeded" });
  });

  it("a replayed event (Paystack retries, twice at once, again later) changes nothing", async () => {
    fake.webhook.mode = "twice";
    const { actor } = await owner();
    const { reference, url } = await checkout(actor);
    await press(url, "pay");
    expect(fake.deliveries.filter((d) => d.reference === reference).map((d) => d.status)).toEqual([200, 200]);
    const settled = await row(reference);
    const event = fake.signedEvent(reference);
    const answers = await Promise.all([postWebhook(event.body, event.signature), postWebhook(event.body, event.signature)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const after = await row(reference);
    expect(after).toMatchObject({ status: "succeeded", failureReason: null });
    expect(after.updatedAt.getTime()).toBe(settled.updatedAt.getTime());
    expect(await subscriptionsOf(actor.id)).toHaveLength(1);
    expect(fake.calls.filter((c) => c.path === "/refund")).toHaveLength(0);
  });

  it("an amount mismatch grants nothing, and the money goes back once", async () => {
    fake.webhook.amountOverride = 100;
    const { created, actor } = await owner();
    const { reference, url } = await checkout(actor);
    const callback = await press(url, "pay");
    await settleBackgroundTasks();
    const failed = await row(reference);
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toContain("The amount paid (100 kobo) does not match the price (299900 kobo).");
    expect(failed.failureReason).toMatch(new RegExp(`${REFUND_NOTES.requested.replace(".", "\\.")}$`));
    expect(await subscriptionsOf(actor.id)).toEqual([]);
    // The same event again refunds nothing more.
    const event = fake.signedEvent(reference);
    expect((await postWebhook(event.body, event.signature)).status).toBe(200);
    await settleBackgroundTasks();
    expect(fake.calls.filter((c) => c.path === "/refund")).toEqual([expect.objectContaining({ body: { transaction: reference } })]);
    // The browser's return says it failed.
    const shown = page(await renderRoute(paymentRoute, pathOf(callback), { cookie: await sessionCookie(created.email) }));
    expect(shown.text).toContain(PAYMENT_TEXTS.failed.text);
  });

  it("events out of order, unknown events and unknown references are acknowledged (200) and change nothing else", async () => {
    fake.webhook.mode = "held";
    const { actor } = await owner();
    const first = await checkout(actor, "standard");
    const second = await checkout(actor, "premium");
    await press(first.url, "pay");
    await press(second.url, "pay");
    await fake.releaseHeld("reversed");
    expect(await row(first.reference)).toMatchObject({ status: "succeeded" });
    expect(await row(second.reference)).toMatchObject({ status: "succeeded" });
    expect((await subscriptionsOf(actor.id)).map((s) => s.planId).sort()).toEqual(["premium", "standard"]);

    const unknownEvent = fake.signedEvent(first.reference, { event: "transfer.success" });
    expect((await postWebhook(unknownEvent.body, unknownEvent.signature)).status).toBe(200);
    const unknownReference = fake.signedEvent("paystack-000000000000000000000000");
    expect((await postWebhook(unknownReference.body, unknownReference.signature)).status).toBe(200);
    expect(await subscriptionsOf(actor.id)).toHaveLength(2);
  });

  it("a payment paid after its owner cancelled it is refunded once, not granted", async () => {
    fake.webhook.mode = "held";
    const { actor } = await owner();
    const { reference, url } = await checkout(actor);
    // Cancelled while the checkout is still open elsewhere…
    expect(await cancelPayment(actor, reference)).toMatchObject({ status: "cancelled" });
    // …then paid there after all; the event arrives twice.
    await press(url, "pay");
    await fake.releaseHeld();
    const event = fake.signedEvent(reference);
    expect((await postWebhook(event.body, event.signature)).status).toBe(200);
    await settleBackgroundTasks();
    expect(await row(reference)).toMatchObject({ status: "failed", failureReason: `${PAYMENT_CANCELLED} ${REFUND_NOTES.requested}` });
    expect(fake.calls.filter((c) => c.path === "/refund" && (c.body as { transaction: string }).transaction === reference)).toHaveLength(1);
    expect(await subscriptionsOf(actor.id)).toEqual([]);
  });
});

describe("two tabs", () => {
  it("pressing Pay in two tabs at once starts one checkout (charged once); the other is told 'Payment in progress'", async () => {
    const { actor } = await owner();
    const before = fake.calls.filter((c) => c.path === "/transaction/initialize").length;
    const results = await Promise.allSettled([
      payForPlan(actor, { type: "subscription", plan: "standard" }),
      payForPlan(actor, { type: "subscription", plan: "standard" }),
    ]);
    const started = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(started).toHaveLength(1);
    expect(refused[0]).toMatchObject({ code: "conflict", title: PAYMENT_TEXTS.inProgress.title, message: PAYMENT_TEXTS.inProgress.text });
    expect(fake.calls.filter((c) => c.path === "/transaction/initialize").length - before).toBe(1);
    const rows = await getDb().select({ status: payments.status }).from(payments).where(eq(payments.userId, actor.id));
    expect(rows).toEqual([{ status: "pending" }]);
  });
});

describe("an abandoned checkout", () => {
  it("shows 'processing' that checks again by itself, with Pay again and Cancel; Pay again starts a new checkout; Cancel closes it", async () => {
    const { created, actor } = await owner();
    const cookie = await sessionCookie(created.email);
    const { reference } = await checkout(actor);
    // Back without paying: Paystack says 'abandoned', which is not an outcome yet.
    const waiting = page(await renderRoute(paymentRoute, `/payment?reference=${reference}`, { cookie }));
    expect(waiting.status).toBe(200);
    expect(waiting.text).toContain(PAYMENT_TEXTS.stillProcessing.title);
    // Without JavaScript a meta refresh (inside <noscript>: with JavaScript the page navigates by itself).
    expect(waiting.html).toContain(`<noscript><meta http-equiv="refresh" content="4;url=/payment?reference=${reference}&amp;check=1"/></noscript>`);
    expect(waiting.html).toMatch(/<button type="submit" value="retry"[^>]*name="intent">Pay again<\/button>/);
    expect(waiting.html).toMatch(/<button type="submit" value="cancel"[^>]*name="intent">Cancel payment<\/button>/);
    expect((await row(reference)).status).toBe("pending");
    // After enough checks it stops refreshing and offers to check by hand.
    const tired = page(await renderRoute(paymentRoute, `/payment?reference=${reference}&check=60`, { cookie }));
    expect(tired.html).not.toContain('http-equiv="refresh"');
    expect(tired.text).toContain("Check again");

    // Another owner cannot cancel or retry it.
    const other = await owner();
    expect(await refusal(cancelPayment(other.actor, reference))).toMatchObject({ code: "not-found" });
    expect((await row(reference)).status).toBe("pending");

    const retried = await renderRoute(paymentRoute, "/payment", { cookie, form: { intent: "retry", reference } });
    if (retried.kind !== "redirect") throw new Error("expected the new checkout page");
    expect(retried.location).toMatch(new RegExp(`^${fake.baseUrl}/checkout/`));
    expect(await row(reference)).toMatchObject({ status: "failed", failureReason: PAYMENT_CANCELLED });
    const pending = (await getDb().select().from(payments).where(eq(payments.userId, actor.id))).filter((p) => p.status === "pending");
    expect(pending).toHaveLength(1);
    expect(pending[0]!.reference).not.toBe(reference);

    // Cancel: back to the order summary of the same plan, saying so.
    const cancelled = await renderRoute(paymentRoute, "/payment", { cookie, form: { intent: "cancel", reference: pending[0]!.reference } });
    expect(cancelled).toEqual({ kind: "redirect", status: 302, location: "/payment?type=subscription&plan=standard&cancelled=1" });
    const summary = page(await renderRoute(paymentRoute, "/payment?type=subscription&plan=standard&cancelled=1", { cookie }));
    expect(summary.text).toContain(PAYMENT_TEXTS.cancelled.text);
    expect(summary.text).toContain("Pay ₦2,999");
    expect(await row(pending[0]!.reference)).toMatchObject({ status: "failed", failureReason: PAYMENT_CANCELLED });
    expect(await subscriptionsOf(actor.id)).toEqual([]);
    // Cancelling twice is refused with the failure text; an unknown intent is refused.
    expect(await refusal(cancelPayment(actor, reference))).toMatchObject({ code: "conflict", message: PAYMENT_TEXTS.failed.text });
    expect(await renderRoute(paymentRoute, "/payment", { cookie, form: { intent: "steal", reference } })).toMatchObject({ kind: "page", status: 400 });
  });

  it("Cancel on a payment that was paid meanwhile grants it instead", async () => {
    fake.webhook.mode = "never";
    const { actor } = await owner();
    const { reference, url } = await checkout(actor);
    await press(url, "pay");
    expect(await cancelPayment(actor, reference)).toMatchObject({ status: "paid", planId: "standard" });
    expect(await row(reference)).toMatchObject({ status: "succeeded" });
  });
});

describe("close-stale-payments", () => {
  it("asks Paystack once about each payment pending for more than a day and closes it: paid → granted, else failed", async () => {
    fake.webhook.mode = "never";
    const a = await owner();
    const b = await owner();
    const c = await owner();
    const paid = await checkout(a.actor);
    await press(paid.url, "pay");
    const abandoned = await checkout(b.actor);
    const young = await checkout(c.actor);
    const old = new Date(Date.now() - 25 * 3_600_000);
    for (const reference of [paid.reference, abandoned.reference]) {
      await getDb().update(payments).set({ createdAt: old }).where(eq(payments.reference, reference));
    }
    const verifies = (reference: string) => fake.calls.filter((call) => call.path === `/transaction/verify/${reference}`).length;
    const run = await closeStalePayments();
    expect(run).toMatchObject({ succeeded: 1 });
    expect(run.closed).toBeGreaterThanOrEqual(1);
    expect(await row(paid.reference)).toMatchObject({ status: "succeeded" });
    expect((await currentPlanFor(a.actor.id)).plan.id).toBe("standard");
    expect(await row(abandoned.reference)).toMatchObject({ status: "failed", failureReason: PAYMENT_NOT_COMPLETED });
    expect(await row(young.reference)).toMatchObject({ status: "pending" });
    expect([verifies(paid.reference), verifies(abandoned.reference), verifies(young.reference)]).toEqual([1, 1, 0]);
    // Nothing left to ask about.
    await closeStalePayments();
    expect([verifies(paid.reference), verifies(abandoned.reference)]).toEqual([1, 1]);
  });

  it("closes a stale payment when Paystack cannot be asked (a later charge is refunded by the webhook)", async () => {
    const { actor } = await owner();
    const { reference } = await checkout(actor);
    await getDb().update(payments).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(payments.reference, reference));
    fake.behaviour.verify = "5xx";
    await closeStalePayments();
    expect(await row(reference)).toMatchObject({ status: "failed", failureReason: PAYMENT_NOT_COMPLETED });
  });
});

describe("when Paystack fails", () => {
  it("initialize answering 5xx, not answering, or refusing the key: the payment screen's failure text, the payment failed", async () => {
    for (const trouble of ["5xx", "hang", "invalid-key"] as const) {
      resetPaymentProviders();
      if (trouble === "invalid-key") {
        registerPaymentProvider(createPaystackProvider({ secretKey: `sk_test_${"9".repeat(40)}`, baseUrl: fake.baseUrl, publicUrl: BASE_URL }));
      } else {
        fake.behaviour.initialize = trouble;
        registerPaymentProvider(createPaystackProvider({ secretKey: fake.secretKey, baseUrl: fake.baseUrl, publicUrl: BASE_URL, timeoutMs: 300 }));
      }
      setDefaultPaymentProvider("paystack");
      const { created, actor } = await owner();
      const capture = captureLogs();
      let lines: string[];
      let shown: Rendered;
      try {
        shown = await renderRoute(paymentRoute, "/payment", { cookie: await sessionCookie(created.email), form: { type: "subscription", plan: "standard" } });
      } finally {
        lines = capture.stop();
      }
      expect(page(shown).text).toContain(PAYMENT_TEXTS.failed.text);
      const [recorded] = await getDb().select().from(payments).where(eq(payments.userId, actor.id));
      expect(recorded).toMatchObject({ status: "failed", failureReason: "The payment provider could not start the payment." });
      expect(lines.join("\n")).not.toContain(fake.secretKey);
      expect(lines.join("\n")).not.toContain("9".repeat(40));
      fake.behaviour.initialize = "ok";
    }
  });

  it("verify answering 5xx or not answering leaves the payment pending, shown as processing", async () => {
    const { created, actor } = await owner();
    const { reference, url } = await checkout(actor);
    fake.webhook.mode = "never";
    await press(url, "pay");
    for (const trouble of ["5xx", "hang"] as const) {
      fake.behaviour.verify = trouble;
      resetPaymentProviders();
      registerPaymentProvider(createPaystackProvider({ secretKey: fake.secretKey, baseUrl: fake.baseUrl, publicUrl: BASE_URL, timeoutMs: 300 }));
      setDefaultPaymentProvider("paystack");
      expect(await confirmPayment(actor, reference)).toEqual({ status: "pending", reference });
      const shown = page(await renderRoute(paymentRoute, `/payment?reference=${reference}`, { cookie: await sessionCookie(created.email) }));
      expect(shown.text).toContain(PAYMENT_TEXTS.stillProcessing.text);
      expect((await row(reference)).status).toBe("pending");
    }
    fake.behaviour.verify = "ok";
    expect(await confirmPayment(actor, reference)).toMatchObject({ status: "paid" });
  });

  it("a wrong key's error names the endpoint and status, never the key", async () => {
    const key = `sk_live_${"7".repeat(40)}`;
    const provider = createPaystackProvider({ secretKey: key, baseUrl: fake.baseUrl, publicUrl: BASE_URL });
    const error = await provider.confirm({ reference: "paystack-x", amountKobo: 1, currency: "NGN", email: "a@example.com", description: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaystackError);
    expect((error as PaystackError).message).toBe("paystack verify refused (HTTP 401): Invalid key");
    expect((error as PaystackError).message).not.toContain(key);
  });
});

describe("refunds", () => {
  it("POST /refund with the reference (and the amount when partial): pending while queued, refunded when processed", async () => {
    fake.webhook.mode = "never";
    const { actor } = await owner();
    const { reference, url } = await checkout(actor);
    const provider = defaultPaymentProvider();
    const payment = { reference, amountKobo: 299_900, currency: "NGN" as const, email: "a@example.com", description: "Standard plan" };
    // Nothing paid yet: Paystack refuses, and so do we.
    await expect(provider.refund!(payment)).rejects.toBeInstanceOf(PaystackError);
    await press(url, "pay");
    expect(await provider.refund!(payment, 100_000)).toEqual({ status: "pending" });
    fake.refundStatus = "processed";
    expect(await provider.refund!(payment)).toEqual({ status: "refunded" });
    expect(fake.calls.filter((c) => c.path === "/refund").slice(-2).map((c) => c.body)).toEqual([{ transaction: reference, amount: 100_000 }, { transaction: reference }]);
  });
});

describe("starting a payment is refused before Paystack is called", () => {
  it("for visitors, admins and anonymous callers", async () => {
    const before = fake.calls.length;
    const visitor = await actorFor(await createVisitor(getDb()));
    const admin = await actorFor(await createAdmin(getDb()));
    for (const who of [visitor, admin, null]) {
      expect(await refusal(startPayment(who, { type: "subscription", plan: "standard" }))).toMatchObject({ code: "forbidden" });
    }
    expect(fake.calls.length).toBe(before);
  });
});

describe("what Paystack's transaction statuses mean (verify's data, or a signed event's)", () => {
  const ours = { reference: "paystack-abc" };
  const paid = { status: "success", reference: "paystack-abc", amount: 299_900, currency: "NGN" };

  it("success counts only for our reference, in naira, with a whole amount: the amount actually paid is reported", () => {
    expect(outcomeOfTransaction(ours, paid)).toEqual({ status: "succeeded", amountKobo: 299_900 });
    expect(outcomeOfTransaction(ours, { ...paid, amount: 100 })).toEqual({ status: "succeeded", amountKobo: 100 });
    expect(outcomeOfTransaction(ours, { ...paid, reference: "paystack-other" })).toMatchObject({ status: "failed", reason: "The payment provider reported a different transaction." });
    expect(outcomeOfTransaction(ours, { ...paid, currency: "GHS" })).toMatchObject({ status: "failed", reason: "The payment was not made in naira." });
    for (const amount of ["299900", 2999.5, -1, undefined]) {
      expect(outcomeOfTransaction(ours, { ...paid, amount })).toMatchObject({ status: "failed" });
    }
  });

  it("failed and reversed fail; abandoned, ongoing, pending, processing, queued and unknown statuses stay pending", () => {
    expect(outcomeOfTransaction(ours, { status: "failed", gateway_response: "Insufficient Funds" })).toEqual({ status: "failed", reason: "Declined: Insufficient Funds" });
    expect(outcomeOfTransaction(ours, { status: "failed" })).toEqual({ status: "failed", reason: "The payment was declined." });
    expect(outcomeOfTransaction(ours, { status: "reversed" })).toEqual({ status: "failed", reason: "The payment was reversed." });
    for (const status of ["abandoned", "ongoing", "pending", "processing", "queued", "something-new", undefined]) {
      expect(outcomeOfTransaction(ours, { status })).toEqual({ status: "pending" });
    }
  });

  it("checkout origins for the CSP: none without Paystack; Paystack's checkout, and the fake's origin when set", () => {
    expect(checkoutOrigins({ PAYMENT_PROVIDER: "demo" })).toEqual([]);
    expect(checkoutOrigins({ PAYMENT_PROVIDER: "paystack" })).toEqual(["https://checkout.paystack.com"]);
    expect(checkoutOrigins({ PAYMENT_PROVIDER: "paystack", PAYSTACK_BASE_URL: "http://127.0.0.1:4010/x" })).toEqual(["https://checkout.paystack.com", "http://127.0.0.1:4010"]);
  });
});

describe("Paystack unreachable", () => {
  it("says so with the network's code, never the key", async () => {
    const closed = await listen(testApp());
    const deadUrl = closed.url;
    await closed.close();
    const key = `sk_test_${"5".repeat(40)}`;
    const provider = createPaystackProvider({ secretKey: key, baseUrl: deadUrl, publicUrl: BASE_URL });
    const error = await provider.initiate({ reference: "paystack-x", amountKobo: 1, currency: "NGN", email: "a@example.com", description: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaystackError);
    expect((error as Error).message).toBe("paystack POST /transaction/initialize: unreachable (ECONNREFUSED)");
    expect((error as Error).message).not.toContain(key);
  });
});
