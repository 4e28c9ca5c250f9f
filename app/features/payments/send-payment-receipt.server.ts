import { and, eq, isNull } from "drizzle-orm";
import { payments } from "../../../db/schema";
import { getDb, type Tx } from "../../lib/db.server";
import { sendEmail, type OutgoingEmail } from "../../lib/email.server";
import type { Translate } from "../../lib/i18n/i18n";
import type { Locale } from "../../lib/i18n/locales";
import { languageOf, renderIn, sentUrl } from "../../lib/i18n/sent-language.server";
import { enqueue } from "../../lib/jobs.server";
import { formatDateTime } from "../../lib/format";
import { loadPaymentReceipt, type PaymentReceipt } from "./internal/receipt-data.server";
import { formatNairaExact, LEDGER_TEXTS, oneLine, paymentWhat, periodText, providerLabel, receiptHref, receiptItem, sellerLines } from "./payment-ledger";

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
  // In the payer's language (issue 36: their choice, else English), dates and amounts written its way.
  const language = await languageOf(getDb(), receipt.payerId);
  await sendEmail(renderIn(language, (t) => receiptEmail(receipt, receipt.payerEmail!, language, t)));
  await getDb().update(payments).set({ receiptSentAt: new Date() }).where(eq(payments.id, payment.id));
  return { sent: true };
}

/**
 * The receipt as an e-mail: plain text and HTML with every piece of user text escaped, and the seller's details
 * (the operator's text, escaped the same way) beside the payer's. Run inside renderIn(language): its words, dates and
 * amounts in the payer's language.
 */
function receiptEmail(receipt: PaymentReceipt, to: string, language: Locale, t: Translate): OutgoingEmail {
  const link = sentUrl(receiptHref(receipt.reference), language);
  const seller = sellerLines(receipt.seller, t);
  const lines: [string, string][] = [
    [t(LEDGER_TEXTS.billedTo), `${oneLine(receipt.payerName)} (${to})`],
    [t("Item"), receiptItem({ what: paymentWhat(receipt, t), listingName: receipt.listingName }, t)],
    [t("Period"), periodText(receipt.purpose, receipt.period, t)],
    [t("Amount paid"), `${formatNairaExact(receipt.amountKobo)} (${receipt.currency})`],
    [t("Date paid"), formatDateTime(receipt.paidAt ?? receipt.createdAt)],
    [t("Reference"), receipt.reference],
    [t("Paid with"), providerLabel(receipt.provider, t)],
  ];
  const note = receipt.notApplied ? t(LEDGER_TEXTS.notApplied) : null;
  const from = t(LEDGER_TEXTS.from);
  const thanks = t("Thank you for your payment.");
  const view = t("View or print this receipt");
  const text =
    `${t("{{seller}}: receipt", { seller: receipt.seller.name })}\n\n${thanks}\n\n` +
    `${from}:\n${seller.map((line) => `  ${line}`).join("\n")}\n\n` +
    lines.map(([label, value]) => `${label}: ${value}`).join("\n") +
    (note ? `\n\n${note}` : "") +
    `\n\n${view}: ${link}\n`;
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#4b5563;font-weight:600">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const fromHtml =
    `<p style="margin:0 0 16px;font-size:14px"><strong style="color:#4b5563">${escapeHtml(from)}</strong><br>` +
    seller.map(escapeHtml).join("<br>") +
    `</p>`;
  const html =
    `<div style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:560px">` +
    `<h1 style="font-size:20px;margin:0 0 4px">${escapeHtml(receipt.seller.name)}</h1>` +
    `<p style="margin:0 0 16px;color:#4b5563">${escapeHtml(t("Receipt"))}</p>` +
    `<p>${escapeHtml(thanks)}</p>` +
    fromHtml +
    `<table role="presentation" style="border-collapse:collapse;font-size:14px">${rows}</table>` +
    (note ? `<p style="color:#92400e">${escapeHtml(note)}</p>` : "") +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(view)}</a></p>` +
    `</div>`;
  return { to, subject: LEDGER_TEXTS.receiptSubject(receipt.reference), text, html };
}
