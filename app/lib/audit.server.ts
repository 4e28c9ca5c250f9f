import { auditLog } from "../../db/schema";
import type { Db, Tx } from "./db.server";
import { currentRequestId } from "./request-context.server";

export type AuditActor = { id: string; email: string } | null;

export type AuditEntry = {
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Who the audit log names for an action by a signed-in user. */
export function auditActorOf(actor: { id: string; email: string }): AuditActor {
  return { id: actor.id, email: actor.email };
}

/** Appends one row to the audit log (inside the caller's transaction when given one). */
export async function recordAudit(db: Db | Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: currentRequestId() ?? null,
  });
}

/** Only the fields that changed, as {before, after}. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before[key];
    const same = old instanceof Date && value instanceof Date ? old.getTime() === value.getTime() : old === value;
    if (!same) {
      b[key] = old ?? null;
      a[key] = value ?? null;
    }
  }
  return { before: b, after: a };
}
