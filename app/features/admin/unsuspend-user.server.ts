import { eq } from "drizzle-orm";
import { businesses, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAudit, auditActorOf } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { announceDirectoryChange } from "../../lib/realtime.server";
import { requireAdmin } from "../accounts/access";
import { lockRow } from "../../lib/audited-change.server";

/** Lifts a suspension: the user can sign in again and their listings return to the directory. */
export async function unsuspendUser(actor: SessionUser | null, input: { userId: string }): Promise<{ restoredListings: number }> {
  requireAdmin(actor);
  const userId = String(input.userId ?? "").trim();
  if (!userId) throw new AppError("invalid");
  if (userId === actor.id) throw new AppError("conflict");
  return getDb().transaction(async (tx) => {
    const target = await lockRow(tx, user, { column: user.id, value: userId }, { banned: user.banned, banReason: user.banReason });
    const now = new Date();
    await tx.update(user).set({ banned: false, banReason: null, banExpires: null, updatedAt: now }).where(eq(user.id, userId));
    const restored = await tx
      .update(businesses)
      .set({ ownerSuspended: false, updatedAt: now })
      .where(eq(businesses.userId, userId))
      .returning({ id: businesses.id });
    await recordAudit(tx, auditActorOf(actor), {
      action: "user.unsuspend",
      targetType: "user",
      targetId: userId,
      before: { banned: Boolean(target.banned), banReason: target.banReason },
      after: { banned: false, banReason: null, restoredListings: restored.length },
    });
    await announceDirectoryChange(tx, restored.map((b) => b.id));
    return { restoredListings: restored.length };
  });
}
