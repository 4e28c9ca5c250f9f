/**
 * The one error model (docs/decisions/0005-one-error-model.md). A use case that refuses a request throws an
 * AppError: a code saying what kind of refusal it is, and what the person should read (the spec's toast title
 * and text, per-field messages, a link onward). app/lib/error-responses.server.ts turns it into an HTTP answer
 * for React Router and Hono alike. Anything else a use case throws is a fault of ours: it is logged with the
 * request id and the person sees the error screen (or the spec's failure text) with that id. Client-safe.
 */
export type AppErrorCode = "unauthenticated" | "forbidden" | "not-found" | "conflict" | "invalid" | "rate-limited" | "unavailable";

export const APP_ERROR_CODES: readonly AppErrorCode[] = [
  "unauthenticated", "forbidden", "not-found", "conflict", "invalid", "rate-limited", "unavailable",
];

/** What a screen shows when a request fails: a title and text (the spec's words), and what goes with them. */
export type Failure = {
  title: string;
  text: string;
  /** Messages per form field, shown beside the fields (the form keeps what was typed). */
  fields?: Record<string, string>;
  /** A way on ('View plans' → /pricing). */
  link?: { href: string; label: string };
  /** A finer reason than the code, for screens that act on it ('unverified', 'weak-password', 'pending'). */
  reason?: string;
  /** Items listed under the text (the reasons a password is too weak). */
  items?: string[];
  /** Set on failures we caused: the request id our logs carry, for the person to quote. */
  errorId?: string;
};

/** The text of a failure as a use case gives it: a sentence, or the spec's toast title and text. */
export type FailureText = string | { title: string; text: string; link?: { href: string; label: string } };

export type FailureDetails = Pick<Failure, "fields" | "reason" | "items">;

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** The toast title, when the spec gives one. */
  readonly title: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly link: Failure["link"];
  readonly reason: string | undefined;
  readonly items: string[] | undefined;
  /** False when the error carries only its code (no sentence for people). */
  readonly hasText: boolean;

  constructor(code: AppErrorCode, text?: FailureText, details: FailureDetails = {}) {
    const message = typeof text === "string" ? text : text?.text;
    super(message || code);
    this.name = "AppError";
    this.code = code;
    this.hasText = Boolean(message);
    this.title = typeof text === "object" ? text.title : undefined;
    this.link = typeof text === "object" ? text.link : undefined;
    this.fields = details.fields;
    this.reason = details.reason;
    this.items = details.items;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** The code of an AppError, or undefined for anything else (a fault of ours). */
export function appErrorCode(error: unknown): AppErrorCode | undefined {
  return isAppError(error) ? error.code : undefined;
}
