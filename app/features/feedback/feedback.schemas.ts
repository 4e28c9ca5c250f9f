import { z } from "~/lib/zod";
import { FEEDBACK_STATUSES } from "../../lib/reference";
import { FEEDBACK_MAX_LENGTH, FEEDBACK_TEXTS } from "./feedback-texts";

export { FEEDBACK_MAX_LENGTH, FEEDBACK_TEXTS };

/** The feedback text: trimmed, not blank. */
export const FeedbackSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, FEEDBACK_TEXTS.required.text)
    .max(FEEDBACK_MAX_LENGTH, FEEDBACK_TEXTS.tooLong.text),
});
export type FeedbackInput = z.infer<typeof FeedbackSchema>;

/** An admin sets a feedback entry's status freely among new, reviewed and resolved (spec 02 §4). */
export const FeedbackStatusSchema = z.enum(FEEDBACK_STATUSES);
