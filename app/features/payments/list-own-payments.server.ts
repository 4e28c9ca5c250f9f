import { asc, eq } from "drizzle-orm";
import { businesses, payments } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { pageWindow, toPaged, type Paged } from "../../lib/pagination";
import { newestFirst } from "../../lib/sql.server";
import type { SessionUser } from "../accounts/session-user";
import { isPaidNotApplied, OWN_PAYMENTS_PAGE_SIZE, paymentWhat } from "./payment-ledger";

export type OwnPayment = {
  reference: string;
  createdAt: Date;
  purpose: string;
  planId: string;
  /** 'Standard plan', 'Basic featured placement'. */
  what: string;
  /** The featured listing's name, when it still exists (user text). */
  listingName: string | null;
  amountKobo: number;
  status: string;
  /** Why it failed, as recorded (the provider's words or ours). */
  failureReason: string | null;
  notApplied: boolean;
  /** A refund state, where the payments table has one (plan benefits and refunds). */
  refundStatus?: string | null;
};

/**
 * The signed-in owner's own payments, newest first, a page at a time (payments_user_created_idx). Only the
 * caller's payments are ever read: the account comes from the session, never from the request.
 */
export async function listOwnPayments(actor: SessionUser | null, input: { page: number }): Promise<Paged<OwnPayment>> {
  if (!actor) throw new AppError("unauthenticated");
  const { limit, offset } = pageWindow(input.page, OWN_PAYMENTS_PAGE_SIZE);
  const rows = await getDb()
    .select({
      reference: payments.reference,
      createdAt: payments.createdAt,
      purpose: payments.purpose,
      planId: payments.planId,
      listingName: businesses.name,
      amountKobo: payments.amountKobo,
      status: payments.status,
      refundStatus: payments.refundStatus,
      failureReason: payments.failureReason,
    })
    .from(payments)
    .leftJoin(businesses, eq(businesses.id, payments.businessId))
    .where(eq(payments.userId, actor.id))
    .orderBy(newestFirst(payments.createdAt), asc(payments.id))
    .limit(limit)
    .offset(offset);
  const page = toPaged(rows, input.page, OWN_PAYMENTS_PAGE_SIZE);
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...row,
      what: paymentWhat(row),
      listingName: row.listingName ?? null,
      notApplied: isPaidNotApplied(row.status, row.failureReason),
    })),
  };
}
