import { sql, type AnyColumn } from "drizzle-orm";

/** Escapes LIKE wildcards so a search for "50%" finds "50%" and nothing else. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Newest first, written to match our indexes (drizzle's desc() builds them DESC NULLS LAST; a plain
 * DESC means NULLS FIRST and the planner would sort the whole table instead of reading the index).
 */
export function newestFirst(column: AnyColumn) {
  return sql`${column} desc nulls last`;
}
