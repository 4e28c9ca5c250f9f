import { desc, eq } from "drizzle-orm";
import { kycSubmissions } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import type { KycStatus } from "../../lib/reference";
import { AppError } from "../../lib/app-error";
import { KYC_TEXTS, type KycStatusView } from "./kyc.schemas";
import type { SessionUser } from "../accounts/session-user";
import { hasStandingIdentity } from "../verification/verify-identity.server";

/** Reads the actor's own latest KYC submission; nobody reads another user's here. */
export async function getKycStatus(actor: SessionUser | null): Promise<KycStatusView> {
  if (!actor) throw new AppError("unauthenticated", KYC_TEXTS.session);
  const [latest] = await getDb()
    .select({
      status: kycSubmissions.status,
      rejectionReason: kycSubmissions.rejectionReason,
      fullName: kycSubmissions.fullName,
      idNumber: kycSubmissions.idNumber,
      submittedAt: kycSubmissions.submittedAt,
      reviewedAt: kycSubmissions.reviewedAt,
    })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, actor.id))
    .orderBy(desc(kycSubmissions.submittedAt))
    .limit(1);
  if (!latest) {
    return {
      status: actor.kycStatus === "approved" ? "approved" : "none",
      rejectionReason: null,
      fullName: null,
      activePhoneNumber: null,
      submittedAt: null,
      reviewedAt: null,
      hasSubmission: false,
      canRenew: false,
    };
  }
  return {
    status: latest.status as KycStatus,
    rejectionReason: latest.rejectionReason,
    fullName: latest.fullName,
    activePhoneNumber: latest.idNumber,
    submittedAt: latest.submittedAt.toISOString(),
    reviewedAt: latest.reviewedAt?.toISOString() ?? null,
    hasSubmission: true,
    canRenew: latest.status === "approved" && !(await hasStandingIdentity(actor.id)),
  };
}
