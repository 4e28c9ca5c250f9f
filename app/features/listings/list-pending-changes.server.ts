import { asc, eq } from "drizzle-orm";
import { businesses, businessRevisions, profiles, user } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { IMAGE_WIDTHS, imageUrl } from "../../lib/image-url";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged } from "../../lib/pagination";
import { newestFirst } from "../../lib/sql.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { asRevisionImage, changedReviewedFields, reviewedColumns, reviewedValuesOf, sameImages } from "./internal/listing-revisions.server";
import { pendingDescriptionsOf } from "./internal/price-items.server";
import { imagesOfListings } from "./listing-columns.server";
import { changeVersion, REVIEWED_FIELD_LABELS, type ReviewedField } from "./listing.schemas";

export type FieldChange = { field: ReviewedField; label: string; before: string | string[] | null; after: string | string[] | null };
export type ChangeImage = { id: string; position: number; src: string };

/**
 * Business Approvals, second list: changes owners made to approved listings, waiting for review, latest
 * first. Each shows the listing as the public sees it and what the change would make of it: every changed
 * field old → new, and the images before and after when they differ.
 */
export async function listPendingChanges(actor: SessionUser | null, input: { page: number }) {
  requireAdmin(actor);
  const db = getDb();
  const { limit, offset } = pageWindow(input.page, ADMIN_PAGE_SIZE);
  const rows = await db
    .select({
      businessId: businesses.id,
      ...reviewedColumns,
      category: businesses.category,
      state: businesses.state,
      country: businesses.country,
      ownerId: businesses.userId,
      ownerFirstName: profiles.firstName,
      ownerLastName: profiles.lastName,
      ownerEmail: user.email,
      ownerSuspended: businesses.ownerSuspended,
      change: businessRevisions,
    })
    .from(businessRevisions)
    .innerJoin(businesses, eq(businesses.id, businessRevisions.businessId))
    .leftJoin(user, eq(user.id, businesses.userId))
    .leftJoin(profiles, eq(profiles.id, businesses.userId))
    .where(eq(businesses.approvalStatus, "approved"))
    .orderBy(newestFirst(businessRevisions.updatedAt), asc(businessRevisions.businessId))
    .limit(limit)
    .offset(offset);
  const page = toPaged(rows, input.page, ADMIN_PAGE_SIZE);
  const ids = page.rows.map((r) => r.businessId);
  const [approvedImages, descriptions] = await Promise.all([imagesOfListings(db, ids), pendingDescriptionsOf(db, ids)]);
  const thumb = (image: { id: string; key: string; at: string }, i: number): ChangeImage => ({
    id: image.id,
    position: i + 1,
    src: imageUrl(image.key, IMAGE_WIDTHS.thumb, new Date(image.at)),
  });
  return {
    ...page,
    rows: page.rows.map(({ change, ...r }) => {
      const current = reviewedValuesOf(r);
      const proposed = reviewedValuesOf(change);
      const changes: FieldChange[] = changedReviewedFields(current, proposed).map((field) => ({
        field,
        label: REVIEWED_FIELD_LABELS[field],
        before: current[field],
        after: proposed[field],
      }));
      const before = approvedImages.filter((i) => i.businessId === r.businessId).map(asRevisionImage);
      return {
        businessId: r.businessId,
        name: r.name,
        category: r.category,
        state: r.state,
        country: r.country,
        ownerId: r.ownerId,
        ownerFirstName: r.ownerFirstName,
        ownerLastName: r.ownerLastName,
        ownerEmail: r.ownerEmail,
        ownerSuspended: r.ownerSuspended,
        submittedAt: change.updatedAt,
        /** What the approve and reject forms send back, so a change replaced meanwhile is not decided unseen. */
        version: changeVersion(change.updatedAt),
        changes,
        images: sameImages(before, change.images) ? null : { before: before.map(thumb), after: change.images.map(thumb) },
        /** New descriptions of price list items, waiting with the change (ADR 42). */
        itemDescriptions: descriptions.filter((d) => d.businessId === r.businessId).map(({ name, before, after }) => ({ name, before, after })),
      };
    }),
  };
}

export type PendingChange = Awaited<ReturnType<typeof listPendingChanges>>["rows"][number];
