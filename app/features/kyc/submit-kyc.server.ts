import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { kycSubmissions, profiles } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { LIMITS } from "../../lib/reference";
import { getStorage } from "../../lib/storage.server";
import type { SessionUser } from "../accounts/session-user";
import { KYC_TEXTS, type KycFailure } from "./kyc.schemas";

export type SubmitKycInput = { fullName: string; activePhoneNumber: string; idImage: File | null };
export type SubmitKycResult = { ok: true; submissionId: string } | { ok: false; failure: KycFailure };

const ACCEPTED = new Set(["jpeg", "png", "webp"]);

/**
 * A business owner submits (or, after a rejection, resubmits) identity verification. The ID image is
 * checked by content, re-encoded without metadata and stored privately; the profile follows to pending.
 */
export async function submitKyc(actor: SessionUser | null, input: SubmitKycInput): Promise<SubmitKycResult> {
  if (!actor) return { ok: false, failure: KYC_TEXTS.session };
  if (actor.role !== "business") return { ok: false, failure: KYC_TEXTS.authRequired };
  const fullName = input.fullName.trim().replace(/\s+/g, " ");
  const phone = input.activePhoneNumber.trim();
  if (!fullName || !phone || !input.idImage || input.idImage.size === 0) {
    return { ok: false, failure: { title: "Missing Information", text: KYC_TEXTS.missingFields } };
  }
  if (fullName.length < 2 || fullName.length > 200) return { ok: false, failure: { ...KYC_TEXTS.invalidName, field: "fullName" } };
  if (phone.length < 5 || phone.length > 40) return { ok: false, failure: { ...KYC_TEXTS.invalidId, field: "activePhoneNumber" } };
  if (input.idImage.size > LIMITS.kycImageMaxBytes) return { ok: false, failure: { ...KYC_TEXTS.tooLarge, field: "idImage" } };

  const bytes = Buffer.from(await input.idImage.arrayBuffer());
  let document: Buffer;
  try {
    const format = (await sharp(bytes).metadata()).format;
    if (!format || !ACCEPTED.has(format)) return { ok: false, failure: { ...KYC_TEXTS.invalidType, field: "idImage" } };
    // Re-encoding drops EXIF (GPS included), ICC and anything hidden after the image data.
    document = await sharp(bytes, { failOn: "error" })
      .rotate()
      .resize({ width: 2400, height: 2400, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    return { ok: false, failure: { ...KYC_TEXTS.invalidType, field: "idImage" } };
  }

  const [open] = await getDb()
    .select({ status: kycSubmissions.status })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, actor.id), sql`${kycSubmissions.status} in ('pending', 'approved')`))
    .limit(1);
  if (open?.status === "pending") return { ok: false, failure: KYC_TEXTS.alreadyPending };
  if (open?.status === "approved") return { ok: false, failure: KYC_TEXTS.alreadyApproved };

  const key = `${actor.id}/${randomUUID()}.webp`;
  try {
    await getStorage().put("kyc-documents", key, document, "image/webp");
  } catch (error) {
    logger.error({ err: error }, "KYC document upload failed");
    return { ok: false, failure: KYC_TEXTS.uploadFailed };
  }
  try {
    const submissionId = await getDb().transaction(async (tx) => {
      const [row] = await tx
        .insert(kycSubmissions)
        .values({ userId: actor.id, fullName, idNumber: phone, idImageUrl: key, status: "pending" })
        .returning({ id: kycSubmissions.id });
      await tx.update(profiles).set({ kycStatus: "pending", updatedAt: new Date() }).where(eq(profiles.id, actor.id));
      return row!.id;
    });
    return { ok: true, submissionId };
  } catch (error) {
    await getStorage().delete("kyc-documents", key).catch(() => undefined);
    // The partial unique index refuses a second pending submission from a double submit.
    if (String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) === "23505") {
      return { ok: false, failure: KYC_TEXTS.alreadyPending };
    }
    logger.error({ err: error }, "KYC submission failed");
    return { ok: false, failure: KYC_TEXTS.submissionFailed };
  }
}
