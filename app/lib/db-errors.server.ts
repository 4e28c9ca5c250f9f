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

/** SQLSTATEs that mean the database cannot serve now: connection exceptions (08…), shutting down or starting
 * (57P01–57P03), too many connections (53300), a statement cancelled by statement_timeout (57014). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300|57014)$/;
const UNAVAILABLE_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EPIPE", "EAI_AGAIN"]);
const UNAVAILABLE_MESSAGE = /timeout exceeded when trying to connect|Connection terminated|connection error|The database is not open yet|Cannot use a pool after calling end/i;

/** True when an error (or its cause) says the database is down or unreachable, not that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error as { cause?: unknown; code?: unknown; message?: unknown; errors?: unknown } | undefined;
  for (let depth = 0; current && depth < 6; depth++) {
    const code = typeof current.code === "string" ? current.code : undefined;
    if (code && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (typeof current.message === "string" && UNAVAILABLE_MESSAGE.test(current.message)) return true;
    // An AggregateError (connecting to several addresses of one host) holds the real causes.
    if (Array.isArray(current.errors) && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = current.cause && typeof current.cause === "object" ? (current.cause as typeof current) : undefined;
  }
  return false;
}
