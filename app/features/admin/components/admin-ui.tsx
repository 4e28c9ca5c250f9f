import { useState, type ReactNode } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { buttonClass } from "../../../components/ui/button";
import { fieldClass } from "../../../components/ui/field";
import { Toast } from "../../../components/ui/toast";
import type { Paged } from "../../../lib/pagination";
import { msg, t } from "../../../lib/i18n/i18n";
import { unclaimedImportLabel } from "../../listings/claim.schemas";
import { ADMIN_TEXTS, type AdminActionResult } from "../admin.schemas";

export type { AdminActionResult };

/** Statuses as the lists say them inside a sentence ('… · succeeded'); anything else as it is stored. */
const STATUS_WORDS: Record<string, string> = {
  pending: msg("pending"),
  approved: msg("approved"),
  rejected: msg("rejected"),
  succeeded: msg("succeeded"),
  failed: msg("failed"),
};

/** A status as a badge says it ('Pending'). */
const STATUS_NAMES: Record<string, string> = { pending: msg("Pending"), approved: msg("Approved"), rejected: msg("Rejected") };

/** An owner's KYC status as a badge or a list says it ('KYC pending'). */
const KYC_STATUS_LABELS: Record<string, string> = {
  none: msg("KYC none"),
  pending: msg("KYC pending"),
  approved: msg("KYC approved"),
  rejected: msg("KYC rejected"),
};

export function statusWord(status: string): string {
  const word = STATUS_WORDS[status];
  return word ? t(word) : status;
}

export function statusName(status: string): string {
  const name = STATUS_NAMES[status];
  return name ? t(name) : status.charAt(0).toUpperCase() + status.slice(1);
}

export function kycStatusLabel(status: string): string {
  const label = KYC_STATUS_LABELS[status];
  return label ? t(label) : t("KYC {{status}}", { status });
}

/** First and last name, else 'Unknown User' (spec 02 §2). */
export function personName(first: string | null | undefined, last: string | null | undefined, fallback: string = t(ADMIN_TEXTS.unknownUser)): string {
  return [first?.trim(), last?.trim()].filter(Boolean).join(" ") || fallback;
}

/**
 * Who owns a listing, for the admin lists: the owner's name; for an imported listing nobody claimed yet, 'Imported, not
 * yet claimed (OpenStreetMap node/123)'; 'Unknown Owner' only for a listing whose owner account is gone (an orphan).
 */
export function listingOwnerLabel(b: { ownerId: string | null; ownerFirstName: string | null; ownerLastName: string | null; source?: string | null; sourceId?: string | null }): string {
  if (b.ownerId) return personName(b.ownerFirstName, b.ownerLastName);
  return b.source ? unclaimedImportLabel(b.source, b.sourceId) : t(ADMIN_TEXTS.unknownOwner);
}

export function locationLabel(state: string | null | undefined, country: string | null | undefined): string {
  return [state?.trim(), country?.trim()].filter(Boolean).join(", ") || t(ADMIN_TEXTS.notSpecified);
}

/** True while this form (intent + target) is being submitted. */
export function useSubmitting(intent: string, targetId?: string): boolean {
  const navigation = useNavigation();
  const form = navigation.formData;
  if (navigation.state === "idle" || !form) return false;
  return form.get("intent") === intent && (targetId === undefined || form.get("targetId") === targetId);
}

/** The result of the last action when it was about this row and intent. */
export function resultFor(result: AdminActionResult | undefined, intent: string | string[], targetId: string) {
  const intents = Array.isArray(intent) ? intent : [intent];
  return result && intents.includes(result.intent) && result.targetId === targetId ? result : undefined;
}

/**
 * A small action form posting to the admin route with an intent and a target; stays on the page and
 * keeps the scroll position. `confirm` asks before submitting (delete and other one-way actions).
 */
