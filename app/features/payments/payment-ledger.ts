/**
 * How a payment reads in the owner's Payments page, on a receipt and in the admin's payments view.
 * Client-safe (no server imports). The texts are marked with msg() and read in the current language (issue 36);
 * the functions take another language's translate function (tFor) where a text is sent to someone.
 */
import { formatDate, formatDateTime } from "../../lib/format";
import { msg, t, type Translate } from "../../lib/i18n/i18n";
import { FEATURED_PLANS, PLANS } from "../../lib/reference";

/** The business that issues receipts, unless the operator names it (RECEIPT_SELLER_NAME). */
export const RECEIPT_ISSUER = "Naija Directory";

/**
 * Who issues a receipt, as the operator set it (RECEIPT_SELLER_* in app/lib/env.server.ts): one line of plain
 * text each, shown as text (escaped in the HTML e-mail), never as HTML. Null where it is not set.
 */
export type ReceiptSeller = {
  name: string;
  address: string | null;
  /** The CAC registration number as the operator wrote it: 'RC 1234567', 'BN 1234567'. */
  registration: string | null;
  tin: string | null;
  email: string | null;
  phone: string | null;
};

/** Rows per page of an owner's Payments page. */
export const OWN_PAYMENTS_PAGE_SIZE = 20;

export const LEDGER_TEXTS = {
  title: msg("Payments"),
  intro: msg("Every payment you started, newest first. A completed payment has a receipt you can print."),
  empty: msg("You have not made any payments yet."),
  choosePlan: msg("See plans"),
  receiptTitle: msg("Receipt"),
  viewReceipt: msg("Receipt"),
  continuePayment: msg("Continue"),
  notApplied: msg("Received but not applied: please contact support and quote the reference."),
  print: msg("Print this receipt with your browser's Print command (Ctrl+P, or Share → Print on a phone)."),
  /** The receipt's two parties. */
  from: msg("From"),
  receiptFrom: msg("Receipt from {{seller}}"),
  billedTo: msg("Billed to"),
  sellerRegistration: msg("CAC registration"),
  sellerTin: msg("TIN"),
  sellerEmail: msg("E-mail"),
  sellerPhone: msg("Phone"),
  /** The receipt page's buttons (shown once JavaScript runs, and only those the browser can do). */
  actions: msg("Receipt actions"),
  printButton: msg("Print"),
  shareButton: msg("Share"),
  copyButton: msg("Copy as text"),
  copied: msg("Copied. Paste it into a message or an e-mail."),
  shareFailed: msg("Could not share the receipt. Print it, or select its text and copy it."),
  /** Asked for someone else's payment, an unknown reference, or a payment without a receipt. */
  receiptNotFound: { title: msg("Receipt not found"), text: msg("There is no receipt with this reference for your account.") },
  noReceiptYet: { title: msg("No receipt"), text: msg("Only a completed payment has a receipt.") },
  /** The receipt e-mail's subject, in the language of the moment (the payer's: send-payment-receipt.server.ts). */
  receiptSubject: (reference: string) => t("Your Naija Directory receipt {{reference}}", { reference }),
  adminTitle: msg("Payments"),
  adminIntro: msg("Every payment, newest first. Search by our reference or the provider's; re-check a payment to ask its provider how it ended."),
  adminEmpty: msg("No payments match."),
  recheck: msg("Re-check with provider"),
  recheckTitle: msg("Payment re-checked"),
  recheckFailed: msg("Failed to re-check the payment"),
  recheckUnknownProvider: msg("This payment's provider is not configured on this server, so it cannot be asked."),
  recheckProviderDown: msg("The provider could not be reached. The payment is unchanged; try again later."),
} as const;

/** The statuses the owner and the admin can filter by and read (the payments_status_check values). */
export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: msg("Pending"),
  succeeded: msg("Succeeded"),
  failed: msg("Failed"),
};

