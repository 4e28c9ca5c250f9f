import { eq } from "drizzle-orm";
import { profiles, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import type { Role } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_EXTRA_TEXTS, ChangeRoleSchema } from "./admin.schemas";
import { auditActorOf } from "../../lib/audit.server";
import { requireAdmin } from "../accounts/access";

/** Sets a user's role to visitor, business or admin (spec 02 §4). An admin cannot change their own role. */
export async function changeUserRole(actor: SessionUser | null, input: { userId: string; role: string }): Promise<{ role: Role }> {
  requireAdmin(actor);
  const parsed = ChangeRoleSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid");
  const { userId, role } = parsed.data;
  if (userId === actor.id) throw new AppError("conflict", ADMIN_EXTRA_TEXTS.cannotChangeSelf);
  return getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update")
      .limit(1);
    if (!current) throw new AppError("not-found");
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
