import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { businesses, payments, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { auditActorOf, recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { formatNaira } from "../../lib/format";
import { msg, t } from "../../lib/i18n/i18n";
import { logger } from "../../lib/logger.server";
import type { RefundStatus } from "../../lib/reference";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { paymentProviderNamed } from "./payment-provider.server";
import { paymentWhat, REFUND_STATUS_LABELS } from "./payment-ledger";
import { providerPayment } from "./start-payment.server";

/** What refunds answer and show (ours: the spec has no refunds). */
export const REFUND_TEXTS = {
  noneDue: msg("There is no refund due for this payment."),
  providerFailed:
    msg("The payment provider could not refund the payment. It is still marked 'refund due': try again, or refund it by hand and mark it refunded."),
  byHand: msg("This payment provider cannot refund automatically: refund it by hand, then mark it refunded."),
  labels: REFUND_STATUS_LABELS as Record<RefundStatus, string>,
} as const;

export type RefundOutcome = { status: RefundStatus; byProvider: boolean };

/**
 * An admin gives back a payment that is owed back (refund_status 'due', set when its paid featured request was
 * rejected). The payment moves from 'due' to 'requesting' in one conditional UPDATE, and only the call that
 * moved it asks the provider, outside any transaction: a retry, a second click or another process finds it no
 * longer 'due' and asks nothing (never two refunds). The provider answers 'refunded' or 'pending'; a provider
 * without a refund method (or one that fails) leaves it 'due', shown as such, for an admin to refund by hand
 * and mark refunded.
 */
export async function refundPayment(actor: SessionUser | null, reference: string): Promise<RefundOutcome> {
  requireAdmin(actor);
  const db = getDb();
  const auditor = auditActorOf(actor);
  const [claimed] = await db
    .update(payments)
    .set({ refundStatus: "requesting", updatedAt: new Date() })
    .where(and(eq(payments.reference, reference), eq(payments.refundStatus, "due")))
    .returning({ id: payments.id, provider: payments.provider, amountKobo: payments.amountKobo, purpose: payments.purpose, planId: payments.planId, userId: payments.userId });
  if (!claimed) {
    const [row] = await db.select({ refundStatus: payments.refundStatus }).from(payments).where(eq(payments.reference, reference)).limit(1);
    if (!row?.refundStatus) throw new AppError("not-found", REFUND_TEXTS.noneDue);
    // Already refunded, or being refunded by another call: nothing more to ask.
    return { status: row.refundStatus as RefundStatus, byProvider: false };
  }
  const backToDue = () =>
    db.update(payments).set({ refundStatus: "due", updatedAt: new Date() }).where(and(eq(payments.id, claimed.id), eq(payments.refundStatus, "requesting")));
  const provider = paymentProviderNamed(claimed.provider);
  if (!provider?.refund) {
    await backToDue();
    return { status: "due", byProvider: false };
  }
  const [payer] = claimed.userId ? await db.select({ email: user.email }).from(user).where(eq(user.id, claimed.userId)).limit(1) : [];
  let answer: { status: "refunded" | "pending" };
  try {
    answer = await provider.refund(providerPayment({ reference, amountKobo: claimed.amountKobo }, payer?.email ?? "", `refund ${claimed.purpose} ${claimed.planId}`));
  } catch (error) {
    logger.error({ err: error, reference, provider: claimed.provider }, "payment provider could not refund the payment");
    await backToDue();
    throw new AppError("unavailable", REFUND_TEXTS.providerFailed);
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ refundStatus: answer.status, refundedAt: answer.status === "refunded" ? now : null, updatedAt: now })
      .where(and(eq(payments.id, claimed.id), eq(payments.refundStatus, "requesting")));
    await recordAudit(tx, auditor, {
      action: "payment.refund",
      targetType: "payment",
      targetId: claimed.id,
      before: { refundStatus: "due" },
      after: { refundStatus: answer.status, provider: claimed.provider },
    });
  });
  return { status: answer.status, byProvider: true };
}

/**
 * An admin records that a payment owed back was refunded by hand (or that the provider's pending refund went
 * through). Once: a payment already refunded, or never owed, is refused.
 */
export async function markPaymentRefunded(actor: SessionUser | null, reference: string): Promise<void> {
  requireAdmin(actor);
  const now = new Date();
  await getDb().transaction(async (tx) => {
    const [marked] = await tx
      .update(payments)
      .set({ refundStatus: "refunded", refundedAt: now, updatedAt: now })
      .where(and(eq(payments.reference, reference), inArray(payments.refundStatus, ["due", "requesting", "pending"])))
      .returning({ id: payments.id });
    if (!marked) throw new AppError("not-found", REFUND_TEXTS.noneDue);
    await recordAudit(tx, auditActorOf(actor), {
      action: "payment.refund_by_hand",
      targetType: "payment",
      targetId: marked.id,
      after: { refundStatus: "refunded" },
    });
  });
}

export type OwnRefund = {
  reference: string;
  what: string;
  businessName: string | null;
  amountLabel: string;
  status: RefundStatus;
  statusLabel: string;
  reason: string | null;
  requestedAt: Date | null;
  refundedAt: Date | null;
};

/** The dashboard's refunds: the signed-in owner's payments owed back or given back, newest first (20 at most). */
export async function listOwnRefunds(actor: SessionUser | null): Promise<OwnRefund[]> {
  if (!actor) throw new AppError("unauthenticated");
  const rows = await getDb()
    .select({
      reference: payments.reference,
      purpose: payments.purpose,
      planId: payments.planId,
      amountKobo: payments.amountKobo,
      refundStatus: payments.refundStatus,
      refundReason: payments.refundReason,
      refundRequestedAt: payments.refundRequestedAt,
      refundedAt: payments.refundedAt,
      businessName: businesses.name,
    })
    .from(payments)
    .leftJoin(businesses, eq(businesses.id, payments.businessId))
    .where(and(eq(payments.userId, actor.id), isNotNull(payments.refundStatus)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(20);
  return rows.map((row) => {
    const status = row.refundStatus as RefundStatus;
    return {
      reference: row.reference,
      what: paymentWhat(row),
      businessName: row.businessName,
      amountLabel: formatNaira(row.amountKobo),
      status,
      statusLabel: t(REFUND_TEXTS.labels[status]),
      reason: row.refundReason,
      requestedAt: row.refundRequestedAt,
      refundedAt: row.refundedAt,
    };
  });
}
