import { and, asc, inArray, isNotNull, lt, ne } from "drizzle-orm";
import { kycSubmissions, listingClaims } from "../../../db/schema";
import { recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { getStorage } from "../../lib/storage.server";

/** Submissions handled per call; the scheduler calls again while a batch comes back full. */
export const KYC_PURGE_BATCH = 100;

const DAY_MS = 86_400_000;

/**
 * The scheduler's chore (NDPA 2023, storage limitation): an ID document is kept only while it is needed.
 * Once a submission was approved or rejected more than KYC_RETENTION_DAYS ago, its document file is
 * deleted; the row keeps its status, decision, reviewer and dates, and records when the document went
 * (document_purged_at), which the admin KYC list shows. Pending submissions are never touched.
 *
 * One bounded batch per call. Rows are locked with SKIP LOCKED, so several processes may run it at once;
 * files are deleted before the commit (a delete is idempotent): if the commit fails, the row still names the
 * file and the next run finishes the job, so a document is never left on disk without a row that names it.
 * Every purge is written to the audit log (no actor: the system did it). The documents sent with claims of listings
 * follow the same rule (purgeClaimDocuments), in the same call.
 */
export async function purgeExpiredKycDocuments(
  now: Date = new Date(),
  options: { batchSize?: number; retentionDays?: number } = {},
): Promise<{ purged: number }> {
  const retentionDays = options.retentionDays ?? getEnv().KYC_RETENTION_DAYS;
  const batchSize = options.batchSize ?? KYC_PURGE_BATCH;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const ids = await purgeIdDocuments(now, cutoff, batchSize, retentionDays);
  const claims = await purgeClaimDocuments(now, cutoff, batchSize, retentionDays);
  return { purged: ids + claims };
}

async function purgeIdDocuments(now: Date, cutoff: Date, batchSize: number, retentionDays: number): Promise<number> {
  const { purged } = await getDb().transaction(async (tx) => {
    const due = await tx
      .select({ id: kycSubmissions.id, key: kycSubmissions.idImageUrl, status: kycSubmissions.status, reviewedAt: kycSubmissions.reviewedAt })
      .from(kycSubmissions)
      .where(and(isNotNull(kycSubmissions.idImageUrl), ne(kycSubmissions.status, "pending"), lt(kycSubmissions.reviewedAt, cutoff)))
      .orderBy(asc(kycSubmissions.reviewedAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    if (due.length === 0) return { purged: 0 };
    const storage = getStorage();
    for (const row of due) await storage.delete("kyc-documents", row.key!);
    await tx
      .update(kycSubmissions)
      .set({ idImageUrl: null, documentPurgedAt: now })
      .where(inArray(kycSubmissions.id, due.map((r) => r.id)));
    for (const row of due) {
      await recordAudit(tx, null, {
        action: "kyc.document.purge",
        targetType: "kyc_submission",
        targetId: row.id,
        before: { status: row.status, reviewedAt: row.reviewedAt, hadDocument: true },
        after: { documentPurgedAt: now, retentionDays },
      });
    }
    return { purged: due.length };
  });
  return purged;
}

/**
 * The documents sent with claims of listings (issue 34) are kept as long as ID documents: KYC_RETENTION_DAYS after
 * the claim was decided (approved or rejected; a withdrawn claim's went at once). The same way: SKIP LOCKED, files
 * first, the row keeps its decision and records when the document went; audited without an actor.
 */
async function purgeClaimDocuments(now: Date, cutoff: Date, batchSize: number, retentionDays: number): Promise<number> {
  return getDb().transaction(async (tx) => {
    const due = await tx
      .select({ id: listingClaims.id, key: listingClaims.documentKey, status: listingClaims.status, decidedAt: listingClaims.decidedAt })
      .from(listingClaims)
      .where(and(isNotNull(listingClaims.documentKey), ne(listingClaims.status, "pending"), lt(listingClaims.decidedAt, cutoff)))
      .orderBy(asc(listingClaims.decidedAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    const storage = getStorage();
    for (const row of due) await storage.delete("kyc-documents", row.key!);
    await tx
      .update(listingClaims)
      .set({ documentKey: null, documentPurgedAt: now })
      .where(inArray(listingClaims.id, due.map((r) => r.id)));
    for (const row of due) {
      await recordAudit(tx, null, {
        action: "business.claim.document.purge",
        targetType: "listing_claim",
        targetId: row.id,
        before: { status: row.status, decidedAt: row.decidedAt, hadDocument: true },
        after: { documentPurgedAt: now, retentionDays },
      });
    }
    return due.length;
  });
}
