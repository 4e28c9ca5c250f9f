import { feedback } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { hitRateLimit } from "../../lib/rate-limit.server";
import type { SessionUser } from "../accounts/session-user";
import { FEEDBACK_TEXTS, FeedbackSchema } from "./feedback.schemas";

/** Feedback one account may send per window. */
export const FEEDBACK_LIMIT = { count: 5, windowSeconds: 10 * 60 };

/** A signed-in user sends feedback: trimmed, not blank, stored with status new for the admin Feedback tab. */
export async function submitFeedback(actor: SessionUser | null, input: { message: unknown }): Promise<{ feedbackId: string }> {
  if (!actor) throw new AppError("unauthenticated", FEEDBACK_TEXTS.authRequired);
  const parsed = FeedbackSchema.safeParse({ message: typeof input.message === "string" ? input.message : "" });
  if (!parsed.success) {
    const tooLong = parsed.error.issues.some((i) => i.code === "too_big");
    throw new AppError("invalid", tooLong ? FEEDBACK_TEXTS.tooLong : FEEDBACK_TEXTS.required);
  }
  const limit = await hitRateLimit(`feedback:${actor.id}`, FEEDBACK_LIMIT.count, FEEDBACK_LIMIT.windowSeconds);
  if (!limit.allowed) throw new AppError("rate-limited", FEEDBACK_TEXTS.tooMany);
  const [row] = await getDb()
    .insert(feedback)
    .values({ userId: actor.id, message: parsed.data.message, status: "new" })
    .returning({ id: feedback.id });
  return { feedbackId: row!.id };
}
