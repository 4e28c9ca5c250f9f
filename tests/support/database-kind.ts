import { inject } from "vitest";

/** Which database this integration run uses: 'embedded' (PGlite) or 'postgres' (TEST_DATABASE_URL). */
export function databaseKind(): "embedded" | "postgres" {
  return inject("testDatabase").kind;
}

/**
 * For suites that never touch the per-file database (configuration, files, locks, embedded PGlite on
 * disk): run them in the PGlite project only, instead of twice.
 */
export const runsOnce = databaseKind() === "embedded";
