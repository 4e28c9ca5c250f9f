import { eq } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { changedFields, recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_EXTRA_TEXTS } from "./admin.schemas";
import { announceDirectoryChange } from "./directory-changed.server";
import { auditActorOf } from "../../lib/audit.server";
import { requireAdmin } from "../accounts/access";
import { requireUuid } from "../../lib/ids";

/**
 * The Featured Management toggle (spec 02 §7: RPC admin_manage_featured_status): sets the flag on an approved
 * business and records who manages it and since when. Turning it on keeps a paid end date still in the
 * future; otherwise the placement has no end until an admin turns it off.
 */
export async function setBusinessFeatured(actor: SessionUser | null, input: { businessId: string; featured: boolean }): Promise<void> {
  requireAdmin(actor);
  requireUuid(input.businessId);
  await getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({
        approved: businesses.approved,
        featured: businesses.featured,
        featuredUntil: businesses.featuredUntil,
        featuredManagedBy: businesses.featuredManagedBy,
        featuredManagedAt: businesses.featuredManagedAt,
      })
      .from(businesses)
      .where(eq(businesses.id, input.businessId))
      .for("update")
      .limit(1);
    if (!current) throw new AppError("not-found");
    if (!current.approved) throw new AppError("conflict", ADMIN_EXTRA_TEXTS.businessNotApproved);
    const now = new Date();
    const featuredUntil = input.featured && current.featuredUntil && current.featuredUntil > now ? current.featuredUntil : null;
    const next = { featured: input.featured, featuredUntil, featuredManagedBy: actor.id, featuredManagedAt: now };
    await tx.update(businesses).set({ ...next, updatedAt: now }).where(eq(businesses.id, input.businessId));
    await recordAudit(tx, auditActorOf(actor), {
      action: input.featured ? "business.feature" : "business.unfeature",
      targetType: "business",
      targetId: input.businessId,
      ...changedFields(current, next),
    });
    await announceDirectoryChange(tx, [input.businessId]);
  });
}
