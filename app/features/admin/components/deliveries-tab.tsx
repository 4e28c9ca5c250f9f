import { buttonClass } from "../../../components/ui/button";
import { Badge } from "../../../components/ui/badge";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { t } from "../../../lib/i18n/i18n";
import { ADMIN_TEXTS, DELIVERY_ABOUT_LABELS, DELIVERY_LABELS, DELIVERY_TEXTS } from "../admin.schemas";
import type { FailedDeliveries, FailedDelivery } from "../list-failed-deliveries.server";
import { ActionForm, PagedList, resultFor, useSubmitting, type AdminActionResult } from "./admin-ui";

/**
 * The Deliveries tab (issue 33): how many deliveries of each kind wait, wait for a retry and failed, then the ones
 * that failed for good, newest failure first, each with whom it was for, what about, when, how many tries, the
 * error, and Retry. Everything people or mail servers wrote is shown as text.
 */
export function DeliveriesTab({ deliveries, result, loadError }: { deliveries: FailedDeliveries; result?: AdminActionResult; loadError?: string }) {
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title" className="mb-1 text-lg font-semibold">
        {t(DELIVERY_TEXTS.title)}
      </h2>
      <p className="mb-3 text-sm text-gray-600">{t(DELIVERY_TEXTS.intro)}</p>
      {deliveries.counts.length > 0 ? (
        <div className="card mb-4 overflow-x-auto p-4" role="region" aria-label={t(DELIVERY_TEXTS.countsTitle)} tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t(DELIVERY_TEXTS.countsCaption)}</caption>
            <thead>
              <tr>
                <th scope="col">{t("Kind")}</th>
                <th scope="col" className="text-right">
                  {t(DELIVERY_TEXTS.waiting)}
                </th>
                <th scope="col" className="text-right">
                  {t(DELIVERY_TEXTS.toRetry)}
                </th>
                <th scope="col" className="text-right">
                  {t(DELIVERY_TEXTS.failed)}
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.counts.map((c) => (
                <tr key={c.queue} className="border-t border-gray-100">
                  <th scope="row" className="py-1 font-medium">
                    {t(DELIVERY_LABELS[c.queue])}
                  </th>
                  <td className="py-1 text-right">{formatNumber(c.created)}</td>
                  <td className="py-1 text-right">{formatNumber(c.retry)}</td>
                  <td className={`py-1 text-right ${c.failed > 0 ? "font-semibold text-red-800" : ""}`}>{formatNumber(c.failed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <PagedList page={deliveries.list} loadError={loadError} empty={t(DELIVERY_TEXTS.empty)} label={t(DELIVERY_TEXTS.title)}>
        {(d) => <DeliveryCard key={d.id} delivery={d} result={result} />}
      </PagedList>
    </section>
  );
}

function DeliveryCard({ delivery: d, result }: { delivery: FailedDelivery; result?: AdminActionResult }) {
  const retrying = useSubmitting("retry-delivery", d.id);
  const mine = resultFor(result, "retry-delivery", d.id);
  return (
    <li className="card p-4" data-delivery={d.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">{t(DELIVERY_LABELS[d.queue])}</h3>
          <p className="break-all text-sm text-gray-700">{t("To {{recipient}}", { recipient: d.to?.trim() || DELIVERY_TEXTS.missing })}</p>
        </div>
        <Badge tone="rejected">{t(DELIVERY_TEXTS.failed)}</Badge>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-gray-600">{t(DELIVERY_ABOUT_LABELS[d.queue])}</dt>
        <dd className="break-words">{d.about?.trim() || DELIVERY_TEXTS.missing}</dd>
        <dt className="font-medium text-gray-600">{t("Enqueued")}</dt>
        <dd>{formatDateTime(d.enqueuedAt)}</dd>
        <dt className="font-medium text-gray-600">{t(DELIVERY_TEXTS.failed)}</dt>
        <dd>{formatDateTime(d.failedAt)}</dd>
        <dt className="font-medium text-gray-600">{t("Tries")}</dt>
        <dd>{formatNumber(d.tries)}</dd>
        <dt className="font-medium text-gray-600">{t(ADMIN_TEXTS.error)}</dt>
        <dd className="whitespace-pre-wrap break-words font-mono text-xs text-red-800">{d.error?.trim() || DELIVERY_TEXTS.missing}</dd>
      </dl>
      <div className="mt-3 space-y-1 border-t border-gray-100 pt-3">
        <ActionForm intent="retry-delivery" targetId={d.id} fields={{ queue: d.queue }}>
          <button type="submit" className={buttonClass()} disabled={retrying}>
            {retrying ? t(DELIVERY_TEXTS.retrying) : t(DELIVERY_TEXTS.retry)}
          </button>
        </ActionForm>
        {mine ? (
          <p role={mine.ok ? "status" : "alert"} className={`text-sm ${mine.ok ? "text-green-700" : "text-red-700"}`}>
            {mine.ok ? mine.text : (mine.text ?? mine.title)}
          </p>
        ) : null}
      </div>
    </li>
  );
}
