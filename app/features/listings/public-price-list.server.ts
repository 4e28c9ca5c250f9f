import type { Db } from "../../lib/db.server";
import { IMAGE_WIDTHS, imageUrl } from "../../lib/image-url";
import { mediaOrigin } from "../../lib/media-origin.server";
import { priceItemsOf } from "./internal/price-items.server";
import { groupItems, type PublicPriceGroup } from "./price-list.schemas";

/**
 * The price list the public reads for a listing (its approved products in order, with their details), grouped; null
 * when no item has a price, a description, a group or a photo (the page shows the products as words, as before).
 */
export async function publicPriceList(db: Db, businessId: string, products: readonly string[]): Promise<PublicPriceGroup[] | null> {
  if (products.length === 0) return null;
  const rows = new Map((await priceItemsOf(db, [businessId])).map((row) => [row.name, row]));
  if (![...rows.values()].some((row) => products.includes(row.name) && (row.priceKind || row.description || row.groupName || row.imageKey))) return null;
  const origin = mediaOrigin();
  const items = products.map((name) => {
    const row = rows.get(name);
    return {
      name,
      groupName: row?.groupName ?? null,
      description: row?.description ?? null,
      priceKobo: row?.priceKobo ?? null,
      priceKind: row?.priceKind ?? null,
      image: row?.imageKey && row.imageAt ? { src: imageUrl(row.imageKey, IMAGE_WIDTHS.thumb, row.imageAt, origin) } : null,
    };
  });
  return groupItems(items).map((group) => ({
    name: group.name,
    items: group.items.map(({ groupName: _group, ...item }) => item),
  }));
}
