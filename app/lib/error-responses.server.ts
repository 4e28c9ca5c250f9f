import { data } from "react-router";
import { msg, t, translateIfKnown } from "./i18n/i18n";
import { AppError, isAppError, type AppErrorCode, type Failure, type FailureText } from "./app-error";
import { logger } from "./logger.server";
import { isDatabaseUnavailable } from "./db-errors.server";
import { currentRequestId, markDatabaseUnavailable } from "./request-context.server";

/**
 * The one place errors become HTTP answers, for React Router (loaders and actions) and Hono alike
 * (docs/decisions/0005-one-error-model.md):
 *   - an AppError (a refusal a use case decided) answers its code's status with its own text, else the
 *     action's failure text from the spec, else the code's generic text below;
 *   - anything else is a fault of ours: logged here with the request id and answered 500 with the action's
 *     failure text (or the error screen when the action has none), carrying the id for the person to quote.
 */
export const HTTP_STATUS: Readonly<Record<AppErrorCode, number>> = {
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  invalid: 400,
  "rate-limited": 429,
  unavailable: 503,
};

/** What a refusal says when neither the use case nor the screen has a text for it (English: describeError translates). */
export const GENERIC_FAILURES: Readonly<Record<AppErrorCode, Failure>> = {
  unauthenticated: { title: msg("Sign in required"), text: msg("Please log in to continue.") },
  forbidden: { title: msg("Access Denied"), text: msg("You don't have permission to do that.") },
  "not-found": { title: msg("Not found"), text: msg("It no longer exists. Refresh the page.") },
  conflict: { title: msg("Not done"), text: msg("It changed while you were looking at it. Refresh the page and try again.") },
  invalid: { title: msg("Please check your input"), text: msg("Please check what you entered and try again.") },
  "rate-limited": { title: msg("Too many requests"), text: msg("Too many requests. Please wait a few minutes before trying again.") },
  unavailable: { title: msg("Please try again"), text: msg("This is not available right now. Please try again in a moment.") },
};

/** A fault of ours with no failure text of its own. */
export const UNEXPECTED_FAILURE: Failure = { title: msg("Something went wrong"), text: msg("Something went wrong. Please try again.") };

export type MappedError = { status: number; failure: Failure; expected: boolean };

function asFailure(text: FailureText): Failure {
  return typeof text === "string" ? { title: "", text } : { ...text };
}

/** The HTTP status of an error: its code's for an AppError, 503 when the database is unavailable, else 500. */
export function statusOf(error: unknown): number {
  return isAppError(error) ? HTTP_STATUS[error.code] : isDatabaseUnavailable(error) ? 503 : 500;
}

/**
 * The mapping itself. `fallback` is the action's failure text from the spec ('Failed to create business
 * listing. Please try again.'): shown for a fault of ours, and for a refusal that carries only its code.
 * Faults are logged here, with the request id, which the failure carries as its errorId.
 */
/**
 * A failure in the request's language (issue 36): each text that is a catalog key (the spec's texts are marked
 * with msg() where they are written) is translated; a text a use case already wrote in the language stays as it is.
 */
function translated(failure: Failure): Failure {
  const out: Failure = { ...failure, title: translateIfKnown(failure.title), text: translateIfKnown(failure.text) };
  if (failure.link) out.link = { ...failure.link, label: translateIfKnown(failure.link.label) };
  if (failure.fields) out.fields = Object.fromEntries(Object.entries(failure.fields).map(([name, text]) => [name, translateIfKnown(text)]));
  if (failure.items) out.items = failure.items.map((item) => translateIfKnown(item));
  return out;
}

