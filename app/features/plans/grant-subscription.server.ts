import { and, desc, eq, gt } from "drizzle-orm";
import { subscriptions } from "../../../db/schema";
import type { Tx } from "../../lib/db.server";
import { PLANS, type PlanId } from "../../lib/reference";

const DAY_MS = 86_400_000;

export type SubscriptionGrant = { planId: PlanId; planName: string; endsAt: Date } | { notApplied: string };

/**
 * Gives an account a paid plan for its period once the payment for it succeeded, inside the payment's
 * transaction (so the plan exists exactly when the payment is recorded as succeeded). Renewing the plan in
 * force adds the period to its end instead of wasting the days left.
 */
export async function grantSubscription(
  tx: Tx,
  paid: { userId: string; planId: string; paymentId: string; now: Date },
): Promise<SubscriptionGrant> {
  const plan = PLANS.find((p) => p.id === paid.planId);
  if (!plan?.periodDays) return { notApplied: `unknown plan ${paid.planId}` };
  const [running] = await tx
    .select({ endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, paid.userId), eq(subscriptions.planId, plan.id), eq(subscriptions.status, "active"), gt(subscriptions.endsAt, paid.now)),
    )
    .orderBy(desc(subscriptions.endsAt))
    .limit(1);
  const from = running?.endsAt && running.endsAt > paid.now ? running.endsAt : paid.now;
  const endsAt = new Date(from.getTime() + plan.periodDays * DAY_MS);
  await tx
    .insert(subscriptions)
    .values({ userId: paid.userId, planId: plan.id, status: "active", startsAt: paid.now, endsAt, paymentId: paid.paymentId });
  return { planId: plan.id, planName: plan.name, endsAt };
}
