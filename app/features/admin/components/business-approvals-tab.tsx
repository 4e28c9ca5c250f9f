import { Link } from "react-router";
import { PLACEHOLDER_IMAGE } from "../../../lib/image-url";
import { t } from "../../../lib/i18n/i18n";
import { categoryName } from "../../../lib/reference";
import type { PendingBusiness } from "../../listings/list-pending-businesses.server";
import type { ChangeImage, PendingChange } from "../../listings/list-pending-changes.server";
import { PRICE_LIST_TEXTS } from "../../listings/price-list.schemas";
import type { Paged } from "../../../lib/pagination";
import type { PossibleDuplicate } from "../../reports/find-possible-duplicates.server";
import { ADMIN_TEXTS, CHANGES_PAGE_PARAM } from "../admin.schemas";
import { ActionForm, kycStatusLabel, listingOwnerLabel, locationLabel, PagedList, personName, ReasonForm, resultFor, statusWord, type AdminActionResult, useSubmitting } from "./admin-ui";
import { buttonClass } from "../../../components/ui/button";
import { Badge } from "../../../components/ui/badge";
import { formatDateTime } from "../../../lib/format";
import { displayPhone } from "../../../lib/phone";

export function BusinessApprovalsTab({
  businesses,
  changes,
  duplicates = {},
  result,
  loadError,
}: {
  businesses: Paged<PendingBusiness>;
  /** Per pending listing, other listings it may duplicate (same phone, or a very similar name in its state). */
  duplicates?: Record<string, PossibleDuplicate[]>;
  changes: Paged<PendingChange>;
  result?: AdminActionResult;
  loadError?: string;
}) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="approvals-title">
        <h2 id="approvals-title" className="mb-3 text-lg font-semibold">
          {t("Pending businesses")}
        </h2>
        <PagedList
          page={businesses}
          loadError={loadError}
          empty={t("No businesses are waiting for approval.")}
          label={t("Pending businesses")}
          spacing="space-y-4"
        >
          {(b) => <PendingCard key={b.id} business={b} duplicates={duplicates[b.id] ?? []} result={result} />}
        </PagedList>
      </section>
      <section aria-labelledby="changes-title">
        <h2 id="changes-title" className="text-lg font-semibold">
          {t("Changes to approved businesses")}
        </h2>
        <p className="mb-3 text-sm text-gray-600">{t("The public sees each listing as it was approved until you approve its changes.")}</p>
        <PagedList
          page={changes}
          empty={t("No changes are waiting for review.")}
          label={t("Changes to approved businesses")}
          spacing="space-y-4"
          pageParam={CHANGES_PAGE_PARAM}
        >
          {(c) => <ChangeCard key={c.businessId} change={c} result={result} />}
        </PagedList>
      </section>
      {/* Owners' offers (issue 37) are reviewed on a page of their own. */}
      <p>
        <Link to="/admin/offers" className="link">
          {t("Offers waiting for review")}
        </Link>
      </p>
    </div>
  );
}

const shownValue = (value: string | string[] | null) =>
  (Array.isArray(value) ? value.join(", ") : value)?.trim() || t(ADMIN_TEXTS.notSpecified);

function ImageRow({ images, label }: { images: ChangeImage[]; label: string }) {
  return (
    <ol className="flex gap-1 overflow-x-auto" aria-label={label} tabIndex={0}>
      {images.map((img) => (
        <li key={img.id} className="shrink-0">
          <img
            src={img.src}
            alt={t("{{label}}: image {{position}}", { label, position: img.position })}
            width={120}
            height={90}
            loading="lazy"
            className="h-22 w-30 rounded object-cover"
            onError={(e) => {
              e.currentTarget.src = PLACEHOLDER_IMAGE;
            }}
          />
        </li>
      ))}
    </ol>
  );
}

