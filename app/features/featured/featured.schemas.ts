import { z } from "zod";
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

/** Only approved or rejected may be set on a featured request (spec 02 §5). */
export const FeaturedStatusSchema = z.enum(["approved", "rejected"] satisfies (typeof FEATURED_REQUEST_STATUSES)[number][], {
  error: "Invalid status value",
});
