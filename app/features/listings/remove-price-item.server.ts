import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";
import { lockManagedListing, notFound, proposeProducts } from "./internal/price-items.server";
import { LISTING_TEXTS } from "./listing.schemas";
import { PRICE_LIST_TEXTS } from "./price-list.schemas";

/**
 * An owner removes an item from a listing's price list: its product name leaves the listing's products, as from the
 * listing form (on an approved listing with the listing's change, which an admin approves; ADR 4, 42). The last item
 * stays: the form requires at least one product. Its details (and photo) go when the list is next saved after the name
 * has left the products.
 */
export async function removePriceItem(actor: SessionUser | null, businessId: string, input: { name: string }): Promise<{ status: "saved" | "sent-for-review" }> {
  if (!actor || !isUuid(businessId)) throw notFound();
  return getDb().transaction(async (tx) => {
    const { listing, names, waiting } = await lockManagedListing(tx, actor, businessId);
    if (!names.includes(input.name)) throw new AppError("conflict", PRICE_LIST_TEXTS.itemNotFound);
    if (names.length === 1) throw new AppError("invalid", { title: LISTING_TEXTS.updateFailed.title, text: LISTING_TEXTS.productsRequired });
    return { status: await proposeProducts(tx, actor, businessId, listing, waiting, names.filter((n) => n !== input.name)) };
  });
}
