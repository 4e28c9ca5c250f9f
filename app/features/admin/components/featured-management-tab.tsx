import { Form, Link } from "react-router";
import type { AdminApprovedBusiness } from "../../featured/list-approved-businesses.server";
import type { Paged } from "../../../lib/pagination";
import { ADMIN_TEXTS } from "../admin.schemas";
import { ActionForm, listingOwnerLabel, PagedList, ReasonForm, resultFor, useSubmitting, type AdminActionResult } from "./admin-ui";
import { buttonClass } from "../../../components/ui/button";
import { fieldClass } from "../../../components/ui/field";
import { Badge } from "../../../components/ui/badge";
import { formatDate, formatDateTime } from "../../../lib/format";
import { t } from "../../../lib/i18n/i18n";
import { categoryName } from "../../../lib/reference";

export function FeaturedManagementTab({
  businesses,
  search,
  result,
  loadError,
}: {
  businesses: Paged<AdminApprovedBusiness>;
  search: string;
  result?: AdminActionResult;
  loadError?: string;
}) {
  const cleaning = useSubmitting("cleanup");
  return (
    <section aria-labelledby="featured-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="featured-title" className="text-lg font-semibold">
          {t("Approved businesses")}
        </h2>
        <ActionForm intent="cleanup" confirm={t("Remove every business whose owner account no longer exists? This cannot be undone.")}>
          <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })} disabled={cleaning}>
            {cleaning ? t("Cleaning up…") : t("Clean up orphaned businesses")}
          </button>
        </ActionForm>
      </div>
      <Form method="get" role="search" className="mb-4 flex gap-2">
        <input type="hidden" name="tab" value="featured" />
        <label htmlFor="featured-search" className="sr-only">
          {t("Search approved businesses by name")}
        </label>
        <input
          id="featured-search"
          name="q"
          type="search"
          defaultValue={search}
          placeholder={t("Search by business name")}
          maxLength={100}
          className={`${fieldClass} mt-0`}
        />
        <button type="submit" className={buttonClass({ size: "sm" })}>
          <span className="i i-search" aria-hidden="true" />
          <span className="max-sm:sr-only">{t("Search")}</span>
        </button>
      </Form>
      <PagedList
        page={businesses}
        loadError={loadError}
        empty={search ? t("No approved businesses match “{{search}}”.", { search }) : t("No approved businesses yet.")}
        label={t("Approved businesses")}
      >
        {(b) => <FeaturedRow key={b.id} business={b} result={result} />}
      </PagedList>
    </section>
  );
}

function FeaturedRow({ business: b, result }: { business: AdminApprovedBusiness; result?: AdminActionResult }) {
  const busy = useSubmitting("toggle-featured", b.id);
  const unpublishing = useSubmitting("unpublish-business", b.id);
  // An imported listing is public without an owner (ADR 38); one whose owner account is gone is an orphan, never public.
  const isPublic = (b.ownerId !== null || b.source !== null) && !b.ownerSuspended && b.approvalStatus === "approved";
  const owner = listingOwnerLabel(b);
  return (
    <li className="card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">
            {isPublic ? (
              <Link to={`/businesses/${b.id}`} className="py-1 hover:underline">
                {b.name}
              </Link>
            ) : (
              b.name
            )}
          </h3>
          <p className="text-sm text-gray-700">
            {[b.category && categoryName(b.category), b.state].filter(Boolean).join(" · ")} · {t("Owner: {{owner}}", { owner })}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {b.featured ? <Badge tone="featured">{t("Featured")}</Badge> : <Badge tone="neutral">{t("Not featured")}</Badge>}
          {b.ownerSuspended ? <Badge tone="suspended">{t("Owner suspended")}</Badge> : null}
          {!b.ownerId && b.source ? <Badge tone="neutral">{t("Not yet claimed")}</Badge> : null}
          {!b.ownerId && !b.source ? <Badge tone="rejected">{t("Orphaned")}</Badge> : null}
        </div>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {b.featured ? (
          <>
            <dt className="font-medium text-gray-600">{t("Featured until")}</dt>
            <dd>{b.featuredUntil ? formatDate(b.featuredUntil) : t("No end date")}</dd>
          </>
        ) : null}
        <dt className="font-medium text-gray-600">{t("Managed by")}</dt>
        <dd className="break-all">{b.featuredManagedBy ? (b.managerEmail ?? t(ADMIN_TEXTS.unknownUser)) : "—"}</dd>
        <dt className="font-medium text-gray-600">{t("Since")}</dt>
        <dd>{formatDateTime(b.featuredManagedAt)}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap items-start gap-2 border-t border-gray-100 pt-3">
        <ActionForm intent="toggle-featured" targetId={b.id} fields={{ featured: b.featured ? "false" : "true" }}>
          <button type="submit" className={buttonClass({ variant: b.featured ? "danger" : "primary", size: "sm" })} disabled={busy}>
            {busy ? t("Saving…") : b.featured ? t("Remove from featured") : t("Feature this business")}
          </button>
        </ActionForm>
        <div className="flex-1 has-[details[open]]:basis-full">
          <ReasonForm
            intent="unpublish-business"
            targetId={b.id}
            summary={t("Unpublish")}
            label={t("Rejection reason")}
            submitLabel={t("Unpublish business")}
            required
            requiredMessage={t(ADMIN_TEXTS.rejectionReasonRequired)}
            hint={t("The listing leaves the directory at once and becomes rejected. The owner sees this reason on their dashboard.")}
            result={resultFor(result, "unpublish-business", b.id)}
            busy={unpublishing}
          />
        </div>
      </div>
    </li>
  );
}
