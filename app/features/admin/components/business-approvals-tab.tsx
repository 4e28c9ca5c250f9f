import { PLACEHOLDER_IMAGE } from "../../../lib/image-url";
import type { PendingBusiness } from "../../listings/list-pending-businesses.server";
import type { ChangeImage, PendingChange } from "../../listings/list-pending-changes.server";
import type { Paged } from "../../../lib/pagination";
import type { PossibleDuplicate } from "../../reports/find-possible-duplicates.server";
import { ADMIN_TEXTS, CHANGES_PAGE_PARAM } from "../admin.schemas";
import { ActionForm, listingOwnerLabel, locationLabel, PagedList, personName, ReasonForm, resultFor, type AdminActionResult, useSubmitting } from "./admin-ui";
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
          Pending businesses
        </h2>
        <PagedList
          page={businesses}
          loadError={loadError}
          empty="No businesses are waiting for approval."
          label="Pending businesses"
          spacing="space-y-4"
        >
          {(b) => <PendingCard key={b.id} business={b} duplicates={duplicates[b.id] ?? []} result={result} />}
        </PagedList>
      </section>
      <section aria-labelledby="changes-title">
        <h2 id="changes-title" className="text-lg font-semibold">
          Changes to approved businesses
        </h2>
        <p className="mb-3 text-sm text-gray-600">The public sees each listing as it was approved until you approve its changes.</p>
        <PagedList
          page={changes}
          empty="No changes are waiting for review."
          label="Changes to approved businesses"
          spacing="space-y-4"
          pageParam={CHANGES_PAGE_PARAM}
        >
          {(c) => <ChangeCard key={c.businessId} change={c} result={result} />}
        </PagedList>
      </section>
    </div>
  );
}

const shownValue = (value: string | string[] | null) =>
  (Array.isArray(value) ? value.join(", ") : value)?.trim() || ADMIN_TEXTS.notSpecified;

