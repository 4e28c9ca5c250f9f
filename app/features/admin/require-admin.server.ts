import { sql, type AnyColumn } from "drizzle-orm";
import { AppError } from "../../lib/app-error";
import type { AuditActor } from "../../lib/audit.server";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_TEXTS } from "./admin.schemas";

/**
 * Every admin use case starts here: anonymous callers are unauthenticated, everyone else who is not an
 * admin (role admin or e-mail in the admins table) is forbidden. Suspended admins have no session at all.
 */
export function requireAdmin(actor: SessionUser | null | undefined): asserts actor is SessionUser {
  if (!actor) throw new AppError("unauthenticated", ADMIN_TEXTS.accessDenied);
  if (!actor.isAdmin) throw new AppError("forbidden", ADMIN_TEXTS.accessDenied);
}

/** Who the audit log names for an action. */
export function auditActorOf(actor: SessionUser): AuditActor {
  return { id: actor.id, email: actor.email };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%" and nothing else. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Throws not-found for ids that cannot be a row's id (uuid columns would raise a database error). */
export function requireUuid(value: string): string {
  if (!UUID.test(value)) throw new AppError("not-found");
  return value;
}

/** Adds calendar months, keeping the day where the month has it and clamping to its last day otherwise. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/**
 * Newest first, written to match our indexes (drizzle's desc() builds them DESC NULLS LAST; a plain
 * DESC means NULLS FIRST and the planner would sort the whole table instead of reading the index).
 */
export function newestFirst(column: AnyColumn) {
  return sql`${column} desc nulls last`;
}

/** Limit/offset for a 1-based page, fetching one extra row to know whether there is a next page. */
export function pageWindow(page: number, size: number) {
  return { limit: size + 1, offset: (Math.max(1, page) - 1) * size };
}

export type Paged<T> = { rows: T[]; page: number; hasNext: boolean };

export function toPaged<T>(rows: T[], page: number, size: number): Paged<T> {
  return { rows: rows.slice(0, size), page, hasNext: rows.length > size };
}