/** A change to an approved listing: each changed field now → new, the images before and after, and the decision. */
function ChangeCard({ change: c, result }: { change: PendingChange; result?: AdminActionResult }) {
  const approving = useSubmitting("approve-change", c.businessId);
  const rejecting = useSubmitting("reject-change", c.businessId);
  const owner = c.ownerId ? personName(c.ownerFirstName, c.ownerLastName) : t(ADMIN_TEXTS.unknownOwner);
  return (
    <li className="card space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-semibold">{c.name}</h3>
        <Badge tone="pending">{t("Changes waiting")}</Badge>
      </div>
      <p className="text-sm text-gray-700">{[c.category && categoryName(c.category), locationLabel(c.state, c.country)].filter(Boolean).join(" · ")}</p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-gray-600">{t("Owner")}</dt>
        <dd>
          {owner}
          {c.ownerEmail ? <span className="break-all text-gray-600"> · {c.ownerEmail}</span> : null}
          {c.ownerSuspended ? <span className="text-red-700"> · {t("owner suspended")}</span> : null}
        </dd>
        <dt className="font-medium text-gray-600">{t("Changed")}</dt>
        <dd>{formatDateTime(c.submittedAt)}</dd>
      </dl>
      <ul className="space-y-2 text-sm" aria-label={t("Changes to {{name}}", { name: c.name })}>
        {c.changes.map((ch) => (
          <li key={ch.field} className="rounded-lg border border-gray-200 p-2">
            <p className="font-medium text-gray-700">{t(ch.label)}</p>
            <div className="mt-1 grid gap-2 sm:grid-cols-2">
              <p className="min-w-0">
                <span className="block text-xs font-semibold text-gray-500 uppercase">{t("Now")}</span>
                <del className="break-words whitespace-pre-line text-gray-700">{shownValue(ch.before)}</del>
              </p>
              <p className="min-w-0">
                <span className="block text-xs font-semibold text-gray-500 uppercase">{t("New")}</span>
                <ins className="break-words whitespace-pre-line text-gray-900 no-underline">{shownValue(ch.after)}</ins>
              </p>
            </div>
          </li>
        ))}
        {c.itemDescriptions.map((d) => (
          <li key={`item:${d.name}`} className="rounded-lg border border-gray-200 p-2" data-item-description={d.name}>
            <p className="font-medium text-gray-700">{`${t(PRICE_LIST_TEXTS.adminDescriptions)}: ${d.name}`}</p>
            <div className="mt-1 grid gap-2 sm:grid-cols-2">
              <p className="min-w-0">
                <span className="block text-xs font-semibold text-gray-500 uppercase">{t("Now")}</span>
                <del className="break-words text-gray-700">{shownValue(d.before)}</del>
              </p>
              <p className="min-w-0">
                <span className="block text-xs font-semibold text-gray-500 uppercase">{t("New")}</span>
                <ins className="break-words text-gray-900 no-underline">{shownValue(d.after)}</ins>
              </p>
            </div>
          </li>
        ))}
        {c.images ? (
          <li className="rounded-lg border border-gray-200 p-2">
            <p className="font-medium text-gray-700">{t("Images")}</p>
            <div className="mt-1 grid gap-2 sm:grid-cols-2">
              <div className="min-w-0">
                <span className="block text-xs font-semibold text-gray-500 uppercase">{t("Now")}</span>
                <ImageRow images={c.images.before} label={t("{{name}} now", { name: c.name })} />
              </div>
              <div className="min-w-0">
                <span className="block text-xs font-semibold text-gray-500 uppercase">{t("New")}</span>
                <ImageRow images={c.images.after} label={t("{{name}} after the change", { name: c.name })} />
              </div>
            </div>
          </li>
        ) : null}
      </ul>
      <div className="flex flex-wrap items-start gap-2 border-t border-gray-100 pt-3">
        <ActionForm intent="approve-change" targetId={c.businessId} fields={{ version: c.version }}>
          <button type="submit" className={buttonClass({ size: "sm" })} disabled={approving}>
            {approving ? t("Approving…") : t("Approve changes")}
          </button>
        </ActionForm>
        <div className="flex-1 has-[details[open]]:basis-full">
          <ReasonForm
            intent="reject-change"
            targetId={c.businessId}
            fields={{ version: c.version }}
            summary={t("Reject changes")}
            label={t("Rejection reason")}
            submitLabel={t("Reject changes")}
            required
            requiredMessage={t(ADMIN_TEXTS.rejectionReasonRequired)}
            hint={t("The listing stays as it was approved. The owner sees this reason on their dashboard.")}
            result={resultFor(result, "reject-change", c.businessId)}
            busy={rejecting}
          />
        </div>
      </div>
    </li>
  );
}

