import { eq } from "drizzle-orm";
import { kycSubmissions } from "../../../db/schema";
import { recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { LIMITS } from "../../lib/reference";
import { signPath, verifySignedPath } from "../../lib/signed-url.server";
import { getStorage } from "../../lib/storage.server";
import type { SessionUser } from "../accounts/session-user";
import { loadViewer } from "./kyc-viewer.server";

/** A link to a KYC document valid for 3600 s, for its owner or an admin only; null when there is none. */
export async function getKycDocumentLink(actor: SessionUser, submissionId: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(submissionId)) return null;
  const [row] = await getDb()
    .select({ userId: kycSubmissions.userId, key: kycSubmissions.idImageUrl })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, submissionId))
    .limit(1);
  if (!row || !row.key) return null;
  if (row.userId !== actor.id && !actor.isAdmin) return null;
  return signKycDocumentLink(actor.id, submissionId);
}

/**
 * Signs the document link of a submission for one viewer, valid 3600 s. Only for callers that have
 * already checked the viewer may see it (the admin KYC list signs a whole page without a query each).
 */
export function signKycDocumentLink(viewerId: string, submissionId: string): string {
  return signPath(`/kyc-documents/${submissionId}`, viewerId, LIMITS.signedDocumentUrlSeconds);
}

/**
 * Serves a signed KYC document link: checks signature, expiry and that the viewer may still see it,
 * writes the view to the audit log, and returns the bytes.
 */
export async function openKycDocument(submissionId: string, params: URLSearchParams): Promise<Buffer | null> {
  if (!/^[0-9a-f-]{36}$/i.test(submissionId)) return null;
  const signed = verifySignedPath(`/kyc-documents/${submissionId}`, params);
  if (!signed) return null;
  const db = getDb();
  const [row] = await db
    .select({ userId: kycSubmissions.userId, key: kycSubmissions.idImageUrl })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.id, submissionId))
    .limit(1);
  if (!row?.key) return null;
  const viewer = await loadViewer(signed.viewerId);
  if (!viewer || (viewer.id !== row.userId && !viewer.isAdmin)) return null;
  const bytes = await getStorage().read("kyc-documents", row.key);
  if (!bytes) return null;
  await recordAudit(db, { id: viewer.id, email: viewer.email }, {
    action: "kyc.document.view",
    targetType: "kyc_submission",
    targetId: submissionId,
  });
  return bytes;
}
