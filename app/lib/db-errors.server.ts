/** The database's own error code behind drizzle's wrapper (DrizzleQueryError → pg / PGlite DatabaseError). */
export function databaseErrorCode(error: unknown): string | undefined {
  let current = error as { cause?: unknown; code?: unknown } | undefined;
  while (current) {
    if (typeof current.code === "string" && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause && typeof current.cause === "object" ? (current.cause as typeof current) : undefined;
  }
  return undefined;
}

/** True when a statement was refused by a unique index (SQLSTATE 23505): a double submit that lost the race. */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorCode(error) === "23505";
}
