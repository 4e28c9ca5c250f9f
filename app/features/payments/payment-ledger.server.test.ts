import { and, desc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLog, featuredRequests, payments, subscriptions } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createPayment, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { settleBackgroundTasks } from "../../lib/background.server";
import { getDb, queryRows } from "../../lib/db.server";
import { runDueJobs } from "../../lib/jobs.server";
import { JOB_HANDLERS } from "../../../server/jobs";
import { TEST_SELLER, useSeller } from "../../../tests/support/receipt-seller";
import { listOutbox } from "../../lib/email.server";
import { ADMIN_PAGE_SIZE } from "../../lib/pagination";
import { confirmPayment, settlePayment } from "./confirm-payment.server";
import { createDemoPaymentProvider, type DemoProviderOptions } from "./demo-payment-provider.server";
import { getPaymentReceipt } from "./get-payment-receipt.server";
import { listOwnPayments } from "./list-own-payments.server";
import { listPayments } from "./list-payments.server";
import { payForPlan } from "./pay-for-plan.server";
import { LEDGER_TEXTS, OWN_PAYMENTS_PAGE_SIZE } from "./payment-ledger";
import { registerPaymentProvider, resetPaymentProviders, type PaymentProvider } from "./payment-provider.server";
import { recheckPayment } from "./recheck-payment.server";
import { RECEIPT_QUEUE, sendPaymentReceipt } from "./send-payment-receipt.server";
import { startPayment } from "./start-payment.server";

const DAY = 86_400_000;

function useDemo(options: DemoProviderOptions = {}) {
  registerPaymentProvider(createDemoPaymentProvider({ delayMs: 0, ...options }));
}

beforeEach(() => {
  resetPaymentProviders();
  useDemo();
});
afterEach(() => resetPaymentProviders());

async function owner(input: Parameters<typeof createOwner>[1] = {}) {
  const created = await createOwner(getDb(), input);
  return { created, actor: await actorFor(created) };
}

/** The e-mails sent to an address, once the receipt jobs that are due have run (ADR 34). */
async function mailsTo(email: string) {
  await settleBackgroundTasks();
  await runDueJobs(JOB_HANDLERS);
  return (await listOutbox(1000)).filter((m) => m.to === email);
}

async function paymentRow(reference: string) {
  const [row] = await getDb().select().from(payments).where(eq(payments.reference, reference));
  return row!;
}

/** A moment far in the future, so rows made with it sort first in newest-first lists shared with other tests. */
const future = (offsetMs = 0) => new Date(Date.now() + 400 * DAY + offsetMs);

describe("an owner's payments", () => {
  it("lists only the caller's own payments, newest first, with what was bought, the listing and the status", async () => {
    const { created, actor } = await owner();
    const other = await owner();
    const listing = await createBusiness(getDb(), { userId: created.id, name: "Mama Put Ikeja" });
    const older = await createPayment(getDb(), { userId: created.id, purpose: "subscription", planId: "standard", createdAt: new Date(Date.now() - 2 * DAY) });
    const newer = await createPayment(getDb(), { userId: created.id, purpose: "featured", planId: "premium", businessId: listing.id, status: "pending" });
    const failed = await createPayment(getDb(), {
      userId: created.id, purpose: "subscription", planId: "premium", status: "failed", failureReason: "Card declined", createdAt: new Date(Date.now() - DAY),
    });
    await createPayment(getDb(), { userId: other.created.id, purpose: "subscription", planId: "standard" });

    const listed = await listOwnPayments(actor, { page: 1 });
    expect(listed.rows.map((r) => r.reference)).toEqual([newer.reference, failed.reference, older.reference]);
    expect(listed.hasNext).toBe(false);
    expect(listed.rows[0]).toMatchObject({ what: "Premium featured placement", listingName: "Mama Put Ikeja", amountKobo: 2_499_900, status: "pending" });
    expect(listed.rows[1]).toMatchObject({ what: "Premium plan", status: "failed", failureReason: "Card declined", listingName: null });
    expect(listed.rows[2]).toMatchObject({ what: "Standard plan", status: "succeeded", amountKobo: 299_900 });
    expect((await listOwnPayments(other.actor, { page: 1 })).rows).toHaveLength(1);
    expect((await refusal(listOwnPayments(null, { page: 1 }))).code).toBe("unauthenticated");
  });

  it("pages on the server, one page at a time, with nothing lost or repeated", async () => {
    const { created, actor } = await owner();
    const total = OWN_PAYMENTS_PAGE_SIZE + 3;
    const base = Date.now() - total * 60_000;
    const made = [];
    for (let i = 0; i < total; i++) {
      made.push(await createPayment(getDb(), { userId: created.id, purpose: "subscription", planId: "standard", status: "failed", createdAt: new Date(base + i * 60_000) }));
    }
    const first = await listOwnPayments(actor, { page: 1 });
    const second = await listOwnPayments(actor, { page: 2 });
    expect(first.rows).toHaveLength(OWN_PAYMENTS_PAGE_SIZE);
    expect(first.hasNext).toBe(true);
    expect(second.rows).toHaveLength(3);
    expect(second.hasNext).toBe(false);
    expect([...first.rows, ...second.rows].map((r) => r.reference)).toEqual(made.map((p) => p.reference).reverse());
  });
});

