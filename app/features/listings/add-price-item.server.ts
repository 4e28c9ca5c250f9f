import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";
import { lockManagedListing, notFound, proposeProducts } from "./internal/price-items.server";
import { cleanProducts, LISTING_TEXTS } from "./listing.schemas";
import { PRICE_LIST_LIMITS, PRICE_LIST_TEXTS } from "./price-list.schemas";

/**
 * An owner adds an item to a listing's price list: a new product name at the end, cleaned as the listing form cleans
 * products (trimmed, one line, no bidirectional controls, at most 80 characters; the same name twice, in any case, is
 * refused). On an approved listing the name waits for an admin with the listing's change, as from the form (ADR 4, 42);
 * its price and the rest may be set at once. At most PRICE_LIST_LIMITS.items items.
 */
export async function addPriceItem(actor: SessionUser | null, businessId: string, input: { name: string }): Promise<{ status: "saved" | "sent-for-review" }> {
  if (!actor || !isUuid(businessId)) throw notFound();
  const [name] = cleanProducts([String(input.name ?? "").replace(/\r?\n/g, " ")]);
  const refuse = (text: string) => new AppError("invalid", { title: LISTING_TEXTS.updateFailed.title, text }, { fields: { newItem: text } });
  if (!name) throw refuse(PRICE_LIST_TEXTS.nameRequired);
  return getDb().transaction(async (tx) => {
    const { listing, names, waiting } = await lockManagedListing(tx, actor, businessId);
    if (names.some((n) => n.toLowerCase() === name.toLowerCase())) throw refuse(PRICE_LIST_TEXTS.nameTaken);
    if (names.length >= PRICE_LIST_LIMITS.items) throw refuse(PRICE_LIST_TEXTS.tooManyItems);
    return { status: await proposeProducts(tx, actor, businessId, listing, waiting, [...names, name]) };
  });
}
