import { eq } from "drizzle-orm";
import { feedback } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAudit, auditActorOf } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { requireAdmin } from "../accounts/access";
import { requireUuid } from "../../lib/ids";

/** Deletes a feedback entry; the audit log keeps what it said. */
export async function deleteFeedback(actor: SessionUser | null, feedbackId: string): Promise<void> {
  requireAdmin(actor);
  requireUuid(feedbackId);
  await getDb().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(feedback)
      .where(eq(feedback.id, feedbackId))
      .returning({ userId: feedback.userId, message: feedback.message, status: feedback.status, createdAt: feedback.createdAt });
    if (!deleted) throw new AppError("not-found");
    await recordAudit(tx, auditActorOf(actor), {
      action: "feedback.delete",
      targetType: "feedback",
      targetId: feedbackId,
      before: deleted,
      after: null,
    });
  });
}
