import { z } from "~/lib/zod";
import { msg, t, translateIfKnown } from "~/lib/i18n/i18n";
import { ADMIN_ONLY } from "../accounts/access";
import { FEATURED_ADMIN_TEXTS } from "../featured/featured.schemas";
import { REVIEW_TEXTS } from "../listings/listing.schemas";
import { UUID_PATTERN } from "../../lib/ids";
import { NOTIFICATION_AUDIENCES, NOTIFICATION_PRIORITIES, ROLES } from "../../lib/reference";

/**
 * The admin panel's tabs: the spec's eight in its order (spec 02 §2), then Reports (issue 16), Overview (issue 18) and
 * Deliveries (issue 33); `id` is the ?tab= value.
 */
export const ADMIN_TABS = [
  { id: "users", label: msg("Users") },
  { id: "businesses", label: msg("Business Approvals") },
  { id: "kyc", label: msg("KYC Approvals") },
  { id: "featured-requests", label: msg("Featured Requests") },
  { id: "featured", label: msg("Featured Management") },
  { id: "subscriptions", label: msg("Subscriptions") },
  { id: "notifications", label: msg("Notifications") },
  { id: "feedback", label: msg("Feedback") },
  { id: "reports", label: msg("Reports") },
  // Issue 18: sign-ups, listings, messages, payments and revenue per day (after Reports, so the spec's tabs stay first).
  { id: "overview", label: msg("Overview") },
  // Issue 33: deliveries (e-mails) that failed for good, with Retry.
  { id: "deliveries", label: msg("Deliveries") },
  // Issue 34: claims of listings sent for review (a document, or a second claimant), and the importer's links.
  { id: "claims", label: msg("Claims") },
  // Issue 34: visitors' suggestions (a missing business, a change to a listing), oldest first.
  { id: "suggestions", label: msg("Suggestions") },
  // Issue 35: verification levels standing (newest first), each revocable with a reason.
  { id: "verifications", label: msg("Verification") },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]["id"];

export function parseAdminTab(value: string | null | undefined): AdminTab {
  return ADMIN_TABS.find((tab) => tab.id === value)?.id ?? "users";
}

/** The Users tab's "Show" filter (?show=). */
export const USER_FILTER_OPTIONS = [
  { value: "", label: msg("All users") },
  { value: "visitor", label: msg("Visitors") },
  { value: "business", label: msg("Business owners") },
  { value: "admin", label: msg("Admins") },
  { value: "suspended", label: msg("Suspended") },
] as const;
export type UserFilterValue = "visitor" | "business" | "admin" | "suspended";

export function parseUserFilter(value: string | null | undefined): UserFilterValue | undefined {
  return USER_FILTER_OPTIONS.find((o) => o.value && o.value === value)?.value as UserFilterValue | undefined;
}

/** The query parameter paging Business Approvals' second list (changes to approved listings). */
export const CHANGES_PAGE_PARAM = "changes";
/** The Reports tab pages its reviews waiting for approval apart from the reports, by ?held=. */
export const HELD_PAGE_PARAM = "held";
/** The Claims tab pages the imported places covered by owners' listings apart from the claims, by ?covered=. */
export const COVERED_PAGE_PARAM = "covered";

/**
 * The Subscriptions tab's two views (?view=): the featured subscription requests (the spec's list), or every
 * payment (issue 15), filtered by ?status= and found by reference with ?q=.
 */
export const SUBSCRIPTIONS_VIEWS = [
  { id: "requests", label: msg("Featured subscriptions") },
  { id: "payments", label: msg("Payments") },
] as const;
export type SubscriptionsView = (typeof SUBSCRIPTIONS_VIEWS)[number]["id"];

export function parseSubscriptionsView(value: string | null | undefined): SubscriptionsView {
  return value === "payments" ? "payments" : "requests";
}

/** How many audit entries View Activity shows. */
export const ACTIVITY_LIMIT = 25;

/** A 1-based page number from the query string; anything odd reads as 1. */
export function parsePage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** A search string from the query string: trimmed, at most 100 characters. */
export function parseSearch(value: string | null | undefined): string {
  return (value ?? "").trim().slice(0, 100);
}

