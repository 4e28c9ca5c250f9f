import { eq } from "drizzle-orm";
import { businesses, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { announceDirectoryChange } from "./directory-changed.server";
import { auditActorOf } from "../../lib/audit.server";
import { requireAdmin } from "../accounts/access";

/** Lifts a suspension: the user can sign in again and their listings return to the directory. */
export async function unsuspendUser(actor: SessionUser | null, input: { userId: string }): Promise<{ restoredListings: number }> {
  requireAdmin(actor);
  const userId = String(input.userId ?? "").trim();
  if (!userId) throw new AppError("invalid");
  if (userId === actor.id) throw new AppError("conflict");
  return getDb().transaction(async (tx) => {
    const [target] = await tx
      .select({ banned: user.banned, banReason: user.banReason })
      .from(user)
      .where(eq(user.id, userId))
      .for("update")
      .limit(1);
    if (!target) throw new AppError("not-found");
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
