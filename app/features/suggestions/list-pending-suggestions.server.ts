import { and, asc, eq, sql } from "drizzle-orm";
import { businesses, listingSuggestions, profiles, user } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged, type Paged } from "../../lib/pagination";
import { asWeeklyHours } from "../../lib/opening-hours";
import type { SuggestionKind } from "../../lib/reference";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { findSimilarListings, type SimilarListing } from "../directory/similar-listings.server";
import { isPublicBusiness } from "../directory/public-listing.server";
import { currentListingColumns } from "./internal/suggested-listing.server";
import { recheckMissing, type CurrentListing } from "./suggestion.schemas";

export type PendingSuggestion = {
  id: string;
  kind: SuggestionKind;
  /** Only the suggested fields, as stored. */
  payload: Record<string, unknown>;
  note: string | null;
  createdAt: Date;
  suggester: { name: string | null; approved: number; rejected: number };
  /** The listing a change is about, as it is now; null for a missing business, or when the listing is gone or hidden. */
  listing: { id: string; current: CurrentListing; unclaimed: boolean } | null;
  /** For a missing business: public listings that may be the same place (the same check as before it was sent). */
  similar: SimilarListing[];
};

/**
 * The admin's Suggestions tab (issue 34): pending suggestions, oldest first, a page at a time; for each, who sent it
 * (and how many of theirs were approved or rejected before), what it suggests, the listing as it is now for a change,
 * and for a missing business the listings it may duplicate (findSimilarListings, as when it was sent).
 */
export async function listPendingSuggestions(actor: SessionUser | null, { page }: { page: number }): Promise<Paged<PendingSuggestion>> {
  requireAdmin(actor);
  const { limit, offset } = pageWindow(page, ADMIN_PAGE_SIZE);
  const rows = await getDb()
    .select({
      id: listingSuggestions.id,
      kind: listingSuggestions.kind,
      payload: listingSuggestions.payload,
      note: listingSuggestions.note,
      createdAt: listingSuggestions.createdAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      accountName: user.name,
      // The suggester's record so far (listing_suggestions_user_idx).
      approved: sql<number>`(select count(*)::int from ${listingSuggestions} e where e.user_id = ${listingSuggestions.userId} and e.status = 'approved')`.mapWith(Number),
      rejected: sql<number>`(select count(*)::int from ${listingSuggestions} e where e.user_id = ${listingSuggestions.userId} and e.status = 'rejected')`.mapWith(Number),
      businessId: businesses.id,
      ...currentListingColumns,
    })
    .from(listingSuggestions)
    .leftJoin(user, eq(user.id, listingSuggestions.userId))
    .leftJoin(profiles, eq(profiles.id, listingSuggestions.userId))
    // Only a listing the public still sees: a change to one that is gone or hidden cannot be approved.
    .leftJoin(businesses, and(eq(businesses.id, listingSuggestions.businessId), isPublicBusiness))
    .where(eq(listingSuggestions.status, "pending"))
    .orderBy(asc(listingSuggestions.createdAt), asc(listingSuggestions.id))
    .limit(limit)
    .offset(offset);
  const paged = toPaged(rows, page, ADMIN_PAGE_SIZE);
  const out = await Promise.all(
    paged.rows.map(async (row): Promise<PendingSuggestion> => {
      const missing = row.kind === "missing" ? recheckMissing(row.payload) : null;
      const name = [row.firstName?.trim(), row.lastName?.trim()].filter(Boolean).join(" ") || row.accountName?.trim() || null;
      return {
        id: row.id,
        kind: row.kind as SuggestionKind,
        payload: row.payload,
        note: row.note,
        createdAt: row.createdAt,
        suggester: { name, approved: row.approved, rejected: row.rejected },
        listing:
          row.businessId && row.name
            ? {
                id: row.businessId,
                unclaimed: row.ownerId === null,
                current: {
                  name: row.name,
                  phone: row.phone,
                  address: row.address,
                  category: row.category,
                  state: row.state,
                  lga: row.lga,
                  hours: asWeeklyHours(row.openingHours),
                },
              }
            : null,
        similar: missing ? await findSimilarListings({ name: missing.name, phone: missing.phone, state: missing.state, lga: missing.lga }) : [],
      };
    }),
  );
  return { ...paged, rows: out };
}
