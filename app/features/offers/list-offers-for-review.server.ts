import { and, asc, desc, eq, gt, lte, sql } from "drizzle-orm";
import { businessOffers, businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged, type Paged } from "../../lib/pagination";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { offerPhoto } from "./internal/offer-photos.server";
import { offerVersion } from "./offer.schemas";

export type AdminOffer = {
  id: string;
  businessId: string;
  businessName: string;
  title: string;
  text: string;
  code: string | null;
  photo: { src: string; srcSet: string } | null;
  startsOn: string;
  endsOn: string;
  /** The version shown (offerVersion): the admin's decision names it. */
  version: string;
};

const columns = {
  id: businessOffers.id,
  businessId: businessOffers.businessId,
  businessName: businesses.name,
  title: businessOffers.title,
  text: businessOffers.body,
  code: businessOffers.code,
  imageKey: businessOffers.imageKey,
  startsOn: businessOffers.startsOn,
  endsOn: businessOffers.endsOn,
  updatedAt: businessOffers.updatedAt,
};

const shown = ({ imageKey, updatedAt, ...row }: { imageKey: string | null; updatedAt: Date } & Omit<AdminOffer, "photo" | "version">): AdminOffer => ({
  ...row,
  photo: offerPhoto(imageKey),
  version: offerVersion(updatedAt),
});

/**
 * /admin/offers (issue 37): offers waiting for review, oldest first (business_offers_pending_idx), and the offers
 * running now, the latest start first (business_offers_approved_starts_idx), each a page at a time. Admins only.
 */
export async function listOffersForReview(
  actor: SessionUser | null,
  { page, runningPage }: { page: number; runningPage: number },
  now = new Date(),
): Promise<{ pending: Paged<AdminOffer>; running: Paged<AdminOffer> }> {
  requireAdmin(actor);
  const db = getDb();
  const waiting = pageWindow(page, ADMIN_PAGE_SIZE);
  const live = pageWindow(runningPage, ADMIN_PAGE_SIZE);
  const [pending, running] = await Promise.all([
    db
      .select(columns)
      .from(businessOffers)
      .innerJoin(businesses, eq(businesses.id, businessOffers.businessId))
      .where(eq(businessOffers.status, "pending"))
      .orderBy(asc(businessOffers.createdAt), asc(businessOffers.id))
      .limit(waiting.limit)
      .offset(waiting.offset),
    db
      .select(columns)
      .from(businessOffers)
      .innerJoin(businesses, eq(businesses.id, businessOffers.businessId))
      .where(and(eq(businessOffers.status, "approved"), lte(businessOffers.startsAt, now), gt(businessOffers.endsAt, now)))
      .orderBy(sql`${businessOffers.startsAt} desc nulls last`, desc(businessOffers.id))
      .limit(live.limit)
      .offset(live.offset),
  ]);
  return { pending: toPaged(pending.map(shown), page, ADMIN_PAGE_SIZE), running: toPaged(running.map(shown), runningPage, ADMIN_PAGE_SIZE) };
}
