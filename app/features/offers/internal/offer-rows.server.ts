import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { businessOffers, businesses } from "../../../../db/schema";
import { AppError } from "../../../lib/app-error";
import type { Db, Tx } from "../../../lib/db.server";
import { isUuid } from "../../../lib/ids";
import type { SessionUser } from "../../accounts/session-user";
import { OFFER_TEXTS } from "../offer.schemas";
import { canManageOffers } from "../offer.policy";

/** The listing whose offers `actor` manages (its owner, or an admin), locked when `lock`; else 'not found' for anyone else. */
export async function managedListing(db: Db | Tx, actor: SessionUser | null, businessId: string, { lock = false } = {}) {
  if (!actor) throw new AppError("unauthenticated");
  if (!isUuid(businessId)) throw new AppError("not-found", OFFER_TEXTS.listingNotFound);
  const query = db.select({ id: businesses.id, name: businesses.name, userId: businesses.userId }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
  const [listing] = lock ? await query.for("update") : await query;
  // Another owner's listing reads as missing: no probing of which listings exist.
  if (!listing || !canManageOffers(actor, listing)) throw new AppError("not-found", OFFER_TEXTS.listingNotFound);
  return listing;
}

/** How many of a listing's offers count against its plan now: waiting for review, scheduled or running (not ended). */
export async function currentOfferCount(db: Db | Tx, businessId: string, now: Date, exceptId: string | null = null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(businessOffers)
    .where(
      and(
        eq(businessOffers.businessId, businessId),
        inArray(businessOffers.status, ["pending", "approved"]),
        gt(businessOffers.endsAt, now),
        exceptId ? sql`${businessOffers.id} <> ${exceptId}` : undefined,
      ),
    );
  return row?.n ?? 0;
}
