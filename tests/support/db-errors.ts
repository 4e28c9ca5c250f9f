/** The database's own error behind drizzle's wrapper (DrizzleQueryError → pg / PGlite DatabaseError). */
export type DatabaseErrorInfo = { code?: string; constraint?: string; message: string };

function rootCause(error: unknown): DatabaseErrorInfo {
  let current = error as { cause?: unknown; code?: string; constraint?: string; message?: string } | undefined;
  while (current?.cause && typeof current.cause === "object") current = current.cause as typeof current;
  return { code: current?.code, constraint: current?.constraint, message: String(current?.message ?? error) };
}

/** Awaits a statement that must fail and returns what the database said; fails the test if it succeeded. */
export async function databaseError(statement: PromiseLike<unknown>): Promise<DatabaseErrorInfo> {
  try {
    await statement;
  } catch (error) {
    return rootCause(error);
  }
  throw new Error("the statement succeeded but the database should have refused it");
}

/** SQLSTATE codes the tests check for. */
export const SQLSTATE = {
  checkViolation: "23514",
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  insufficientPrivilege: "42501",
} as const;