function ImageRow({ images, label }: { images: ChangeImage[]; label: string }) {
  return (
    <ol className="flex gap-1 overflow-x-auto" aria-label={label} tabIndex={0}>
      {images.map((img) => (
        <li key={img.id} className="shrink-0">
          <img
            src={img.src}
            alt={`${label}: image ${img.position}`}
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
  const owner = c.ownerId ? personName(c.ownerFirstName, c.ownerLastName) : ADMIN_TEXTS.unknownOwner;
  return (
    <li className="card space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-semibold">{c.name}</h3>
        <Badge tone="pending">Changes waiting</Badge>
      </div>
      <p className="text-sm text-gray-700">{[c.category, locationLabel(c.state, c.country)].filter(Boolean).join(" · ")}</p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-gray-600">Owner</dt>
        <dd>
          {owner}
          {c.ownerEmail ? <span className="break-all text-gray-600"> · {c.ownerEmail}</span> : null}
          {c.ownerSuspended ? <span className="text-red-700"> · owner suspended</span> : null}
        </dd>
        <dt className="font-medium text-gray-600">Changed</dt>
        <dd>{formatDateTime(c.submittedAt)}</dd>
      </dl>
      <ul className="space-y-2 text-sm" aria-label={`Changes to ${c.name}`}>
        {c.changes.map((ch) => (
          <li key={ch.field} className="rounded-lg border border-gray-200 p-2">
            <p className="font-medium text-gray-700">{ch.label}</p>
            <div className="mt-1 grid gap-2 sm:grid-cols-2">
              <p className="min-w-0">
                <span className="block text-xs font-semibold text-gray-500 uppercase">Now</span>
                <del className="break-words whitespace-pre-line text-gray-700">{shownValue(ch.before)}</del>
              </p>
              <p className="min-w-0">
                <span className="block text-xs font-semibold text-gray-500 uppercase">New</span>
                <ins className="break-words whitespace-pre-line text-gray-900 no-underline">{shownValue(ch.after)}</ins>
              </p>
            </div>
          </li>
        ))}
        {c.images ? (
          <li className="rounded-lg border border-gray-200 p-2">
            <p className="font-medium text-gray-700">Images</p>
            <div className="mt-1 grid gap-2 sm:grid-cols-2">
              <div className="min-w-0">
                <span className="block text-xs font-semibold text-gray-500 uppercase">Now</span>
                <ImageRow images={c.images.before} label={`${c.name} now`} />
              </div>
              <div className="min-w-0">
                <span className="block text-xs font-semibold text-gray-500 uppercase">New</span>
                <ImageRow images={c.images.after} label={`${c.name} after the change`} />
              </div>
            </div>
          </li>
        ) : null}
      </ul>
      <div className="flex flex-wrap items-start gap-2 border-t border-gray-100 pt-3">
        <ActionForm intent="approve-change" targetId={c.businessId} fields={{ version: c.version }}>
          <button type="submit" className={buttonClass({ size: "sm" })} disabled={approving}>
            {approving ? "Approving…" : "Approve changes"}
          </button>
        </ActionForm>
        <div className="flex-1 has-[details[open]]:basis-full">
          <ReasonForm
            intent="reject-change"
            targetId={c.businessId}
            fields={{ version: c.version }}
            summary="Reject changes"
            label="Rejection reason"
            submitLabel="Reject changes"
            required
            requiredMessage={ADMIN_TEXTS.rejectionReasonRequired}
            hint="The listing stays as it was approved. The owner sees this reason on their dashboard."
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
        <ol className="flex gap-1 overflow-x-auto bg-gray-100 p-1" aria-label={`Images of ${b.name}, in order`} tabIndex={0}>
          {b.images.map((img) => (
            <li key={img.id} className="shrink-0">
              <img
                src={img.src}
                alt={`${b.name}, image ${img.position}`}
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
        <p className="bg-gray-100 px-4 py-3 text-sm text-gray-600">No images</p>
      )}
      <div className="space-y-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="text-lg font-semibold">{b.name}</h3>
          <Badge tone="pending">Pending</Badge>
        </div>
        <p className="text-sm text-gray-700">{[b.category, locationLabel(b.state, b.country)].filter(Boolean).join(" · ")}</p>
        {duplicates.map((d) => (
          <p key={d.id} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-possible-duplicate={d.id}>
            Possible duplicate of{" "}
            <a href={`/businesses/${d.id}`} className="link">
              {d.name}
            </a>{" "}
            {`(${d.why === "phone" ? "same phone number" : "similar name in the same state"}; ${d.approvalStatus})`}
          </p>
        ))}
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-gray-600">Owner</dt>
          <dd>
            {owner}
            {b.ownerEmail ? <span className="break-all text-gray-600"> · {b.ownerEmail}</span> : null}
            {b.ownerKycStatus ? <span className="text-gray-600"> · KYC {b.ownerKycStatus}</span> : null}
            {b.ownerSuspended ? <span className="text-red-700"> · owner suspended</span> : null}
          </dd>
          <dt className="font-medium text-gray-600">Address</dt>
          <dd>{[b.plotNumber, b.address].filter(Boolean).join(", ") || ADMIN_TEXTS.notSpecified}</dd>
          {b.landmark || b.lga ? (
            <>
              <dt className="font-medium text-gray-600">Landmark, LGA</dt>
              <dd>{[b.landmark, b.lga && `${b.lga} LGA`].filter(Boolean).join(" · ")}</dd>
            </>
          ) : null}
          <dt className="font-medium text-gray-600">Phone</dt>
          <dd>{b.phoneNumber ? displayPhone(b.phoneNumber) : ADMIN_TEXTS.notSpecified}</dd>
          {b.websiteUrl ? (
            <>
              <dt className="font-medium text-gray-600">Website</dt>
              <dd className="break-all">{b.websiteUrl}</dd>
            </>
          ) : null}
          {b.hours ? (
            <>
              <dt className="font-medium text-gray-600">Opening hours</dt>
              <dd>
                <ul aria-label={`Opening hours of ${b.name}`}>
                  {b.hours.map((row) => (
                    <li key={row.day}>{`${row.day}: ${row.text}`}</li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          <dt className="font-medium text-gray-600">Submitted</dt>
          <dd>{formatDateTime(b.createdAt)}</dd>
        </dl>
        {b.description ? <p className="whitespace-pre-line text-sm text-gray-800">{b.description}</p> : null}
        {b.products.length > 0 ? (
          <ul className="flex flex-wrap gap-1" aria-label="Products and services">
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
              {approving ? "Approving…" : "Approve"}
            </button>
          </ActionForm>
          <div className="flex-1 has-[details[open]]:basis-full">
            <ReasonForm
              intent="reject-business"
              targetId={b.id}
              summary="Reject"
              label="Rejection reason"
              submitLabel="Reject business"
              required
              requiredMessage={ADMIN_TEXTS.rejectionReasonRequired}
              hint="The owner sees this reason on their dashboard."
              result={resultFor(result, "reject-business", b.id)}
              busy={rejecting}
            />
          </div>
        </div>
      </div>
    </li>
  );
}
