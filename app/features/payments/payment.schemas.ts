import { z } from "~/lib/zod";
import { AppError } from "../../lib/app-error";
import { IdSchema } from "../../lib/id-schema";
import { PAYMENT_TEXTS, translatedFailure, type PaymentFailure } from "./payment-texts";

export { PAYMENT_TEXTS, translatedFailure, type PaymentFailure };

/** What a checkout buys: a subscription plan, or featured placement for one of the owner's listings. */
export const CHECKOUT_TYPES = ["subscription", "featured"] as const;
export type CheckoutType = (typeof CHECKOUT_TYPES)[number];

/** Paid subscription plans (Free is never paid for: choosing it goes to /dashboard). */
export const PAID_PLAN_IDS = ["standard", "premium"] as const;
export const FEATURED_TIER_IDS = ["basic", "premium", "enterprise"] as const;

/** What the payment page and the pay buttons send. */
export const CheckoutSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscription"), plan: z.enum(PAID_PLAN_IDS) }),
  z.object({ type: z.literal("featured"), plan: z.enum(FEATURED_TIER_IDS), businessId: IdSchema }),
]);
export type CheckoutInput = z.infer<typeof CheckoutSchema>;

/**
 * Reads a checkout from a query string or form (type defaults to subscription). A featured checkout
 * without a listing gets its own message, so the owner knows what is missing.
 */
export function parseCheckout(source: URLSearchParams | FormData): CheckoutInput {
  const type = String(source.get("type") || "subscription");
  const raw = { type, plan: String(source.get("plan") ?? ""), businessId: String(source.get("businessId") ?? "") };
  const parsed = CheckoutSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  if (type === "featured" && (FEATURED_TIER_IDS as readonly string[]).includes(raw.plan)) {
    throw new AppError("invalid", raw.businessId ? PAYMENT_TEXTS.listingNotFound : PAYMENT_TEXTS.listingRequired);
  }
  throw new AppError("invalid", PAYMENT_TEXTS.invalidPlan);
}

/** The query string of the payment page for a checkout. */
export function paymentHref(input: CheckoutInput): string {
  const params = new URLSearchParams({ type: input.type, plan: input.plan });
  if (input.type === "featured") params.set("businessId", input.businessId);
  return `/payment?${params}`;
}
