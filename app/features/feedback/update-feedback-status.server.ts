import { feedback } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { lockRow, updateAudited } from "../../lib/audited-change.server";
import { auditActorOf } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { requireUuid } from "../../lib/ids";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { FeedbackStatusSchema } from "./feedback.schemas";

/** An admin sets a feedback entry's status freely among new, reviewed and resolved (spec 02 §4). */
export async function updateFeedbackStatus(actor: SessionUser | null, input: { feedbackId: string; status: string }): Promise<void> {
  requireAdmin(actor);
  const status = FeedbackStatusSchema.safeParse(input.status);
  if (!status.success) throw new AppError("invalid");
  const feedbackId = requireUuid(input.feedbackId);
  await getDb().transaction(async (tx) => {
    const id = { column: feedback.id, value: feedbackId };
    const current = await lockRow(tx, feedback, id, { status: feedback.status });
    if (current.status === status.data) return;
    await updateAudited(tx, auditActorOf(actor), {
      table: feedback,
      id,
      before: current,
      next: { status: status.data },
      alsoSet: { updatedAt: new Date() },
      action: "feedback.status",
      targetType: "feedback",
    });
  });
}
