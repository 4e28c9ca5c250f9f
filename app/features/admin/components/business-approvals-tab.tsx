import { PLACEHOLDER_IMAGE } from "../../../lib/image-url";
import type { PendingBusiness } from "../../listings/list-pending-businesses.server";
import type { Paged } from "../../../lib/pagination";
import { ADMIN_TEXTS } from "../admin.schemas";
import { ActionForm, locationLabel, PagedList, personName, ReasonForm, resultFor, type AdminActionResult, useSubmitting } from "./admin-ui";
import { buttonClass } from "../../../components/ui/button";
import { Badge } from "../../../components/ui/badge";
import { formatDateTime } from "../../../lib/format";

export function BusinessApprovalsTab({
  businesses,
  result,
  loadError,
}: {
  businesses: Paged<PendingBusiness>;
  result?: AdminActionResult;
  loadError?: string;
}) {
  return (
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
        {(b) => <PendingCard key={b.id} business={b} result={result} />}
      </PagedList>
    </section>
  );
}

function PendingCard({ business: b, result }: { business: PendingBusiness; result?: AdminActionResult }) {
  const approving = useSubmitting("approve-business", b.id);
  const rejecting = useSubmitting("reject-business", b.id);
  const owner = b.ownerId ? personName(b.ownerFirstName, b.ownerLastName) : ADMIN_TEXTS.unknownOwner;
  return (
    <li className="card overflow-hidden">
      {b.images.length > 0 ? (
        <ol className="flex gap-1 overflow-x-auto bg-gray-100 p-1" aria-label={`Images of ${b.name}, in order`}>
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
          <dt className="font-medium text-gray-600">Phone</dt>
          <dd>{b.phoneNumber || ADMIN_TEXTS.notSpecified}</dd>
          {b.websiteUrl ? (
            <>
              <dt className="font-medium text-gray-600">Website</dt>
              <dd className="break-all">{b.websiteUrl}</dd>
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
          <div className="min-w-0 flex-1 has-[details[open]]:basis-full">
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