export function ActionForm({
  intent,
  targetId,
  confirm,
  children,
  className,
  fields,
}: {
  intent: string;
  targetId?: string;
  confirm?: string;
  children: ReactNode;
  className?: string;
  fields?: Record<string, string>;
}) {
  return (
    <Form
      method="post"
      preventScrollReset
      className={className}
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {targetId ? <input type="hidden" name="targetId" value={targetId} /> : null}
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/** Previous/next links that keep the other query parameters (tab, search); `param` names the page number. */
export function Pager({ page, hasNext, label, param = "page" }: { page: number; hasNext: boolean; label: string; param?: string }) {
  const [params] = useSearchParams();
  if (page <= 1 && !hasNext) return null;
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    next.delete("activity");
    if (target <= 1) next.delete(param);
    else next.set(param, String(target));
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label={t("{{label}} pages", { label })} className="mt-4 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={buttonClass({ variant: "outline", size: "sm" })}>
          <span className="i i-prev" aria-hidden="true" /> {t("Previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-gray-600">{t("Page {{page}}", { page })}</span>
      {hasNext ? (
        <Link to={hrefFor(page + 1)} className={buttonClass({ variant: "outline", size: "sm" })}>
          {t("Next")} <span className="i i-next" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A page of an admin list: the load error, the rows (or what to say when there are none), and the pager. */
export function PagedList<T>({
  page,
  loadError,
  empty,
  label,
  spacing = "space-y-3",
  pageParam,
  children,
}: {
  page: Paged<T>;
  loadError?: string;
  empty: ReactNode;
  /** Names the pager for screen readers ('Pending businesses pages'). */
  label: string;
  spacing?: string;
  /** The query parameter of the page number, when a screen pages two lists ('page' by default). */
  pageParam?: string;
  children: (row: T) => ReactNode;
}) {
  return (
    <>
      {loadError ? <LoadError text={loadError} /> : null}
      {page.rows.length === 0 ? <EmptyState>{empty}</EmptyState> : <ul className={spacing}>{page.rows.map(children)}</ul>}
      <Pager page={page.page} hasNext={page.hasNext} label={label} param={pageParam} />
    </>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="card p-6 text-center text-gray-600">{children}</p>;
}

export function LoadError({ text }: { text: string }) {
  return (
    <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {text}
    </div>
  );
}

/** The toast of the last admin action (the spec's title and text). */
export function ActionToast({ result }: { result: AdminActionResult | undefined }) {
  return <Toast message={result} />;
}

/**
 * A disclosure holding a reason field and a confirm button (reject with reason, suspend). Works without
 * JavaScript; with it, a blank required reason is refused before anything is sent.
 */
export function ReasonForm({
  intent,
  targetId,
  summary,
  label,
  submitLabel,
  required,
  requiredMessage,
  result,
  busy,
  hint,
  fields,
}: {
  intent: string;
  targetId: string;
  /** More hidden fields the action needs (the version of what is decided). */
  fields?: Record<string, string>;
  summary: string;
  label: string;
  submitLabel: string;
  required: boolean;
  requiredMessage?: string;
  result?: AdminActionResult;
  busy: boolean;
  hint?: string;
}) {
  const [clientError, setClientError] = useState<string | null>(null);
  const serverError = result && !result.ok ? (result.fieldError ?? null) : null;
  const error = clientError ?? serverError;
  const fieldId = `${intent}-${targetId}-reason`;
  return (
    <details className="group w-full" open={Boolean(serverError) || undefined}>
      <summary className={`${buttonClass({ variant: "danger", size: "sm" })} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        {summary}
      </summary>
      <Form
        method="post"
        preventScrollReset
        noValidate
        className="mt-3 space-y-2"
        onSubmit={(event) => {
          const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
          if (required && !reason.trim()) {
            event.preventDefault();
            setClientError(requiredMessage ?? t("Required"));
          } else setClientError(null);
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="targetId" value={targetId} />
        {Object.entries(fields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor={fieldId} className="block text-sm font-medium text-gray-700">
          {label}
          {required ? <span aria-hidden="true"> *</span> : <span className="font-normal text-gray-500"> {t("(optional)")}</span>}
        </label>
        <textarea
          id={fieldId}
          name="reason"
          rows={3}
          maxLength={1000}
          required={required}
          defaultValue={result?.values?.reason ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null].filter(Boolean).join(" ") || undefined}
          className={fieldClass}
        />
        {hint ? (
          <p id={`${fieldId}-hint`} className="text-xs text-gray-500">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <button type="submit" className={`${buttonClass({ size: "sm" })} bg-red-600 hover:bg-red-700`} disabled={busy}>
          {busy ? t("Saving…") : submitLabel}
        </button>
      </Form>
    </details>
  );
}
