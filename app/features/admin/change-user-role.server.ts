import { eq } from "drizzle-orm";
import { profiles, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAudit, auditActorOf } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import type { Role } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_EXTRA_TEXTS, ChangeRoleSchema } from "./admin.schemas";
import { requireAdmin } from "../accounts/access";
import { lockRow } from "../../lib/audited-change.server";

/** Sets a user's role to visitor, business or admin (spec 02 §4). An admin cannot change their own role. */
export async function changeUserRole(actor: SessionUser | null, input: { userId: string; role: string }): Promise<{ role: Role }> {
  requireAdmin(actor);
  const parsed = ChangeRoleSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid");
  const { userId, role } = parsed.data;
  if (userId === actor.id) throw new AppError("conflict", ADMIN_EXTRA_TEXTS.cannotChangeSelf);
  return getDb().transaction(async (tx) => {
    const current = await lockRow(tx, profiles, { column: profiles.id, value: userId }, { role: profiles.role });
    if (current.role !== role) {
      const now = new Date();
      await tx.update(profiles).set({ role, updatedAt: now }).where(eq(profiles.id, userId));
      // Keep better-auth's own column in step (it knows 'admin' and 'user').
      await tx.update(user).set({ role: role === "admin" ? "admin" : "user", updatedAt: now }).where(eq(user.id, userId));
      await recordAudit(tx, auditActorOf(actor), {
        action: "user.role.change",
        targetType: "user",
        targetId: userId,
        before: { role: current.role },
        after: { role },
      });
    }
    return { role };
  });
}