/** The spec's texts for the admin panel (spec 02 §2 and §8), word for word. */
export const ADMIN_TEXTS = {
  accessDenied: ADMIN_ONLY,
  noEmail: msg("No email"),
  unknownUser: msg("Unknown User"),
  unknownOwner: msg("Unknown Owner"),
  notSpecified: msg("Not specified"),
  unableToLoadDocument: msg("Unable to load document"),
  error: msg("Error"),
  roleUpdated: msg("User role updated successfully"),
  roleFailed: msg("Failed to update user role"),
  roleError: msg("An error occurred while updating user role"),
  kycApproved: msg("KYC approved successfully. Associated businesses have been approved."),
  kycRejected: msg("KYC rejected successfully"),
  kycDeleted: msg("KYC submission deleted successfully"),
  kycDeleteFailed: msg("Failed to delete KYC submission"),
  kycUpdateFailed: msg("Failed to update KYC status"),
  requestError: msg("An error occurred while processing the request"),
  feedbackLoadFailed: msg("Failed to load feedback"),
  feedbackUpdated: msg("Feedback status updated successfully"),
  feedbackUpdateFailed: msg("Failed to update feedback status"),
  feedbackDeleted: msg("Feedback deleted successfully"),
  feedbackDeleteFailed: msg("Failed to delete feedback"),
  subscriptionsLoadFailed: msg("Failed to fetch subscriptions"),
  subscriptionUpdated: (status: string) =>
    status === "approved" ? msg("Subscription approved successfully") : status === "rejected" ? msg("Subscription rejected successfully") : `Subscription ${status} successfully`,
  subscriptionUpdateFailed: msg("Failed to update subscription"),
  businessUpdated: (status: string) =>
    status === "approved"
      ? msg("Business approved successfully")
      : status === "rejected"
        ? msg("Business rejected successfully")
        : status === "unpublished"
          ? msg("Business unpublished successfully")
          : `Business ${status} successfully`,
  businessUpdateFailed: msg("Failed to update business status"),
  pendingLoadFailed: msg("Failed to fetch pending businesses"),
  rejectionReasonRequired: REVIEW_TEXTS.rejectionReasonRequired,
  featuredRequestsLoadFailed: msg("Failed to fetch featured requests"),
  requestUpdated: (status: string) =>
    status === "approved" ? msg("Request approved successfully") : status === "rejected" ? msg("Request rejected successfully") : `Request ${status} successfully`,
  /** Written in the current language (the reason too, when it is a catalog key). */
  requestUpdateFailed: (reason: string) => t("Failed to update request: {{reason}}", { reason: translateIfKnown(reason) }),
  invalidStatus: FEATURED_ADMIN_TEXTS.invalidStatus,
  businessesLoadFailed: msg("Failed to fetch businesses. Please try again."),
  featuredUpdateFailed: msg("Failed to update featured status. Please try again."),
  cleanupFailed: msg("Failed to cleanup orphaned businesses. Please try again."),
  notificationFailed: msg("Failed to send notification"),
  fillRequired: msg("Please fill in all required fields"),
  anError: msg("An error occurred"),
} as const;

/** What every admin action answers: a toast title and text (the spec's texts), and what to keep. */
export type AdminActionResult = {
  intent: string;
  ok: boolean;
  title: string;
  text?: string;
  /** The row the action was about, so its form can show its own error and keep what was typed. */
  targetId?: string;
  fieldError?: string;
  values?: Record<string, string>;
  /** Makes a repeated identical result show again. */
  at: number;
  /** Set when the action failed through a fault of ours: the request id our logs carry. */
  errorId?: string;
};

/** Texts we add where the spec has none (suspension works now; see the decisions page). */
export const ADMIN_EXTRA_TEXTS = {
  suspended: msg("User suspended. They can no longer sign in and their listings are hidden."),
  unsuspended: msg("Suspension lifted. The user can sign in again and their listings are back."),
  suspendFailed: msg("Failed to update suspension"),
  cannotChangeSelf: msg("You cannot change your own role or suspend yourself."),
  changesApproved: msg("Changes approved. The listing shows them now."),
  changesRejected: msg("Changes rejected. The listing stays as it was approved."),
  featuredOn: msg("Business is now featured"),
  featuredOff: msg("Business is no longer featured"),
  refunded: msg("Payment refunded"),
  refundedAfterReject: msg("The payment was refunded to the owner."),
  markedRefunded: msg("Payment marked as refunded"),
  refundFailed: msg("Failed to refund the payment"),
  cleanedUp: (n: number) => t("Removed {{count}} orphaned businesses", { count: n }),
  notificationSent: (n: number) => t("Notification sent to {{count}} users", { count: n }),
  notificationSentTitle: msg("Notification sent"),
  alreadyReviewed: FEATURED_ADMIN_TEXTS.alreadyReviewed,
  businessNotApproved: FEATURED_ADMIN_TEXTS.businessNotApproved,
  twoFactorEnabled: msg("Two-factor sign-in is on. You will be asked for a code from your authenticator app when you sign in."),
  twoFactorDisabled: msg("Two-factor sign-in is off. The admin panel stays closed until you turn it on again."),
  twoFactorWrongPassword: msg("The password is not correct."),
  twoFactorWrongCode: msg("That code is not correct. Check the time on your phone and try the newest code."),
  twoFactorFailed: msg("Two-factor settings could not be changed. Please try again."),
} as const;

