/** Texts of the payment screens. Client-safe and free of zod. */

/** While a payment is pending the waiting screen checks again every few seconds, this many times (then by hand). */
export const PENDING_REFRESH_SECONDS = 4;
export const PENDING_MAX_CHECKS = 60;

export const PAYMENT_TEXTS = {
  succeeded: { title: "Payment successful", text: "Thank you! Your payment was received." },
  subscriptionActive: "Your {plan} plan is now active.",
  featuredRequested: "Your featured request was sent. An admin will review it soon.",
  // What happens after paying for featured placement (issue 32): the decision, and the money if it is refused.
  featuredNext: "You get a notification when an admin decides. If your request is refused, you are told why and the full amount is refunded.",
  failed: { title: "Payment failed", text: "Your payment could not be completed and you have not been charged. Please try again." },
  stillProcessing: {
    title: "Payment processing",
    text: "Your payment is still being processed. We will apply it as soon as it is confirmed.",
  },
  paidNotApplied: {
    title: "Payment received",
    text: "We received your payment but could not apply it. Please contact support and quote reference {reference}.",
  },
  cancelled: { title: "Payment cancelled", text: "You cancelled this payment. You have not been charged." },
  waiting: {
    title: "Waiting for your payment",
    text: "We have not received your payment yet. If you finished paying, this page updates by itself. You can also pay again or cancel.",
  },
  error: { title: "Payment error", text: "Something went wrong while processing your payment. Please try again." },
  businessOnly: {
    title: "Business account required",
    text: "Plans and featured placement are for business accounts. Sign in with a business account to continue.",
  },
  invalidPlan: { title: "Plan not found", text: "Please choose a plan from the pricing page." },
  listingRequired: { title: "Choose a listing", text: "Please choose which of your listings to feature." },
  listingNotFound: { title: "Listing not found", text: "Please choose one of your own approved listings." },
  notApproved: { title: "Listing not approved", text: "Only an approved listing can be featured." },
  alreadyFeatured: { title: "Already featured", text: "This business is already featured." },
  alreadyPending: { title: "Request pending", text: "You already have a pending feature request" },
  inProgress: {
    title: "Payment in progress",
    text: "A payment for this is already being processed. Please wait a moment, then check your dashboard.",
  },
  needsEmail: {
    title: "E-mail address needed",
    text: "The payment page e-mails you its receipt: add an e-mail address on your profile, then pay.",
  },
  tooMany: { title: "Too many attempts", text: "Too many payment attempts. Please wait a few minutes before trying again." },
} as const;

export type PaymentFailure = { title: string; text: string };
