import { formatNaira, formatDate, formatDateTime } from "../../../lib/format";
import { t } from "../../../lib/i18n/i18n";
import type { AdminFeaturedRequest } from "../../featured/list-featured-requests.server";
import type { Paged } from "../../../lib/pagination";
import { ADMIN_TEXTS } from "../admin.schemas";
import { ActionForm, PagedList, ReasonForm, personName, statusName, statusWord, useSubmitting } from "./admin-ui";
import { buttonClass } from "../../../components/ui/button";
import { Badge } from "../../../components/ui/badge";
import { REFUND_STATUS_LABELS } from "../../payments/payment-ledger";
import { displayPhone } from "../../../lib/phone";

/**
 * Approve and reject buttons of a pending request; `intent` tells the two tabs' toasts apart. Rejecting asks
 * for a reason, required when the request was paid for: the owner is told it, with the refund (ADR 16).
 */
function ReviewButtons({ intent, request }: { intent: "review-request" | "review-subscription"; request: AdminFeaturedRequest }) {
  const busy = useSubmitting(intent, request.id);
  const paid = request.paymentStatus === "succeeded";
  return (
    <div className="flex flex-wrap gap-2">
      <ActionForm intent={intent} targetId={request.id} fields={{ status: "approved" }}>
        <button type="submit" className={buttonClass({ size: "sm" })} disabled={busy}>
          {t("Approve")}
        </button>
      </ActionForm>
      <div className="flex-1 has-[details[open]]:basis-full">
        <ReasonForm
          intent={intent}
          targetId={request.id}
          fields={{ status: "rejected" }}
          summary={t("Reject")}
          label={t("Rejection reason")}
          submitLabel={paid ? t("Reject and refund") : t("Reject")}
          required={paid}
          requiredMessage={t(ADMIN_TEXTS.rejectionReasonRequired)}
          hint={paid ? t("The owner paid for this request: they are told this reason and their payment is refunded.") : t("The owner is told this reason.")}
          busy={busy}
        />
      </div>
      {busy ? (
        <span className="self-center text-sm text-gray-600" role="status">
          {t("Saving…")}
        </span>
      ) : null}
    </div>
  );
}

/** A rejected paid request's refund: its state, and (while money is still owed) refund and mark-refunded buttons. */
function RefundState({ request }: { request: AdminFeaturedRequest }) {
  const refunding = useSubmitting("refund-payment", request.id);
  const marking = useSubmitting("mark-refunded", request.id);
  if (!request.refundStatus || !request.paymentReference) return null;
  const open = request.refundStatus !== "refunded";
  return (
    <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm">
      <p className="font-semibold text-amber-900">
        {REFUND_STATUS_LABELS[request.refundStatus] ? t(REFUND_STATUS_LABELS[request.refundStatus]) : request.refundStatus}
        {request.refundedAt ? ` · ${formatDateTime(request.refundedAt)}` : ""}
      </p>
      {request.refundReason ? <p className="text-gray-800">{t("Reason given: {{reason}}", { reason: request.refundReason })}</p> : null}
      {open ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <ActionForm intent="refund-payment" targetId={request.id} fields={{ reference: request.paymentReference }}>
            <button type="submit" className={buttonClass({ size: "sm" })} disabled={refunding || marking}>
              {refunding ? t("Refunding…") : t("Refund through the provider")}
            </button>
          </ActionForm>
          <ActionForm intent="mark-refunded" targetId={request.id} fields={{ reference: request.paymentReference }} confirm={t("Mark this payment as refunded? Only do this once the money is back with the owner.")}>
            <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })} disabled={refunding || marking}>
              {t("Mark refunded")}
            </button>
          </ActionForm>
        </div>
      ) : null}
    </div>
  );
}

function Period({ request }: { request: AdminFeaturedRequest }) {
  if (request.status !== "approved") return null;
  return (
    <>
      <dt className="font-medium text-gray-600">{t("Featured")}</dt>
      <dd>
        {formatDate(request.startDate)} – {formatDate(request.endDate)}
      </dd>
    </>
  );
}