describe("a receipt", () => {
  it("opens for its payer and for admins with two-factor; for anyone else it does not exist", async () => {
    const { created, actor } = await owner({ firstName: "Ngozi", lastName: "Eze" });
    const paid = await payForPlan(actor, { type: "subscription", plan: "standard" });
    if (paid.status !== "paid") throw new Error("expected paid");

    const receipt = await getPaymentReceipt(actor, paid.reference);
    const [subscription] = await getDb().select().from(subscriptions).where(eq(subscriptions.userId, created.id));
    expect(receipt).toMatchObject({
      reference: paid.reference,
      provider: "demo",
      status: "succeeded",
      amountKobo: 299_900,
      currency: "NGN",
      what: "Standard plan",
      payerName: "Ngozi Eze",
      payerEmail: created.email,
      period: { startsAt: subscription!.startsAt, endsAt: subscription!.endsAt, days: 30 },
      notApplied: false,
    });
    expect(receipt.paidAt).toBeInstanceOf(Date);

    const admin = await actorFor(await createAdmin(getDb()));
    expect((await getPaymentReceipt(admin, paid.reference)).reference).toBe(paid.reference);

    const strangers = [
      (await owner()).actor,
      await actorFor(await createVisitor(getDb())),
      await actorFor(await createAdmin(getDb(), { twoFactor: false })),
      null,
    ];
    for (const stranger of strangers) {
      const refused = await refusal(getPaymentReceipt(stranger, paid.reference));
      expect(refused).toMatchObject({ code: "not-found", title: LEDGER_TEXTS.receiptNotFound.title });
    }
    // An unknown reference reads the same as someone else's.
    expect(await refusal(getPaymentReceipt(actor, "demo_nothing_here"))).toMatchObject({ code: "not-found", title: LEDGER_TEXTS.receiptNotFound.title });
    expect((await refusal(getPaymentReceipt(actor, "x".repeat(101)))).code).toBe("not-found");
  });

  it("for a renewal, the period runs from the end of the plan in force", async () => {
    const { actor } = await owner();
    const first = await payForPlan(actor, { type: "subscription", plan: "standard" });
    const renewal = await payForPlan(actor, { type: "subscription", plan: "standard" });
    if (first.status !== "paid" || renewal.status !== "paid") throw new Error("expected paid");
    const before = (await getPaymentReceipt(actor, first.reference)).period;
    const after = (await getPaymentReceipt(actor, renewal.reference)).period;
    expect(after.startsAt).toEqual(before.endsAt);
    expect(after.endsAt!.getTime() - before.endsAt!.getTime()).toBe(30 * DAY);
  });

  it("exists only for a succeeded payment", async () => {
    const { created, actor } = await owner();
    for (const status of ["pending", "failed"] as const) {
      const payment = await createPayment(getDb(), { userId: created.id, purpose: "subscription", planId: status === "pending" ? "premium" : "standard", status });
      expect(await refusal(getPaymentReceipt(actor, payment.reference))).toMatchObject({ code: "not-found", title: LEDGER_TEXTS.noReceiptYet.title });
    }
  });

  it("for a featured placement names the listing and runs from the admin's approval until it is approved", async () => {
    const { created, actor } = await owner();
    const listing = await createBusiness(getDb(), { userId: created.id, name: "Bukka Hut Lekki" });
    const paid = await payForPlan(actor, { type: "featured", plan: "enterprise", businessId: listing.id });
    if (paid.status !== "paid") throw new Error("expected paid");
    const receipt = await getPaymentReceipt(actor, paid.reference);
    expect(receipt).toMatchObject({ what: "Enterprise featured placement", listingName: "Bukka Hut Lekki", amountKobo: 4_999_900, period: { startsAt: null, endsAt: null, days: 180 } });
    const startDate = new Date();
    const endDate = new Date(startDate.getTime() + 180 * DAY);
    await getDb().update(featuredRequests).set({ status: "approved", startDate, endDate }).where(eq(featuredRequests.paymentReference, paid.reference));
    expect((await getPaymentReceipt(actor, paid.reference)).period).toEqual({ startsAt: startDate, endsAt: endDate, days: 180 });
  });
});

