import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Failure } from "../../lib/app-error";
import { t } from "../../lib/i18n/i18n";

const TONES = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-green-200 bg-green-50 text-green-800",
  info: "border-blue-200 bg-blue-50 text-blue-800",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
} as const;

/** A banner for a form's or page's result: errors are announced at once (alert), the rest politely (status). */
export function Alert({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-3 py-2 text-sm ${TONES[tone]}`}>
      {children}
    </div>
  );
}

/**
 * A failure as the one error model describes it (app/lib/app-error.ts): the spec's title and text, the
 * listed reasons, the way on, and the Error ID to quote when the fault was ours.
 */
export function FailureAlert({ failure }: { failure: Failure }) {
  return (
    <Alert tone="error">
      {failure.title ? <strong className="block">{failure.title}</strong> : null}
      {failure.text}
      {failure.link ? (
        <>
          {" "}
          <Link to={failure.link.href} className="font-semibold underline">
            {failure.link.label}
          </Link>
        </>
      ) : null}
      {failure.errorId ? <span className="mt-1 block text-xs">{t("Error ID:")} {failure.errorId}</span> : null}
    </Alert>
  );
}
