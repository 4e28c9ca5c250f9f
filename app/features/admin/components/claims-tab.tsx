import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { buttonClass } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { msg, t } from "../../../lib/i18n/i18n";
import type { Paged } from "../../../lib/pagination";
import { displayPhone } from "../../../lib/phone";
import { categoryName, LIMITS } from "../../../lib/reference";
import { CLAIM_DOCUMENT_LABELS, CLAIM_KIND_LABELS, CLAIM_REVIEW_TEXTS, importSourceLabel } from "../../listings/claim.schemas";
import type { AdminClaimRow } from "../../listings/list-claims.server";
import type { AdminCoveredPlace } from "../../listings/list-covered-places.server";
import { COVERED_PAGE_PARAM } from "../admin.schemas";
import { ActionForm, PagedList, personName, ReasonForm, resultFor, useSubmitting, type AdminActionResult } from "./admin-ui";

const KYC_LABELS: Record<string, string> = { approved: msg("Verified"), pending: msg("Under review"), rejected: msg("Rejected"), none: msg("Not submitted") };

/**
 * Claims (issue 34): the claims of listings waiting for an admin (a document when the listing's phone cannot take a code,
 * or a second claimant of an owned listing), oldest first; then the imported places the importer linked to owners'
 * listings, newest first, with Unlink. Notes are shown as text; documents open only through their signed links.
 */
export function ClaimsTab({
  claims,
  covered,
  result,
  loadError,
}: {
  claims: Paged<AdminClaimRow>;
  covered: Paged<AdminCoveredPlace>;
  result?: AdminActionResult;
  loadError?: string;
}) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="claims-title">
        <h2 id="claims-title" className="text-lg font-semibold">
          {t(CLAIM_REVIEW_TEXTS.title)}
        </h2>
        <p className="mb-3 text-sm text-gray-600">{t(CLAIM_REVIEW_TEXTS.intro)}</p>
        <PagedList page={claims} loadError={loadError} empty={t(CLAIM_REVIEW_TEXTS.empty)} label={t("Claims")}>
          {(c) => <ClaimCard key={c.id} claim={c} result={result} />}
        </PagedList>
      </section>
      <section aria-labelledby="covered-title">
        <h2 id="covered-title" className="text-lg font-semibold">
          {t(CLAIM_REVIEW_TEXTS.coveredTitle)}
        </h2>
        <p className="mb-3 text-sm text-gray-600">{t(CLAIM_REVIEW_TEXTS.coveredIntro)}</p>
        <PagedList page={covered} empty={t(CLAIM_REVIEW_TEXTS.coveredEmpty)} label={t("Covered places")} pageParam={COVERED_PAGE_PARAM}>
          {(p) => <CoveredPlaceCard key={p.id} place={p} />}
        </PagedList>
      </section>
    </div>
  );
}

