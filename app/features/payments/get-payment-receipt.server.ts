import { AppError } from "../../lib/app-error";
import { hasAdminAccess } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { loadPaymentReceipt, type PaymentReceipt } from "./internal/receipt-data.server";
import { LEDGER_TEXTS } from "./payment-ledger";

export type { PaymentReceipt };

/**
 * The printable receipt of a succeeded payment. Only its payer, or an admin with two-factor sign-in, may read
 * it; for anyone else the reference does not exist (not-found, never 'forbidden', so references cannot be
 * probed). A payment that has not succeeded has no receipt.
 */
export async function getPaymentReceipt(actor: SessionUser | null, reference: string): Promise<PaymentReceipt> {
  if (!actor || typeof reference !== "string" || reference.length === 0 || reference.length > 100) {
    throw new AppError("not-found", LEDGER_TEXTS.receiptNotFound);
  }
  const receipt = await loadPaymentReceipt(reference);
  const mayRead = receipt !== null && ((receipt.payerId !== null && receipt.payerId === actor.id) || hasAdminAccess(actor));
  if (!receipt || !mayRead) throw new AppError("not-found", LEDGER_TEXTS.receiptNotFound);
  if (receipt.status !== "succeeded") throw new AppError("not-found", LEDGER_TEXTS.noReceiptYet);
  return receipt;
}
