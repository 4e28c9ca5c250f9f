/**
 * Claiming an imported listing (issue 34, ADR 38): what the claim page says, by a code to the listing's phone or by a
 * document an admin reviews (and a second claimant's request for review of an owned listing); what the admins' Claims
 * tab and the notices say. Client-safe.
 */
import { formatDate, formatNumber } from "../../lib/format";
import { msg, t, translateIfKnown } from "../../lib/i18n/i18n";
import { displayPhone } from "../../lib/phone";
import { CLAIM_DOCUMENT_KINDS, type ClaimDocumentKind, type ListingClaimKind } from "../../lib/reference";

export { isMobileNumber } from "../../lib/phone";

/** A listing as the claim page shows it (the phone only where a code may go to it). */
export type ClaimableListing = { id: string; name: string; category: string | null; state: string | null; lga: string | null; phone: string | null; byCall: boolean };

export const CLAIM_TEXTS = {
  prompt: msg("Is this your business? Claim it"),
  title: (name: string) => t("Claim {{name}}", { name }),
  intro: msg("Prove that the listing's phone is yours: we send a 6-digit code to it. Once you type it here, the listing is yours to edit, in your dashboard."),
  sendSms: (phone: string) => t("Text a code to {{phone}}", { phone: displayPhone(phone) }),
  sendCall: (phone: string) => t("Call {{phone}} with a code", { phone: displayPhone(phone) }),
  sentSms: (phone: string) => t("We sent a 6-digit code by SMS to {{phone}}. It works for 10 minutes.", { phone: displayPhone(phone) }),
  sentCall: (phone: string) => t("We are calling {{phone}} to read out a 6-digit code. It works for 10 minutes.", { phone: displayPhone(phone) }),
  submit: msg("Claim this business"),
  claimed: (name: string) => t("{{name}} is yours now. Check its details and add photos.", { name }),
  businessAccountNeeded: msg("Claiming a business needs a business account. Sign up as a business owner, then claim it."),
  notClaimable: msg("This listing already has an owner, or it is not one that can be claimed."),
  noPhone: msg("This listing has no phone number to send a code to. Claim it with a document instead: we review it, usually within 1-2 business days."),
  limitReached: msg("Your plan's listings are all in use. Upgrade your plan, or remove a listing, to claim this one."),
  failed: msg("Something went wrong. Please try again."),
  alreadyYours: { title: msg("This listing is yours"), text: msg("You already own this listing: edit it from your dashboard."), link: { href: "/dashboard", label: msg("Go to your dashboard") } },
} as const;

/** A claim's note: a few sentences, as text (never HTML). */
export const CLAIM_NOTE_MAX_LENGTH = 1000;

/** Claims an owner may send per day (app/lib/rate-limit.server.ts, key `listing-claim:<user id>`). */
export const CLAIM_LIMITS = { perDay: 5 } as const;

/** The document kinds the claim form offers, in its order. */
export const CLAIM_DOCUMENT_LABELS: Record<ClaimDocumentKind, string> = {
  "cac-certificate": msg("CAC certificate of the business"),
  "utility-bill": msg("Utility bill at the business's address"),
  lease: msg("Tenancy agreement or lease of the premises"),
  "signboard-photo": msg("Photo of the signboard with you holding your ID"),
  other: msg("Another document that names you and the business"),
};
export const CLAIM_DOCUMENT_OPTIONS = /* @__PURE__ */ CLAIM_DOCUMENT_KINDS.map((value) => ({ value, label: CLAIM_DOCUMENT_LABELS[value] }));

export const CLAIM_KIND_LABELS: Record<ListingClaimKind, string> = { document: msg("Claim by document"), dispute: msg("Ownership dispute") };

