import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { kycSubmissions, profiles } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { isUniqueViolation } from "../../lib/db-errors.server";
import { logger } from "../../lib/logger.server";
import { canonicalPhone } from "../../lib/phone";
import { withoutBidiControls } from "../../lib/plain-text";
import { getStorage } from "../../lib/storage.server";
import type { SessionUser } from "../accounts/session-user";
import { checkDocumentImage } from "./kyc-document.server";
import { kycSubmissionRefusal } from "./kyc.policy";
import { KYC_TEXTS } from "./kyc.schemas";
import { auditActorOf } from "../../lib/audit.server";
import { onKycNameChanged } from "../verification/listing-changes.server";
import { hasStandingIdentity } from "../verification/verify-identity.server";

export type SubmitKycInput = { fullName: string; activePhoneNumber: string; idImage: File | null };

/**
 * A business owner submits (or, after a rejection, resubmits) identity verification. The ID image is
 * checked by content, bytes and pixels and re-encoded without metadata (checkDocumentImage) and stored
 * privately; the profile follows to pending — except for a renewal of an identity level that ended (issue 35): an
 * owner whose ID was approved before stays verified for their listings while it is looked at again.
 */
export async function submitKyc(actor: SessionUser | null, input: SubmitKycInput): Promise<{ submissionId: string }> {
  if (!actor) throw new AppError("unauthenticated", KYC_TEXTS.session);
  if (actor.role !== "business") throw new AppError("forbidden", KYC_TEXTS.authRequired);
  // A name: no bidirectional controls (app/lib/plain-text.ts).
  const fullName = withoutBidiControls(input.fullName).trim().replace(/\s+/g, " ");
  const typed = input.activePhoneNumber.trim();
  if (!fullName || !typed || !input.idImage || input.idImage.size === 0) throw new AppError("invalid", KYC_TEXTS.missing);
  if (fullName.length < 2 || fullName.length > 200) throw new AppError("invalid", KYC_TEXTS.invalidName, { fields: { fullName: KYC_TEXTS.invalidName.text } });
  // Stored in the one canonical form every typed phone gets ('+2348031234567', app/lib/phone.ts).
  const canonical = canonicalPhone(typed);
  if (!canonical.ok || !canonical.value) {
    throw new AppError("invalid", KYC_TEXTS.invalidId, { fields: { activePhoneNumber: KYC_TEXTS.invalidId.text } });
  }
  const phone = canonical.value;
  const document = await checkDocumentImage(input.idImage, "idImage");

  const open = await getDb()
    .select({ status: kycSubmissions.status })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, actor.id), sql`${kycSubmissions.status} in ('pending', 'approved')`));
  const statuses = open.map((row) => row.status);
  const refusal = kycSubmissionRefusal(statuses, await hasStandingIdentity(actor.id));
  if (refusal) throw new AppError("conflict", refusal);
  // A renewal (issue 35): the owner stays verified for listings while their ID is looked at again.
  const renewal = statuses.includes("approved");

  const key = `${actor.id}/${randomUUID()}.webp`;
  try {
    await getStorage().put("kyc-documents", key, document, "image/webp");
  } catch (error) {
    // The store is down: nothing was saved, the owner may try again.
    logger.error({ err: error }, "KYC document upload failed");
    throw new AppError("unavailable", KYC_TEXTS.uploadFailed);
  }
  try {
    const submissionId = await getDb().transaction(async (tx) => {
      const [row] = await tx
        .insert(kycSubmissions)
        .values({ userId: actor.id, fullName, idNumber: phone, idImageUrl: key, status: "pending" })
        .returning({ id: kycSubmissions.id });
      if (!renewal) await tx.update(profiles).set({ kycStatus: "pending", updatedAt: new Date() }).where(eq(profiles.id, actor.id));
      // An identity level that matched another name ends with the new name (issue 35).
      await onKycNameChanged(tx, auditActorOf(actor), actor.id, fullName);
      return row!.id;
    });
    return { submissionId };
  } catch (error) {
    await getStorage()
      .delete("kyc-documents", key)
      .catch((cleanup) => logger.warn({ err: cleanup, key }, "KYC document of a refused submission not deleted"));
    // The partial unique index refuses a second pending submission from a double submit.
    if (isUniqueViolation(error)) throw new AppError("conflict", KYC_TEXTS.alreadyPending);
    throw error;
  }
}