/** A status as people read it; a status this build does not know yet reads as itself, capitalised. */
export function paymentStatusLabel(status: string, translate: Translate = t): string {
  const label = PAYMENT_STATUS_LABELS[status];
  return label ? translate(label) : status.charAt(0).toUpperCase() + status.slice(1).replace(/[-_]/g, " ");
}

/**
 * Refund states of a succeeded payment (the refund_status column of plan benefits and refunds, ADR 16: due →
 * requesting → pending at the provider → refunded), shown beside the status when a row carries one.
 */
export const REFUND_STATUS_LABELS: Record<string, string> = {
  due: msg("Refund due"),
  requesting: msg("Refund requested"),
  pending: msg("Refund pending"),
  refunded: msg("Refunded"),
};

/** A refund state as people read it, or null when there is none. */
export function refundLabel(refundStatus: string | null | undefined, translate: Translate = t): string | null {
  if (!refundStatus) return null;
  const label = REFUND_STATUS_LABELS[refundStatus];
  return label ? translate(label) : translate(msg("Refund: {{status}}"), { status: refundStatus });
}

/** The provider as people read it. */
export function providerLabel(provider: string, translate: Translate = t): string {
  if (provider === "demo") return translate(msg("Demo payments (no money moved)"));
  if (provider === "paystack") return "Paystack";
  return provider.charAt(0).toUpperCase() + provider.slice(1);
}

/**
 * What a payment bought: 'Standard plan', or 'Premium featured placement' for a listing. The listing's name
 * is returned apart (it is user text: screens show it as text, e-mails escape it).
 */
export function paymentWhat(payment: { purpose: string; planId: string }, translate: Translate = t): string {
  if (payment.purpose === "featured") {
    const tier = FEATURED_PLANS.find((p) => p.id === payment.planId);
    return translate(msg("{{plan}} featured placement"), { plan: tier?.name ?? payment.planId });
  }
  const plan = PLANS.find((p) => p.id === payment.planId);
  return translate(msg("{{plan}} plan"), { plan: plan?.name ?? payment.planId });
}

/** The days a payment buys (the plan's or the tier's period), or null for an unknown plan. */
export function paymentPeriodDays(payment: { purpose: string; planId: string }): number | null {
  const found =
    payment.purpose === "featured" ? FEATURED_PLANS.find((p) => p.id === payment.planId) : PLANS.find((p) => p.id === payment.planId);
  return found?.periodDays ?? null;
}

const wholeNaira = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });

/**
 * Kobo as naira with the kobo shown, for receipts: 299900 → '₦2,999.00', 5 → '₦0.05'. Integer arithmetic,
 * so no amount is ever rounded.
 */
export function formatNairaExact(kobo: number): string {
  if (!Number.isSafeInteger(kobo)) throw new RangeError(`not a whole number of kobo: ${kobo}`);
  const sign = kobo < 0 ? "-" : "";
  const abs = Math.abs(kobo);
  const naira = wholeNaira.format(Math.trunc(abs / 100));
  return `${sign}₦${naira}.${String(abs % 100).padStart(2, "0")}`;
}

/** The owner's receipt page of a payment. */
export function receiptHref(reference: string): string {
  return `/dashboard/payments/${encodeURIComponent(reference)}`;
}

/** Where a pending payment is taken up again (the payment page offers to continue or cancel it). */
export function pendingPaymentHref(reference: string): string {
  return `/payment?reference=${encodeURIComponent(reference)}`;
}

/** A "Paid but not applied" note recorded by settlePayment (confirm-payment.server.ts). */
export function isPaidNotApplied(status: string, failureReason: string | null): boolean {
  return status === "succeeded" && Boolean(failureReason?.startsWith("Paid but not applied"));
}

