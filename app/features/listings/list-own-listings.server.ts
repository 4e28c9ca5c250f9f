import { and, desc, eq, inArray } from "drizzle-orm";
import { businesses, businessRevisions, featuredRequests } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { imagesOfListings } from "./listing-columns.server";

/**
 * The actor's own listings, newest first (filtered by user_id: an owner never sees another's), each as the
 * public sees it, with whether a change to it waits for review and why the last one was refused.
 */
export async function listOwnListings(actor: SessionUser | null) {
  if (!actor) throw new AppError("unauthenticated");
  if (actor.role !== "business") throw new AppError("forbidden");
  const db = getDb();
  const rows = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      category: businesses.category,
      state: businesses.state,
      products: businesses.products,
      approvalStatus: businesses.approvalStatus,
      rejectionReason: businesses.rejectionReason,
      changePendingSince: businessRevisions.updatedAt,
      changeRejectionReason: businesses.changeRejectionReason,
      featured: businesses.featured,
      featuredUntil: businesses.featuredUntil,
      premiumUntil: businesses.premiumUntil,
      updatedAt: businesses.updatedAt,
      createdAt: businesses.createdAt,
      // Claimed from an import (issue 34): the dashboard shows it before identity verification.
      claimedAt: businesses.claimedAt,
    })
    .from(businesses)
    .leftJoin(businessRevisions, eq(businessRevisions.businessId, businesses.id))
    .where(eq(businesses.userId, actor.id))
    .orderBy(desc(businesses.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [images, pending] = await Promise.all([
    imagesOfListings(db, ids),
    db
      .select({ businessId: featuredRequests.businessId })
      .from(featuredRequests)
      .where(and(inArray(featuredRequests.businessId, ids), eq(featuredRequests.status, "pending"))),
  ]);
  return rows.map(({ changePendingSince, changeRejectionReason, ...r }) => ({
    ...r,
    changePending: r.approvalStatus === "approved" && changePendingSince !== null,
    changeRejectionReason: r.approvalStatus === "approved" && changePendingSince === null ? changeRejectionReason : null,
    mainImage: images.find((i) => i.businessId === r.id)?.key ?? null,
    hasPendingFeatureRequest: pending.some((p) => p.businessId === r.id),
  }));
}

export type OwnListingCard = Awaited<ReturnType<typeof listOwnListings>>[number];
