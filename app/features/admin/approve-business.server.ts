import { eq } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { changedFields, recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { announceDirectoryChange } from "./directory-changed.server";
import { auditActorOf } from "../../lib/audit.server";
import { requireAdmin } from "../accounts/access";
import { requireUuid } from "../../lib/ids";

/** Approves a pending listing: approved true, approval_status approved, approved_at now (spec 02 §4). */
export async function approveBusiness(actor: SessionUser | null, businessId: string): Promise<void> {
  requireAdmin(actor);
  requireUuid(businessId);
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
    if (current.approvalStatus !== "pending") throw new AppError("conflict", "Only a pending business can be approved.");
    const now = new Date();
    const next = { approved: true, approvalStatus: "approved", approvedAt: now, rejectedAt: null, rejectionReason: null };
    await tx.update(businesses).set({ ...next, updatedAt: now }).where(eq(businesses.id, businessId));
    await recordAudit(tx, auditActorOf(actor), {
      action: "business.approve",
      targetType: "business",
      targetId: businessId,
      ...changedFields(current, next),
    });
    await announceDirectoryChange(tx, [businessId]);
  });
}