/** The claim by document, and the review a second claimant asks for (issue 34). */
export const CLAIM_DOCUMENT_TEXTS = {
  /** On an owned listing's page: the way to ask for a review. */
  ownedPrompt: msg("Is this your business?"),
  lostNumber: msg("I no longer have this number"),
  documentTitle: msg("Claim with a document"),
  documentIntro:
    msg("Send us a document that ties you to this business and a short note. We check it against your verified identity, usually within 1-2 business days, and tell you the outcome."),
  disputeTitle: msg("Is this your business? Ask us to review it"),
  disputeIntro:
    msg("Another account already manages this listing. If the business is yours, send us a document that shows it and a short note. We review it against your verified identity; the current owner never sees your document."),
  kycNeeded: {
    title: msg("Verify your identity first"),
    text: msg("A claim by document is checked against your verified identity. Complete KYC verification, then send your claim."),
    link: { href: "/kyc-verification", label: msg("Complete KYC verification") },
  },
  kycHint: msg("Your identity must be verified before you send a claim by document."),
  documentKindLabel: msg("What you are sending"),
  documentKindPlaceholder: msg("Choose a document"),
  documentKindRequired: msg("Choose what kind of document you are sending."),
  documentLabel: msg("Document (photo or scan)"),
  documentHint: msg("A JPEG, PNG or WebP image, smaller than 5MB. Only our review team sees it."),
  documentRequired: msg("Add a photo or scan of the document."),
  noteLabel: msg("Note for the reviewer"),
  noteHint: (max: number) => t("How the business is yours, in a few sentences (at most {{max}} characters).", { max: formatNumber(max) }),
  noteRequired: msg("Tell us in a few words how the business is yours."),
  noteTooLong: (max: number) => t("Keep the note under {{max}} characters.", { max: formatNumber(max) }),
  submit: msg("Send for review"),
  disputeSubmit: msg("Ask for a review"),
  checkFields: msg("Check the highlighted fields."),
  sent: msg("Your claim was sent. We will tell you the outcome."),
  pending: (sentAt: Date | string) => t("We are reviewing your claim, sent {{date}}.", { date: formatDate(sentAt) }),
  pendingDocument: (kind: ClaimDocumentKind) => t("You sent: {{document}}.", { document: t(CLAIM_DOCUMENT_LABELS[kind]) }),
  withdraw: msg("Withdraw my claim"),
  withdrawn: msg("Your claim was withdrawn and its document deleted."),
  /** The reason is an admin's words, or one of ours (CLAIM_REVIEW_TEXTS.claimedByCode), translated when it is. */
  lastRejected: (reason: string) => t("Your last claim was not approved: {{reason}}", { reason: translateIfKnown(reason) }),
  alreadyPending: msg("You already sent a claim for this listing. We are reviewing it."),
  get rateLimited() {
    return t("You have sent {{limit}} claims today. Please try again tomorrow.", { limit: CLAIM_LIMITS.perDay });
  },
  notYours: msg("This claim cannot be withdrawn: it is not one of yours, or it was already decided."),
  uploadFailed: { title: msg("Upload Failed"), text: msg("We could not store your document. Please try again.") },
} as const;

/** What the admins' Claims tab says, and what the people concerned are told. */
export const CLAIM_REVIEW_TEXTS = {
  title: msg("Claims waiting for review"),
  intro: msg("Owners who could not receive a code on the listing's phone, and second claimants of owned listings. Oldest first."),
  empty: msg("No claims wait for review."),
  coveredTitle: msg("Imported places covered by owners' listings"),
  coveredIntro:
    msg("An imported place the importer found to be an owner's listing is kept hidden and linked to it, never merged (ADR 38). Unlink makes it its own public, unclaimed listing again."),
  coveredEmpty: msg("No imported place is linked to an owner's listing."),
  approve: msg("Approve claim"),
  reject: msg("Reject"),
  rejectLabel: msg("Rejection reason"),
  rejectSubmit: msg("Reject claim"),
  rejectHint: msg("The claimant reads this reason."),
  reasonRequired: msg("Please provide a reason for rejection"),
  reasonTooLong: msg("Keep the reason under 1000 characters."),
  approved: msg("Claim approved. The listing belongs to the claimant now."),
  rejected: msg("Claim rejected. The claimant is told why."),
  failed: msg("Failed to decide the claim"),
  unlink: msg("Unlink"),
  unlinkConfirm: msg("Make this imported place its own public, unclaimed listing again?"),
  unlinked: msg("Unlinked. The imported place is its own public listing again."),
  unlinkFailed: msg("Failed to unlink the place"),
  notPending: msg("This claim was already decided or withdrawn."),
  notFound: msg("This claim no longer exists."),
  noLongerUnowned: msg("The listing has an owner now, or it is no longer public: this claim can only be rejected (the claimant may then ask for a review of the owner's claim)."),
  noLongerOwned: msg("The listing no longer has another owner, or it is no longer public: this dispute can only be rejected."),
  claimantCannotOwn: msg("The claimant's account can no longer own listings (suspended, deleted, or no longer a business account): reject the claim."),
  claimantLimitReached: msg("The claimant's plan has no free listing. Reject the claim, or ask them to upgrade their plan or remove a listing first."),
  featuredWaiting: msg("A featured request of the current owner waits for this listing: decide it first (Featured Requests), then the dispute."),
  changeWaiting: msg("A change of the current owner to this listing waits for review: decide it first (Business Approvals), then the dispute."),
  notCovered: msg("This place is not linked to an owner's listing any more."),
  anotherApproved: msg("Another claim of this listing was approved."),
  claimedByCode: msg("The listing was claimed by the holder of its phone number. If the business is yours, ask us to review it from the listing's claim page."),
  documentLink: msg("View document"),
  documentGone: msg("Document deleted"),
  documentNote: (minutes: number) =>
    t("The link works for {{minutes}} minutes, only for you while you are signed in (reload the page for a new one). Each view is recorded.", { minutes }),
  unableToLoad: msg("Unable to load document"),
  loadFailed: msg("Failed to load claims"),
} as const;

