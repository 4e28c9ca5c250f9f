import { useState } from "react";
import type { AdminKycRow } from "../../kyc/list-kyc-submissions.server";
import type { Paged } from "../../../lib/pagination";
import { ADMIN_TEXTS } from "../admin.schemas";
import { ActionForm, PagedList, personName, ReasonForm, resultFor, statusName, type AdminActionResult, useSubmitting } from "./admin-ui";
import { buttonClass } from "../../../components/ui/button";
import { Badge } from "../../../components/ui/badge";
import { formatDateTime } from "../../../lib/format";
import { t } from "../../../lib/i18n/i18n";
import { LIMITS } from "../../../lib/reference";
import { displayPhone } from "../../../lib/phone";

export function KycTab({ submissions, result, loadError }: { submissions: Paged<AdminKycRow>; result?: AdminActionResult; loadError?: string }) {
  return (
    <section aria-labelledby="kyc-title">
      <h2 id="kyc-title" className="mb-3 text-lg font-semibold">
        {t("KYC submissions")}
      </h2>
      <PagedList page={submissions} loadError={loadError} empty={t("No KYC submissions yet.")} label={t("KYC submissions")}>
        {(s) => <KycCard key={s.id} submission={s} result={result} />}
      </PagedList>
    </section>
  );
}

function KycCard({ submission: s, result }: { submission: AdminKycRow; result?: AdminActionResult }) {
  const approving = useSubmitting("approve-kyc", s.id);
  const rejecting = useSubmitting("reject-kyc", s.id);
  const deleting = useSubmitting("delete-kyc", s.id);
  const account = personName(s.firstName, s.lastName);
  return (
    <li className="card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">{s.fullName}</h3>
          <p className="break-all text-sm text-gray-700">
            {t("Account: {{account}}", { account })} · {s.email?.trim() || t(ADMIN_TEXTS.noEmail)}
          </p>
        </div>
        <Badge tone={s.status}>{statusName(s.status)}</Badge>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-gray-600">{t("Phone or ID number")}</dt>
        <dd>{displayPhone(s.idNumber)}</dd>
        <dt className="font-medium text-gray-600">{t("Submitted")}</dt>
        <dd>{formatDateTime(s.submittedAt)}</dd>
        <dt className="font-medium text-gray-600">{t("Reviewed")}</dt>
        <dd>{formatDateTime(s.reviewedAt)}</dd>
        {s.status === "rejected" ? (
          <>
            <dt className="font-medium text-gray-600">{t("Rejection reason")}</dt>
            <dd>{s.rejectionReason?.trim() || t(ADMIN_TEXTS.notSpecified)}</dd>
          </>
        ) : null}
      </dl>
      {s.documentDeletedNote ? (
        <p className="mt-2 rounded-lg bg-gray-100 px-3 py-2 text-sm text-gray-700">{s.documentDeletedNote}</p>
      ) : (
        <DocumentPreview url={s.documentUrl} name={s.fullName} />
      )}
      <div className="mt-3 flex flex-wrap items-start gap-2 border-t border-gray-100 pt-3">
        {s.status === "pending" ? (
          <>
            <ActionForm intent="approve-kyc" targetId={s.id}>
              <button type="submit" className={buttonClass({ size: "sm" })} disabled={approving}>
                {approving ? t("Approving…") : t("Approve")}
              </button>
            </ActionForm>
            <div className="flex-1 has-[details[open]]:basis-full">
              <ReasonForm
                intent="reject-kyc"
                targetId={s.id}
                summary={t("Reject")}
                label={t("Rejection reason")}
                submitLabel={t("Reject KYC")}
                required={false}
                hint={t("The owner sees this reason and may submit again.")}
                result={resultFor(result, "reject-kyc", s.id)}
                busy={rejecting}
              />
            </div>
          </>
        ) : null}
        <ActionForm intent="delete-kyc" targetId={s.id} confirm={t("Delete this KYC submission and its document? This cannot be undone.")}>
          <button type="submit" className={buttonClass({ variant: "danger", size: "sm" })} disabled={deleting}>
            {deleting ? t("Deleting…") : t("Delete")}
          </button>
        </ActionForm>
      </div>
    </li>
  );
}

/**
 * The ID document through its signed link. The image is requested only when the admin opens the
 * preview, because every load is written to the audit log as a view.
 */
function DocumentPreview({ url, name }: { url: string | null; name: string }) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!url) return <p className="mt-2 rounded-lg bg-gray-100 px-3 py-2 text-sm text-gray-700">{t(ADMIN_TEXTS.unableToLoadDocument)}</p>;
  return (
    <details className="mt-2" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className={`${buttonClass({ variant: "outline", size: "sm" })} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <span className="i i-eye" aria-hidden="true" /> {t("View ID document")}
      </summary>
      <div className="mt-2">
        {open && !failed ? (
          <img src={url} alt={t("ID document of {{name}}", { name })} className="max-h-96 w-auto rounded-lg ring-1 ring-gray-200" onError={() => setFailed(true)} />
        ) : null}
        {failed ? <p className="rounded-lg bg-gray-100 px-3 py-2 text-sm text-gray-700">{t(ADMIN_TEXTS.unableToLoadDocument)}</p> : null}
        <a href={url} target="_blank" rel="noopener noreferrer" className="link mt-1 inline-block text-sm">
          {t("Open in a new tab")}
        </a>
        <p className="text-xs text-gray-500">
          {t("The link works for {{minutes}} minutes, only for you while you are signed in (reload the page for a new one). Each view is recorded.", {
            minutes: LIMITS.signedDocumentUrlSeconds / 60,
          })}
        </p>
      </div>
    </details>
  );
}
