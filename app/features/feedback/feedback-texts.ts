/** Spec 02 §5 and §8 texts for feedback. Client-safe and free of zod (the page needs only these). */
import { msg } from "../../lib/i18n/i18n";

export const FEEDBACK_TEXTS = {
  authRequired: { title: msg("Authentication required"), text: msg("Please log in to submit feedback.") },
  required: { title: msg("Feedback required"), text: msg("Please enter your feedback before submitting.") },
  failed: { title: msg("Submission failed"), text: msg("There was an error submitting your feedback. Please try again.") },
  tooLong: { title: msg("Feedback too long"), text: msg("Please keep your feedback under 2000 characters.") },
  tooMany: { title: msg("Too many submissions"), text: msg("Too many requests. Please wait a few minutes before trying again.") },
  sent: { title: msg("Feedback submitted"), text: msg("Thank you for your feedback! Our team reads every message.") },
} as const;

export const FEEDBACK_MAX_LENGTH = 2000;
