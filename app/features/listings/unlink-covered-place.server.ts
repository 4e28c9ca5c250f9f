import { eq, sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { auditActorOf, recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { announceDirectoryChange } from "../../lib/realtime.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { CLAIM_REVIEW_TEXTS } from "./claim.schemas";

/**
 * An admin unlinks an imported place from the owner's listing the importer found it to be (issue 34, ADR 38): the link
 * goes, and the place becomes its own public, unclaimed listing again (unless its source no longer has it, or an admin
 * took it down). A later import leaves the link undone: it refreshes the place, never links it again. Audited.
 * Throws 'not-found' for a place that is not linked (any more).
 */
export async function unlinkCoveredPlace(actor: SessionUser | null, input: { businessId: string }): Promise<{ businessId: string; public: boolean }> {
  requireAdmin(actor);
  if (!isUuid(input.businessId)) throw new AppError("not-found", CLAIM_REVIEW_TEXTS.notCovered);
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ id: businesses.id, coveredBy: businesses.coveredBy, approved: businesses.approved, source: businesses.source, sourceId: businesses.sourceId })
      .from(businesses)
      .where(eq(businesses.id, input.businessId))
      .for("update");
    if (!row?.coveredBy || !row.source) throw new AppError("not-found", CLAIM_REVIEW_TEXTS.notCovered);
    const [after] = await tx
      .update(businesses)
      .set({
        coveredBy: null,
        approved: sql`${businesses.approvalStatus} = 'approved' and ${businesses.sourceGoneAt} is null`,
        updatedAt: sql`now()`,
      })
      .where(eq(businesses.id, row.id))
      .returning({ approved: businesses.approved });
    await recordAudit(tx, auditActorOf(actor), {
      action: "business.unlink_covered",
      targetType: "business",
      targetId: row.id,
      before: { coveredBy: row.coveredBy, approved: row.approved, source: row.source, sourceId: row.sourceId },
      after: { coveredBy: null, approved: after!.approved },
    });
    await announceDirectoryChange(tx, [row.id]);
    return { businessId: row.id, public: after!.approved };
  });
}
