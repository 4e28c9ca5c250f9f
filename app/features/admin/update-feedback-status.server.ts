import { eq } from "drizzle-orm";
import { feedback } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { FeedbackStatusSchema } from "./admin.schemas";
import { auditActorOf } from "../../lib/audit.server";
import { requireAdmin } from "../accounts/access";
import { requireUuid } from "../../lib/ids";

/** Sets a feedback entry's status freely among new, reviewed and resolved (spec 02 §4). */
export async function updateFeedbackStatus(actor: SessionUser | null, input: { feedbackId: string; status: string }): Promise<void> {
  requireAdmin(actor);
  const status = FeedbackStatusSchema.safeParse(input.status);
  if (!status.success) throw new AppError("invalid");
  requireUuid(input.feedbackId);
  await getDb().transaction(async (tx) => {
    const [current] = await tx.select({ status: feedback.status }).from(feedback).where(eq(feedback.id, input.feedbackId)).for("update").limit(1);
    if (!current) throw new AppError("not-found");
    if (current.status === status.data) return;
    await tx.update(feedback).set({ status: status.data, updatedAt: new Date() }).where(eq(feedback.id, input.feedbackId));
    await recordAudit(tx, auditActorOf(actor), {
      action: "feedback.status",
      targetType: "feedback",
      targetId: input.feedbackId,
      before: { status: current.status },
      after: { status: status.data },
    });
  });
}
