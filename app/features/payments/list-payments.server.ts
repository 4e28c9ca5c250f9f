import { and, asc, eq, type SQL } from "drizzle-orm";
import { businesses, payments, profiles, user } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged, type Paged } from "../../lib/pagination";
import { PAYMENT_STATUSES } from "../../lib/reference";
import { newestFirst } from "../../lib/sql.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { isPaidNotApplied, paymentWhat } from "./payment-ledger";

export type PaymentStatusFilter = (typeof PAYMENT_STATUSES)[number];

/** A status filter from the query string (?status=); anything else means all statuses. */
export function parsePaymentStatus(value: string | null | undefined): PaymentStatusFilter | undefined {
  return PAYMENT_STATUSES.find((s) => s === value);
}

export type AdminPayment = {
  reference: string;
  provider: string;
  createdAt: Date;
  confirmedAt: Date | null;
  purpose: string;
  planId: string;
  what: string;
  listingName: string | null;
  amountKobo: number;
  status: string;
  failureReason: string | null;
  notApplied: boolean;
  /** A refund state, where the payments table has one (plan benefits and refunds). */
  refundStatus?: string | null;
  payerId: string | null;
  payerFirstName: string | null;
  payerLastName: string | null;
  payerEmail: string | null;
};

/**
 * Every payment for the admin's payments view (Subscriptions tab), newest first, a page at a time:
 * optionally only one status (payments_status_created_idx, else payments_created_idx) or the one payment
 * with a reference (ours; with a gateway that takes our reference, such as Paystack, also the provider's).
 */
export async function listPayments(
  actor: SessionUser | null,
  input: { page: number; status?: PaymentStatusFilter; search?: string },
): Promise<Paged<AdminPayment>> {
  requireAdmin(actor);
  const { limit, offset } = pageWindow(input.page, ADMIN_PAGE_SIZE);
  const conditions: SQL[] = [];
  if (input.status) conditions.push(eq(payments.status, input.status));
  const search = input.search?.trim();
  if (search) conditions.push(eq(payments.reference, search));
  const rows = await getDb()
    .select({
      reference: payments.reference,
      provider: payments.provider,
      createdAt: payments.createdAt,
      confirmedAt: payments.confirmedAt,
      purpose: payments.purpose,
      planId: payments.planId,
      listingName: businesses.name,
      amountKobo: payments.amountKobo,
      status: payments.status,
      refundStatus: payments.refundStatus,
      failureReason: payments.failureReason,
      payerId: payments.userId,
      payerFirstName: profiles.firstName,
      payerLastName: profiles.lastName,
      payerEmail: user.email,
      payerDeletedAt: user.deletedAt,
    })
    .from(payments)
    .leftJoin(user, eq(user.id, payments.userId))
    .leftJoin(profiles, eq(profiles.id, payments.userId))
    .leftJoin(businesses, eq(businesses.id, payments.businessId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(newestFirst(payments.createdAt), asc(payments.id))
    .limit(limit)
    .offset(offset);
  const page = toPaged(rows, input.page, ADMIN_PAGE_SIZE);
  return {
    ...page,
    rows: page.rows.map(({ payerDeletedAt, ...row }) => ({
      ...row,
      what: paymentWhat(row),
      listingName: row.listingName ?? null,
      payerEmail: payerDeletedAt ? null : row.payerEmail,
      notApplied: isPaidNotApplied(row.status, row.failureReason),
    })),
  };
}
