import { eq } from "drizzle-orm";
import { payments, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { auditActorOf, recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { msg, t } from "../../lib/i18n/i18n";
import { logger } from "../../lib/logger.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { settlePayment } from "./confirm-payment.server";
import { LEDGER_TEXTS, paymentStatusLabel } from "./payment-ledger";
import { paymentProviderNamed, type ProviderOutcome } from "./payment-provider.server";
import { providerPayment } from "./start-payment.server";

export type RecheckResult = {
  reference: string;
  /** Our record before and after. */
  before: string;
  after: string;
  /** What the provider answered: succeeded, failed or pending. */
  providerSays: ProviderOutcome["status"];
  /** True when this re-check settled the payment (and granted what it bought when it succeeded). */
  changed: boolean;
  /** One sentence for the admin's toast. */
  summary: string;
};

const NOT_FOUND = { title: msg("Payment not found"), text: msg("There is no payment with this reference.") } as const;

/**
 * An admin asks a payment's provider how it ended (any status: a pending one is settled through
 * settlePayment, exactly as the payer's own confirmation would; a settled one is only compared) and the
 * re-check is written to the audit log. The provider is called outside any transaction. Refused for
 * everyone but admins with two-factor sign-in.
 */
export async function recheckPayment(actor: SessionUser | null, reference: string): Promise<RecheckResult> {
  requireAdmin(actor);
  const wanted = typeof reference === "string" ? reference.trim() : "";
  if (!wanted || wanted.length > 100) throw new AppError("not-found", NOT_FOUND);
  const [payment] = await getDb()
    .select({
      reference: payments.reference,
      amountKobo: payments.amountKobo,
      provider: payments.provider,
      status: payments.status,
      purpose: payments.purpose,
      planId: payments.planId,
      email: user.email,
    })
    .from(payments)
    .leftJoin(user, eq(user.id, payments.userId))
    .where(eq(payments.reference, wanted))
    .limit(1);
  if (!payment) throw new AppError("not-found", NOT_FOUND);
  const provider = paymentProviderNamed(payment.provider);
  if (!provider) throw new AppError("unavailable", LEDGER_TEXTS.recheckUnknownProvider);

  let outcome: ProviderOutcome;
  try {
    outcome = await provider.confirm(providerPayment(payment, payment.email ?? "", `${payment.purpose} ${payment.planId}`));
  } catch (error) {
    logger.error({ err: error, reference: payment.reference, provider: payment.provider }, "payment provider could not be asked about a payment (admin re-check)");
    await recordAudit(getDb(), auditActorOf(actor), {
      action: "payment.recheck",
      targetType: "payment",
      targetId: payment.reference,
      before: { status: payment.status },
      after: { status: payment.status, provider: "unreachable" },
    });
    throw new AppError("unavailable", LEDGER_TEXTS.recheckProviderDown);
  }

  const settled = await settlePayment(payment.reference, outcome);
  const [now] = await getDb().select({ status: payments.status }).from(payments).where(eq(payments.reference, payment.reference)).limit(1);
  const after = now?.status ?? payment.status;
  await recordAudit(getDb(), auditActorOf(actor), {
    action: "payment.recheck",
    targetType: "payment",
    targetId: payment.reference,
    before: { status: payment.status },
    after: { status: after, provider: outcome.status, ...(outcome.status === "failed" ? { reason: outcome.reason } : {}) },
  });
  return { reference: payment.reference, before: payment.status, after, providerSays: outcome.status, changed: settled.changed, summary: summaryOf(payment.status, after, outcome, settled.changed) };
}

/** The admin's toast, in the request's language (issue 36): two sentences, each translated whole. */
function summaryOf(before: string, after: string, outcome: ProviderOutcome, changed: boolean): string {
  const status = (value: string) => paymentStatusLabel(value).toLowerCase();
  const says = t("The provider reports {{status}}.", { status: status(outcome.status) });
  if (changed) {
    const now = after === "succeeded" ? t("The payment is now {{status}} and what it bought was granted.", { status: status(after) }) : t("The payment is now {{status}}.", { status: status(after) });
    return `${says} ${now}`;
  }
  if (outcome.status === "pending") return `${says} ${t("The payment stays {{status}}.", { status: status(after) })}`;
  if (outcome.status === after) return `${says} ${t("Our record agrees; nothing changed.")}`;
  return `${says} ${t("Our record says {{status}}, which was left as it is: check it with the provider by hand.", { status: status(before) })}`;
}
