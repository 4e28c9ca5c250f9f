import { hasAdminAccess } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { KYC_TEXTS } from "./kyc.schemas";

/**
 * Who may do what with identity verification. Pure: the use cases load what the rules need and ask here.
 */
type Actor = Pick<SessionUser, "id" | "isAdmin" | "twoFactorEnabled"> | null | undefined;

/**
 * Why an owner may not submit now, given the status of their open submission ('pending' or 'approved',
 * if any), or null: one submission is reviewed at a time, and a verified owner is done.
 */
export function kycSubmissionRefusal(openStatus: string | null | undefined): { title: string; text: string } | null {
  if (openStatus === "pending") return KYC_TEXTS.alreadyPending;
  if (openStatus === "approved") return KYC_TEXTS.alreadyApproved;
  return null;
}

/** An ID document is seen only by the owner who sent it and by admins with two-factor sign-in on (decisions page). */
export function canViewKycDocument(viewer: Actor, submission: { userId: string }): boolean {
  return Boolean(viewer) && (viewer!.id === submission.userId || hasAdminAccess(viewer));
}
