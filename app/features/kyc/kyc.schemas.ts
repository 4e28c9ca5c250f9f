import { msg, t } from "../../lib/i18n/i18n";
import { LIMITS, type KycStatus } from "../../lib/reference";

/** The client status object of spec 01 §3: the latest submission of the signed-in owner, if any. */
export type KycStatusView = {
  status: KycStatus;
  rejectionReason: string | null;
  fullName: string | null;
  activePhoneNumber: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  hasSubmission: boolean;
  /** Approved, but the identity level it gave has ended (issue 35): the owner may send their ID again. */
  canRenew: boolean;
};


/** Toast titles and texts of spec 01 §5 and §8 (KYC). */
export const KYC_TEXTS = {
  missingFields: msg("Please fill in all fields and upload an ID image"),
  missing: { title: msg("Missing Information"), text: msg("Please fill in all fields and upload an ID image") },
  invalidType: { title: msg("Invalid File Type"), text: msg("Please upload a JPEG, PNG, or WebP image.") },
  tooLarge: { title: msg("File Too Large"), text: msg("Please upload an image smaller than 5MB.") },
  get imageTooLarge() {
    return {
      title: msg("File Too Large"),
      text: t("Please upload an image of at most {{megapixels}} megapixels (for example 8000 × 6000 pixels).", { megapixels: LIMITS.imageMaxPixels / 1_000_000 }),
    };
  },
  imagesBusy: { title: msg("Upload Failed"), text: msg("We are processing many images right now. Please try again in a minute.") },
  invalidName: { title: msg("Invalid Name"), text: msg("Please enter a valid full name.") },
  invalidId: { title: msg("Invalid ID Number"), text: msg("Please enter a valid ID number.") },
  session: { title: msg("Session Error"), text: msg("Your session has expired. Please log in again.") },
  authRequired: { title: msg("Authentication Required"), text: msg("Please log in to submit your verification.") },
  uploadFailed: { title: msg("Upload Failed"), text: msg("We could not store your document. Please try again.") },
  submissionFailed: { title: msg("Submission Failed"), text: msg("We could not save your verification. Please try again.") },
  alreadyPending: { title: msg("Submission Failed"), text: msg("Your verification is already under review.") },
  alreadyApproved: { title: msg("Submission Failed"), text: msg("Your identity is already verified.") },
  /** Issue 35: the Identity verified badge of an approved photo ID ended (24 months, or an admin removed it). */
  renewHint: msg("Your Identity verified badge has ended: it lasts 24 months, or an admin removed it. Send your ID again to renew it; your listings stay as they are meanwhile."),
  submitted: { title: msg("Verification Submitted"), text: msg("Your documents were submitted. Review usually takes 1-2 business days.") },
  reviewHint: msg("usually takes 1-2 business days"),
  /** What the form says before anyone hands over an ID (issue 32). The retention days come from the configuration. */
  guide: {
    title: msg("Before you start"),
    accepted: msg("Accepted IDs: NIN slip, voter's card, driver's licence or international passport."),
    why: msg("Why we ask: so visitors can trust that a real person stands behind every listing."),
    who: msg("Who sees it: only our verification team. Your ID is never shown on your listing or to visitors."),
    kept: (days: number) => t("How long we keep it: the photo is deleted {{days}} days after we approve or reject it.", { days }),
    photoTip: msg("Take the photo in good light, with all four corners of the card and every word readable."),
  },
  takePhoto: msg("Take a photo"),
  choosePhoto: msg("Choose a photo"),
  unableToLoad: msg("Unable to load document"),
} as const;


/**
 * What the admin KYC list shows in place of a deleted ID document: 'Document deleted on 12 Aug 2026 (kept 90
 * days after the decision)' after the retention period (KYC_RETENTION_DAYS; the privacy page says the same),
 * or '… (the account was deleted)' when its owner deleted the account. `date` is already formatted.
 */
export function documentPurgedText(date: string, why: { retentionDays: number } | "account-deleted"): string {
  if (why === "account-deleted") return t("Document deleted on {{date}} (the account was deleted)", { date });
  return t("Document deleted on {{date}} (kept {{days}} days after the decision)", { date, days: why.retentionDays });
}