describe("the receipt e-mail", () => {
  it("goes to the payer once, after the payment succeeds, however often it is settled again", async () => {
    const { created, actor } = await owner();
    const paid = await payForPlan(actor, { type: "subscription", plan: "premium" });
    if (paid.status !== "paid") throw new Error("expected paid");
    const mails = await mailsTo(created.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(LEDGER_TEXTS.receiptSubject(paid.reference));
    expect(mails[0]!.text).toContain("Premium plan");
    expect(mails[0]!.text).toContain("₦9,999.00 (NGN)");
    expect(mails[0]!.text).toContain(paid.reference);
    expect(mails[0]!.text).toContain(`/dashboard/payments/${paid.reference}`);
    expect((await paymentRow(paid.reference)).receiptSentAt).toBeInstanceOf(Date);

    // A replayed confirmation, a second settlement, a direct second call: nothing more is sent.
    await confirmPayment(actor, paid.reference);
    expect(await settlePayment(paid.reference, { status: "succeeded", amountKobo: 999_900 })).toEqual({ changed: false, status: "succeeded" });
    expect(await sendPaymentReceipt(paid.reference)).toEqual({ sent: false });
    expect(await mailsTo(created.email)).toHaveLength(1);
  });

  it("is not sent for a failed or pending payment", async () => {
    const { created, actor } = await owner();
    useDemo({ outcome: () => ({ status: "failed", reason: "Card declined" }) });
    expect((await refusal(payForPlan(actor, { type: "subscription", plan: "standard" }))).code).toBe("conflict");
    const pending = await createPayment(getDb(), { userId: created.id, purpose: "subscription", planId: "premium", status: "pending" });
    expect(await sendPaymentReceipt(pending.reference)).toEqual({ sent: false });
    expect(await mailsTo(created.email)).toHaveLength(0);
    expect((await paymentRow(pending.reference)).receiptSentAt).toBeNull();
  });

  it("escapes the payer's and the listing's names in the HTML and keeps them on one line in the text", async () => {
    const { created, actor } = await owner({ firstName: "<script>alert(1)</script>", lastName: "O'Neil & Sons" });
    const listing = await createBusiness(getDb(), { userId: created.id, name: '<img src=x onerror="alert(2)">\nSecond line' });
    const paid = await payForPlan(actor, { type: "featured", plan: "basic", businessId: listing.id });
    if (paid.status !== "paid") throw new Error("expected paid");
    const [mail] = await mailsTo(created.email);
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).not.toContain("<img");
    expect(mail!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; O&#39;Neil &amp; Sons");
    expect(mail!.html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt; Second line");
    expect(mail!.text).toContain('Item: Basic featured placement for <img src=x onerror="alert(2)"> Second line\n');
  });

  describe("with the operator's seller details (RECEIPT_SELLER_*)", () => {
    it("names the seller and gives its address, CAC registration and TIN beside the payer, escaped in the HTML", async () => {
      useSeller({ ...TEST_SELLER });
      const { created, actor } = await owner({ firstName: "Bola", lastName: "Ige" });
      const paid = await payForPlan(actor, { type: "subscription", plan: "standard" });
      if (paid.status !== "paid") throw new Error("expected paid");
      const [mail] = await mailsTo(created.email);
      expect(mail!.text).toMatch(/^Ade & Sons <Nigeria> Ltd: receipt\n/);
      expect(mail!.text).toContain(
        "From:\n  Ade & Sons <Nigeria> Ltd\n  12 Awolowo Road, Ikoyi, Lagos\n  CAC registration: RC 1234567\n  TIN: 12345678-0001\n\n" +
          `Billed to: Bola Ige (${created.email})\n`,
      );
      expect(mail!.html).not.toContain("<Nigeria>");
      expect(mail!.html).toContain(">Ade &amp; Sons &lt;Nigeria&gt; Ltd</h1>");
      expect(mail!.html).toContain("Ade &amp; Sons &lt;Nigeria&gt; Ltd<br>12 Awolowo Road, Ikoyi, Lagos<br>CAC registration: RC 1234567<br>TIN: 12345678-0001</p>");
    });

    it("without them, names the site alone", async () => {
      const { created, actor } = await owner();
      const paid = await payForPlan(actor, { type: "subscription", plan: "standard" });
      if (paid.status !== "paid") throw new Error("expected paid");
      const [mail] = await mailsTo(created.email);
      expect(mail!.text).toMatch(/^Naija Directory: receipt\n/);
      expect(mail!.text).toContain("From:\n  Naija Directory\n\nBilled to:");
      expect(mail!.text).not.toContain("CAC registration");
    });
  });

  it("a send that fails marks nothing and fails its job, which the queue tries again until it is sent", async () => {
    const { created, actor } = await owner();
    useDemo({ outcome: () => ({ status: "pending" }) });
    const started = await payForPlan(actor, { type: "subscription", plan: "standard" });
    if (started.status !== "pending") throw new Error("expected pending");
    // The outbox refuses the insert: a stand-in for an SMTP server that is down.
    await getDb().execute(sql.raw(`alter table email_outbox add constraint ledger_test_refuse check (subject <> '${LEDGER_TEXTS.receiptSubject(started.reference)}')`));
    await settlePayment(started.reference, { status: "succeeded", amountKobo: 299_900 });
    expect(await mailsTo(created.email)).toHaveLength(0);
    expect((await paymentRow(started.reference)).receiptSentAt).toBeNull();
    const job = async () =>
      (await queryRows<{ state: string; retry_count: number; output: { message?: string } }>(getDb(), sql`select state, retry_count, output from pgboss.job where name = ${RECEIPT_QUEUE} and data->>'reference' = ${started.reference}`))[0];
    // Kept for a retry, with the database's own message (not the query, which holds the e-mail's address and text).
    expect(await job()).toMatchObject({ state: "retry", output: { message: expect.stringMatching(/violates check constraint "ledger_test_refuse"/) } });
    expect(JSON.stringify((await job())!.output)).not.toContain(created.email);
    // The server is back; the retry comes due (its wait, 10 s doubling, is moved to now).
    await getDb().execute(sql.raw("alter table email_outbox drop constraint ledger_test_refuse"));
    await getDb().execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${RECEIPT_QUEUE} and data->>'reference' = ${started.reference}`);
    expect(await mailsTo(created.email)).toHaveLength(1);
    expect(await job()).toMatchObject({ state: "completed", retry_count: 1 });
    expect((await paymentRow(started.reference)).receiptSentAt).toBeInstanceOf(Date);
  });
});

describe("the admin's payments view", () => {
  it("lists every payment newest first, filters by status, finds one by reference, and pages", async () => {
    const admin = await actorFor(await createAdmin(getDb()));
    const { created } = await owner({ firstName: "Tunde" });
    const made = [];
    for (let i = 0; i < ADMIN_PAGE_SIZE + 2; i++) {
      made.push(
        await createPayment(getDb(), {
          userId: created.id, purpose: "subscription", planId: "standard", status: i === 0 ? "pending" : i % 2 ? "failed" : "succeeded", createdAt: future(i * 1000),
        }),
      );
    }
    const first = await listPayments(admin, { page: 1 });
    expect(first.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.hasNext).toBe(true);
    expect(first.rows.map((r) => r.reference)).toEqual(made.map((p) => p.reference).reverse().slice(0, ADMIN_PAGE_SIZE));
    expect(first.rows[0]).toMatchObject({ payerFirstName: "Tunde", payerEmail: created.email, what: "Standard plan", provider: "demo" });
    const second = await listPayments(admin, { page: 2 });
    expect(second.rows.slice(0, 2).map((r) => r.reference)).toEqual([made[1]!.reference, made[0]!.reference]);

    const pendingOnly = await listPayments(admin, { page: 1, status: "pending" });
    expect(pendingOnly.rows.every((r) => r.status === "pending")).toBe(true);
    expect(pendingOnly.rows.map((r) => r.reference)).toContain(made[0]!.reference);
    const failedOnly = await listPayments(admin, { page: 1, status: "failed" });
    expect(failedOnly.rows.length).toBeGreaterThan(0);
    expect(failedOnly.rows.every((r) => r.status === "failed")).toBe(true);

    const found = await listPayments(admin, { page: 1, search: `  ${made[5]!.reference} ` });
    expect(found.rows.map((r) => r.reference)).toEqual([made[5]!.reference]);
    expect((await listPayments(admin, { page: 1, search: made[5]!.reference, status: "pending" })).rows).toEqual([]);
    expect((await listPayments(admin, { page: 1, search: "demo_%" })).rows).toEqual([]);
  });

  it("is refused to everyone but admins with two-factor", async () => {
    const callers = [
      null,
      await actorFor(await createVisitor(getDb())),
      (await owner()).actor,
      await actorFor(await createAdmin(getDb(), { twoFactor: false })),
    ];
    const codes = [];
    for (const caller of callers) codes.push((await refusal(listPayments(caller, { page: 1 }))).code);
    expect(codes).toEqual(["unauthenticated", "forbidden", "forbidden", "forbidden"]);
  });
});

describe("re-checking a payment with its provider", () => {
  async function pendingPayment() {
    const { created, actor } = await owner();
    const started = await startPayment(actor, { type: "subscription", plan: "standard" });
    return { created, actor, reference: started.reference };
  }

  async function auditFor(reference: string) {
    return getDb()
      .select({ action: auditLog.action, actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "payment"), eq(auditLog.targetId, reference)))
      .orderBy(desc(auditLog.id));
  }

  it("settles a pending payment the provider reports succeeded: the plan is granted, the receipt sent, the re-check audited", async () => {
    const admin = await actorFor(await createAdmin(getDb()));
    const { created, reference } = await pendingPayment();
    const result = await recheckPayment(admin, reference);
    expect(result).toMatchObject({ reference, before: "pending", after: "succeeded", providerSays: "succeeded", changed: true });
    expect(result.summary).toContain("granted");
    const row = await paymentRow(reference);
    expect(row.status).toBe("succeeded");
    expect(await getDb().select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.paymentId, row.id))).toHaveLength(1);
    expect(await mailsTo(created.email)).toHaveLength(1);
    expect(await auditFor(reference)).toEqual([
      { action: "payment.recheck", actorId: admin.id, before: { status: "pending" }, after: { status: "succeeded", provider: "succeeded" } },
    ]);

    // Again: the provider agrees, nothing changes, no second grant or e-mail, one more audit row.
    const again = await recheckPayment(admin, reference);
    expect(again).toMatchObject({ before: "succeeded", after: "succeeded", changed: false });
    expect(again.summary).toContain("nothing changed");
    expect(await getDb().select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.paymentId, row.id))).toHaveLength(1);
    expect(await mailsTo(created.email)).toHaveLength(1);
    expect(await auditFor(reference)).toHaveLength(2);
  });

  it("records a failure the provider reports, and leaves a payment the provider still calls pending as it is", async () => {
    const admin = await actorFor(await createAdmin(getDb()));
    const pending = await pendingPayment();
    useDemo({ outcome: () => ({ status: "pending" }) });
    expect(await recheckPayment(admin, pending.reference)).toMatchObject({ after: "pending", providerSays: "pending", changed: false });
    expect((await paymentRow(pending.reference)).status).toBe("pending");

    useDemo({ outcome: () => ({ status: "failed", reason: "Abandoned at checkout" }) });
    expect(await recheckPayment(admin, pending.reference)).toMatchObject({ before: "pending", after: "failed", providerSays: "failed", changed: true });
    expect(await paymentRow(pending.reference)).toMatchObject({ status: "failed", failureReason: "Abandoned at checkout" });
    expect(await mailsTo(pending.created.email)).toHaveLength(0);
    expect((await auditFor(pending.reference))[0]!.after).toEqual({ status: "failed", provider: "failed", reason: "Abandoned at checkout" });
  });

  it("never overturns a settled payment: a provider that now disagrees is reported for a human to check", async () => {
    const admin = await actorFor(await createAdmin(getDb()));
    const { created } = await owner();
    const paid = await createPayment(getDb(), { userId: created.id, purpose: "subscription", planId: "standard" });
    useDemo({ outcome: () => ({ status: "failed", reason: "Reversed" }) });
    const result = await recheckPayment(admin, paid.reference);
    expect(result).toMatchObject({ before: "succeeded", after: "succeeded", providerSays: "failed", changed: false });
    expect(result.summary).toContain("check it with the provider by hand");
    expect((await paymentRow(paid.reference)).status).toBe("succeeded");
  });

  it("says so when the provider cannot be asked, and changes nothing", async () => {
    const admin = await actorFor(await createAdmin(getDb()));
    const { reference } = await pendingPayment();
    const down: PaymentProvider = {
      name: "demo",
      initiate: async () => ({}),
      confirm: async () => {
        throw new Error("connect ECONNREFUSED");
      },
    };
    registerPaymentProvider(down);
    expect(await refusal(recheckPayment(admin, reference))).toMatchObject({ code: "unavailable", message: LEDGER_TEXTS.recheckProviderDown });
    expect((await paymentRow(reference)).status).toBe("pending");
    expect((await auditFor(reference))[0]!.after).toEqual({ status: "pending", provider: "unreachable" });

    const { created } = await owner();
    const foreign = await createPayment(getDb(), { userId: created.id, purpose: "subscription", planId: "premium", status: "pending", provider: "flutterwave" });
    expect(await refusal(recheckPayment(admin, foreign.reference))).toMatchObject({ code: "unavailable", message: LEDGER_TEXTS.recheckUnknownProvider });
    expect((await refusal(recheckPayment(admin, "demo_no_such_payment"))).code).toBe("not-found");
  });

  it("is refused to everyone but admins with two-factor, before the provider is asked", async () => {
    const { actor, reference } = await pendingPayment();
    let asked = 0;
    useDemo({
      outcome: (p) => {
        asked++;
        return { status: "succeeded", amountKobo: p.amountKobo };
      },
    });
    const callers = [null, await actorFor(await createVisitor(getDb())), actor, await actorFor(await createAdmin(getDb(), { twoFactor: false }))];
    const codes = [];
    for (const caller of callers) codes.push((await refusal(recheckPayment(caller, reference))).code);
    expect(codes).toEqual(["unauthenticated", "forbidden", "forbidden", "forbidden"]);
    expect(asked).toBe(0);
    expect((await paymentRow(reference)).status).toBe("pending");
    expect(await auditFor(reference)).toEqual([]);
  });
});