function PendingCard({ business: b, duplicates, result }: { business: PendingBusiness; duplicates: PossibleDuplicate[]; result?: AdminActionResult }) {
  const approving = useSubmitting("approve-business", b.id);
  const rejecting = useSubmitting("reject-business", b.id);
  const owner = listingOwnerLabel(b);
  return (
    <li className="card overflow-hidden">
      {b.images.length > 0 ? (
        <ol className="flex gap-1 overflow-x-auto bg-gray-100 p-1" aria-label={t("Images of {{name}}, in order", { name: b.name })} tabIndex={0}>
          {b.images.map((img) => (
            <li key={img.id} className="shrink-0">
              <img
                src={img.src}
                alt={t("{{name}}, image {{position}}", { name: b.name, position: img.position })}
                width={160}
                height={120}
                loading="lazy"
                className="h-30 w-40 rounded object-cover"
                onError={(e) => {
                  e.currentTarget.src = PLACEHOLDER_IMAGE;
                }}
              />
            </li>
          ))}
        </ol>
      ) : (
        <p className="bg-gray-100 px-4 py-3 text-sm text-gray-600">{t("No images")}</p>
      )}
      <div className="space-y-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="text-lg font-semibold">{b.name}</h3>
          <Badge tone="pending">{t("Pending")}</Badge>
        </div>
        <p className="text-sm text-gray-700">{[b.category && categoryName(b.category), locationLabel(b.state, b.country)].filter(Boolean).join(" · ")}</p>
        {duplicates.map((d) => (
          <p key={d.id} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-possible-duplicate={d.id}>
            {t("Possible duplicate of")}{" "}
            <Link to={`/businesses/${d.id}`} className="link">
              {d.name}
            </Link>{" "}
            {`(${d.why === "phone" ? t("same phone number") : t("similar name in the same state")}; ${statusWord(d.approvalStatus)})`}
          </p>
        ))}
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-gray-600">{t("Owner")}</dt>
          <dd>
            {owner}
            {b.ownerEmail ? <span className="break-all text-gray-600"> · {b.ownerEmail}</span> : null}
            {b.ownerKycStatus ? <span className="text-gray-600"> · {kycStatusLabel(b.ownerKycStatus)}</span> : null}
            {b.ownerSuspended ? <span className="text-red-700"> · {t("owner suspended")}</span> : null}
          </dd>
          <dt className="font-medium text-gray-600">{t("Address")}</dt>
          <dd>{[b.plotNumber, b.address].filter(Boolean).join(", ") || t(ADMIN_TEXTS.notSpecified)}</dd>
          {b.landmark || b.lga ? (
            <>
              <dt className="font-medium text-gray-600">{t("Landmark, LGA")}</dt>
              <dd>{[b.landmark, b.lga && t("{{lga}} LGA", { lga: b.lga })].filter(Boolean).join(" · ")}</dd>
            </>
          ) : null}
          <dt className="font-medium text-gray-600">{t("Phone")}</dt>
          <dd>{b.phoneNumber ? displayPhone(b.phoneNumber) : t(ADMIN_TEXTS.notSpecified)}</dd>
          {b.itemDescriptions.length > 0 ? (
            <>
              <dt className="font-medium text-gray-600">{t(PRICE_LIST_TEXTS.adminDescriptions)}</dt>
              <dd>
                <ul>
                  {b.itemDescriptions.map((d) => (
                    <li key={d.name} data-item-description={d.name}>
                      {`${d.name}: ${d.text}`}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          {b.websiteUrl ? (
            <>
              <dt className="font-medium text-gray-600">{t("Website")}</dt>
              <dd className="break-all">{b.websiteUrl}</dd>
            </>
          ) : null}
          {b.hours ? (
            <>
              <dt className="font-medium text-gray-600">{t("Opening hours")}</dt>
              <dd>
                <ul aria-label={t("Opening hours of {{name}}", { name: b.name })}>
                  {b.hours.map((row) => (
                    <li key={row.day}>{`${t(row.day)}: ${row.text}`}</li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          <dt className="font-medium text-gray-600">{t("Submitted")}</dt>
          <dd>{formatDateTime(b.createdAt)}</dd>
        </dl>
        {b.description ? <p className="whitespace-pre-line text-sm text-gray-800">{b.description}</p> : null}
        {b.products.length > 0 ? (
          <ul className="flex flex-wrap gap-1" aria-label={t("Products and services")}>
            {b.products.map((p) => (
              <li key={p} className="chip text-xs">
                {p}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap items-start gap-2 border-t border-gray-100 pt-3">
          <ActionForm intent="approve-business" targetId={b.id}>
            <button type="submit" className={buttonClass({ size: "sm" })} disabled={approving}>
              {approving ? t("Approving…") : t("Approve")}
            </button>
          </ActionForm>
          <div className="flex-1 has-[details[open]]:basis-full">
            <ReasonForm
              intent="reject-business"
              targetId={b.id}
              summary={t("Reject")}
              label={t("Rejection reason")}
              submitLabel={t("Reject business")}
              required
              requiredMessage={t(ADMIN_TEXTS.rejectionReasonRequired)}
              hint={t("The owner sees this reason on their dashboard.")}
              result={resultFor(result, "reject-business", b.id)}
              busy={rejecting}
            />
          </div>
        </div>
      </div>
    </li>
  );
}
