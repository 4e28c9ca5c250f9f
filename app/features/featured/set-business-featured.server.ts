import { businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { lockRow, updateAudited } from "../../lib/audited-change.server";
import { auditActorOf } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { requireUuid } from "../../lib/ids";
import { announceDirectoryChange } from "../../lib/realtime.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { FEATURED_ADMIN_TEXTS } from "./featured.schemas";

/**
 * The Featured Management toggle (spec 02 §7: RPC admin_manage_featured_status): sets the flag on an
 * approved business and records who manages it and since when. Turning it on keeps a paid end date still
 * in the future; otherwise the placement has no end until an admin turns it off.
 */
export async function setBusinessFeatured(actor: SessionUser | null, input: { businessId: string; featured: boolean }): Promise<void> {
  requireAdmin(actor);
  const businessId = requireUuid(input.businessId);
  await getDb().transaction(async (tx) => {
    const id = { column: businesses.id, value: businessId };
    const { approved, ...current } = await lockRow(tx, businesses, id, {
      approved: businesses.approved,
      featured: businesses.featured,
      featuredUntil: businesses.featuredUntil,
      featuredManagedBy: businesses.featuredManagedBy,
      featuredManagedAt: businesses.featuredManagedAt,
    });
    if (!approved) throw new AppError("conflict", FEATURED_ADMIN_TEXTS.businessNotApproved);
    const now = new Date();
    const featuredUntil = input.featured && current.featuredUntil && current.featuredUntil > now ? current.featuredUntil : null;
    await updateAudited(tx, auditActorOf(actor), {
      table: businesses,
      id,
      before: current,
      next: { featured: input.featured, featuredUntil, featuredManagedBy: actor.id, featuredManagedAt: now },
      alsoSet: { updatedAt: now },
      action: input.featured ? "business.feature" : "business.unfeature",
      targetType: "business",
    });
    await announceDirectoryChange(tx, [businessId]);
  });
}
