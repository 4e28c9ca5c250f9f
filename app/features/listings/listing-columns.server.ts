import { asc, inArray } from "drizzle-orm";
import { businessImages, businesses } from "../../../db/schema";
import type { Db, Tx } from "../../lib/db.server";

/**
 * A listing's details as its public page, its owner's edit form and the admin approvals queue show them:
 * one column list, so the three always show the same fields.
 */
export const listingDetailColumns = {
  id: businesses.id,
  name: businesses.name,
  description: businesses.description,
  address: businesses.address,
  plotNumber: businesses.plotNumber,
  state: businesses.state,
  lga: businesses.lga,
  landmark: businesses.landmark,
  country: businesses.country,
  phoneNumber: businesses.phoneNumber,
  websiteUrl: businesses.websiteUrl,
  products: businesses.products,
  category: businesses.category,
  latitude: businesses.latitude,
  longitude: businesses.longitude,
};

export type ListingImageRow = {
  id: string;
  businessId: string;
  key: string;
  position: number;
  width: number | null;
  height: number | null;
  createdAt: Date;
};

/** The images of some listings in position order (one query for a whole page of listings). */
export async function imagesOfListings(db: Db | Tx, businessIds: readonly string[]): Promise<ListingImageRow[]> {
  if (businessIds.length === 0) return [];
  return db
    .select({
      id: businessImages.id,
      businessId: businessImages.businessId,
      key: businessImages.imageUrl,
      position: businessImages.position,
      width: businessImages.width,
      height: businessImages.height,
      createdAt: businessImages.createdAt,
    })
    .from(businessImages)
    .where(inArray(businessImages.businessId, [...businessIds]))
    .orderBy(asc(businessImages.businessId), asc(businessImages.position));
}
