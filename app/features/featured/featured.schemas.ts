import { z } from "~/lib/zod";
import { msg } from "~/lib/i18n/i18n";
import type { FEATURED_REQUEST_STATUSES } from "../../lib/reference";

/** Spec 01 §8 texts for feature requests, and ours where the spec has none. */
export const FEATURE_TEXTS = {
  alreadyPending: msg("You already have a pending feature request"),
  failed: msg("Failed to submit feature request"),
  error: msg("An error occurred while submitting the request"),
  submitted: msg("Feature request submitted. An admin will review it soon."),
  alreadyFeatured: msg("This business is already featured"),
  notApproved: msg("Only an approved listing can be featured"),
} as const;

/** What reviewing a featured request or switching placement answers (spec 02 §8 and ours). */
export const FEATURED_ADMIN_TEXTS = {
  invalidStatus: msg("Invalid status value"),
  alreadyReviewed: msg("It has already been reviewed"),
  businessNotApproved: msg("The business is not approved"),
} as const;

/** Only approved or rejected may be set on a featured request (spec 02 §5). */
export const FeaturedStatusSchema = z.enum(["approved", "rejected"] satisfies (typeof FEATURED_REQUEST_STATUSES)[number][], {
  error: FEATURED_ADMIN_TEXTS.invalidStatus,
});
