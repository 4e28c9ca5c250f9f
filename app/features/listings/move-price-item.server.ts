import { eq } from "drizzle-orm";
import { businessRevisions, businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { announceDirectoryChange } from "../../lib/realtime.server";
import type { SessionUser } from "../accounts/session-user";
import { lockManagedListing, notFound } from "./internal/price-items.server";
import { PRICE_LIST_TEXTS } from "./price-list.schemas";

/**
 * An owner moves an item one place up or down. The order is the products' order: it applies at once,
 * to the listing and to the change waiting for review alike (the same names in another order carry no new text).
 */
export async function movePriceItem(actor: SessionUser | null, businessId: string, input: { name: string; direction: "up" | "down" }): Promise<void> {
  if (!actor || !isUuid(businessId)) throw notFound();
  await getDb().transaction(async (tx) => {
    const { listing, names, waiting } = await lockManagedListing(tx, actor, businessId);
    const from = names.indexOf(input.name);
    if (from < 0) throw new AppError("conflict", PRICE_LIST_TEXTS.itemNotFound);
    const to = input.direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= names.length) return;
    const next = [...names];
    [next[from], next[to]] = [next[to]!, next[from]!];
    if (waiting) {
      // The version stays: an order is no new text for the admin to see.
      await tx.update(businessRevisions).set({ products: next }).where(eq(businessRevisions.businessId, businessId));
    }
    // The listing's own names follow the new order (those the change would remove keep their place after them).
    const rank = (name: string) => {
      const i = next.indexOf(name);
      return i < 0 ? next.length + listing.products.indexOf(name) : i;
    };
    const ordered = [...listing.products].sort((a, b) => rank(a) - rank(b));
    if (ordered.some((name, i) => name !== listing.products[i])) {
      await tx.update(businesses).set({ products: ordered, updatedAt: new Date() }).where(eq(businesses.id, businessId));
      if (listing.approvalStatus === "approved") await announceDirectoryChange(tx, [businessId]);
    }
  });
}

