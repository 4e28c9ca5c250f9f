import { eq } from "drizzle-orm";
import { kycSubmissions } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { LIMITS } from "../../lib/reference";
import { signPath, verifySignedPath } from "../../lib/signed-url.server";
import { getStorage } from "../../lib/storage.server";
import type { SessionUser } from "../accounts/session-user";
import { canViewKycDocument } from "./kyc.policy";
import { KYC_TEXTS } from "./kyc.schemas";

/** The one answer for every document that cannot be shown: it never tells a missing file from a refused one. */
const unableToLoad = () => new AppError("not-found", KYC_TEXTS.unableToLoad);

async function documentOf(submissionId: string) {
  if (!isUuid(submissionId)) return null;
  const [row] = await getDb()
    .select({ userId: kycSubmissions.userId, key: kycSubmissions.idImageUrl })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, submissionId))
    .limit(1);
  return row?.key ? { userId: row.userId, key: row.key } : null;
}

/**
 * A link to a KYC document valid for LIMITS.signedDocumentUrlSeconds (5 minutes), for its owner or an admin
 * (with two-factor sign-in on) only. The link opens only with that person's session too.
 */
export async function getKycDocumentLink(actor: SessionUser | null, submissionId: string): Promise<string> {
  const document = await documentOf(submissionId);
  if (!document || !canViewKycDocument(actor, document)) throw unableToLoad();
  return signKycDocumentLink(actor!.id, submissionId);
}

/**
 * Signs the document link of a submission for one viewer, valid 5 minutes. Only for callers that have
 * already checked the viewer may see it (the admin KYC list signs a whole page without a query each).
 */
export function signKycDocumentLink(viewerId: string, submissionId: string): string {
  return signPath(`/kyc-documents/${submissionId}`, viewerId, LIMITS.signedDocumentUrlSeconds);
}

/**
 * Serves a signed KYC document link to the signed-in viewer of the request: the link is not a bearer token.
 * Checks signature and expiry, that the link was made for this viewer, and that they may still see it (a
 * demoted admin, or one without two-factor sign-in, loses access at once); writes the view to the audit log
 * and returns the bytes. Every refusal is the same 'Unable to load document'.
 */
export async function openKycDocument(viewer: SessionUser | null, submissionId: string, params: URLSearchParams): Promise<Buffer> {
  if (!viewer || !isUuid(submissionId)) throw unableToLoad();
  const signed = verifySignedPath(`/kyc-documents/${submissionId}`, params);
  if (!signed || signed.viewerId !== viewer.id) throw unableToLoad();
  const document = await documentOf(submissionId);
  if (!document || !canViewKycDocument(viewer, document)) throw unableToLoad();
  const bytes = await getStorage().read("kyc-documents", document.key);
  if (!bytes) throw unableToLoad();
  await recordAudit(getDb(), { id: viewer.id, email: viewer.email }, {
    action: "kyc.document.view",
    targetType: "kyc_submission",
    targetId: submissionId,
  });
  return bytes;
}
