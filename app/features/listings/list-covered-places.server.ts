import { aliasedTable, desc, eq, isNotNull } from "drizzle-orm";
import { businesses, profiles, user } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged } from "../../lib/pagination";
import { requireAdmin } from "../accounts/access";
import { shownEmail } from "../accounts/phone.schemas";
import type { SessionUser } from "../accounts/session-user";

const place = aliasedTable(businesses, "place");

/**
 * The links the importer made (issue 34, ADR 38): imported places kept hidden because an owner's listing covers them
 * (`covered_by`), newest first, a page at a time, each beside the owner's listing it is linked to and that listing's
 * owner. Read through the partial index on covered_by.
 */
export async function listCoveredPlaces(actor: SessionUser | null, input: { page: number }) {
  requireAdmin(actor);
  const { limit, offset } = pageWindow(input.page, ADMIN_PAGE_SIZE);
  const rows = await getDb()
    .select({
      id: place.id,
      name: place.name,
      category: place.category,
      address: place.address,
      state: place.state,
      lga: place.lga,
      phone: place.phoneNumber,
      source: place.source,
      sourceId: place.sourceId,
      createdAt: place.createdAt,
      listingId: businesses.id,
      listingName: businesses.name,
      listingState: businesses.state,
      listingPublic: businesses.approved,
      ownerId: businesses.userId,
      ownerFirstName: profiles.firstName,
      ownerLastName: profiles.lastName,
      ownerEmail: user.email,
    })
    .from(place)
    .innerJoin(businesses, eq(businesses.id, place.coveredBy))
    .leftJoin(user, eq(user.id, businesses.userId))
    .leftJoin(profiles, eq(profiles.id, businesses.userId))
    .where(isNotNull(place.coveredBy))
    .orderBy(desc(place.createdAt), desc(place.id))
    .limit(limit)
    .offset(offset);
  const page = toPaged(rows, input.page, ADMIN_PAGE_SIZE);
  return { ...page, rows: page.rows.map(({ ownerEmail, createdAt, ...r }) => ({ ...r, ownerEmail: shownEmail(ownerEmail), createdAt: createdAt.toISOString() })) };
}

export type AdminCoveredPlace = Awaited<ReturnType<typeof listCoveredPlaces>>["rows"][number];
