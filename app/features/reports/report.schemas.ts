import { msg, t } from "~/lib/i18n/i18n";
import { z } from "~/lib/zod";
import { IdSchema } from "../../lib/id-schema";
import { REPORT_KINDS, REPORT_REASONS } from "../../lib/reference";

export type ReportKind = (typeof REPORT_KINDS)[number];
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons, in the order and words. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: msg("Scam or fraud"),
  fake: msg("Fake or misleading"),
  offensive: msg("Offensive"),
  "wrong-info": msg("Wrong information"),
  other: msg("Other"),
};

export const REPORT_KIND_LABELS: Record<ReportKind, string> = { listing: msg("Listing"), review: msg("Review"), message: msg("Message"), offer: msg("Offer") };

export const REPORT_DETAILS_MAX = 1000;
/** At most this many reports per user per hour (a shared counter, app/lib/rate-limit.server.ts). */
export const REPORT_RATE_LIMIT = 10;
export const REPORT_RATE_WINDOW_SECONDS = 3600;

/** The admin's decisions on a reported item: dismiss, take the item down (a listing unpublished), suspend its author. */
export const REPORT_ACTIONS = ["dismiss", "remove", "suspend"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** Texts we add (issue 16; no spec text exists for reports). */
export const REPORT_TEXTS = {
  pageTitle: msg("Report"),
  received: { title: msg("Report received"), text: msg("Thank you. An admin will look at it, and you will get a notification with the outcome.") },
  failed: msg("Your report could not be sent. Please try again."),
  reasonRequired: msg("Choose a reason."),
  // With its number: read when the refusal is made, in the request's language.
  get detailsTooLong() {
    return t("Keep the details under {{max}} characters.", { max: REPORT_DETAILS_MAX });
  },
  signInRequired: { title: msg("Log in to report"), text: msg("Log in to report something that looks wrong.") },
  alreadyReported: msg("You have already reported this. An admin will look at it soon."),
  ownListing: msg("You cannot report your own listing."),
  ownMessage: msg("You cannot report your own message."),
  ownReview: msg("You cannot report your own review."),
  notParticipant: msg("You can only report messages of your own conversations."),
  notFound: msg("This item no longer exists."),
  rateLimited: msg("You have sent many reports in a short time. Please try again later."),
  removeReasonRequired: msg("Give a reason the owner will see."),
  noRemoveAction: msg("This kind of item cannot be taken down from here."),
  noAuthor: msg("The author of this item no longer has an account."),
  nothingOpen: msg("These reports were already handled."),
  dismissed: msg("Reports dismissed"),
  removed: msg("Listing unpublished"),
  hidden: msg("Review hidden"),
  withdrawn: msg("Offer taken down"),
  ownOffer: msg("You cannot report your own offer."),
  suspended: msg("Author suspended"),
  actionFailed: msg("Failed to handle the reports"),
  tabEmpty: msg("No open reports."),
  loadFailed: msg("Failed to load reports"),
  possibleDuplicate: msg("Possible duplicate of"),
} as const;

/**
 * What every reporter of an item is told when an admin decides (a notification of kind 'account'), in the language
 * of the moment: resolve-reports.server.ts writes it in each reporter's (issue 36).
 */
export function outcomeNotice(title: string, outcome: "dismissed" | "unpublished" | "suspended" | "hidden" | "withdrawn"): { title: string; body: string } {
  const what = `“${title}”`;
  const heading = t("Your report was reviewed");
  const thanks = t("Thank you for reporting it.");
  switch (outcome) {
    case "dismissed":
      return { title: heading, body: `${t("We looked at {{what}} and found it does not break our rules, so it stays up.", { what })} ${thanks}` };
    case "unpublished":
      return { title: heading, body: `${t("We looked at {{what}} and unpublished the listing.", { what })} ${thanks}` };
    case "hidden":
      return { title: heading, body: `${t("We looked at {{what}} and hid the review.", { what })} ${thanks}` };
    case "withdrawn":
      return { title: heading, body: `${t("We looked at {{what}} and took the offer down.", { what })} ${thanks}` };
    case "suspended":
      return { title: heading, body: `${t("We looked at {{what}} and suspended the account that wrote it.", { what })} ${thanks}` };
  }
}

const uuid = IdSchema;

export const ReportTargetSchema = z.object({ kind: z.enum(REPORT_KINDS), id: uuid });
export type ReportTarget = z.infer<typeof ReportTargetSchema>;

export const CreateReportSchema = ReportTargetSchema.extend({
  reason: z.enum(REPORT_REASONS, { error: REPORT_TEXTS.reasonRequired }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, { error: () => REPORT_TEXTS.detailsTooLong })
    .optional()
    .transform((v) => v || null),
});
/** What a form sends: plain strings, checked by the use case. */
export type CreateReportInput = { kind: string; id: string; reason: string; details?: string | null };

export const ResolveReportsSchema = ReportTargetSchema.extend({
  action: z.enum(REPORT_ACTIONS),
  reason: z
    .string()
    .trim()
    .max(500, msg("Keep the reason under 500 characters."))
    .optional()
    .transform((v) => v || null),
});
export type ResolveReportsInput = { kind: string; id: string; action: string; reason?: string | null };

/** The report page's address for an item. */
export function reportPath(kind: ReportKind, id: string): string {
  return `/report?kind=${kind}&id=${encodeURIComponent(id)}`;
}
