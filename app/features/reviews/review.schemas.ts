import { msg, t } from "~/lib/i18n/i18n";
import { z } from "~/lib/zod";
import { IdSchema } from "../../lib/id-schema";
import type { Paged } from "../../lib/pagination";
import { messageLength, sanitizeMessage } from "../messaging/message.schemas";

/** The numbers of reviews and ratings (issue 16, ADR 18). */
export const REVIEW_LIMITS = {
  minLength: 10,
  maxLength: 2000,
  replyMaxLength: 2000,
  /** New reviews per user per rolling day (edits are not counted). */
  perDay: 3,
  perDayWindowSeconds: 24 * 60 * 60,
  /** An account younger than this writes reviews that wait for moderation. */
  newAccountHours: 24,
  /** Reviews per page on a business page. */
  pageSize: 10,
  /** The Bayesian prior: sort=rating ranks (C·m + sum) / (C + count) with m = 3.5 stars and C = 5 reviews. */
  priorMean: 3.5,
  priorWeight: 5,
  /** Review items in a business page's JSON-LD. */
  jsonLdReviews: 3,
  /** The owner dashboard's 'Needs you now' counts unanswered reviews this many days old at most, on this many listings. */
  awaitingReplyDays: 30,
  awaitingReplyListings: 10,
} as const;

export const REVIEW_STATUSES = ["published", "held", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_SORTS = ["newest", "helpful"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** What people read about reviews. */
export const REVIEW_TEXTS = {
  loginRequired: msg("You must be logged in to write a review"),
  verifyEmail: msg("Please verify your e-mail address before writing a review"),
  notFound: msg("Business not found or not approved yet."),
  ownBusiness: msg("You cannot review your own business"),
  stars: msg("Please choose a rating from 1 to 5 stars"),
  // With their numbers: read when the refusal is made, in the request's language.
  get length() {
    return t("Review must be between {{min}} and {{max}} characters", { min: REVIEW_LIMITS.minLength, max: REVIEW_LIMITS.maxLength });
  },
  get replyLength() {
    return t("Reply must be between 1 and {{max}} characters", { max: REVIEW_LIMITS.replyMaxLength });
  },
  rateLimited: msg("You have written too many reviews today. Please try again tomorrow."),
  published: msg("Thank you! Your review is published."),
  held: msg("Thank you! Your review will appear once a moderator has checked it."),
  updated: msg("Your review was updated."),
  deleted: msg("Your review was deleted."),
  reviewNotFound: msg("Review not found"),
  replyForbidden: msg("Only the business owner can reply to its reviews"),
  replied: msg("Your reply is published."),
  voteOwn: msg("You cannot mark your own review as helpful"),
  voted: msg("Thank you for your feedback."),
  // The reviewer's notices: written in their language (issue 36), where they are made.
  replyNoticeTitle: msg("The business replied to your review"),
  replyNoticeBody: (businessName: string) => t("{{businessName}} replied to your review.", { businessName }),
  verifiedContact: msg("Verified contact"),
  // Said before anyone writes (issue 32), so a held review is no surprise.
  moderationNote: msg(
    "Reviews are public under your first name and initial. A review with a link or a phone number, or from an account less than a day old, is checked by a moderator before it appears.",
  ),
  // The admin's queue of held reviews (the Reports tab)
  heldTitle: msg("Reviews waiting for approval"),
  heldEmpty: msg("No reviews are waiting for approval."),
  heldForLink: msg("Holds a link or a phone number"),
  heldForNewAccount: msg("Written by an account less than a day old"),
  heldAlreadyDecided: msg("This review is no longer waiting for approval."),
  heldPublished: msg("The review is published."),
  heldHidden: msg("The review stays hidden."),
  heldPublishedNoticeTitle: msg("Your review is published"),
  heldPublishedNoticeBody: (businessName: string) => t("Your review of {{businessName}} has been checked and is now public.", { businessName }),
} as const;

const Stars = z.coerce.number().int().min(1, REVIEW_TEXTS.stars).max(5, REVIEW_TEXTS.stars);

/** The review form: a business, 1–5 stars and the text (sanitised like messages). */
export const SaveReviewSchema = z.object({
  businessId: IdSchema,
  stars: Stars,
  body: z.string().max(20_000),
});
export type SaveReviewInput = z.infer<typeof SaveReviewSchema>;

export const ReviewRefSchema = z.object({ reviewId: IdSchema });
/** An admin's decision on a held review: publish it, or keep it from the public (hidden). */
export const DecideHeldReviewSchema = z.object({ reviewId: IdSchema, decision: z.enum(["publish", "hide"]) });
export const ReplySchema = z.object({ reviewId: IdSchema, reply: z.string().max(20_000) });

/** The text as stored: script blocks, tags and control characters removed, trimmed (exactly as messages are). */
export function sanitizeReview(raw: string): string {
  return sanitizeMessage(raw);
}

/** The message for a review's text, or null when it may be saved. */
export function reviewTextProblem(raw: string): string | null {
  const length = messageLength(sanitizeMessage(raw));
  return length < REVIEW_LIMITS.minLength || length > REVIEW_LIMITS.maxLength ? REVIEW_TEXTS.length : null;
}

// A link: a scheme, www., or a domain with a common ending. A phone number: seven or more digits, allowing
// spaces, dots, dashes and brackets between them, with or without +234.
const LINK = /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|ng|net|org|io|co|info|biz|xyz|me|link|ly|app|shop|store)\b)/i;
const PHONE = /(\+?\d[\s().-]*){7,}/;

/** True when the text carries a link or a phone number: the review waits for moderation (issue 16). */
export function needsModeration(text: string): boolean {
  return LINK.test(text) || PHONE.test(text);
}

/** The Bayesian score sort=rating orders by (ADR 18). */
export function bayesianScore(count: number, sum: number): number {
  return (REVIEW_LIMITS.priorWeight * REVIEW_LIMITS.priorMean + sum) / (REVIEW_LIMITS.priorWeight + count);
}

/** The average shown, one decimal ('4.3'), or null without reviews. */
export function formatAverage(count: number, sum: number): string | null {
  return count > 0 ? (Math.round((sum / count) * 10) / 10).toFixed(1) : null;
}

/** A business's rating as pages show it. */
export type RatingSummary = {
  count: number;
  average: string | null;
  /** How many reviews gave 5, 4, 3, 2 and 1 star, in that order. */
  breakdown: [number, number, number, number, number];
};

/** One review as the business page shows it. */
export type ReviewView = {
  id: string;
  authorName: string;
  stars: number;
  body: string;
  status: ReviewStatus;
  helpfulCount: number;
  verifiedContact: boolean;
  createdAt: string;
  /** '3 Nov 2026' (Africa/Lagos), made on the server. */
  date: string;
  updatedAt: string;
  reply: string | null;
  repliedAt: string | null;
  /** The viewer wrote it. */
  mine: boolean;
  /** The viewer marked it helpful. */
  votedHelpful: boolean;
};

/** A business page's reviews block. */
export type BusinessReviews = {
  summary: RatingSummary;
  /** Published reviews, newest or most helpful first. */
  reviews: Paged<ReviewView>;
  sort: ReviewSort;
  /** The viewer's own review in any status (a held one shows only to its author), or null. */
  mine: ReviewView | null;
  /** The viewer owns the business: they reply, they do not review. */
  viewerIsOwner: boolean;
  /** What the form says before anyone writes (REVIEW_TEXTS.moderationNote), sent as data, not shipped as code. */
  moderationNote: string;
};