/** A 1-based page number from the query string; anything odd reads as 1. */
export function parsePageNumber(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/**
 * The period a payment bought, in words: '25 Nov 2026 – 25 Dec 2026 (30 days)' once its dates are known;
 * a featured placement not yet approved runs from the admin's approval.
 */
export function periodText(
  purpose: string,
  period: { startsAt: Date | string | null; endsAt: Date | string | null; days: number | null },
  translate: Translate = t,
): string {
  if (period.startsAt && period.endsAt) {
    const dates = { from: formatDate(period.startsAt), to: formatDate(period.endsAt) };
    return period.days === null ? `${dates.from} – ${dates.to}` : translate(msg("{{from}} – {{to}} ({{days}} days)"), { ...dates, days: period.days });
  }
  if (purpose === "featured") {
    return period.days === null
      ? translate(msg("From the day an admin approves the placement"))
      : translate(msg("{{days}} days from the day an admin approves the placement"), { days: period.days });
  }
  return period.days === null ? "—" : translate(msg("{{days}} days"), { days: period.days });
}

/**
 * The seller's block, a line each: the name, then the address, CAC registration, TIN, e-mail and phone that
 * are set ('CAC registration: RC 1234567'). The receipt page and its e-mail show the same lines.
 */
export function sellerLines(seller: ReceiptSeller, translate: Translate = t): string[] {
  const labelled = (label: string, value: string | null) => (value ? `${translate(label)}: ${value}` : null);
  return [
    seller.name,
    seller.address,
    labelled(LEDGER_TEXTS.sellerRegistration, seller.registration),
    labelled(LEDGER_TEXTS.sellerTin, seller.tin),
    labelled(LEDGER_TEXTS.sellerEmail, seller.email),
    labelled(LEDGER_TEXTS.sellerPhone, seller.phone),
  ].filter((line): line is string => Boolean(line));
}

/** What a receipt's plain-text version needs (the page's data has it). */
export type ReceiptTextData = {
  reference: string;
  amountKobo: number;
  currency: string;
  purpose: string;
  what: string;
  listingName: string | null;
  period: { startsAt: Date | string | null; endsAt: Date | string | null; days: number | null };
  createdAt: Date | string;
  paidAt: Date | string | null;
  seller: ReceiptSeller;
};

/** User text on one line, so a crafted listing name cannot add lines to a text receipt. */
export const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/** What was bought, as a receipt names it: 'Basic featured placement for Iya Basira Kitchen'. */
export function receiptItem(receipt: Pick<ReceiptTextData, "what" | "listingName">, translate: Translate = t): string {
  return receipt.listingName ? translate(msg("{{what}} for {{listing}}"), { what: receipt.what, listing: oneLine(receipt.listingName) }) : receipt.what;
}

/**
 * The receipt as plain text, for the Share button (the phone's share sheet, or the clipboard): the issuer with
 * its registration and TIN, then reference, item, period, amount and date paid. Not the receipt's address: it
 * opens only for the payer, signed in.
 */
export function receiptShareText(receipt: ReceiptTextData): string {
  const { seller } = receipt;
  const ids = [
    seller.registration ? `${t(LEDGER_TEXTS.sellerRegistration)}: ${seller.registration}` : null,
    seller.tin ? `${t(LEDGER_TEXTS.sellerTin)}: ${seller.tin}` : null,
  ].filter(Boolean);
  const rows: [string, string][] = [
    [t("Reference"), receipt.reference],
    [t("Item"), receiptItem(receipt)],
    [t("Period"), periodText(receipt.purpose, receipt.period)],
    [t("Amount paid"), `${formatNairaExact(receipt.amountKobo)} (${receipt.currency})`],
    [t("Date paid"), formatDateTime(receipt.paidAt ?? receipt.createdAt)],
  ];
  const heading = `${t(LEDGER_TEXTS.receiptFrom, { seller: seller.name })}${ids.length > 0 ? ` (${ids.join("; ")})` : ""}`;
  return [heading, ...rows.map(([label, value]) => `${label}: ${value}`)].join("\n");
}
