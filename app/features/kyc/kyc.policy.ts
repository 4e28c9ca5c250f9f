import { hasAdminAccess } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { KYC_TEXTS } from "./kyc.schemas";

/**
 * Who may do what with identity verification. Pure: the use cases load what the rules need and ask here.
 */
type Actor = Pick<SessionUser, "id" | "isAdmin" | "twoFactorEnabled"> | null | undefined;

/**
 * Why an owner may not submit now, given their open submissions' statuses ('pending', 'approved') and whether their
 * identity level stands (issue 35), or null: one submission is reviewed at a time, and a verified owner is done —
 * unless the identity level their approved photo ID gave has ended (expired or revoked): then they renew it.
 */
export function kycSubmissionRefusal(openStatuses: readonly string[], identityStands: boolean): { title: string; text: string } | null {
  if (openStatuses.includes("pending")) return KYC_TEXTS.alreadyPending;
  if (openStatuses.includes("approved") && identityStands) return KYC_TEXTS.alreadyApproved;
  return null;
}

/** An ID document is seen only by the owner who sent it and by admins with two-factor sign-in on (decisions page). */
export function canViewKycDocument(viewer: Actor, submission: { userId: string }): boolean {
  return Boolean(viewer) && (viewer!.id === submission.userId || hasAdminAccess(viewer));
}
