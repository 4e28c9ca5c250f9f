/**
 * A claim's document (issue 34) opens exactly as a KYC document does (app/features/kyc/kyc-document-link.server.ts):
 * through a link signed for one viewer, valid LIMITS.signedDocumentUrlSeconds (5 minutes), that opens only with that
 * viewer's own session; and only for admins with two-factor sign-in on (never the listing's current owner, nor the
 * claimant once sent). Every view is written to the audit log; every refusal is the same 'Unable to load document'.
 */
import { eq } from "drizzle-orm";
import { listingClaims } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { LIMITS } from "../../lib/reference";
import { signPath, verifySignedPath } from "../../lib/signed-url.server";
import { getStorage } from "../../lib/storage.server";
import { hasAdminAccess } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { CLAIM_REVIEW_TEXTS } from "./claim.schemas";
import { CLAIM_DOCUMENT_BUCKET } from "./internal/claim-documents.server";

const unableToLoad = () => new AppError("not-found", CLAIM_REVIEW_TEXTS.unableToLoad);
const pathOf = (claimId: string) => `/claim-documents/${claimId}`;

/**
 * Signs the document link of a claim for one viewer, valid 5 minutes. Only for callers that have already checked the
 * viewer is an admin with two-factor sign-in (the Claims tab signs a whole page at once).
 */
export function signClaimDocumentLink(viewerId: string, claimId: string): string {
  return signPath(pathOf(claimId), viewerId, LIMITS.signedDocumentUrlSeconds);
}

/**
 * Serves a signed claim document link to the signed-in viewer of the request: checks the signature and expiry, that
 * the link was made for this viewer, and that they are (still) an admin with two-factor sign-in; writes the view to
 * the audit log and returns the bytes (WebP).
 */
export async function openClaimDocument(viewer: SessionUser | null, claimId: string, params: URLSearchParams): Promise<Buffer> {
  if (!viewer || !isUuid(claimId)) throw unableToLoad();
  const signed = verifySignedPath(pathOf(claimId), params);
  if (!signed || signed.viewerId !== viewer.id || !hasAdminAccess(viewer)) throw unableToLoad();
  const [claim] = await getDb().select({ key: listingClaims.documentKey, businessId: listingClaims.businessId }).from(listingClaims).where(eq(listingClaims.id, claimId)).limit(1);
  if (!claim?.key) throw unableToLoad();
  const bytes = await getStorage().read(CLAIM_DOCUMENT_BUCKET, claim.key);
  if (!bytes) throw unableToLoad();
  await recordAudit(getDb(), { id: viewer.id, email: viewer.email }, {
    action: "business.claim.document.view",
    targetType: "listing_claim",
    targetId: claimId,
    after: { businessId: claim.businessId },
  });
  return bytes;
}