/** Where an imported listing came from, for admins: 'OpenStreetMap node/123', 'CSV list “lagos-pharmacies” row 17'. */
export function importSourceLabel(source: string | null | undefined, sourceId: string | null | undefined): string {
  if (!source) return "";
  const id = sourceId ?? "";
  if (source === "osm") return `OpenStreetMap ${id}`.trim();
  if (source === "overture") return `Overture Maps ${id}`.trim();
  if (source.startsWith("csv:")) return id ? t("CSV list “{{name}}” row {{row}}", { name: source.slice(4), row: id }) : t("CSV list “{{name}}”", { name: source.slice(4) });
  return `${source} ${id}`.trim();
}

/** How admin lists name the owner of a listing that has none because it was imported and nobody claimed it. */
export const unclaimedImportLabel = (source: string | null | undefined, sourceId: string | null | undefined) =>
  t("Imported, not yet claimed ({{source}})", { source: importSourceLabel(source, sourceId) });

/** The notices (enqueueNotice) of a decision on a claim. */
export const CLAIM_NOTICES = {
  // Written in the language of the moment: enqueueNotice runs them in the person's (issue 36).
  approved: (name: string) => ({
    line: t("Your claim of {{name}} is approved: it is yours now.", { name }),
    detail: t("We reviewed your claim of {{name}} and approved it. The listing is yours now: check its details and add photos from your dashboard.", { name }),
    subject: t("{{name}} is yours now", { name }),
  }),
  /** `reason`: the admin's, as written. */
  rejected: (name: string, reason: string) => ({
    line: t("Your claim of {{name}} was not approved: {{reason}}", { name, reason }),
    detail: t("We reviewed your claim of {{name}} and could not approve it. The reason: {{reason}} You may send a new claim from the listing's claim page.", { name, reason }),
    subject: t("Your claim of {{name}} was not approved", { name }),
  }),
  /** `reason`: one of ours (CLAIM_REVIEW_TEXTS), translated. */
  closed: (name: string, reason: string) => ({
    line: t("Your claim of {{name}} is closed: {{reason}}", { name, reason: translateIfKnown(reason) }),
    detail: `${t("Your claim of {{name}} is closed.", { name })} ${translateIfKnown(reason)}`,
    subject: t("Your claim of {{name}} is closed", { name }),
  }),
  moved: (name: string) => ({
    line: t("{{name}} was moved to another owner after a review of their documents.", { name }),
    detail: [
      t("Another business owner showed us documents that the business {{name}} is theirs, and after a review we moved the listing to their account.", { name }),
      t("It no longer shows on your dashboard. Your plan stays with your account; a featured placement on this listing ended with the move (your receipts stay under Payments)."),
      t("If you think this is a mistake, contact support from the Help page."),
    ].join(" "),
    subject: t("{{name}} was moved to another owner", { name }),
  }),
  disputed: (name: string) => ({
    line: t("Another business owner says {{name}} is theirs. We are reviewing it; it stays yours meanwhile.", { name }),
    detail: [
      t(
        "Another business owner has asked us to review who owns {{name}} and sent us a document. An admin will look at it; until then, and unless the review shows the business is theirs, the listing stays yours and nothing changes.",
        { name },
      ),
      t("If you have documents that show the business is yours (a CAC certificate, a utility bill or a lease in its name), or you think this is a mistake, contact support from the Help page."),
    ].join(" "),
    subject: t("Someone has asked us to review who owns {{name}}", { name }),
  }),
} as const;
