import { and, asc, eq } from "drizzle-orm";
import { businessImages, businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { IMAGE_WIDTHS, imageUrl, shareImageUrl } from "../../lib/image-url";
import { isBusinessId } from "./business-links";
import { isCurrentlyFeatured, isPublicBusiness } from "./public-business.server";
import type { PublicBusiness } from "./types";

/** A public business with its images in position order, or null when the id is not one or not public. */
export async function getPublicBusiness(id: string): Promise<PublicBusiness | null> {
  if (!isBusinessId(id)) return null;
  const db = getDb();
  const [business] = await db
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
      featured: isCurrentlyFeatured().mapWith(Boolean),
      viewCount: businesses.viewCount,
    })
    .from(businesses)
    .where(and(eq(businesses.id, id), isPublicBusiness))
    .limit(1);
  if (!business) return null;
  const images = await db
    .select({ key: businessImages.imageUrl, width: businessImages.width, height: businessImages.height, createdAt: businessImages.createdAt })
    .from(businessImages)
    .where(eq(businessImages.businessId, id))
    .orderBy(asc(businessImages.position));
  return {
    ...business,
    images: images.map((image) => ({
      src: imageUrl(image.key, IMAGE_WIDTHS.detail, image.createdAt),
      thumbSrc: imageUrl(image.key, IMAGE_WIDTHS.card, image.createdAt),
      shareSrc: shareImageUrl(image.key, image.createdAt),
      width: image.width,
      height: image.height,
    })),
  };
}
