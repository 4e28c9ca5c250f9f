import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import { subscriptions } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, type Db, type Tx } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { listingLimitOf, planById, type CurrentPlan, type Plan } from "./plan-benefits";

/**
 * The plan in force for an account: its latest active, unexpired subscription, else Free. For other
 * features' use cases (listing limits, pricing, payments), which have already authorized their caller.
 */
export async function currentPlanFor(userId: string, db: Db | Tx = getDb()): Promise<{ plan: Plan; endsAt: Date | null }> {
  const now = new Date();
  const [active] = await db
    .select({ planId: subscriptions.planId, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active"), or(isNull(subscriptions.endsAt), gt(subscriptions.endsAt, now))))
    .orderBy(desc(subscriptions.startsAt))
    .limit(1);
  return { plan: planById(active?.planId), endsAt: active?.endsAt ?? null };
}

/** How many listings an account may hold now (its current plan's limit). */
export async function listingLimitFor(userId: string, db: Db | Tx = getDb()): Promise<number> {
  return listingLimitOf((await currentPlanFor(userId, db)).plan);
}

/** The signed-in user's own plan, for the dashboard's plan card. */
export async function getCurrentPlan(actor: SessionUser | null): Promise<CurrentPlan> {
  if (!actor) throw new AppError("unauthenticated");
  const { plan, endsAt } = await currentPlanFor(actor.id);
  return { id: plan.id, name: plan.name, listingLimit: listingLimitOf(plan), endsAt };
}
