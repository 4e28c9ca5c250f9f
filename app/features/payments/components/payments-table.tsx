import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { formatDateTime, formatNaira } from "../../../lib/format";
import { t } from "../../../lib/i18n/i18n";
import { LEDGER_TEXTS, paymentStatusLabel, pendingPaymentHref, receiptHref, refundLabel } from "../payment-ledger";

/** Badge tones (app/components/ui/badge.tsx) for payment statuses. */
export const STATUS_TONE: Record<string, string> = { pending: "pending", succeeded: "approved", failed: "rejected" };

export type PaymentRowView = {
  reference: string;
  createdAt: Date | string;
  what: string;
  listingName: string | null;
  amountKobo: number;
  status: string;
  notApplied: boolean;
  /** A refund state, where the payments table has one (plan benefits and refunds). */
  refundStatus?: string | null;
};

/** What a payment leads to next: its receipt, or continuing it while pending. */
function NextStep({ p }: { p: PaymentRowView }) {
  if (p.status === "succeeded") {
    return (
      <Link to={receiptHref(p.reference)} className="link text-xs">
        {t(LEDGER_TEXTS.viewReceipt)}
      </Link>
    );
  }
  if (p.status === "pending") {
    return (
      <Link to={pendingPaymentHref(p.reference)} className="link text-xs">
        {t(LEDGER_TEXTS.continuePayment)}
      </Link>
    );
  }
  return null;
}

function StatusNotes({ p }: { p: PaymentRowView }) {
  return (
    <>
      <Badge tone={STATUS_TONE[p.status] ?? "neutral"}>{paymentStatusLabel(p.status)}</Badge>
      {refundLabel(p.refundStatus) ? <span className="mt-1 block text-xs font-semibold text-gray-700">{refundLabel(p.refundStatus)}</span> : null}
      {p.notApplied ? <span className="mt-1 block text-xs text-amber-800">{t(LEDGER_TEXTS.notApplied)}</span> : null}
    </>
  );
}

/**
 * The owner's payments: date (Lagos), what, amount, status, reference; a pending one can be continued. On a phone
 * each payment is a card (issue 32: the table was 656 px wide on a 360 px screen); from 640 px up, a table.
 */
export function PaymentsTable({ rows }: { rows: PaymentRowView[] }) {
  return (
    <>
      <ul className="space-y-3 sm:hidden" aria-label={t(LEDGER_TEXTS.title)}>
        {rows.map((p) => (
          <li key={p.reference} className="card p-4 text-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-semibold break-words">
                {p.what}
                {p.listingName ? <span className="block font-normal text-gray-600">{p.listingName}</span> : null}
              </p>
              <p className="shrink-0 font-semibold">{formatNaira(p.amountKobo)}</p>
            </div>
            <p className="mt-1 text-gray-600">{formatDateTime(p.createdAt)}</p>
            <div className="mt-2">
              <StatusNotes p={p} />
            </div>
            <p className="mt-2 font-mono text-xs break-all text-gray-700">{p.reference}</p>
            <NextStep p={p} />
          </li>
        ))}
      </ul>
      <PaymentsGrid rows={rows} />
    </>
  );
}

function PaymentsGrid({ rows }: { rows: PaymentRowView[] }) {
  return (
    <div className="card hidden overflow-x-auto sm:block" role="region" aria-label={t(LEDGER_TEXTS.title)} tabIndex={0}>
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{t(LEDGER_TEXTS.title)}</caption>
        <thead className="border-b border-gray-200 bg-gray-50 text-gray-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">{t("Date")}</th>
            <th scope="col" className="px-3 py-2 font-semibold">{t("What")}</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">{t("Amount")}</th>
            <th scope="col" className="px-3 py-2 font-semibold">{t("Status")}</th>
            <th scope="col" className="px-3 py-2 font-semibold">{t("Reference")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((p) => (
            <tr key={p.reference} className="align-top">
              <td className="whitespace-nowrap px-3 py-2">{formatDateTime(p.createdAt)}</td>
              <td className="px-3 py-2">
                {p.what}
                {p.listingName ? <span className="block text-gray-600">{p.listingName}</span> : null}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{formatNaira(p.amountKobo)}</td>
              <td className="px-3 py-2">
                <StatusNotes p={p} />
              </td>
              <td className="px-3 py-2">
                <span className="block break-all font-mono text-xs">{p.reference}</span>
                <NextStep p={p} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous/next links of a list paged on the server (?page=). */
export function PageLinks({ page, hasNext, basePath, label }: { page: number; hasNext: boolean; basePath: string; label: string }) {
  if (page <= 1 && !hasNext) return null;
  const hrefFor = (target: number) => (target <= 1 ? basePath : `${basePath}?page=${target}`);
  return (
    <nav aria-label={t("{{label}} pages", { label })} className="flex items-center justify-between gap-3 print:hidden">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="btn btn-outline btn-sm">
          {t("Previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-gray-600">{t("Page {{page}}", { page })}</span>
      {hasNext ? (
        <Link to={hrefFor(page + 1)} className="btn btn-outline btn-sm">
          {t("Next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