export function describeError(error: unknown, fallback?: FailureText): MappedError {
  if (isAppError(error)) {
    const screen = fallback ? asFailure(fallback) : undefined;
    const generic = GENERIC_FAILURES[error.code];
    const failure: Failure = {
      title: error.title ?? screen?.title ?? generic.title,
      text: error.hasText ? error.message : (screen?.text ?? generic.text),
    };
    if (error.link) failure.link = error.link;
    if (error.fields) failure.fields = error.fields;
    if (error.reason) failure.reason = error.reason;
    if (error.items) failure.items = error.items;
    return { status: HTTP_STATUS[error.code], failure: translated(failure), expected: true };
  }
  const errorId = currentRequestId();
  if (isDatabaseUnavailable(error)) {
    // Not a fault of the request: the database is down or restarting. 503 (the balancer and the browser may
    // retry), the screen's own failure text, else 'not available right now', with the Error ID.
    markDatabaseUnavailable();
    logger.error({ err: error, databaseUnavailable: true }, "request failed: database unavailable");
    const failure = { ...translated(fallback ? asFailure(fallback) : GENERIC_FAILURES.unavailable), ...(errorId ? { errorId } : {}) };
    return { status: 503, failure, expected: false };
  }
  logger.error({ err: error }, "request failed");
  const failure = { ...translated(fallback ? asFailure(fallback) : UNEXPECTED_FAILURE), ...(errorId ? { errorId } : {}) };
  return { status: 500, failure, expected: false };
}

/** Redirects and other responses thrown on purpose pass through every mapping unchanged. */
function isThrownResponse(error: unknown): error is Response {
  return error instanceof Response;
}

/**
 * A React Router action's answer to a failed use case (or a loader's, when its screen shows the failure
 * itself): `{ ok: false, failure, ...keep }` at the error's status, where `keep` is what the person typed
 * (the form shows it again). A fault of ours is logged and answered with `fallback`; without a fallback
 * it goes on to the error screen (with the request id).
 */
export function failureData<const Keep extends Record<string, unknown> = Record<never, never>>(
  error: unknown,
  options: { fallback?: FailureText; keep?: Keep } = {},
) {
  if (isThrownResponse(error)) throw error;
  if (!isAppError(error) && !options.fallback) throw error;
  const { status, failure } = describeError(error, options.fallback);
  return data({ ...(options.keep as Keep), ok: false as const, failure }, { status });
}

/** An action's own refusal (bad input caught before any use case), answered like a use case's. */
export function refusalData<const Keep extends Record<string, unknown> = Record<never, never>>(
  code: AppErrorCode,
  text: FailureText,
  options: { fields?: Record<string, string>; keep?: Keep } = {},
) {
  return failureData(new AppError(code, text, { fields: options.fields }), { keep: options.keep });
}

/**
 * For loaders: a refusal becomes the route's error response at its status (404 shows the not-found page,
 * others their text on the error boundary); a fault of ours goes on to the error screen.
 */
export function throwRouteError(error: unknown): never {
  if (isThrownResponse(error) || !isAppError(error)) throw error;
  const { status, failure } = describeError(error);
  throw data({ failure }, { status });
}

/** The error response body the route error boundary reads. */
export type RouteErrorData = { failure?: Failure; requestId?: string };

const NO_STORE = { "Cache-Control": "no-store" };

/** For JSON endpoints: `{ error, code }` at the error's status (faults: logged, 500, with `errorId`). */
export function jsonFailure(error: unknown, fallback?: FailureText): Response {
  const { status, failure } = describeError(error, fallback);
  const body = { error: failure.text, code: isAppError(error) ? error.code : "internal", ...(failure.errorId ? { errorId: failure.errorId } : {}) };
  return Response.json(body, { status, headers: NO_STORE });
}

/**
 * Hono's onError: whatever a handler threw, answered by the same mapping. JSON for /api/ and clients that
 * ask for it; otherwise a short text with the Error ID.
 */
export function errorResponse(error: unknown, request: Request): Response {
  if (isThrownResponse(error)) return error;
  const http = error as { getResponse?: () => Response };
  // Hono's own HTTPException (a body too large, a bad request) carries its answer.
  if (typeof http?.getResponse === "function") return http.getResponse();
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/") || (request.headers.get("accept") ?? "").includes("application/json")) return jsonFailure(error);
  const { status, failure } = describeError(error);
  const text = failure.errorId ? `${failure.text} ${t("Error ID:")} ${failure.errorId}` : failure.text;
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE } });
}
