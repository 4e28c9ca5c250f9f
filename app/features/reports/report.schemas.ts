import { z } from "~/lib/zod";
import { IdSchema } from "../../lib/id-schema";
import { REPORT_KINDS, REPORT_REASONS } from "../../lib/reference";

export type ReportKind = (typeof REPORT_KINDS)[number];
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons, in the order and words. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: "Scam or fraud",
  fake: "Fake or misleading",
  offensive: "Offensive",
  "wrong-info": "Wrong information",
  other: "Other",
};

export const REPORT_KIND_LABELS: Record<ReportKind, string> = { listing: "Listing", review: "Review", message: "Message" };

export const REPORT_DETAILS_MAX = 1000;
/** At most this many reports per user per hour (a shared counter, app/lib/rate-limit.server.ts). */
export const REPORT_RATE_LIMIT = 10;
export const REPORT_RATE_WINDOW_SECONDS = 3600;

/** The admin's decisions on a reported item: dismiss, take the item down (a listing unpublished), suspend its author. */
export const REPORT_ACTIONS = ["dismiss", "remove", "suspend"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** Texts we add (issue 16; no spec text exists for reports). */
export const REPORT_TEXTS = {
  pageTitle: "Report",
  received: { title: "Report received", text: "Thank you. An admin will look at it, and you will get a notification with the outcome." },
  failed: "Your report could not be sent. Please try again.",
  reasonRequired: "Choose a reason.",
  detailsTooLong: `Keep the details under ${REPORT_DETAILS_MAX} characters.`,
  signInRequired: { title: "Log in to report", text: "Log in to report something that looks wrong." },
  alreadyReported: "You have already reported this. An admin will look at it soon.",
  ownListing: "You cannot report your own listing.",
  ownMessage: "You cannot report your own message.",
  ownReview: "You cannot report your own review.",
  notParticipant: "You can only report messages of your own conversations.",
  notFound: "This item no longer exists.",
  rateLimited: "You have sent many reports in a short time. Please try again later.",
  removeReasonRequired: "Give a reason the owner will see.",
  noRemoveAction: "This kind of item cannot be taken down from here.",
  noAuthor: "The author of this item no longer has an account.",
  nothingOpen: "These reports were already handled.",
  dismissed: "Reports dismissed",
  removed: "Listing unpublished",
  hidden: "Review hidden",
  suspended: "Author suspended",
  actionFailed: "Failed to handle the reports",
  tabEmpty: "No open reports.",
  loadFailed: "Failed to load reports",
  possibleDuplicate: "Possible duplicate of",
} as const;

/** What every reporter of an item is told when an admin decides (a notification of kind 'account'). */
export function outcomeNotice(title: string, outcome: "dismissed" | "unpublished" | "suspended" | "hidden"): { title: string; body: string } {
  const what = `“${title}”`;
  switch (outcome) {
    case "dismissed":
      return { title: "Your report was reviewed", body: `We looked at ${what} and found it does not break our rules, so it stays up. Thank you for reporting it.` };
    case "unpublished":
      return { title: "Your report was reviewed", body: `We looked at ${what} and unpublished the listing. Thank you for reporting it.` };
    case "hidden":
      return { title: "Your report was reviewed", body: `We looked at ${what} and hid the review. Thank you for reporting it.` };
    case "suspended":
      return { title: "Your report was reviewed", body: `We looked at ${what} and suspended the account that wrote it. Thank you for reporting it.` };
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
    .max(REPORT_DETAILS_MAX, REPORT_TEXTS.detailsTooLong)
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
    .max(500, "Keep the reason under 500 characters.")
    .optional()
    .transform((v) => v || null),
});
export type ResolveReportsInput = { kind: string; id: string; action: string; reason?: string | null };

/** The report page's address for an item. */
export function reportPath(kind: ReportKind, id: string): string {
  return `/report?kind=${kind}&id=${encodeURIComponent(id)}`;
}
