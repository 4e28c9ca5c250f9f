import { Link } from "react-router";
import type { Paged } from "../../../lib/pagination";
import { formatDateTime } from "../../../lib/format";
import { t } from "../../../lib/i18n/i18n";
import { buttonClass } from "../../../components/ui/button";
import type { ReportGroup } from "../../reports/list-reports.server";
import { REPORT_KIND_LABELS, REPORT_REASON_LABELS, REPORT_TEXTS } from "../../reports/report.schemas";
import type { HeldReview } from "../../reviews/list-held-reviews.server";
import { REVIEW_TEXTS } from "../../reviews/review.schemas";
import { ADMIN_TEXTS, HELD_PAGE_PARAM } from "../admin.schemas";
import { ActionForm, PagedList, ReasonForm, resultFor, useSubmitting, type AdminActionResult } from "./admin-ui";

/**
 * The ninth tab (issue 16): open reports grouped by item, the most recently reported first; then the reviews
 * held for approval (links, phone numbers, new accounts), newest first, each published or kept hidden.
 */
export function ReportsTab({
  groups, held, result, loadError,
}: { groups: Paged<ReportGroup>; held: Paged<HeldReview>; result?: AdminActionResult; loadError?: string }) {
  return (
    <>
      <section aria-labelledby="reports-title">
        <h2 id="reports-title" className="mb-3 text-lg font-semibold">
          {t("Reports")}
        </h2>
        <PagedList page={groups} loadError={loadError} empty={t(REPORT_TEXTS.tabEmpty)} label={t("Reports")}>
          {(g) => <ReportCard key={`${g.kind}:${g.itemId}`} group={g} result={result} />}
        </PagedList>
      </section>
      <section aria-labelledby="held-reviews-title" className="mt-8">
        <h2 id="held-reviews-title" className="mb-3 text-lg font-semibold">
          {t(REVIEW_TEXTS.heldTitle)}
        </h2>
        <PagedList page={held} empty={t(REVIEW_TEXTS.heldEmpty)} label={t(REVIEW_TEXTS.heldTitle)} pageParam={HELD_PAGE_PARAM}>
          {(review) => <HeldReviewCard key={review.id} review={review} />}
        </PagedList>
      </section>
    </>
  );
}

function HeldReviewCard({ review }: { review: HeldReview }) {
  const publishing = useSubmitting("held-review-publish", review.id);
  const hiding = useSubmitting("held-review-hide", review.id);
  return (
    <li className="card p-4" data-held-review={review.id}>
      <p className="text-xs font-medium uppercase text-gray-500">{review.reasons.join(" · ")}</p>
      <h3 className="break-words font-semibold">
        <Link to={`/businesses/${review.businessId}`} className="py-1 hover:underline">
          {t("A review of {{business}}", { business: review.businessName })}
        </Link>
      </h3>
      <p className="text-sm text-gray-600">
        {t("By {{name}}", { name: review.authorName?.trim() || t(ADMIN_TEXTS.unknownUser) })} · {t("{{stars}} of 5 stars", { stars: review.stars })} ·{" "}
        {formatDateTime(review.createdAt)}
      </p>
      <p className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-gray-50 p-2 text-gray-900">{review.body}</p>
      <div className="mt-3 flex flex-wrap gap-2 border-t border-gray-100 pt-3">
        <ActionForm intent="held-review-publish" targetId={review.id}>
          <button type="submit" className={buttonClass({ size: "sm" })} disabled={publishing || hiding}>
            {publishing ? t("Saving…") : t("Publish review")}
          </button>
        </ActionForm>
        <ActionForm intent="held-review-hide" targetId={review.id}>
          <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })} disabled={publishing || hiding}>
            {hiding ? t("Saving…") : t("Keep hidden")}
          </button>
        </ActionForm>
      </div>
    </li>
  );
}

function ReportCard({ group: g, result }: { group: ReportGroup; result?: AdminActionResult }) {
  const dismissing = useSubmitting("report-dismiss", g.itemId);
  const removing = useSubmitting("report-remove", g.itemId);
  const suspending = useSubmitting("report-suspend", g.itemId);
  const item = g.item;
  const fields = { kind: g.kind };
  return (
    <li className="card p-4" data-report-item={g.itemId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase text-gray-500">{t(REPORT_KIND_LABELS[g.kind])}</p>
          <h3 className="break-words font-semibold">
            {item?.href ? (
              <Link to={item.href} className="py-1 hover:underline">
                {item.title}
              </Link>
            ) : (
              (item?.title ?? t(REPORT_TEXTS.notFound))
            )}
          </h3>
          {item ? <p className="text-sm text-gray-600">{t("By {{name}}", { name: item.authorName?.trim() || t(ADMIN_TEXTS.unknownUser) })}</p> : null}
        </div>
        <p className="font-semibold text-red-700">
          {t("{{count}} reports", { count: g.count })}
        </p>
      </div>
      {item?.text ? <p className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-gray-50 p-2 text-gray-900">{item.text}</p> : null}
      <p className="mt-2 text-sm">
        <span className="sr-only">{t("Reasons:")} </span>
        {g.reasons.map((r) => `${t(REPORT_REASON_LABELS[r.reason])} (${r.count})`).join(" · ")}
      </p>
      <ul className="mt-2 space-y-1 text-sm text-gray-700">
        {g.reports.map((r) => (
          <li key={r.id}>
            <span className="font-medium">{r.reporterName?.trim() || t(ADMIN_TEXTS.unknownUser)}</span>: {t(REPORT_REASON_LABELS[r.reason])}
            {r.details ? <span className="whitespace-pre-wrap break-words"> — {r.details}</span> : null}
            <span className="text-xs text-gray-500"> · {formatDateTime(r.createdAt)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-start gap-2 border-t border-gray-100 pt-3">
        <ActionForm intent="report-dismiss" targetId={g.itemId} fields={fields}>
          <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })} disabled={dismissing}>
            {dismissing ? t("Saving…") : t("Dismiss")}
          </button>
        </ActionForm>
        {item?.takeDownLabel ? (
          <div className="flex-1 has-[details[open]]:basis-full">
            <ReasonForm
              intent="report-remove"
              targetId={g.itemId}
              fields={fields}
              summary={item.takeDownLabel}
              label={g.kind === "review" ? t("Reason (kept in the audit log)") : t("Reason the owner sees")}
              submitLabel={item.takeDownLabel}
              required
              requiredMessage={t(REPORT_TEXTS.removeReasonRequired)}
              hint={t("The item leaves the directory at once. Every reporter is told the outcome.")}
              result={resultFor(result, "report-remove", g.itemId)}
              busy={removing}
            />
          </div>
        ) : null}
        {item?.authorId ? (
          <div className="flex-1 has-[details[open]]:basis-full">
            <ReasonForm
              intent="report-suspend"
              targetId={g.itemId}
              fields={fields}
              summary={t("Suspend author")}
              label={t("Suspension reason")}
              submitLabel={t("Suspend author")}
              required={false}
              hint={t("They can no longer sign in and their listings are hidden. Every reporter is told the outcome.")}
              result={resultFor(result, "report-suspend", g.itemId)}
              busy={suspending}
            />
          </div>
        ) : null}
      </div>
    </li>
  );
}