export function FeaturedRequestsTab({ requests, loadError }: { requests: Paged<AdminFeaturedRequest>; loadError?: string }) {
  return (
    <section aria-labelledby="requests-title">
      <h2 id="requests-title" className="mb-3 text-lg font-semibold">
        {t("Featured requests")}
      </h2>
      <PagedList page={requests} loadError={loadError} empty={t("No featured requests yet.")} label={t("Featured requests")}>
        {(r) => (
          <li key={r.id} className="card p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-semibold">{r.businessName}</h3>
                <p className="text-sm text-gray-700">{t("Owner: {{owner}}", { owner: r.ownerId ? personName(r.ownerFirstName, r.ownerLastName) : t(ADMIN_TEXTS.unknownOwner) })}</p>
              </div>
              <div className="flex flex-wrap gap-1">
                <Badge tone="neutral">{r.pricingTier}</Badge>
                <Badge tone={r.status}>{statusName(r.status)}</Badge>
              </div>
            </div>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-medium text-gray-600">{t("Phone")}</dt>
              <dd>{r.phoneNumber ? displayPhone(r.phoneNumber) : t(ADMIN_TEXTS.notSpecified)}</dd>
              <dt className="font-medium text-gray-600">{t("State")}</dt>
              <dd>{r.state || t(ADMIN_TEXTS.notSpecified)}</dd>
              <dt className="font-medium text-gray-600">{t("Country")}</dt>
              <dd>{r.country || t(ADMIN_TEXTS.notSpecified)}</dd>
              <dt className="font-medium text-gray-600">{t("Requested")}</dt>
              <dd>{formatDateTime(r.createdAt)}</dd>
              <Period request={r} />
            </dl>
            {r.description ? <p className="mt-2 line-clamp-3 text-sm text-gray-800">{r.description}</p> : null}
            {r.status === "pending" ? (
              <div className="mt-3 border-t border-gray-100 pt-3">
                {!r.businessApproved ? <p className="mb-2 text-sm text-amber-800">{t("The business is not approved yet.")}</p> : null}
                <ReviewButtons intent="review-request" request={r} />
              </div>
            ) : null}
            <RefundState request={r} />
          </li>
        )}
      </PagedList>
    </section>
  );
}

/** The Subscriptions tab: the same requests seen by payment, with tier-based end dates. */
export function SubscriptionsTab({ requests, loadError }: { requests: Paged<AdminFeaturedRequest>; loadError?: string }) {
  return (
    <section aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title" className="mb-1 text-lg font-semibold">
        {t("Featured subscriptions")}
      </h2>
      <p className="mb-3 text-sm text-gray-600">{t("Approval runs from today: basic 1 month, premium 3 months, enterprise 6 months, others 1 month.")}</p>
      <PagedList page={requests} loadError={loadError} empty={t("No subscription requests yet.")} label={t("Subscriptions")}>
        {(r) => (
          <li key={r.id} className="card p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-semibold">{r.ownerId ? personName(r.ownerFirstName, r.ownerLastName) : t(ADMIN_TEXTS.unknownOwner)}</h3>
                <p className="break-all text-sm text-gray-700">
                  {r.ownerEmail ?? t(ADMIN_TEXTS.noEmail)} · {r.businessName}
                </p>
              </div>
              <div className="flex flex-wrap gap-1">
                <Badge tone="neutral">{r.pricingTier}</Badge>
                <Badge tone={r.status}>{statusName(r.status)}</Badge>
              </div>
            </div>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-medium text-gray-600">{t("Payment")}</dt>
              <dd>
                {r.paymentAmountKobo !== null ? `${formatNaira(r.paymentAmountKobo)} · ${r.paymentStatus ? statusWord(r.paymentStatus) : r.paymentStatus}` : t("No payment recorded")}
                {r.paymentReference ? <span className="break-all text-gray-600"> · {r.paymentReference}</span> : null}
              </dd>
              <dt className="font-medium text-gray-600">{t("Requested")}</dt>
              <dd>{formatDateTime(r.createdAt)}</dd>
              <Period request={r} />
            </dl>
            {r.status === "pending" ? (
              <div className="mt-3 border-t border-gray-100 pt-3">
                <ReviewButtons intent="review-subscription" request={r} />
              </div>
            ) : null}
            <RefundState request={r} />
          </li>
        )}
      </PagedList>
    </section>
  );
}
