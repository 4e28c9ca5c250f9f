import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { businesses, featuredRequests, payments, subscriptions } from "../../../db/schema";
import {
  createBusiness, createFeaturedRequest, createOwner, createPayment, createSubscription, createVisitor, createAdmin,
} from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { getDb } from "../../lib/db.server";
import { getEnv, setEnv } from "../../lib/env.server";
import { formatNaira } from "../../lib/format";
import { LIMITS } from "../../lib/reference";
import { requestFeature } from "../featured/request-feature.server";
import { currentPlanFor, listingLimitFor } from "../plans/current-plan.server";
import { resolveCheckout } from "./checkout.server";
import { confirmPayment, settlePayment, type ConfirmPaymentResult } from "./confirm-payment.server";
import { createDemoPaymentProvider, type DemoProviderOptions } from "./demo-payment-provider.server";
import { afterPaymentHref, payForPlan, type PayForPlanResult } from "./pay-for-plan.server";
import { PAYMENT_TEXTS, parseCheckout } from "./payment.schemas";
import {
  defaultPaymentProvider, PAYMENTS_UNAVAILABLE, registerPaymentProvider, resetPaymentProviders, setDefaultPaymentProvider, type PaymentProvider,
} from "./payment-provider.server";
import { databaseError, SQLSTATE } from "../../../tests/support/db-errors";
import { PAYMENT_IN_PROGRESS_SECONDS, PAYMENT_START_LIMIT, PAYMENT_SUPERSEDED, startPayment } from "./start-payment.server";

const DAY = 86_400_000;

/** The demo provider without its 2 seconds, optionally with another outcome. */
function useDemo(options: DemoProviderOptions = {}) {
  registerPaymentProvider(createDemoPaymentProvider({ delayMs: 0, ...options }));
}

beforeEach(() => {
  resetPaymentProviders();
  useDemo();
});
afterEach(() => resetPaymentProviders());

async function owner() {
  return actorFor(await createOwner(getDb()));
}

async function paymentRow(reference: string) {
  const [row] = await getDb().select().from(payments).where(eq(payments.reference, reference));
  return row!;
}

async function subscriptionCount(paymentId: string) {
  return (await getDb().select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.paymentId, paymentId))).length;
}

/** The paid result of a payment, failing the test when it was anything else. */
function paid(result: PayForPlanResult): Extract<ConfirmPaymentResult, { status: "paid" }> {
  if (result.status !== "paid") throw new Error(`expected a paid result, got ${JSON.stringify(result)}`);
  return result;
}

/** What a refusal with one of the payment screen's { title, text } failures looks like. */
function refusedWith(code: string, failure: { title: string; text: string }) {
  return { code, title: failure.title, message: failure.text };
}

/** The AppError parseCheckout throws for a query string. */
function checkoutRefusal(query: string) {
  return refusal((async () => parseCheckout(new URLSearchParams(query)))());
}

