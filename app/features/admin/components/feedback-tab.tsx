import { FEEDBACK_STATUSES } from "../../../lib/reference";
import type { AdminFeedback } from "../../feedback/list-feedback.server";
import type { Paged } from "../../../lib/pagination";
import { ADMIN_TEXTS, ROLE_LABELS } from "../admin.schemas";
import { ActionForm, PagedList, personName, useSubmitting } from "./admin-ui";
import { buttonClass } from "../../../components/ui/button";
import { fieldClass } from "../../../components/ui/field";
import { Badge } from "../../../components/ui/badge";
import { formatDateTime } from "../../../lib/format";
import { msg, t } from "../../../lib/i18n/i18n";

const STATUS_LABELS: Record<string, string> = { new: msg("New"), reviewed: msg("Reviewed"), resolved: msg("Resolved") };

export function FeedbackTab({ entries, loadError }: { entries: Paged<AdminFeedback>; loadError?: string }) {
  return (
    <section aria-labelledby="feedback-title">
      <h2 id="feedback-title" className="mb-3 text-lg font-semibold">
        {t("Feedback")}
      </h2>
      <PagedList page={entries} loadError={loadError} empty={t("No feedback yet.")} label={t("Feedback")}>
        {(f) => <FeedbackCard key={f.id} entry={f} />}
      </PagedList>
    </section>
  );
}

function FeedbackCard({ entry: f }: { entry: AdminFeedback }) {
  const saving = useSubmitting("feedback-status", f.id);
  const deleting = useSubmitting("delete-feedback", f.id);
  const statusId = `feedback-status-${f.id}`;
  const who = f.userId ? personName(f.firstName, f.lastName) : t(ADMIN_TEXTS.unknownUser);
  return (
    <li className="card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">
            {who}
            {f.role ? <span className="ml-1 text-sm font-normal text-gray-600">({ROLE_LABELS[f.role] ? t(ROLE_LABELS[f.role]) : f.role})</span> : null}
          </h3>
          <p className="break-all text-sm text-gray-700">{f.email?.trim() || t(ADMIN_TEXTS.noEmail)}</p>
        </div>
        <Badge tone={f.status}>{STATUS_LABELS[f.status] ? t(STATUS_LABELS[f.status]) : f.status}</Badge>
      </div>
      <p className="mt-2 whitespace-pre-line break-words text-gray-900">{f.message}</p>
      <p className="mt-1 text-xs text-gray-500">
        {t("Sent {{when}}", { when: formatDateTime(f.createdAt) })}
        {f.updatedAt.getTime() !== f.createdAt.getTime() ? <> · {t("updated {{when}}", { when: formatDateTime(f.updatedAt) })}</> : null}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2 border-t border-gray-100 pt-3">
        <ActionForm intent="feedback-status" targetId={f.id} className="flex items-end gap-2">
          <div>
            <label htmlFor={statusId} className="block text-xs font-medium text-gray-600">
              {t("Status")}
            </label>
            <select id={statusId} name="status" defaultValue={f.status} className={`${fieldClass} py-1.5 text-sm`}>
              {FEEDBACK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(STATUS_LABELS[s])}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })} disabled={saving}>
            {saving ? t("Saving…") : t("Update status")}
          </button>
        </ActionForm>
        <ActionForm intent="delete-feedback" targetId={f.id} confirm={t("Delete this feedback? This cannot be undone.")}>
          <button type="submit" className={buttonClass({ variant: "danger", size: "sm" })} disabled={deleting}>
            {deleting ? t("Deleting…") : t("Delete")}
          </button>
        </ActionForm>
      </div>
    </li>
  );
}
