/**
 * Texts of the payment screens. Client-safe and free of zod. Marked with msg() (issue 36): a refusal carrying one
 * is translated by describeError; a screen shows one with t() (or translatedFailure).
 */
import { msg, t } from "../../lib/i18n/i18n";

/** While a payment is pending the waiting screen checks again every few seconds, this many times (then by hand). */
export const PENDING_REFRESH_SECONDS = 4;
export const PENDING_MAX_CHECKS = 60;

export const PAYMENT_TEXTS = {
  succeeded: { title: msg("Payment successful"), text: msg("Thank you! Your payment was received.") },
  subscriptionActive: msg("Your {{plan}} plan is now active."),
  /** The same, when the address names no plan this build knows. */
  subscriptionActiveUnknown: msg("Your new plan is now active."),
  featuredRequested: msg("Your featured request was sent. An admin will review it soon."),
  // What happens after paying for featured placement (issue 32): the decision, and the money if it is refused.
  featuredNext: msg("You get a notification when an admin decides. If your request is refused, you are told why and the full amount is refunded."),
  failed: { title: msg("Payment failed"), text: msg("Your payment could not be completed and you have not been charged. Please try again.") },
  stillProcessing: {
    title: msg("Payment processing"),
    text: msg("Your payment is still being processed. We will apply it as soon as it is confirmed."),
  },
  paidNotApplied: {
    title: msg("Payment received"),
    text: msg("We received your payment but could not apply it. Please contact support and quote reference {{reference}}."),
  },
  cancelled: { title: msg("Payment cancelled"), text: msg("You cancelled this payment. You have not been charged.") },
  waiting: {
    title: msg("Waiting for your payment"),
    text: msg("We have not received your payment yet. If you finished paying, this page updates by itself. You can also pay again or cancel."),
  },
  error: { title: msg("Payment error"), text: msg("Something went wrong while processing your payment. Please try again.") },
  businessOnly: {
    title: msg("Business account required"),
    text: msg("Plans and featured placement are for business accounts. Sign in with a business account to continue."),
  },
  invalidPlan: { title: msg("Plan not found"), text: msg("Please choose a plan from the pricing page.") },
  listingRequired: { title: msg("Choose a listing"), text: msg("Please choose which of your listings to feature.") },
  listingNotFound: { title: msg("Listing not found"), text: msg("Please choose one of your own approved listings.") },
  notApproved: { title: msg("Listing not approved"), text: msg("Only an approved listing can be featured.") },
  alreadyFeatured: { title: msg("Already featured"), text: msg("This business is already featured.") },
  alreadyPending: { title: msg("Request pending"), text: msg("You already have a pending feature request") },
  inProgress: {
    title: msg("Payment in progress"),
    text: msg("A payment for this is already being processed. Please wait a moment, then check your dashboard."),
  },
  needsEmail: {
    title: msg("E-mail address needed"),
    text: msg("The payment page e-mails you its receipt: add an e-mail address on your profile, then pay."),
  },
  tooMany: { title: msg("Too many attempts"), text: msg("Too many payment attempts. Please wait a few minutes before trying again.") },
} as const;

export type PaymentFailure = { title: string; text: string };

/** A failure or notice of these texts in the current language, for a screen that shows it as it is. */
export function translatedFailure(failure: PaymentFailure): PaymentFailure {
  return { title: t(failure.title), text: t(failure.text) };
}
