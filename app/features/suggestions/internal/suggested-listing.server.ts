import { and, eq, sql } from "drizzle-orm";
import { businesses, listingSuggestions } from "../../../../db/schema";
import { AppError } from "../../../lib/app-error";
import type { Db, Tx } from "../../../lib/db.server";
import { msg } from "../../../lib/i18n/i18n";
import { isUuid } from "../../../lib/ids";
import { asWeeklyHours } from "../../../lib/opening-hours";
import type { SessionUser } from "../../accounts/session-user";
import { isPublicBusiness } from "../../directory/public-listing.server";
import { SUGGESTION_TEXTS, type CurrentListing } from "../suggestion.schemas";

/** A public listing a change is suggested for: what it says now, and whether anyone owns it. */
export type SuggestedListing = { id: string; ownerId: string | null; current: CurrentListing };

/** What a listing says now, as a suggestion shows it beside the suggested values (also the admin list's join). */
export const currentListingColumns = {
  ownerId: businesses.userId,
  name: businesses.name,
  phone: businesses.phoneNumber,
  address: businesses.address,
  category: businesses.category,
  state: businesses.state,
  lga: businesses.lga,
  openingHours: businesses.openingHours,
};
const columns = { id: businesses.id, ...currentListingColumns };

type Row = { id: string; ownerId: string | null; name: string; phone: string | null; address: string | null; category: string | null; state: string | null; lga: string | null; openingHours: unknown };

function toListing(row: Row): SuggestedListing {
  const { id, ownerId, openingHours, ...shown } = row;
  return { id, ownerId, current: { ...shown, hours: asWeeklyHours(openingHours) } };
}

/** The public listing with this id, or null (not an id, not public, gone). `lock` takes it FOR UPDATE. */
export async function readPublicListing(db: Db | Tx, id: string, options: { lock?: boolean } = {}): Promise<SuggestedListing | null> {
  if (!isUuid(id)) return null;
  const query = db.select(columns).from(businesses).where(and(eq(businesses.id, id), isPublicBusiness)).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row ? toListing(row) : null;
}

/**
 * The listing a signed-in person may suggest a change to: public, and not their own (an owner edits their listing).
 * Else the refusal they read.
 */
export async function requireSuggestable(db: Db | Tx, actor: SessionUser, id: string): Promise<SuggestedListing> {
  const listing = await readPublicListing(db, id);
  if (!listing) throw new AppError("not-found", SUGGESTION_TEXTS.notFound);
  if (listing.ownerId === actor.id) {
    throw new AppError("forbidden", { ...SUGGESTION_TEXTS.ownListing, link: { href: `/business/edit/${listing.id}`, label: msg("Edit your listing") } });
  }
  return listing;
}

/** Whether the person has a suggestion about this listing still waiting for an admin. */
export async function hasPendingSuggestion(db: Db | Tx, userId: string, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(listingSuggestions)
    .where(and(eq(listingSuggestions.userId, userId), eq(listingSuggestions.businessId, businessId), eq(listingSuggestions.status, "pending")))
    .limit(1);
  return Boolean(row);
}
