import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { featuredRequests, notifications, payments } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { settleBackgroundTasks } from "../../lib/background.server";
import { getDb } from "../../lib/db.server";
import { deliveredMail } from "../../../tests/support/outbox";
import { runAdminAction } from "../admin/admin-actions.server";
import { ADMIN_EXTRA_TEXTS, ADMIN_TEXTS } from "../admin/admin.schemas";
import { FEATURED_ADMIN_TEXTS } from "../featured/featured.schemas";
import { requestFeature } from "../featured/request-feature.server";
import { reviewFeaturedRequest } from "../featured/review-featured-request.server";
import { listNotifications } from "../notifications/list-notifications.server";
import { createDemoPaymentProvider } from "./demo-payment-provider.server";
import { payForPlan } from "./pay-for-plan.server";
import { registerPaymentProvider, resetPaymentProviders, setDefaultPaymentProvider, type PaymentProvider } from "./payment-provider.server";
import { listOwnPayments } from "./list-own-payments.server";
import { listPayments } from "./list-payments.server";
import { listOwnRefunds, markPaymentRefunded, REFUND_TEXTS, refundPayment } from "./refund-payment.server";

let refunds: string[] = [];

beforeEach(() => {
  refunds = [];
  resetPaymentProviders();
  registerPaymentProvider(createDemoPaymentProvider({ delayMs: 0, onRefund: (payment) => refunds.push(payment.reference) }));
});
afterEach(() => resetPaymentProviders());

/** A provider like a gateway without a refund method: refunds are done by hand. */
function useProviderWithoutRefund() {
  const provider: PaymentProvider = {
    name: "manual",
    async initiate() {
      return {};
    },
    async confirm(payment) {
      return { status: "succeeded", amountKobo: payment.amountKobo };
    },
  };
  registerPaymentProvider(provider);
  setDefaultPaymentProvider("manual");
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** An owner who paid for a Basic featured placement of their listing: the request waits for review. */
async function paidRequest() {
  const owner = await createOwner(getDb());
  const ownerActor = await actorFor(owner);
  const listing = await createBusiness(getDb(), { userId: owner.id, name: `Mama Put ${Date.now()}` });
  const paid = await payForPlan(ownerActor, { type: "featured", plan: "basic", businessId: listing.id });
  if (paid.status !== "paid") throw new Error("expected a paid featured placement");
  const [request] = await getDb().select().from(featuredRequests).where(eq(featuredRequests.businessId, listing.id));
  return { owner, ownerActor, listing, reference: paid.reference, requestId: request!.id };
}

async function paymentOf(reference: string) {
  const [row] = await getDb().select().from(payments).where(eq(payments.reference, reference));
  return row!;
}

describe("rejecting a paid featured request", () => {
  it("refunds it through a provider that can, once, and tells the owner why by notification and e-mail", async () => {
    const admin = await actorFor(await createAdmin(getDb()));
    const { owner, ownerActor, listing, reference, requestId } = await paidRequest();
    const outcome = await runAdminAction(
      admin,
      form({ intent: "review-subscription", targetId: requestId, status: "rejected", reason: "The photos show a different business." }),
    );
    expect(outcome.result).toMatchObject({ ok: true, title: ADMIN_TEXTS.subscriptionUpdated("rejected"), text: ADMIN_EXTRA_TEXTS.refundedAfterReject });
    expect(refunds).toEqual([reference]);
    const payment = await paymentOf(reference);
    expect(payment).toMatchObject({ status: "succeeded", refundStatus: "refunded", refundReason: "The photos show a different business." });
    expect(payment.refundedAt).toBeInstanceOf(Date);

    const [notice] = await listNotifications(ownerActor);
    expect(notice).toMatchObject({ title: "Featured request rejected", isRead: false });
    expect(notice!.body).toContain(listing.name);
    expect(notice!.body).toContain("Reason: The photos show a different business.");
    expect(notice!.body).toContain("₦9,999");
    expect(notice!.body).toContain(reference);
    await settleBackgroundTasks();
    const mail = (await deliveredMail()).filter((m) => m.to === owner.email && m.subject === "Featured request rejected");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain("The photos show a different business.");
    expect(mail[0]!.text).toContain("/dashboard");

    expect(await listOwnRefunds(ownerActor)).toEqual([
      expect.objectContaining({ reference, status: "refunded", statusLabel: "Refunded", amountLabel: "₦9,999", what: "Basic featured placement" }),
    ]);
    // The owner's Payments page and the admin's payments view carry the refund state too.
    expect((await listOwnPayments(ownerActor, { page: 1 })).rows.find((p) => p.reference === reference)).toMatchObject({ refundStatus: "refunded" });
    expect((await listPayments(admin, { page: 1, search: reference })).rows).toEqual([expect.objectContaining({ reference, refundStatus: "refunded" })]);

    // A second rejection, a retry or marking it by hand never gives the money back twice.
    expect(await refusal(reviewFeaturedRequest(admin, { requestId, status: "rejected", reason: "again" }))).toMatchObject({
      code: "conflict",
      message: FEATURED_ADMIN_TEXTS.alreadyReviewed,
    });
    expect(await refundPayment(admin, reference)).toEqual({ status: "refunded", byProvider: false });
    expect(await refusal(markPaymentRefunded(admin, reference))).toMatchObject({ code: "not-found", message: REFUND_TEXTS.noneDue });
    expect(refunds).toEqual([reference]);
    expect(await getDb().select().from(notifications).where(and(eq(notifications.userId, owner.id), eq(notifications.kind, "account")))).toHaveLength(1);
  });

  it("without a refund method marks it 'refund due', visibly, until an admin marks it refunded", async () => {
    useProviderWithoutRefund();
    const admin = await actorFor(await createAdmin(getDb()));
    const { ownerActor, reference, requestId } = await paidRequest();
    const outcome = await runAdminAction(admin, form({ intent: "review-request", targetId: requestId, status: "rejected", reason: "Not a real shop." }));
    expect(outcome.result).toMatchObject({ ok: true, text: REFUND_TEXTS.byHand });
    expect(await paymentOf(reference)).toMatchObject({ refundStatus: "due", refundedAt: null });
    expect(await listOwnRefunds(ownerActor)).toEqual([expect.objectContaining({ reference, status: "due", statusLabel: "Refund due", reason: "Not a real shop." })]);
    // Asking the provider again changes nothing: it cannot.
    expect((await runAdminAction(admin, form({ intent: "refund-payment", targetId: requestId, reference }))).result).toMatchObject({
      ok: true,
      text: REFUND_TEXTS.byHand,
    });
    expect((await paymentOf(reference)).refundStatus).toBe("due");
    const marked = await runAdminAction(admin, form({ intent: "mark-refunded", targetId: requestId, reference }));
    expect(marked.result).toMatchObject({ ok: true, title: ADMIN_EXTRA_TEXTS.markedRefunded });
    expect(await paymentOf(reference)).toMatchObject({ refundStatus: "refunded" });
    const again = await runAdminAction(admin, form({ intent: "mark-refunded", targetId: requestId, reference }));
    expect(again.result).toMatchObject({ ok: false, title: ADMIN_EXTRA_TEXTS.refundFailed, text: REFUND_TEXTS.noneDue });
  });

  it("needs a reason, and a request that was not paid for owes nothing", async () => {
    const admin = await actorFor(await createAdmin(getDb()));
    const { reference, requestId } = await paidRequest();
    const blank = await runAdminAction(admin, form({ intent: "review-subscription", targetId: requestId, status: "rejected", reason: "  " }));
    expect(blank.result).toMatchObject({ ok: false, fieldError: ADMIN_TEXTS.rejectionReasonRequired });
    const [still] = await getDb().select().from(featuredRequests).where(eq(featuredRequests.id, requestId));
    expect(still!.status).toBe("pending");
    expect((await paymentOf(reference)).refundStatus).toBeNull();

    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id });
    const free = await runAdminAction(admin, form({ intent: "review-request", targetId: (await requestFor(owner, listing.id)).requestId, status: "rejected" }));
    expect(free.result).toMatchObject({ ok: true, title: ADMIN_TEXTS.requestUpdated("rejected") });
    expect(free.result.text).toBeUndefined();
    expect(refunds).toEqual([]);
  });

  it("asks the provider once when two refunds are pressed at once, and leaves it due when the provider fails", async () => {
    let calls = 0;
    let fail = true;
    registerPaymentProvider({
      ...createDemoPaymentProvider({ delayMs: 0 }),
      async refund() {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (fail) throw new Error("gateway timeout");
        return { status: "pending" };
      },
    });
    const admin = await actorFor(await createAdmin(getDb()));
    const { reference, requestId } = await paidRequest();
    const rejected = await runAdminAction(admin, form({ intent: "review-request", targetId: requestId, status: "rejected", reason: "Duplicate listing." }));
    expect(rejected.result).toMatchObject({ ok: true, text: REFUND_TEXTS.providerFailed });
    expect(calls).toBe(1);
    expect((await paymentOf(reference)).refundStatus).toBe("due");
    fail = false;
    const both = await Promise.all([refundPayment(admin, reference), refundPayment(admin, reference)]);
    expect(calls).toBe(2);
    expect(both.filter((o) => o.byProvider)).toEqual([{ status: "pending", byProvider: true }]);
    expect(await paymentOf(reference)).toMatchObject({ refundStatus: "pending", refundedAt: null });
    await markPaymentRefunded(admin, reference);
    expect(await paymentOf(reference)).toMatchObject({ refundStatus: "refunded" });
  });
});

