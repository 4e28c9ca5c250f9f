import { asc, eq, sql } from "drizzle-orm";
import { businesses, featuredRequests, payments, profiles, user } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged } from "../../lib/pagination";
import { newestFirst } from "../../lib/sql.server";
import { requireAdmin } from "../accounts/access";

/**
 * Featured requests newest first with their business (name, phone, state, country, description), its
 * owner and, when it was paid for, the payment. Used by the Featured Requests and Subscriptions tabs.
 */
export async function listFeaturedRequests(actor: SessionUser | null, input: { page: number }) {
  requireAdmin(actor);
  const { limit, offset } = pageWindow(input.page, ADMIN_PAGE_SIZE);
  const rows = await getDb()
    .select({
      id: featuredRequests.id,
      status: featuredRequests.status,
      pricingTier: featuredRequests.pricingTier,
      startDate: featuredRequests.startDate,
      endDate: featuredRequests.endDate,
      createdAt: featuredRequests.createdAt,
      updatedAt: featuredRequests.updatedAt,
      paymentReference: featuredRequests.paymentReference,
      businessId: businesses.id,
      businessName: businesses.name,
      phoneNumber: businesses.phoneNumber,
      state: businesses.state,
      country: businesses.country,
      description: businesses.description,
      businessApproved: sql<boolean>`(${businesses.approvalStatus} = 'approved')`.mapWith(Boolean),
      businessFeatured: businesses.featured,
      featuredUntil: businesses.featuredUntil,
      ownerId: businesses.userId,
      ownerFirstName: profiles.firstName,
      ownerLastName: profiles.lastName,
      ownerEmail: user.email,
      paymentAmountKobo: payments.amountKobo,
      paymentStatus: payments.status,
      refundStatus: payments.refundStatus,
      refundReason: payments.refundReason,
      refundedAt: payments.refundedAt,
    })
    .from(featuredRequests)
    .innerJoin(businesses, eq(businesses.id, featuredRequests.businessId))
    .leftJoin(user, eq(user.id, businesses.userId))
    .leftJoin(profiles, eq(profiles.id, businesses.userId))
    .leftJoin(payments, eq(payments.reference, featuredRequests.paymentReference))
    .orderBy(newestFirst(featuredRequests.createdAt), asc(featuredRequests.id))
    .limit(limit)
    .offset(offset);
  return toPaged(rows, input.page, ADMIN_PAGE_SIZE);
}

export type AdminFeaturedRequest = Awaited<ReturnType<typeof listFeaturedRequests>>["rows"][number];
