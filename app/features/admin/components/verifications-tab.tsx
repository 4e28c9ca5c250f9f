import { Link } from "react-router";
import { formatDate } from "../../../lib/format";
import { msg, t } from "../../../lib/i18n/i18n";
import type { Paged } from "../../../lib/pagination";
import type { AdminVerificationRow } from "../../verification/revoke-verification.server";
import { VERIFICATION_TEXTS } from "../../verification/verification.schemas";
import { PagedList, ReasonForm, resultFor, useSubmitting, type AdminActionResult } from "./admin-ui";

const METHOD_LABELS: Record<string, string> = {
  "sms-code": msg("by code by SMS"),
  "voice-code": msg("by code by a call"),
  vnin: msg("by virtual NIN"),
  document: msg("by photo ID"),
  "cac-lookup": msg("by CAC register"),
};

/**
 * The Verification tab (issue 35, ADR 39): the levels standing now, newest first — who, which listing, what was
 * checked and the provider's reference — each with Revoke and a reason the owner reads. Opening it is audited.
 */
export function VerificationsTab({ verifications, result, loadError }: { verifications: Paged<AdminVerificationRow>; result?: AdminActionResult; loadError?: string }) {
  return (
    <section aria-labelledby="verifications-title">
      <h2 id="verifications-title" className="text-lg font-semibold">
        {t(VERIFICATION_TEXTS.tabTitle)}
      </h2>
      <p className="mb-3 text-sm text-gray-600">{t(VERIFICATION_TEXTS.tabIntro)}</p>
      <PagedList page={verifications} loadError={loadError} empty={t(VERIFICATION_TEXTS.tabEmpty)} label={t(VERIFICATION_TEXTS.tabTitle)}>
        {(row) => <VerificationCard key={row.id} row={row} result={result} />}
      </PagedList>
    </section>
  );
}

function VerificationCard({ row, result }: { row: AdminVerificationRow; result?: AdminActionResult }) {
  const revoking = useSubmitting("verification-revoke", row.id);
  return (
    <li className="card p-4" data-verification={row.id}>
      <p className="space-x-2">
        <span className="badge-verified">{row.label}</span>
        <span className="text-xs text-gray-600">{METHOD_LABELS[row.method] ? t(METHOD_LABELS[row.method]) : t("by {{method}}", { method: row.method })}</span>
      </p>
      <h3 className="mt-1 break-words font-semibold">
        {row.listing ? (
          <Link to={`/businesses/${row.listing.id}`} className="py-1 hover:underline">
            {row.listing.name}
          </Link>
        ) : (
          t("All of the owner's listings")
        )}
      </h3>
      <p className="break-words text-sm text-gray-700">{row.detail}</p>
      <p className="text-sm text-gray-600">
        {t("Owner {{owner}} · until {{date}}", { owner: row.owner, date: formatDate(row.expiresAt) })}
        {row.providerReference ? ` · ${t("provider's reference {{reference}}", { reference: row.providerReference })}` : ""}
      </p>
      <div className="mt-3">
        <ReasonForm
          intent="verification-revoke"
          targetId={row.id}
          summary={t("Revoke")}
          label={t("Reason the owner sees")}
          submitLabel={t("Revoke this level")}
          required
          requiredMessage={t(VERIFICATION_TEXTS.revokeReasonNeeded)}
          hint={t("The badge goes at once; the owner is told, with this reason.")}
          result={resultFor(result, "verification-revoke", row.id)}
          busy={revoking}
        />
      </div>
    </li>
  );
}
