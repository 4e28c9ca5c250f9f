import { and, asc, eq } from "drizzle-orm";
import { businesses, businessImages } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";

/** One of the actor's own listings with its images in position order; null for anyone else's. */
export async function getOwnListing(actor: SessionUser, businessId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(businessId)) return null;
  const db = getDb();
  const [listing] = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      description: businesses.description,
      address: businesses.address,
      plotNumber: businesses.plotNumber,
      state: businesses.state,
      country: businesses.country,
      phoneNumber: businesses.phoneNumber,
      websiteUrl: businesses.websiteUrl,
      products: businesses.products,
      category: businesses.category,
      approvalStatus: businesses.approvalStatus,
      updatedAt: businesses.updatedAt,
    })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.userId, actor.id)))
    .limit(1);
  if (!listing) return null;
  const images = await db
    .select({ id: businessImages.id, key: businessImages.imageUrl, position: businessImages.position, width: businessImages.width, height: businessImages.height })
    .from(businessImages)
    .where(eq(businessImages.businessId, businessId))
    .orderBy(asc(businessImages.position));
  return { ...listing, images };
}
