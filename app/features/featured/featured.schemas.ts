import { z } from "~/lib/zod";
import type { FEATURED_REQUEST_STATUSES } from "../../lib/reference";

/** Spec 01 §8 texts for feature requests, and ours where the spec has none. */
export const FEATURE_TEXTS = {
  alreadyPending: "You already have a pending feature request",
  failed: "Failed to submit feature request",
  error: "An error occurred while submitting the request",
  submitted: "Feature request submitted. An admin will review it soon.",
  alreadyFeatured: "This business is already featured",
  notApproved: "Only an approved listing can be featured",
} as const;

/** What reviewing a featured request or switching placement answers (spec 02 §8 and ours). */
export const FEATURED_ADMIN_TEXTS = {
  invalidStatus: "Invalid status value",
  alreadyReviewed: "It has already been reviewed",
  businessNotApproved: "The business is not approved",
} as const;

/** Only approved or rejected may be set on a featured request (spec 02 §5). */
export const FeaturedStatusSchema = z.enum(["approved", "rejected"] satisfies (typeof FEATURED_REQUEST_STATUSES)[number][], {
  error: FEATURED_ADMIN_TEXTS.invalidStatus,
});
