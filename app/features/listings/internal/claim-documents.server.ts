/**
 * The document files of listing claims (issue 34): private, in the 'kyc-documents' bucket under the claimant's id (so
 * account deletion's removal of that folder takes them too). A file is deleted after the commit of whatever removed or
 * closed its row, so a rolled-back change never loses one; a failed delete only leaves an orphan, which the log reports.
 */
import { randomUUID } from "node:crypto";
import { and, inArray, isNotNull } from "drizzle-orm";
import { listingClaims } from "../../../../db/schema";
import type { Tx } from "../../../lib/db.server";
import { logger } from "../../../lib/logger.server";
import { getStorage } from "../../../lib/storage.server";

export const CLAIM_DOCUMENT_BUCKET = "kyc-documents";

/** A new claim document's key: under the claimant's folder, unguessable. */
export function newClaimDocumentKey(userId: string): string {
  return `${userId}/claims/${randomUUID()}.webp`;
}

/** The document keys of every claim of these listings (before the listings are deleted and their claims with them). */
export async function claimDocumentKeysOf(tx: Tx, businessIds: readonly string[]): Promise<string[]> {
  if (businessIds.length === 0) return [];
  const rows = await tx
    .select({ key: listingClaims.documentKey })
    .from(listingClaims)
    .where(and(inArray(listingClaims.businessId, [...businessIds]), isNotNull(listingClaims.documentKey)));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** Deletes claim documents; call it after the commit. Never throws. */
export async function removeClaimDocuments(keys: readonly string[]): Promise<void> {
  const storage = getStorage();
  for (const key of keys) {
    await storage.delete(CLAIM_DOCUMENT_BUCKET, key).catch((error: unknown) => logger.warn({ err: error }, "listing claim document not deleted"));
  }
}