export const ROLE_LABELS: Record<string, string> = { visitor: msg("Visitor"), business: msg("Business"), admin: msg("Admin"), user: msg("Visitor") };

// -----------------------------------------------------------------------------------------------
// Inputs, shared by the forms and the use cases
// -----------------------------------------------------------------------------------------------

/** Account ids are better-auth's (not UUIDs): any short non-blank string, matched by the database. */
const id = z.string().trim().min(1).max(64);

export const ChangeRoleSchema = z.object({ userId: id, role: z.enum(ROLES) });
export type ChangeRoleInput = z.infer<typeof ChangeRoleSchema>;

export const SuspendUserSchema = z.object({
  userId: id,
  reason: z
    .string()
    .trim()
    .max(500, msg("Keep the reason under 500 characters."))
    .optional()
    .transform((v) => v || null),
});
export type SuspendUserInput = z.input<typeof SuspendUserSchema>;

export const BroadcastSchema = z.object({
  title: z.string().trim().min(1, ADMIN_TEXTS.fillRequired).max(120, msg("Keep the title under 120 characters.")),
  message: z.string().trim().min(1, ADMIN_TEXTS.fillRequired).max(2000, msg("Keep the message under 2000 characters.")),
  targetAudience: z.enum(NOTIFICATION_AUDIENCES),
  priority: z.enum(NOTIFICATION_PRIORITIES),
});
export type BroadcastInput = z.input<typeof BroadcastSchema>;


export const AUDIENCE_LABELS: Record<(typeof NOTIFICATION_AUDIENCES)[number], string> = {
  all: msg("All users"),
  visitors: msg("Visitors"),
  businesses: msg("Businesses"),
};

// -----------------------------------------------------------------------------------------------
// Deliveries (issue 33, ADR 34): the job queues that send something to someone
// -----------------------------------------------------------------------------------------------

/**
 * The queues of deliveries (server/jobs.ts names their jobs): the payment receipt (`RECEIPT_QUEUE`), the owner's
 * new-message notice (`MESSAGE_NOTICE_QUEUE`, messaging's) and e-mails written when they were caused (`EMAIL_QUEUE`).
 */
export const DELIVERY_QUEUES = ["payment-receipt", "message-notice", "notice", "email", "sms", "whatsapp"] as const;
export type DeliveryQueue = (typeof DELIVERY_QUEUES)[number];

/** What a delivery of each queue is, in plain words. */
export const DELIVERY_LABELS: Record<DeliveryQueue, string> = {
  "payment-receipt": msg("Payment receipt"),
  "message-notice": msg("New-message notice"),
  notice: msg("Account notice"),
  email: msg("E-mail"),
  sms: msg("SMS"),
  whatsapp: msg("WhatsApp message"),
};

/** What a delivery of each queue is about, shown beside the recipient. */
export const DELIVERY_ABOUT_LABELS: Record<DeliveryQueue, string> = {
  "payment-receipt": msg("Payment reference"),
  "message-notice": msg("Business"),
  notice: msg("Subject"),
  email: msg("Subject"),
  // A text's words are never shown: one may carry a sign-in code.
  sms: msg("Kind"),
  whatsapp: msg("Template"),
};

export const DELIVERY_TEXTS = {
  title: msg("Failed deliveries"),
  intro: msg("E-mails and texts that could not be sent after every try. They are kept for 30 days. Retry sends one again within a few seconds."),
  empty: msg("No failed deliveries. Every e-mail and text has been sent or is still being tried."),
  countsTitle: msg("Deliveries now"),
  countsCaption: msg("Deliveries of each kind waiting to be sent, waiting to be tried again, and failed"),
  waiting: msg("Waiting"),
  toRetry: msg("To be tried again"),
  failed: msg("Failed"),
  missing: "—",
  retry: msg("Retry"),
  retrying: msg("Retrying…"),
  retried: msg("Delivery queued again"),
  retriedText: msg("It will be sent again within a few seconds."),
  retryFailed: msg("Failed to retry the delivery"),
  notFailed: msg("This delivery is no longer waiting for a retry. Another admin may have retried it, or it was removed."),
  badDelivery: msg("This is not a delivery that can be retried. Reload the page and try again."),
  loadFailed: msg("Failed to load deliveries"),
} as const;

/** Retry's form: the failed job's id (a UUID) and its queue (one of the delivery queues). */
export const RetryDeliverySchema = z.object({
  id: z.string().regex(UUID_PATTERN),
  queue: z.enum(DELIVERY_QUEUES),
});
export type RetryDeliveryInput = z.input<typeof RetryDeliverySchema>;
