import { AppError, type FailureText } from "./app-error";

/**
 * Row ids are UUIDs. A value that cannot be one is refused before it reaches PostgreSQL (a uuid column
 * raises an error for '------------------------------------', which would answer 500 instead of 'not
 * found'). Client-safe and free of zod: public pages use isUuid; forms use IdSchema (app/lib/id-schema.ts).
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the value can be a row's id. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

/** The id, or a not-found refusal (with the screen's text when given) for anything that cannot be one. */
export function requireUuid(value: unknown, notFound?: FailureText): string {
  if (!isUuid(value)) throw new AppError("not-found", notFound);
  return value;
}