function ClaimCard({ claim: c, result }: { claim: AdminClaimRow; result?: AdminActionResult }) {
  const approving = useSubmitting("approve-claim", c.id);
  const rejecting = useSubmitting("reject-claim", c.id);
  const claimant = personName(c.claimantFirstName, c.claimantLastName);
  const contact = [c.claimantEmail, c.claimantPhone ? displayPhone(c.claimantPhone) : null].filter(Boolean).join(" · ");
  const place = [c.category && categoryName(c.category), [c.lga, c.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ");
  const failed = result && !result.ok && result.intent === "approve-claim" && result.targetId === c.id ? result : undefined;
  return (
    <li className="card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">
            {c.isPublic ? (
              <Link to={`/businesses/${c.businessId}`} className="py-1 hover:underline">
                {c.businessName}
              </Link>
            ) : (
              c.businessName
            )}
          </h3>
          <p className="text-sm text-gray-700">{place}</p>
          {c.source ? <p className="text-sm text-gray-600">{t("Imported from {{source}}", { source: importSourceLabel(c.source, c.sourceId) })}</p> : null}
        </div>
        <Badge tone={c.kind === "dispute" ? "high" : "pending"}>{t(CLAIM_KIND_LABELS[c.kind])}</Badge>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-gray-600">{t("Claimant")}</dt>
        <dd className="break-all">
          {claimant}
          {contact ? ` · ${contact}` : null}
        </dd>
        <dt className="font-medium text-gray-600">{t("Identity (KYC)")}</dt>
        <dd>
          {KYC_LABELS[c.claimantKycStatus] ? t(KYC_LABELS[c.claimantKycStatus]) : c.claimantKycStatus}
          {c.claimantKycName ? ` · ${t("name on the ID: {{name}}", { name: c.claimantKycName })}` : null}
        </dd>
        {c.owner ? (
          <>
            <dt className="font-medium text-gray-600">{t("Current owner")}</dt>
            <dd className="break-all">
              {personName(c.owner.firstName, c.owner.lastName)}
              {[c.owner.email, c.owner.phone ? displayPhone(c.owner.phone) : null].filter(Boolean).map((v) => ` · ${v}`)}
            </dd>
          </>
        ) : null}
        <dt className="font-medium text-gray-600">{t("Document")}</dt>
        <dd>{t(CLAIM_DOCUMENT_LABELS[c.documentKind])}</dd>
        <dt className="font-medium text-gray-600">{t("Sent")}</dt>
        <dd>{formatDateTime(c.createdAt)}</dd>
        {c.otherPending > 0 ? (
          <>
            <dt className="font-medium text-gray-600">{t("Other claims")}</dt>
            <dd>{t("{{count}} other claims of this listing wait", { count: c.otherPending })}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-3">
        <p className="text-sm font-medium text-gray-600">{t("Note from the claimant")}</p>
        <p className="mt-1 whitespace-pre-line break-words rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-900">{c.note}</p>
      </div>
      <ClaimDocument url={c.documentUrl} name={c.businessName} />
      {failed?.text ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {failed.text}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-start gap-2 border-t border-gray-100 pt-3">
        <ActionForm intent="approve-claim" targetId={c.id}>
          <button type="submit" className={buttonClass({ size: "sm" })} disabled={approving}>
            {approving ? t("Approving…") : t(CLAIM_REVIEW_TEXTS.approve)}
          </button>
        </ActionForm>
        <div className="flex-1 has-[details[open]]:basis-full">
          <ReasonForm
            intent="reject-claim"
            targetId={c.id}
            summary={t(CLAIM_REVIEW_TEXTS.reject)}
            label={t(CLAIM_REVIEW_TEXTS.rejectLabel)}
            submitLabel={t(CLAIM_REVIEW_TEXTS.rejectSubmit)}
            required
            requiredMessage={t(CLAIM_REVIEW_TEXTS.reasonRequired)}
            hint={t(CLAIM_REVIEW_TEXTS.rejectHint)}
            result={resultFor(result, "reject-claim", c.id)}
            busy={rejecting}
          />
        </div>
      </div>
    </li>
  );
}

/** The claim's document through its signed link, loaded only when the admin opens it (each load is an audited view). */
function ClaimDocument({ url, name }: { url: string | null; name: string }) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!url) return <p className="mt-3 rounded-lg bg-gray-100 px-3 py-2 text-sm text-gray-700">{t(CLAIM_REVIEW_TEXTS.documentGone)}</p>;
  return (
    <details className="mt-3" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className={`${buttonClass({ variant: "outline", size: "sm" })} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <span className="i i-eye" aria-hidden="true" /> {t(CLAIM_REVIEW_TEXTS.documentLink)}
      </summary>
      <div className="mt-2">
        {open && !failed ? (
          <img src={url} alt={t("Document sent to claim {{name}}", { name })} className="max-h-96 w-auto rounded-lg ring-1 ring-gray-200" onError={() => setFailed(true)} />
        ) : null}
        {failed ? <p className="rounded-lg bg-gray-100 px-3 py-2 text-sm text-gray-700">{t(CLAIM_REVIEW_TEXTS.unableToLoad)}</p> : null}
        <a href={url} target="_blank" rel="noopener noreferrer" className="link mt-1 inline-block text-sm">
          {t("Open in a new tab")}
        </a>
        <p className="text-xs text-gray-500">{CLAIM_REVIEW_TEXTS.documentNote(LIMITS.signedDocumentUrlSeconds / 60)}</p>
      </div>
    </details>
  );
}

function CoveredPlaceCard({ place: p }: { place: AdminCoveredPlace }) {
  const unlinking = useSubmitting("unlink-covered-place", p.id);
  const owner = p.ownerId ? personName(p.ownerFirstName, p.ownerLastName) : null;
  return (
    <li className="card p-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-gray-500">{t("Imported place (hidden)")}</p>
          <h3 className="font-semibold">{p.name}</h3>
          <p className="text-sm text-gray-700">{[p.category && categoryName(p.category), [p.lga, p.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ")}</p>
          {p.address ? <p className="text-sm text-gray-600">{p.address}</p> : null}
          {p.phone ? <p className="text-sm text-gray-600">{displayPhone(p.phone)}</p> : null}
          <p className="text-sm text-gray-600">{importSourceLabel(p.source, p.sourceId)}</p>
        </div>
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-gray-500">{t("Linked to the owner's listing")}</p>
          <h3 className="font-semibold">
            {p.listingPublic ? (
              <Link to={`/businesses/${p.listingId}`} className="py-1 hover:underline">
                {p.listingName}
              </Link>
            ) : (
              p.listingName
            )}
          </h3>
          {owner ? (
            <p className="break-all text-sm text-gray-700">
              {t("Owner: {{owner}}", { owner })}
              {p.ownerEmail ? ` · ${p.ownerEmail}` : null}
            </p>
          ) : null}
          {p.listingState ? <p className="text-sm text-gray-600">{p.listingState}</p> : null}
        </div>
      </div>
      <div className="mt-3 border-t border-gray-100 pt-3">
        <ActionForm intent="unlink-covered-place" targetId={p.id} confirm={t(CLAIM_REVIEW_TEXTS.unlinkConfirm)}>
          <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })} disabled={unlinking}>
            {unlinking ? t("Unlinking…") : t(CLAIM_REVIEW_TEXTS.unlink)}
          </button>
        </ActionForm>
      </div>
    </li>
  );
}
