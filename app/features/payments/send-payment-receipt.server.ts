import { and, eq, isNull } from "drizzle-orm";
import { payments } from "../../../db/schema";
import { getDb, type Tx } from "../../lib/db.server";
import { sendEmail, type OutgoingEmail } from "../../lib/email.server";
import { getEnv } from "../../lib/env.server";
import { enqueue } from "../../lib/jobs.server";
import { formatDateTime } from "../../lib/format";
import { loadPaymentReceipt, type PaymentReceipt } from "./internal/receipt-data.server";
import { formatNairaExact, LEDGER_TEXTS, oneLine, periodText, providerLabel, receiptHref, receiptItem, sellerLines } from "./payment-ledger";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/** The queue the receipt e-mail goes through (db/migrations/0030_payment_receipt_queue.sql). */
export const RECEIPT_QUEUE = "payment-receipt";

/**
 * Enqueues the receipt e-mail of a payment in the transaction that settles it (ADR 34): it exists only if the
 * payment's success commits, and the payment's id as the key makes a second enqueue (a replayed confirmation, a
 * webhook, a re-check) nothing.
 */
export async function enqueuePaymentReceipt(tx: Tx, payment: { id: string; reference: string }): Promise<void> {
  await enqueue(tx, RECEIPT_QUEUE, { reference: payment.reference }, { key: `receipt:${payment.id}` });
}

/**
 * The receipt job: e-mails the payer the receipt of a succeeded payment, and marks it sent (`receipt_sent_at`). A
 * payment already marked, not succeeded, or whose payer deleted their account sends nothing. A send that fails
 * throws and marks nothing: the queue tries again later.
 */
export async function sendPaymentReceipt(reference: string): Promise<{ sent: boolean }> {
  const [payment] = await getDb()
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.reference, reference), eq(payments.status, "succeeded"), isNull(payments.receiptSentAt)))
    .limit(1);
  if (!payment) return { sent: false };
  const receipt = await loadPaymentReceipt(reference);
  if (!receipt?.payerEmail) return { sent: false };
  await sendEmail(receiptEmail(receipt, receipt.payerEmail));
  await getDb().update(payments).set({ receiptSentAt: new Date() }).where(eq(payments.id, payment.id));
  return { sent: true };
}

/**
 * The receipt as an e-mail: plain text and HTML with every piece of user text escaped, and the seller's details
 * (the operator's text, escaped the same way) beside the payer's.
 */
function receiptEmail(receipt: PaymentReceipt, to: string): OutgoingEmail {
  const link = new URL(receiptHref(receipt.reference), getEnv().PUBLIC_URL).toString();
  const seller = sellerLines(receipt.seller);
  const lines: [string, string][] = [
    [LEDGER_TEXTS.billedTo, `${oneLine(receipt.payerName)} (${to})`],
    ["Item", receiptItem(receipt)],
    ["Period", periodText(receipt.purpose, receipt.period)],
    ["Amount paid", `${formatNairaExact(receipt.amountKobo)} (${receipt.currency})`],
    ["Date paid", formatDateTime(receipt.paidAt ?? receipt.createdAt)],
    ["Reference", receipt.reference],
    ["Paid with", providerLabel(receipt.provider)],
  ];
  const note = receipt.notApplied ? LEDGER_TEXTS.notApplied : null;
  const text =
    `${receipt.seller.name}: receipt\n\nThank you for your payment.\n\n` +
    `${LEDGER_TEXTS.from}:\n${seller.map((line) => `  ${line}`).join("\n")}\n\n` +
    lines.map(([label, value]) => `${label}: ${value}`).join("\n") +
    (note ? `\n\n${note}` : "") +
    `\n\nView or print this receipt: ${link}\n`;
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#4b5563;font-weight:600">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const from =
    `<p style="margin:0 0 16px;font-size:14px"><strong style="color:#4b5563">${escapeHtml(LEDGER_TEXTS.from)}</strong><br>` +
    seller.map(escapeHtml).join("<br>") +
    `</p>`;
  const html =
    `<div style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:560px">` +
    `<h1 style="font-size:20px;margin:0 0 4px">${escapeHtml(receipt.seller.name)}</h1>` +
    `<p style="margin:0 0 16px;color:#4b5563">Receipt</p>` +
    `<p>Thank you for your payment.</p>` +
    from +
    `<table role="presentation" style="border-collapse:collapse;font-size:14px">${rows}</table>` +
    (note ? `<p style="color:#92400e">${escapeHtml(note)}</p>` : "") +
    `<p><a href="${escapeHtml(link)}">View or print this receipt</a></p>` +
    `</div>`;
  return { to, subject: LEDGER_TEXTS.receiptSubject(receipt.reference), text, html };
}
