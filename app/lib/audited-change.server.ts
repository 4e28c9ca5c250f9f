import { eq } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { AppError, type FailureText } from "./app-error";
import { changedFields, recordAudit, type AuditActor } from "./audit.server";
import type { Tx } from "./db.server";

/**
 * The moderation pattern in one place, for every admin use case: lock the row the change is about (FOR
 * UPDATE, so two admins cannot both act on what they saw), refuse 'not-found' when it is gone, and after
 * the caller's own checks write the change with its audit entry naming only the fields that changed.
 */
export async function lockRow<TFields extends SelectedFields>(
  tx: Tx,
  table: PgTable,
  id: { column: PgColumn; value: string },
  fields: TFields,
  notFound?: FailureText,
) {
  // The table is any table here, which drizzle's builder types cannot follow; the row is typed by `fields`.
  const query = tx.select(fields).from(table).where(eq(id.column, id.value)) as unknown as {
    limit(n: 1): { for(strength: "update"): Promise<SelectResultFields<TFields>[]> };
  };
  const [row] = await query.limit(1).for("update");
  if (!row) throw new AppError("not-found", notFound);
  return row;
}

/** Writes `next` (and `alsoSet`, which is not audited, such as updatedAt) and audits before → next. */
export async function updateAudited(
  tx: Tx,
  actor: AuditActor,
  change: {
    table: PgTable;
    id: { column: PgColumn; value: string };
    before: Record<string, unknown>;
    next: Record<string, unknown>;
    alsoSet?: Record<string, unknown>;
    action: string;
    targetType: string;
  },
): Promise<void> {
  await tx
    .update(change.table)
    .set({ ...change.next, ...change.alsoSet } as never)
    .where(eq(change.id.column, change.id.value));
  await recordAudit(tx, actor, {
    action: change.action,
    targetType: change.targetType,
    targetId: change.id.value,
    ...changedFields(change.before, change.next),
  });
}