describe("the demo provider", () => {
  it("is the default, waits the spec's 2 seconds unless told otherwise, and succeeds for the full amount", async () => {
    resetPaymentProviders();
    expect(defaultPaymentProvider().name).toBe("demo");
    expect(LIMITS.paymentDemoDelayMs).toBe(2000);
    const provider = createDemoPaymentProvider({ delayMs: 50 });
    const started = Date.now();
    const outcome = await provider.confirm({ reference: "demo_x", amountKobo: 299_900, currency: "NGN", email: "a@example.com", description: "x" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(outcome).toEqual({ status: "succeeded", amountKobo: 299_900 });
  });
});

// Security finding 8: without PAYMENT_PROVIDER (a public site that chose no gateway) nothing is faked.
describe("without a configured payment provider", () => {
  it("refuses to start a checkout and records no payment", async () => {
    const configured = getEnv();
    setEnv({ ...configured, PAYMENT_PROVIDER: undefined });
    resetPaymentProviders();
    try {
      const actor = await owner();
      expect(await refusal(startPayment(actor, { type: "subscription", plan: "standard" }))).toMatchObject({
        code: "unavailable",
        message: PAYMENTS_UNAVAILABLE,
      });
      expect(await getDb().select({ id: payments.id }).from(payments).where(eq(payments.userId, actor.id))).toEqual([]);
    } finally {
      setEnv(configured);
      resetPaymentProviders();
    }
  });
});

describe("paying for a subscription plan", () => {
  it("records the payment as pending before the provider is called, then succeeded, and gives the owner the plan for 30 days", async () => {
    const actor = await owner();
    const seenAtInitiate: string[] = [];
    const spy: PaymentProvider = {
      name: "spy",
      async initiate(payment) {
        // The row already exists, pending, with the server's price, when the provider is first called.
        const row = await paymentRow(payment.reference);
        seenAtInitiate.push(`${row.status}:${row.amountKobo}:${row.provider}`);
        return {};
      },
      async confirm(payment) {
        return { status: "succeeded", amountKobo: payment.amountKobo };
      },
    };
    registerPaymentProvider(spy);
    setDefaultPaymentProvider("spy");
    expect(await currentPlanFor(actor.id)).toMatchObject({ plan: { id: "free" }, endsAt: null });
    expect(await listingLimitFor(actor.id)).toBe(1);

    const before = Date.now();
    const result = paid(await payForPlan(actor, { type: "subscription", plan: "standard" }));
    expect(result).toMatchObject({ status: "paid", type: "subscription", planId: "standard", replay: false });
    expect(seenAtInitiate).toEqual(["pending:299900:spy"]);
    expect(result.reference).toMatch(/^spy-[0-9a-f]{24}$/);

    const row = await paymentRow(result.reference);
    expect(row).toMatchObject({
      userId: actor.id, purpose: "subscription", planId: "standard", amountKobo: 299_900, currency: "NGN", provider: "spy", status: "succeeded",
      failureReason: null,
    });
    expect(row.confirmedAt).toBeInstanceOf(Date);
    expect(row.createdAt.getTime()).toBeLessThanOrEqual(row.confirmedAt!.getTime());
    expect(formatNaira(row.amountKobo)).toBe("₦2,999");

    const [sub] = await getDb().select().from(subscriptions).where(eq(subscriptions.paymentId, row.id));
    expect(sub).toMatchObject({ userId: actor.id, planId: "standard", status: "active" });
    const days = (sub!.endsAt!.getTime() - sub!.startsAt.getTime()) / DAY;
    expect(days).toBeCloseTo(30, 5);
    expect(sub!.startsAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const plan = await currentPlanFor(actor.id);
    expect(plan.plan.id).toBe("standard");
    expect(plan.endsAt?.getTime()).toBe(sub!.endsAt!.getTime());
    expect(await listingLimitFor(actor.id)).toBe(3);
    expect(afterPaymentHref(result)).toBe(`/dashboard?payment=subscription&plan=standard&reference=${result.reference}`);
  });

  it("never counts a payment twice: a replayed confirmation with the same reference changes nothing", async () => {
    const actor = await owner();
    const result = paid(await payForPlan(actor, { type: "subscription", plan: "premium" }));
    const row = await paymentRow(result.reference);
    expect(row.amountKobo).toBe(999_900);
    const endsBefore = (await currentPlanFor(actor.id)).endsAt;

    // The browser comes back again, the gateway's webhook arrives twice, both at once.
    const replay = await confirmPayment(actor, result.reference);
    expect(replay).toMatchObject({ status: "paid", reference: result.reference, replay: true, grant: null });
    const settledAgain = await Promise.all([
      settlePayment(result.reference, { status: "succeeded", amountKobo: 999_900 }),
      settlePayment(result.reference, { status: "failed", reason: "late decline" }),
    ]);
    expect(settledAgain).toEqual([
      { changed: false, status: "succeeded" },
      { changed: false, status: "succeeded" },
    ]);

    expect(await subscriptionCount(row.id)).toBe(1);
    const after = await paymentRow(result.reference);
    expect(after).toMatchObject({ status: "succeeded", failureReason: null });
    expect(after.updatedAt.getTime()).toBe(row.updatedAt.getTime());
    expect((await currentPlanFor(actor.id)).endsAt?.getTime()).toBe(endsBefore?.getTime());
  });

  it("settles a pending payment exactly once when two confirmations race", async () => {
    const actor = await owner();
    const started = await startPayment(actor, { type: "subscription", plan: "standard" });
    const outcomes = await Promise.all([
      settlePayment(started.reference, { status: "succeeded", amountKobo: 299_900 }),
      settlePayment(started.reference, { status: "succeeded", amountKobo: 299_900 }),
      settlePayment(started.reference, { status: "succeeded", amountKobo: 299_900 }),
    ]);
    expect(outcomes.filter((o) => o.changed)).toHaveLength(1);
    expect(await subscriptionCount((await paymentRow(started.reference)).id)).toBe(1);
  });

  it("renewing the plan in force adds 30 days to its end; a different plan starts now and becomes current", async () => {
    const actor = await owner();
    const endsAt = new Date(Date.now() + 10 * DAY);
    await createSubscription(getDb(), { userId: actor.id, planId: "standard", startsAt: new Date(Date.now() - 20 * DAY), endsAt });
    const renewed = await payForPlan(actor, { type: "subscription", plan: "standard" });
    expect(renewed).toMatchObject({ status: "paid", grant: { kind: "subscription", planId: "standard" } });
    const plan = await currentPlanFor(actor.id);
    expect(plan.plan.id).toBe("standard");
    expect(plan.endsAt!.getTime()).toBe(endsAt.getTime() + 30 * DAY);

    const upgraded = await payForPlan(actor, { type: "subscription", plan: "premium" });
    expect(upgraded).toMatchObject({ status: "paid", grant: { kind: "subscription", planId: "premium" } });
    const now = await currentPlanFor(actor.id);
    expect(now.plan.id).toBe("premium");
    expect(Math.round((now.endsAt!.getTime() - Date.now()) / DAY)).toBe(30);
  });

  it("records a declined payment as failed and gives nothing", async () => {
    useDemo({ outcome: () => ({ status: "failed", reason: "Insufficient funds" }) });
    const actor = await owner();
    expect(await refusal(payForPlan(actor, { type: "subscription", plan: "standard" }))).toMatchObject(refusedWith("conflict", PAYMENT_TEXTS.failed));
    const [row] = await getDb().select().from(payments).where(eq(payments.userId, actor.id));
    expect(row).toMatchObject({ status: "failed", failureReason: "Insufficient funds", confirmedAt: null, amountKobo: 299_900 });
    expect(await subscriptionCount(row!.id)).toBe(0);
    expect((await currentPlanFor(actor.id)).plan.id).toBe("free");
  });

  it("refuses a payment whose amount does not match the price", async () => {
    useDemo({ outcome: (p) => ({ status: "succeeded", amountKobo: p.amountKobo - 100 }) });
    const actor = await owner();
    expect(await refusal(payForPlan(actor, { type: "subscription", plan: "standard" }))).toMatchObject(refusedWith("conflict", PAYMENT_TEXTS.failed));
    const [row] = await getDb().select().from(payments).where(eq(payments.userId, actor.id));
    expect(row).toMatchObject({ status: "failed" });
    expect(row!.failureReason).toMatch(/does not match/);
    expect((await currentPlanFor(actor.id)).plan.id).toBe("free");
  });

  it("marks the payment failed when the provider cannot start it", async () => {
    useDemo({ failToInitiate: true });
    const actor = await owner();
    expect(await refusal(payForPlan(actor, { type: "subscription", plan: "premium" }))).toMatchObject(refusedWith("unavailable", PAYMENT_TEXTS.failed));
    const [row] = await getDb().select().from(payments).where(eq(payments.userId, actor.id));
    expect(row).toMatchObject({ status: "failed", planId: "premium", amountKobo: 999_900 });
  });

  it("keeps the payment pending when the provider cannot confirm yet, and settles it on a later confirmation", async () => {
    let answer: "throw" | "pending" | "ok" = "throw";
    registerPaymentProvider({
      name: "demo",
      async initiate() {
        return {};
      },
      async confirm(payment) {
        if (answer === "throw") throw new Error("gateway timeout");
        if (answer === "pending") return { status: "pending" };
        return { status: "succeeded", amountKobo: payment.amountKobo };
      },
    });
    const actor = await owner();
    const first = await payForPlan(actor, { type: "subscription", plan: "standard" });
    const [row] = await getDb().select().from(payments).where(eq(payments.userId, actor.id));
    expect(first).toEqual({ status: "pending", reference: row!.reference });
    expect(row!.status).toBe("pending");
    answer = "pending";
    expect(await confirmPayment(actor, row!.reference)).toEqual({ status: "pending", reference: row!.reference });
    expect((await paymentRow(row!.reference)).status).toBe("pending");
    answer = "ok";
    expect(await confirmPayment(actor, row!.reference)).toMatchObject({ status: "paid", reference: row!.reference, replay: false });
    expect((await paymentRow(row!.reference)).status).toBe("succeeded");
    expect(await subscriptionCount(row!.id)).toBe(1);
  });

  it("sends the browser to a hosted checkout page when the provider has one, and settles on its return", async () => {
    registerPaymentProvider({
      name: "hosted",
      async initiate(payment) {
        return { redirectUrl: `https://checkout.example/pay/${payment.reference}` };
      },
      async confirm(payment) {
        return { status: "succeeded", amountKobo: payment.amountKobo };
      },
    });
    setDefaultPaymentProvider("hosted");
    const actor = await owner();
    const result = await payForPlan(actor, { type: "subscription", plan: "standard" });
    expect(result).toMatchObject({ status: "redirect" });
    if (result.status !== "redirect") throw new Error("expected a redirect");
    const reference = result.url.split("/").pop()!;
    expect((await paymentRow(reference)).status).toBe("pending");
    expect(await confirmPayment(actor, reference)).toMatchObject({ status: "paid", type: "subscription", planId: "standard" });
    expect((await currentPlanFor(actor.id)).plan.id).toBe("standard");
  });

  it("lets only the payer confirm a payment", async () => {
    const payer = await owner();
    const other = await owner();
    const started = await startPayment(payer, { type: "subscription", plan: "standard" });
    expect(await refusal(confirmPayment(other, started.reference))).toMatchObject(refusedWith("not-found", PAYMENT_TEXTS.error));
    expect(await refusal(confirmPayment(null, started.reference))).toMatchObject(refusedWith("not-found", PAYMENT_TEXTS.error));
    expect((await paymentRow(started.reference)).status).toBe("pending");
    expect((await currentPlanFor(other.id)).plan.id).toBe("free");
  });

  it("is for business accounts only, and Free is never paid for", async () => {
    const visitor = await actorFor(await createVisitor(getDb()));
    const admin = await actorFor(await createAdmin(getDb()));
    for (const who of [visitor, admin, null]) {
      expect(await refusal(payForPlan(who, { type: "subscription", plan: "standard" }))).toMatchObject(refusedWith("forbidden", PAYMENT_TEXTS.businessOnly));
    }
    expect(await getDb().select({ id: payments.id }).from(payments).where(eq(payments.userId, visitor.id))).toHaveLength(0);
    expect(await checkoutRefusal("plan=free")).toMatchObject(refusedWith("invalid", PAYMENT_TEXTS.invalidPlan));
    expect(await checkoutRefusal("plan=gold")).toMatchObject(refusedWith("invalid", PAYMENT_TEXTS.invalidPlan));
    expect(parseCheckout(new URLSearchParams("plan=standard"))).toEqual({ type: "subscription", plan: "standard" });
  });

  it("a second press while the first payment is being processed waits for it instead of charging twice", async () => {
    const actor = await owner();
    const first = await startPayment(actor, { type: "subscription", plan: "standard" });
    expect((await paymentRow(first.reference)).status).toBe("pending");
    expect(await refusal(payForPlan(actor, { type: "subscription", plan: "standard" }))).toMatchObject(refusedWith("conflict", PAYMENT_TEXTS.inProgress));
    // Something else may still be bought meanwhile.
    expect(await payForPlan(actor, { type: "subscription", plan: "premium" })).toMatchObject({ status: "paid" });
    expect(await getDb().select({ id: payments.id }).from(payments).where(eq(payments.userId, actor.id))).toHaveLength(2);
  });

  it("records one payment when two presses arrive at the same moment; the other is told to wait", async () => {
    const actor = await owner();
    const results = await Promise.allSettled([
      startPayment(actor, { type: "subscription", plan: "standard" }),
      startPayment(actor, { type: "subscription", plan: "standard" }),
    ]);
    const started = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(started).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject(refusedWith("conflict", PAYMENT_TEXTS.inProgress));
    const rows = await getDb().select({ status: payments.status }).from(payments).where(eq(payments.userId, actor.id));
    expect(rows).toEqual([{ status: "pending" }]);
  });

  it("the database itself holds at most one payment in flight per account and thing bought", async () => {
    const actor = await owner();
    const listing = await createBusiness(getDb(), { userId: actor.id });
    await createPayment(getDb(), { userId: actor.id, purpose: "subscription", planId: "standard", status: "pending" });
    await createPayment(getDb(), { userId: actor.id, purpose: "featured", planId: "basic", businessId: listing.id, status: "pending" });
    // Another plan, another tier, or a settled payment is something else.
    await createPayment(getDb(), { userId: actor.id, purpose: "subscription", planId: "premium", status: "pending" });
    await createPayment(getDb(), { userId: actor.id, purpose: "featured", planId: "premium", businessId: listing.id, status: "pending" });
    await createPayment(getDb(), { userId: actor.id, purpose: "subscription", planId: "standard", status: "failed" });
    await createPayment(getDb(), { userId: actor.id, purpose: "subscription", planId: "standard" });
    // One at a time: a second insert started before the first is awaited would reject unobserved.
    for (const again of [
      () => createPayment(getDb(), { userId: actor.id, purpose: "subscription", planId: "standard", status: "pending" }),
      () => createPayment(getDb(), { userId: actor.id, purpose: "featured", planId: "basic", businessId: listing.id, status: "pending" }),
    ]) {
      expect((await databaseError(again())).code).toBe(SQLSTATE.uniqueViolation);
    }
    // Deleting the listing nulls business_id on both of its pending payments, which must stay possible.
    await getDb().delete(businesses).where(eq(businesses.id, listing.id));
  });

  it("a payment left pending past the wait gives way to a new one, which is the only one in flight", async () => {
    const actor = await owner();
    const stale = await createPayment(getDb(), {
      userId: actor.id, purpose: "subscription", planId: "standard", status: "pending",
      createdAt: new Date(Date.now() - (PAYMENT_IN_PROGRESS_SECONDS + 60) * 1000),
    });
    const started = await startPayment(actor, { type: "subscription", plan: "standard" });
    expect(await paymentRow(stale.reference)).toMatchObject({ status: "failed", failureReason: PAYMENT_SUPERSEDED });
    const pending = await getDb().select({ reference: payments.reference }).from(payments).where(and(eq(payments.userId, actor.id), eq(payments.status, "pending")));
    expect(pending).toEqual([{ reference: started.reference }]);
  });

  it("limits how many payments one account may start", async () => {
    const actor = await owner();
    for (let i = 0; i < PAYMENT_START_LIMIT.count; i++) {
      const started = await startPayment(actor, { type: "subscription", plan: "standard" });
      await settlePayment(started.reference, { status: "failed", reason: "Card declined" });
    }
    expect(await refusal(startPayment(actor, { type: "subscription", plan: "standard" }))).toMatchObject(refusedWith("rate-limited", PAYMENT_TEXTS.tooMany));
    expect(await getDb().select({ id: payments.id }).from(payments).where(eq(payments.userId, actor.id))).toHaveLength(PAYMENT_START_LIMIT.count);
  });
});

describe("paying for a featured plan", () => {
  it("creates a pending featured request for the chosen listing with the tier and the payment reference", async () => {
    const actor = await owner();
    const listing = await createBusiness(getDb(), { userId: actor.id });
    const result = paid(await payForPlan(actor, { type: "featured", plan: "premium", businessId: listing.id }));
    expect(result).toMatchObject({ status: "paid", type: "featured", planId: "premium", grant: { kind: "featured", tier: "premium" } });
    expect(await paymentRow(result.reference)).toMatchObject({
      purpose: "featured", planId: "premium", businessId: listing.id, amountKobo: 2_499_900, status: "succeeded",
    });
    const requests = await getDb().select().from(featuredRequests).where(eq(featuredRequests.businessId, listing.id));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ status: "pending", pricingTier: "premium", paymentReference: result.reference, requestedBy: actor.id, startDate: null });
    expect(afterPaymentHref(result)).toBe(`/dashboard?payment=featured&plan=premium&reference=${result.reference}`);

    // Replays change nothing.
    expect(await confirmPayment(actor, result.reference)).toMatchObject({ status: "paid", replay: true });
    expect(await settlePayment(result.reference, { status: "succeeded", amountKobo: 2_499_900 })).toEqual({ changed: false, status: "succeeded" });
    expect(await getDb().select().from(featuredRequests).where(eq(featuredRequests.businessId, listing.id))).toHaveLength(1);
  });

  it("prices every tier on the server: basic ₦9,999 / 30 days, premium ₦24,999 / 90, enterprise ₦49,999 / 180", async () => {
    const actor = await owner();
    const listing = await createBusiness(getDb(), { userId: actor.id });
    const expected = { basic: [999_900, 30, "₦9,999"], premium: [2_499_900, 90, "₦24,999"], enterprise: [4_999_900, 180, "₦49,999"] } as const;
    for (const [tier, [kobo, days, label]] of Object.entries(expected)) {
      const resolved = await resolveCheckout(actor, { type: "featured", plan: tier as "basic", businessId: listing.id });
      expect(resolved).toMatchObject({ amountKobo: kobo, periodDays: days, priceLabel: label, businessName: listing.name });
    }
  });

  it("refuses before any payment is recorded: someone else's listing, unapproved, featured, already requested, no listing", async () => {
    const actor = await owner();
    const others = await createBusiness(getDb(), { userId: (await createOwner(getDb())).id });
    const pending = await createBusiness(getDb(), { userId: actor.id, status: "pending" });
    const featured = await createBusiness(getDb(), { userId: actor.id, featured: true });
    const requested = await createBusiness(getDb(), { userId: actor.id });
    await createFeaturedRequest(getDb(), { businessId: requested.id, requestedBy: actor.id, paymentReference: "demo_earlier" });
    const pay = (businessId: string) => payForPlan(actor, { type: "featured", plan: "basic", businessId });
    expect(await refusal(pay(others.id))).toMatchObject(refusedWith("not-found", PAYMENT_TEXTS.listingNotFound));
    expect(await refusal(pay(pending.id))).toMatchObject(refusedWith("conflict", PAYMENT_TEXTS.notApproved));
    expect(await refusal(pay(featured.id))).toMatchObject(refusedWith("conflict", PAYMENT_TEXTS.alreadyFeatured));
    expect(await refusal(pay(requested.id))).toMatchObject(refusedWith("conflict", PAYMENT_TEXTS.alreadyPending));
    expect(PAYMENT_TEXTS.alreadyPending.text).toBe("You already have a pending feature request");
    expect(await getDb().select({ id: payments.id }).from(payments).where(eq(payments.userId, actor.id))).toHaveLength(0);
    expect(await checkoutRefusal("type=featured&plan=basic")).toMatchObject(refusedWith("invalid", PAYMENT_TEXTS.listingRequired));
    expect(await checkoutRefusal("type=featured&plan=basic&businessId=nope")).toMatchObject(refusedWith("invalid", PAYMENT_TEXTS.listingNotFound));
    expect(await checkoutRefusal("type=featured&plan=standard&businessId=" + others.id)).toMatchObject(refusedWith("invalid", PAYMENT_TEXTS.invalidPlan));
  });

  it("allows a listing whose featured period has ended", async () => {
    const actor = await owner();
    const lapsed = await createBusiness(getDb(), { userId: actor.id, featured: true, featuredUntil: new Date(Date.now() - DAY) });
    const result = await payForPlan(actor, { type: "featured", plan: "enterprise", businessId: lapsed.id });
    expect(result).toMatchObject({ status: "paid", grant: { kind: "featured", tier: "enterprise" } });
    // The free request button follows the same rule.
    const other = await createBusiness(getDb(), { userId: actor.id, featured: true, featuredUntil: new Date(Date.now() - DAY) });
    expect(await requestFeature(actor, other.id)).toEqual({ requestId: expect.any(String) });
  });

  it("upgrades a free request made while paying instead of leaving the payment unapplied", async () => {
    const actor = await owner();
    const listing = await createBusiness(getDb(), { userId: actor.id });
    const started = await startPayment(actor, { type: "featured", plan: "premium", businessId: listing.id });
    // The owner presses the dashboard's free Request Featured button in another tab.
    expect(await requestFeature(actor, listing.id)).toEqual({ requestId: expect.any(String) });
    expect(await confirmPayment(actor, started.reference)).toMatchObject({ status: "paid", grant: { kind: "featured", tier: "premium" } });
    const requests = await getDb().select().from(featuredRequests).where(eq(featuredRequests.businessId, listing.id));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ status: "pending", pricingTier: "premium", paymentReference: started.reference });
  });

  it("says so, and keeps the money on record, when a paid placement can no longer be applied", async () => {
    const actor = await owner();
    const listing = await createBusiness(getDb(), { userId: actor.id });
    const started = await startPayment(actor, { type: "featured", plan: "basic", businessId: listing.id });
    // An admin features the listing while the payment is in flight.
    await getDb().update(businesses).set({ featured: true, featuredUntil: null }).where(eq(businesses.id, listing.id));
    const refused = await refusal(confirmPayment(actor, started.reference));
    expect(refused).toMatchObject({ code: "conflict", title: PAYMENT_TEXTS.paidNotApplied.title });
    expect(refused.message).toContain(started.reference);
    const row = await paymentRow(started.reference);
    expect(row.status).toBe("succeeded");
    expect(row.failureReason).toMatch(/^Paid but not applied/);
    expect(
      await getDb().select().from(featuredRequests).where(and(eq(featuredRequests.businessId, listing.id), eq(featuredRequests.status, "pending"))),
    ).toHaveLength(0);
    // A replay reports the same, and still changes nothing.
    const replayed = await refusal(confirmPayment(actor, started.reference));
    expect(replayed).toMatchObject({ code: "conflict", title: PAYMENT_TEXTS.paidNotApplied.title });
    expect(replayed.message).toContain(started.reference);
  });
});
