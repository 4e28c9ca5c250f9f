import { eq } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { changedFields, recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { RejectBusinessSchema } from "./admin.schemas";
import { announceDirectoryChange } from "./directory-changed.server";
import { auditActorOf } from "../../lib/audit.server";
import { requireAdmin } from "../accounts/access";

/**
 * Rejects a pending listing with a non-blank reason: rejected_at now and the reason stored, which the
 * owner then sees on their dashboard (spec 02 §4).
 */
export async function rejectBusiness(actor: SessionUser | null, input: { businessId: string; reason: string }): Promise<void> {
  requireAdmin(actor);
  const parsed = RejectBusinessSchema.safeParse(input);
  if (!parsed.success) {
    const reasonIssue = parsed.error.issues.find((i) => i.path[0] === "reason");
    if (reasonIssue) throw new AppError("invalid", reasonIssue.message);
    throw new AppError("not-found");
  }
  const { businessId, reason } = parsed.data;
  await getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({
        approved: businesses.approved,
        approvalStatus: businesses.approvalStatus,
        approvedAt: businesses.approvedAt,
        rejectedAt: businesses.rejectedAt,
        rejectionReason: businesses.rejectionReason,
      })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for("update")
      .limit(1);
    if (!current) throw new AppError("not-found");
    if (current.approvalStatus !== "pending") throw new AppError("conflict", "Only a pending business can be rejected.");
    const now = new Date();
    const next = { approved: false, approvalStatus: "rejected", approvedAt: null, rejectedAt: now, rejectionReason: reason };
    await tx.update(businesses).set({ ...next, updatedAt: now }).where(eq(businesses.id, businessId));
    await recordAudit(tx, auditActorOf(actor), {
      action: "business.reject",
      targetType: "business",
      targetId: businessId,
      ...changedFields(current, next),
    });
    await announceDirectoryChange(tx, [businessId]);
  });
}
