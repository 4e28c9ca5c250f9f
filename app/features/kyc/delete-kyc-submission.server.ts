import { eq } from "drizzle-orm";
import { kycSubmissions, profiles } from "../../../db/schema";
import { recordAudit, auditActorOf } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { getStorage } from "../../lib/storage.server";
import type { SessionUser } from "../accounts/session-user";
import { newestFirst } from "../../lib/sql.server";
import { requireAdmin } from "../accounts/access";
import { requireUuid } from "../../lib/ids";
import { lockRow } from "../../lib/audited-change.server";

/**
 * Deletes a KYC submission in any state (spec 02 §4) and its private document file. The owner's profile
 * then reflects their latest remaining submission, or none.
 */
export async function deleteKycSubmission(actor: SessionUser | null, submissionId: string): Promise<void> {
  requireAdmin(actor);
  requireUuid(submissionId);
  const key = await getDb().transaction(async (tx) => {
    const current = await lockRow(tx, kycSubmissions, { column: kycSubmissions.id, value: submissionId }, {
        userId: kycSubmissions.userId,
        status: kycSubmissions.status,
        fullName: kycSubmissions.fullName,
        submittedAt: kycSubmissions.submittedAt,
        reviewedAt: kycSubmissions.reviewedAt,
        key: kycSubmissions.idImageUrl,
      });
    await tx.delete(kycSubmissions).where(eq(kycSubmissions.id, submissionId));
    const [latest] = await tx
      .select({ status: kycSubmissions.status })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, current.userId))
      .orderBy(newestFirst(kycSubmissions.submittedAt))
      .limit(1);
    const [profile] = await tx.select({ kycStatus: profiles.kycStatus }).from(profiles).where(eq(profiles.id, current.userId)).limit(1);
    const nextStatus = latest?.status ?? "none";
    if (profile && profile.kycStatus !== nextStatus) {
      await tx.update(profiles).set({ kycStatus: nextStatus, updatedAt: new Date() }).where(eq(profiles.id, current.userId));
    }
    await recordAudit(tx, auditActorOf(actor), {
      action: "kyc.delete",
      targetType: "kyc_submission",
      targetId: submissionId,
      before: {
        userId: current.userId,
        status: current.status,
        fullName: current.fullName,
        submittedAt: current.submittedAt,
        reviewedAt: current.reviewedAt,
        hadDocument: Boolean(current.key),
        ...(profile && profile.kycStatus !== nextStatus ? { profileKycStatus: profile.kycStatus } : {}),
      },
      after: profile && profile.kycStatus !== nextStatus ? { profileKycStatus: nextStatus } : null,
    });
    return current.key;
  });
  if (key) {
    // The row is gone, so nobody can reach the file any more; a failed delete only leaves an orphan file.
    await getStorage()
      .delete("kyc-documents", key)
      .catch((error) => logger.warn({ err: error, submissionId }, "KYC document file not deleted"));
  }
}
