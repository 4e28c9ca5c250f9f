import { useState } from "react";
import { t } from "../../lib/i18n/i18n";

export type ToastMessage = {
  ok: boolean;
  title: string;
  text?: string;
  /** The request id to quote, when the action failed through a fault of ours. */
  errorId?: string;
  /** Makes a repeated identical message show again. */
  at: number;
};

/**
 * The toast of the last action: a title and text (the spec's) pinned to the bottom of the screen,
 * announced (status for success, alert for errors) and dismissible.
 */
export function Toast({ message }: { message: ToastMessage | undefined }) {
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  if (!message || dismissedAt === message.at) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      <div
        role={message.ok ? "status" : "alert"}
        className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${
          message.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-900"
        }`}
      >
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{message.title}</p>
          {message.text ? <p className="mt-0.5">{message.text}</p> : null}
          {message.errorId ? <p className="mt-0.5 text-xs">{t("Error ID:")} {message.errorId}</p> : null}
        </div>
        <button type="button" className="icon-btn -m-1 p-1" onClick={() => setDismissedAt(message.at)}>
          <span className="i i-close h-4 w-4" aria-hidden="true" />
          <span className="sr-only">{t("Dismiss")}</span>
        </button>
      </div>
    </div>
  );
}