async function requestFor(owner: { id: string; email: string }, businessId: string) {
  return requestFeature(await actorFor(owner), businessId);
}

describe("who may refund", () => {
  it("refuses owners, visitors, admins without two-factor and anonymous callers; owners see only their own refunds", async () => {
    useProviderWithoutRefund();
    const admin = await actorFor(await createAdmin(getDb()));
    const { reference, requestId } = await paidRequest();
    await reviewFeaturedRequest(admin, { requestId, status: "rejected", reason: "Wrong category." });
    const otherOwner = await actorFor(await createOwner(getDb()));
    const visitor = await actorFor(await createVisitor(getDb()));
    const noTwoFactor = await actorFor(await createAdmin(getDb(), { twoFactor: false }));
    for (const actor of [otherOwner, visitor, noTwoFactor]) {
      expect((await refusal(refundPayment(actor, reference))).code).toBe("forbidden");
      expect((await refusal(markPaymentRefunded(actor, reference))).code).toBe("forbidden");
    }
    expect((await refusal(refundPayment(null, reference))).code).toBe("unauthenticated");
    expect((await refusal(markPaymentRefunded(null, reference))).code).toBe("unauthenticated");
    expect((await refusal(listOwnRefunds(null))).code).toBe("unauthenticated");
    expect(await listOwnRefunds(otherOwner)).toEqual([]);
    expect((await paymentOf(reference)).refundStatus).toBe("due");
    const denied = await runAdminAction(otherOwner, form({ intent: "mark-refunded", targetId: requestId, reference }));
    expect(denied.status).toBe(403);
  });
});
