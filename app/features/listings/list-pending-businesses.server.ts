import { asc, eq } from "drizzle-orm";
import { businesses, profiles, user } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { IMAGE_WIDTHS, imageUrl } from "../../lib/image-url";
import { asWeeklyHours, dayText, WEEKDAY_NAMES } from "../../lib/opening-hours";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged } from "../../lib/pagination";
import { newestFirst } from "../../lib/sql.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { pendingDescriptionsOf } from "./internal/price-items.server";
import { imagesOfListings, listingDetailColumns } from "./listing-columns.server";

/** Business Approvals: listings whose approval_status is pending, newest first, with images by position. */
export async function listPendingBusinesses(actor: SessionUser | null, input: { page: number }) {
  requireAdmin(actor);
  const db = getDb();
  const { limit, offset } = pageWindow(input.page, ADMIN_PAGE_SIZE);
  const rows = await db
    .select({
      ...listingDetailColumns,
      createdAt: businesses.createdAt,
      ownerId: businesses.userId,
      // An imported listing nobody claimed has no owner: admins read where it came from (issue 34).
      source: businesses.source,
      sourceId: businesses.sourceId,
      ownerFirstName: profiles.firstName,
      ownerLastName: profiles.lastName,
      ownerEmail: user.email,
      ownerKycStatus: profiles.kycStatus,
      ownerSuspended: businesses.ownerSuspended,
      openingHours: businesses.openingHours,
    })
    .from(businesses)
    .leftJoin(user, eq(user.id, businesses.userId))
    .leftJoin(profiles, eq(profiles.id, businesses.userId))
    .where(eq(businesses.approvalStatus, "pending"))
    .orderBy(newestFirst(businesses.createdAt), asc(businesses.id))
    .limit(limit)
    .offset(offset);
  const page = toPaged(rows, input.page, ADMIN_PAGE_SIZE);
  const ids = page.rows.map((r) => r.id);
  const [images, descriptions] = await Promise.all([imagesOfListings(db, ids), pendingDescriptionsOf(db, ids)]);
  return {
    ...page,
    rows: page.rows.map(({ openingHours, ...r }) => ({
      ...r,
      // The weekly hours set with the listing (ADR 21), as the owner's week reads: 'Monday · 8:00 am – 6:00 pm'.
      hours: asWeeklyHours(openingHours)?.map((day, i) => ({ day: WEEKDAY_NAMES[i]!, text: dayText(day) })) ?? null,
      /** Descriptions of price list items, shown once the listing is approved (ADR 42). */
      itemDescriptions: descriptions.filter((d) => d.businessId === r.id).map((d) => ({ name: d.name, text: d.after ?? "" })),
      images: images
        .filter((i) => i.businessId === r.id)
        .map((i) => ({ id: i.id, position: i.position, src: imageUrl(i.key, IMAGE_WIDTHS.thumb, i.createdAt) })),
    })),
  };
}

export type PendingBusiness = Awaited<ReturnType<typeof listPendingBusinesses>>["rows"][number];
