import { Form, Link } from "react-router";
import { buttonClass } from "../../../components/ui/button";
import { Badge } from "../../../components/ui/badge";
import { fieldClass } from "../../../components/ui/field";
import { formatDateTime, formatNaira } from "../../../lib/format";
import { t } from "../../../lib/i18n/i18n";
import { PAYMENT_STATUSES } from "../../../lib/reference";
import type { AdminPayment } from "../../payments/list-payments.server";
import { LEDGER_TEXTS, paymentStatusLabel, providerLabel, receiptHref, refundLabel } from "../../payments/payment-ledger";
import { STATUS_TONE } from "../../payments/components/payments-table";
import { ADMIN_TEXTS, SUBSCRIPTIONS_VIEWS, type AdminActionResult, type SubscriptionsView } from "../admin.schemas";
import { ActionForm, PagedList, personName, resultFor, useSubmitting } from "./admin-ui";

const PAYMENTS_PATH = "/admin?tab=subscriptions&view=payments";

/** The Subscriptions tab's two views: the spec's featured subscriptions, and every payment. */
export function SubscriptionsViewNav({ current }: { current: SubscriptionsView }) {
  return (
    <nav aria-label={t("Subscriptions views")} className="mb-4 flex flex-wrap gap-2">
      {SUBSCRIPTIONS_VIEWS.map((view) => (
        <Link
          key={view.id}
          to={view.id === "payments" ? PAYMENTS_PATH : "/admin?tab=subscriptions"}
          aria-current={view.id === current ? "page" : undefined}
          className={buttonClass({ variant: view.id === current ? "primary" : "outline", size: "sm" })}
        >
          {t(view.label)}
        </Link>
      ))}
    </nav>
  );
}

function RecheckButton({ reference, result }: { reference: string; result?: AdminActionResult }) {
  const busy = useSubmitting("recheck-payment", reference);
  const mine = resultFor(result, "recheck-payment", reference);
  return (
    <div className="space-y-1">
      <ActionForm intent="recheck-payment" targetId={reference}>
        <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })} disabled={busy}>
          {busy ? t("Asking the provider…") : t(LEDGER_TEXTS.recheck)}
        </button>
      </ActionForm>
      {mine ? (
        <p role={mine.ok ? "status" : "alert"} className={`text-sm ${mine.ok ? "text-green-700" : "text-red-700"}`}>
          {mine.text ?? mine.title}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Every payment, newest first, paged on the server: filter by status, find one by reference, open a
 * succeeded payment's receipt, and re-check any payment with its provider.
 */
export function PaymentsView({
  payments,
  status,
  search,
  result,
  loadError,
}: {
  payments: { rows: AdminPayment[]; page: number; hasNext: boolean };
  status: string;
  search: string;
  result?: AdminActionResult;
  loadError?: string;
}) {
  return (
    <section aria-labelledby="payments-title">
      <h2 id="payments-title" className="mb-1 text-lg font-semibold">
        {t(LEDGER_TEXTS.adminTitle)}
      </h2>
      <p className="mb-3 text-sm text-gray-600">{t(LEDGER_TEXTS.adminIntro)}</p>
      <Form method="get" action="/admin" className="card mb-4 flex flex-wrap items-end gap-3 p-4">
        <input type="hidden" name="tab" value="subscriptions" />
        <input type="hidden" name="view" value="payments" />
        <div>
          <label htmlFor="payments-status" className="block text-sm font-medium text-gray-700">
            {t("Status")}
          </label>
          <select id="payments-status" name="status" defaultValue={status} className={fieldClass}>
            <option value="">{t("All statuses")}</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {paymentStatusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-[16rem] flex-1">
          <label htmlFor="payments-q" className="block text-sm font-medium text-gray-700">
            {t("Reference")}
          </label>
          <input id="payments-q" name="q" type="search" defaultValue={search} maxLength={100} placeholder={t("Our reference or the provider's")} className={fieldClass} />
        </div>
        <button type="submit" className={buttonClass({ size: "sm" })}>
          {t("Filter")}
        </button>
      </Form>
      <PagedList page={payments} loadError={loadError} empty={t(LEDGER_TEXTS.adminEmpty)} label={t("Payments")}>
        {(p) => (
          <li key={p.reference} className="card p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-semibold">
                  {p.what} · {formatNaira(p.amountKobo)}
                </h3>
                {p.listingName ? <p className="text-sm text-gray-700">{p.listingName}</p> : null}
                <p className="break-all text-sm text-gray-700">
                  {p.payerId ? personName(p.payerFirstName, p.payerLastName) : t(ADMIN_TEXTS.unknownUser)} · {p.payerEmail ?? t(ADMIN_TEXTS.noEmail)}
                </p>
              </div>
              <div className="flex flex-wrap gap-1">
                <Badge tone={STATUS_TONE[p.status] ?? "neutral"}>{paymentStatusLabel(p.status)}</Badge>
                {refundLabel(p.refundStatus) ? <Badge tone="neutral">{refundLabel(p.refundStatus)}</Badge> : null}
              </div>
            </div>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-medium text-gray-600">{t("Reference")}</dt>
              <dd className="break-all font-mono text-xs">{p.reference}</dd>
              <dt className="font-medium text-gray-600">{t("Provider")}</dt>
              <dd>{providerLabel(p.provider)}</dd>
              <dt className="font-medium text-gray-600">{t("Started")}</dt>
              <dd>{formatDateTime(p.createdAt)}</dd>
              {p.confirmedAt ? (
                <>
                  <dt className="font-medium text-gray-600">{t("Paid")}</dt>
                  <dd>{formatDateTime(p.confirmedAt)}</dd>
                </>
              ) : null}
              {p.failureReason ? (
                <>
                  <dt className="font-medium text-gray-600">{t("Note")}</dt>
                  <dd className={p.notApplied ? "text-amber-800" : "text-gray-800"}>{p.failureReason}</dd>
                </>
              ) : null}
            </dl>
            <div className="mt-3 flex flex-wrap items-start gap-3 border-t border-gray-100 pt-3">
              <RecheckButton reference={p.reference} result={result} />
              {p.status === "succeeded" ? (
                <Link to={receiptHref(p.reference)} className={buttonClass({ variant: "outline", size: "sm" })}>
                  {t(LEDGER_TEXTS.viewReceipt)}
                </Link>
              ) : null}
            </div>
          </li>
        )}
      </PagedList>
    </section>
  );
}
