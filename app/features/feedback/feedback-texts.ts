/** Spec 02 §5 and §8 texts for feedback. Client-safe and free of zod (the page needs only these). */
export const FEEDBACK_TEXTS = {
  authRequired: { title: "Authentication required", text: "Please log in to submit feedback." },
  required: { title: "Feedback required", text: "Please enter your feedback before submitting." },
  failed: { title: "Submission failed", text: "There was an error submitting your feedback. Please try again." },
  tooLong: { title: "Feedback too long", text: "Please keep your feedback under 2000 characters." },
  tooMany: { title: "Too many submissions", text: "Too many requests. Please wait a few minutes before trying again." },
  sent: { title: "Feedback submitted", text: "Thank you for your feedback! Our team reads every message." },
} as const;

export const FEEDBACK_MAX_LENGTH = 2000;
