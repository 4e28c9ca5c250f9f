import { eq } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { IMAGE_WIDTHS, imageUrl } from "../../lib/image-url";
import type { SessionUser } from "../accounts/session-user";
import { notFound, ownerNames, priceItemsOf, type PriceItemRow } from "./internal/price-items.server";
import { canManageListing } from "./listing.policy";

/** One item on the owner's price list screen. */
export type OwnPriceItem = Omit<PriceItemRow, "imageKey" | "imageAt"> & {
  /** A product name of a change waiting for review: the public sees the item once an admin approves it. */
  nameWaiting: boolean;
  /** The item's photo (a thumbnail), or null. */
  image: { src: string } | null;
};

/**
 * The owner's price list of one of their listings: its items in the owner's order, each with
 * its details. Anyone else, or no listing, is 'Business not found'.
 */
export async function getPriceList(actor: SessionUser | null, businessId: string) {
  if (!actor || !isUuid(businessId)) throw notFound();
  const db = getDb();
  const [listing] = await db
    .select({ id: businesses.id, name: businesses.name, userId: businesses.userId, approvalStatus: businesses.approvalStatus, products: businesses.products })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  if (!listing || !canManageListing(actor, listing)) throw notFound();
  const { names } = await ownerNames(db, businessId, listing);
  const rows = new Map((await priceItemsOf(db, [businessId])).map((row) => [row.name, row]));
  const approved = new Set(listing.products);
  const items: OwnPriceItem[] = names.map((name) => {
    const row = rows.get(name);
    return {
      name,
      groupName: row?.groupName ?? null,
      description: row?.description ?? null,
      pendingDescription: row?.pendingDescription ?? null,
      priceKobo: row?.priceKobo ?? null,
      priceKind: row?.priceKind ?? null,
      nameWaiting: listing.approvalStatus === "approved" && !approved.has(name),
      image: row?.imageKey && row.imageAt ? { src: imageUrl(row.imageKey, IMAGE_WIDTHS.thumb, row.imageAt) } : null,
    };
  });
  return { id: listing.id, name: listing.name, items, groups: [...new Set(items.map((i) => i.groupName).filter((g): g is string => Boolean(g)))] };
}

export type PriceList = Awaited<ReturnType<typeof getPriceList>>;

