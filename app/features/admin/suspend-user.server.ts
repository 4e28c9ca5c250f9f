import { eq } from "drizzle-orm";
import { businesses, session, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAudit, auditActorOf } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_EXTRA_TEXTS, SuspendUserSchema, type SuspendUserInput } from "./admin.schemas";
import { announceDirectoryChange } from "../../lib/realtime.server";
import { requireAdmin } from "../accounts/access";
import { lockRow } from "../../lib/audited-change.server";

/**
 * Suspends a user (decisions page): they cannot sign in, every session of theirs ends now, and their
 * listings leave the public directory until the suspension is lifted. An admin cannot suspend themselves.
 */
export async function suspendUser(actor: SessionUser | null, input: SuspendUserInput): Promise<{ hiddenListings: number; endedSessions: number }> {
  requireAdmin(actor);
  const parsed = SuspendUserSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid", parsed.error.issues[0]?.message);
  const { userId, reason } = parsed.data;
  if (userId === actor.id) throw new AppError("conflict", ADMIN_EXTRA_TEXTS.cannotChangeSelf);
  return getDb().transaction(async (tx) => {
    const target = await lockRow(tx, user, { column: user.id, value: userId }, { banned: user.banned, banReason: user.banReason });
    const now = new Date();
    await tx.update(user).set({ banned: true, banReason: reason, banExpires: null, updatedAt: now }).where(eq(user.id, userId));
    const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
    const hidden = await tx
      .update(businesses)
      .set({ ownerSuspended: true, updatedAt: now })
      .where(eq(businesses.userId, userId))
      .returning({ id: businesses.id });
    await recordAudit(tx, auditActorOf(actor), {
      action: "user.suspend",
      targetType: "user",
      targetId: userId,
      before: { banned: Boolean(target.banned), banReason: target.banReason },
      after: { banned: true, banReason: reason, endedSessions: ended.length, hiddenListings: hidden.length },
    });
    await announceDirectoryChange(tx, hidden.map((b) => b.id));
    return { hiddenListings: hidden.length, endedSessions: ended.length };
  });
}
