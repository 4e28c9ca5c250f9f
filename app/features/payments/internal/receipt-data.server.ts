import { eq } from "drizzle-orm";
import { businesses, featuredRequests, payments, profiles, subscriptions, user } from "../../../../db/schema";
import { getDb, type Db, type Tx } from "../../../lib/db.server";
import { getEnv, type Env } from "../../../lib/env.server";
import { isPaidNotApplied, paymentPeriodDays, paymentWhat, RECEIPT_ISSUER, type ReceiptSeller } from "../payment-ledger";

/** Everything a receipt shows, for the page and the e-mail (the caller has authorized the reader). */
export type PaymentReceipt = {
  reference: string;
  provider: string;
  status: string;
  amountKobo: number;
  currency: string;
  purpose: "subscription" | "featured";
  planId: string;
  /** 'Standard plan', 'Premium featured placement'. */
  what: string;
  /** The featured listing's name (user text), when the payment was for one that still exists. */
  listingName: string | null;
  /** What the payment bought: its dates once known (a featured period starts when an admin approves). */
  period: { startsAt: Date | null; endsAt: Date | null; days: number | null };
  createdAt: Date;
  paidAt: Date | null;
  payerId: string | null;
  /** First and last name, else the account name, else 'Customer' (user text). */
  payerName: string;
  payerEmail: string | null;
  /** Paid, but the plan could not be applied (quote the reference to support). */
  notApplied: boolean;
  /** Who issues the receipt: the operator's current RECEIPT_SELLER_* settings. */
  seller: ReceiptSeller;
};

/**
 * The seller a receipt names, as the operator has set it now (RECEIPT_SELLER_*; the name defaults to the
 * site's). Receipts are drawn when they are read, so a changed setting shows on every receipt from then on.
 */
export function receiptSeller(env: Env = getEnv()): ReceiptSeller {
  return {
    name: env.RECEIPT_SELLER_NAME ?? RECEIPT_ISSUER,
    address: env.RECEIPT_SELLER_ADDRESS ?? null,
    registration: env.RECEIPT_SELLER_RC ?? null,
    tin: env.RECEIPT_SELLER_TIN ?? null,
    email: env.RECEIPT_SELLER_EMAIL ?? null,
    phone: env.RECEIPT_SELLER_PHONE ?? null,
  };
}

const trimmed = (value: string | null | undefined) => value?.trim() || null;

const DAY_MS = 86_400_000;

/**
 * Where the period a subscription payment bought begins: its end less the plan's days. A renewal of the plan in
 * force adds its days to the running end (grantSubscription), so the days bought start there, not on the day
 * of payment.
 */
function boughtFrom(startsAt: Date | null, endsAt: Date | null, days: number | null): Date | null {
  if (!endsAt || days === null) return startsAt;
  return new Date(endsAt.getTime() - days * DAY_MS);
}

/** One payment with its payer, listing and what it granted, by reference; null when there is none. */
export async function loadPaymentReceipt(reference: string, db: Db | Tx = getDb()): Promise<PaymentReceipt | null> {
  const [row] = await db
    .select({
      reference: payments.reference,
      provider: payments.provider,
      status: payments.status,
      amountKobo: payments.amountKobo,
      currency: payments.currency,
      purpose: payments.purpose,
      planId: payments.planId,
      failureReason: payments.failureReason,
      createdAt: payments.createdAt,
      confirmedAt: payments.confirmedAt,
      payerId: payments.userId,
      email: user.email,
      accountName: user.name,
      deletedAt: user.deletedAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      listingName: businesses.name,
      subscriptionStartsAt: subscriptions.startsAt,
      subscriptionEndsAt: subscriptions.endsAt,
      featuredStartsAt: featuredRequests.startDate,
      featuredEndsAt: featuredRequests.endDate,
    })
    .from(payments)
    .leftJoin(user, eq(user.id, payments.userId))
    .leftJoin(profiles, eq(profiles.id, payments.userId))
    .leftJoin(businesses, eq(businesses.id, payments.businessId))
    .leftJoin(subscriptions, eq(subscriptions.paymentId, payments.id))
    .leftJoin(featuredRequests, eq(featuredRequests.paymentReference, payments.reference))
    .where(eq(payments.reference, reference))
    .limit(1);
  if (!row) return null;
  const purpose = row.purpose === "featured" ? "featured" : "subscription";
  const days = paymentPeriodDays(row);
  const name = [trimmed(row.firstName), trimmed(row.lastName)].filter(Boolean).join(" ") || trimmed(row.accountName) || "Customer";
  return {
    reference: row.reference,
    provider: row.provider,
    status: row.status,
    amountKobo: row.amountKobo,
    currency: row.currency,
    purpose,
    planId: row.planId,
    what: paymentWhat(row),
    listingName: row.listingName ?? null,
    period:
      purpose === "subscription"
        ? { startsAt: boughtFrom(row.subscriptionStartsAt, row.subscriptionEndsAt, days), endsAt: row.subscriptionEndsAt, days }
        : { startsAt: row.featuredStartsAt, endsAt: row.featuredEndsAt, days },
    createdAt: row.createdAt,
    paidAt: row.confirmedAt,
    payerId: row.payerId,
    payerName: name,
    // A deleted account keeps its row anonymised: no address to show or write to.
    payerEmail: row.deletedAt ? null : (row.email ?? null),
    notApplied: isPaidNotApplied(row.status, row.failureReason),
    seller: receiptSeller(),
  };
}
