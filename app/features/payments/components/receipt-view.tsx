import { formatDateTime } from "../../../lib/format";
import { t } from "../../../lib/i18n/i18n";
import { formatNairaExact, LEDGER_TEXTS, periodText, providerLabel, sellerLines, type ReceiptTextData } from "../payment-ledger";

/** The receipt's text (ReceiptTextData) and what only the page shows: how it was paid, to whom, and whether it applied. */
export type ReceiptViewData = ReceiptTextData & {
  provider: string;
  payerName: string;
  payerEmail: string | null;
  notApplied: boolean;
};

/**
 * Printing shows the receipt alone: the site's header, sidebar, footer and navigation are hidden, and so is
 * whatever is marked print:hidden. Plain CSS, no JavaScript.
 */
const PRINT_CSS = `@media print {
  @page { margin: 16mm; }
  body { background: #fff !important; }
  body * { visibility: hidden; }
  .receipt, .receipt * { visibility: visible; }
  .receipt { position: absolute; inset: 0 auto auto 0; width: 100%; box-shadow: none !important; border: 0 !important; }
  .receipt a { color: inherit; text-decoration: none; }
}`;

/**
 * A payment's receipt as a document: who issued it (the operator's seller details), to whom, for what, how
 * much, when, which reference. Every value is rendered as text.
 */
export function ReceiptView({ receipt }: { receipt: ReceiptViewData }) {
  const [sellerName, ...sellerDetails] = sellerLines(receipt.seller);
  // Each row's key (for React and its style) and its label in the current language.
  const rows: [string, string, string][] = [
    ["item", t("Item"), receipt.listingName ? t("{{what}} for {{listing}}", { what: receipt.what, listing: receipt.listingName }) : receipt.what],
    ["period", t("Period"), periodText(receipt.purpose, receipt.period)],
    ["amount", t("Amount paid"), `${formatNairaExact(receipt.amountKobo)} (${receipt.currency})`],
    ["date", t("Date paid"), formatDateTime(receipt.paidAt ?? receipt.createdAt)],
    ["reference", t("Reference"), receipt.reference],
    ["provider", t("Paid with"), providerLabel(receipt.provider)],
  ];
  return (
    <>
      <style>{PRINT_CSS}</style>
      <article className="receipt card space-y-5 p-6" aria-labelledby="receipt-title">
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-gray-200 pb-4">
          <div>
            <p className="text-lg font-bold">{receipt.seller.name}</p>
            <h1 id="receipt-title" className="text-sm font-semibold uppercase tracking-wide text-gray-600">
              {t(LEDGER_TEXTS.receiptTitle)}
            </h1>
          </div>
          <p className="text-right text-sm text-gray-700">
            <span className="block font-mono">{receipt.reference}</span>
            {formatDateTime(receipt.paidAt ?? receipt.createdAt)}
          </p>
        </header>
        <div className="grid gap-4 sm:grid-cols-2">
          <section aria-labelledby="receipt-from">
            <h2 id="receipt-from" className="text-xs font-semibold uppercase tracking-wide text-gray-500">
              {t(LEDGER_TEXTS.from)}
            </h2>
            <p className="font-medium">{sellerName}</p>
            {sellerDetails.map((line) => (
              <p key={line} className="break-words text-sm text-gray-700">
                {line}
              </p>
            ))}
          </section>
          <section aria-labelledby="receipt-billed-to">
            <h2 id="receipt-billed-to" className="text-xs font-semibold uppercase tracking-wide text-gray-500">
              {t(LEDGER_TEXTS.billedTo)}
            </h2>
            <p className="font-medium">{receipt.payerName}</p>
            {receipt.payerEmail ? <p className="break-all text-sm text-gray-700">{receipt.payerEmail}</p> : null}
          </section>
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map(([key, label, value]) => (
            <div key={key} className="contents">
              <dt className="font-semibold text-gray-600">{label}</dt>
              <dd className={key === "reference" ? "break-all font-mono" : key === "amount" ? "text-base font-bold" : ""}>{value}</dd>
            </div>
          ))}
        </dl>
        {receipt.notApplied ? <p className="text-sm text-amber-800">{t(LEDGER_TEXTS.notApplied)}</p> : null}
        <p className="border-t border-gray-200 pt-4 text-sm text-gray-600">{t("Thank you for your payment.")}</p>
      </article>
    </>
  );
}
