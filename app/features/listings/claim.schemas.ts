/**
 * Claiming an imported listing (issue 34, ADR 38): what the claim page says, by a code to the listing's phone or by a
 * document an admin reviews (and a second claimant's request for review of an owned listing); what the admins' Claims
 * tab and the notices say. Client-safe.
 */
import { formatDate } from "../../lib/format";
import { displayPhone } from "../../lib/phone";
import { CLAIM_DOCUMENT_KINDS, type ClaimDocumentKind, type ListingClaimKind } from "../../lib/reference";

export { isMobileNumber } from "../../lib/phone";

/** A listing as the claim page shows it (the phone only where a code may go to it). */
export type ClaimableListing = { id: string; name: string; category: string | null; state: string | null; lga: string | null; phone: string | null; byCall: boolean };

export const CLAIM_TEXTS = {
  prompt: "Is this your business? Claim it",
  title: (name: string) => `Claim ${name}`,
  intro: "Prove that the listing's phone is yours: we send a 6-digit code to it. Once you type it here, the listing is yours to edit, in your dashboard.",
  sendSms: (phone: string) => `Text a code to ${displayPhone(phone)}`,
  sendCall: (phone: string) => `Call ${displayPhone(phone)} with a code`,
  sentSms: (phone: string) => `We sent a 6-digit code by SMS to ${displayPhone(phone)}. It works for 10 minutes.`,
  sentCall: (phone: string) => `We are calling ${displayPhone(phone)} to read out a 6-digit code. It works for 10 minutes.`,
  submit: "Claim this business",
  claimed: (name: string) => `${name} is yours now. Check its details and add photos.`,
  businessAccountNeeded: "Claiming a business needs a business account. Sign up as a business owner, then claim it.",
  notClaimable: "This listing already has an owner, or it is not one that can be claimed.",
  noPhone: "This listing has no phone number to send a code to. Claim it with a document instead: we review it, usually within 1-2 business days.",
  limitReached: "Your plan's listings are all in use. Upgrade your plan, or remove a listing, to claim this one.",
  failed: "Something went wrong. Please try again.",
  alreadyYours: { title: "This listing is yours", text: "You already own this listing: edit it from your dashboard.", link: { href: "/dashboard", label: "Go to your dashboard" } },
} as const;

/** A claim's note: a few sentences, as text (never HTML). */
export const CLAIM_NOTE_MAX_LENGTH = 1000;

/** Claims an owner may send per day (app/lib/rate-limit.server.ts, key `listing-claim:<user id>`). */
export const CLAIM_LIMITS = { perDay: 5 } as const;

/** The document kinds the claim form offers, in its order. */
export const CLAIM_DOCUMENT_LABELS: Record<ClaimDocumentKind, string> = {
  "cac-certificate": "CAC certificate of the business",
  "utility-bill": "Utility bill at the business's address",
  lease: "Tenancy agreement or lease of the premises",
  "signboard-photo": "Photo of the signboard with you holding your ID",
  other: "Another document that names you and the business",
};
export const CLAIM_DOCUMENT_OPTIONS = /* @__PURE__ */ CLAIM_DOCUMENT_KINDS.map((value) => ({ value, label: CLAIM_DOCUMENT_LABELS[value] }));

export const CLAIM_KIND_LABELS: Record<ListingClaimKind, string> = { document: "Claim by document", dispute: "Ownership dispute" };

/** The claim by document, and the review a second claimant asks for (issue 34). */
export const CLAIM_DOCUMENT_TEXTS = {
  /** On an owned listing's page: the way to ask for a review. */
  ownedPrompt: "Is this your business?",
  lostNumber: "I no longer have this number",
  documentTitle: "Claim with a document",
  documentIntro:
    "Send us a document that ties you to this business and a short note. We check it against your verified identity, usually within 1-2 business days, and tell you the outcome.",
  disputeTitle: "Is this your business? Ask us to review it",
  disputeIntro:
    "Another account already manages this listing. If the business is yours, send us a document that shows it and a short note. We review it against your verified identity; the current owner never sees your document.",
  kycNeeded: {
    title: "Verify your identity first",
    text: "A claim by document is checked against your verified identity. Complete KYC verification, then send your claim.",
    link: { href: "/kyc-verification", label: "Complete KYC verification" },
  },
  kycHint: "Your identity must be verified before you send a claim by document.",
  documentKindLabel: "What you are sending",
  documentKindPlaceholder: "Choose a document",
  documentKindRequired: "Choose what kind of document you are sending.",
  documentLabel: "Document (photo or scan)",
  documentHint: "A JPEG, PNG or WebP image, smaller than 5MB. Only our review team sees it.",
  documentRequired: "Add a photo or scan of the document.",
  noteLabel: "Note for the reviewer",
  noteHint: (max: number) => `How the business is yours, in a few sentences (at most ${max.toLocaleString("en-NG")} characters).`,
  noteRequired: "Tell us in a few words how the business is yours.",
  noteTooLong: (max: number) => `Keep the note under ${max.toLocaleString("en-NG")} characters.`,
  submit: "Send for review",
  disputeSubmit: "Ask for a review",
  checkFields: "Check the highlighted fields.",
  sent: "Your claim was sent. We will tell you the outcome.",
  pending: (sentAt: Date | string) => `We are reviewing your claim, sent ${formatDate(sentAt)}.`,
  pendingDocument: (kind: ClaimDocumentKind) => `You sent: ${CLAIM_DOCUMENT_LABELS[kind]}.`,
  withdraw: "Withdraw my claim",
  withdrawn: "Your claim was withdrawn and its document deleted.",
  lastRejected: (reason: string) => `Your last claim was not approved: ${reason}`,
  alreadyPending: "You already sent a claim for this listing. We are reviewing it.",
  rateLimited: `You have sent ${CLAIM_LIMITS.perDay} claims today. Please try again tomorrow.`,
  notYours: "This claim cannot be withdrawn: it is not one of yours, or it was already decided.",
  uploadFailed: { title: "Upload Failed", text: "We could not store your document. Please try again." },
} as const;

/** What the admins' Claims tab says, and what the people concerned are told. */
export const CLAIM_REVIEW_TEXTS = {
  title: "Claims waiting for review",
  intro: "Owners who could not receive a code on the listing's phone, and second claimants of owned listings. Oldest first.",
  empty: "No claims wait for review.",
  coveredTitle: "Imported places covered by owners' listings",
  coveredIntro:
    "An imported place the importer found to be an owner's listing is kept hidden and linked to it, never merged (ADR 38). Unlink makes it its own public, unclaimed listing again.",
  coveredEmpty: "No imported place is linked to an owner's listing.",
  approve: "Approve claim",
  reject: "Reject",
  rejectLabel: "Rejection reason",
  rejectSubmit: "Reject claim",
  rejectHint: "The claimant reads this reason.",
  reasonRequired: "Please provide a reason for rejection",
  reasonTooLong: "Keep the reason under 1000 characters.",
  approved: "Claim approved. The listing belongs to the claimant now.",
  rejected: "Claim rejected. The claimant is told why.",
  failed: "Failed to decide the claim",
  unlink: "Unlink",
  unlinkConfirm: "Make this imported place its own public, unclaimed listing again?",
  unlinked: "Unlinked. The imported place is its own public listing again.",
  unlinkFailed: "Failed to unlink the place",
  notPending: "This claim was already decided or withdrawn.",
  notFound: "This claim no longer exists.",
  noLongerUnowned: "The listing has an owner now, or it is no longer public: this claim can only be rejected (the claimant may then ask for a review of the owner's claim).",
  noLongerOwned: "The listing no longer has another owner, or it is no longer public: this dispute can only be rejected.",
  claimantCannotOwn: "The claimant's account can no longer own listings (suspended, deleted, or no longer a business account): reject the claim.",
  claimantLimitReached: "The claimant's plan has no free listing. Reject the claim, or ask them to upgrade their plan or remove a listing first.",
  featuredWaiting: "A featured request of the current owner waits for this listing: decide it first (Featured Requests), then the dispute.",
  changeWaiting: "A change of the current owner to this listing waits for review: decide it first (Business Approvals), then the dispute.",
  notCovered: "This place is not linked to an owner's listing any more.",
  anotherApproved: "Another claim of this listing was approved.",
  claimedByCode: "The listing was claimed by the holder of its phone number. If the business is yours, ask us to review it from the listing's claim page.",
  documentLink: "View document",
  documentGone: "Document deleted",
  documentNote: (minutes: number) =>
    `The link works for ${minutes} minutes, only for you while you are signed in (reload the page for a new one). Each view is recorded.`,
  unableToLoad: "Unable to load document",
  loadFailed: "Failed to load claims",
} as const;

/** Where an imported listing came from, for admins: 'OpenStreetMap node/123', 'CSV list “lagos-pharmacies” row 17'. */
export function importSourceLabel(source: string | null | undefined, sourceId: string | null | undefined): string {
  if (!source) return "";
  const id = sourceId ?? "";
  if (source === "osm") return `OpenStreetMap ${id}`.trim();
  if (source === "overture") return `Overture Maps ${id}`.trim();
  if (source.startsWith("csv:")) return `CSV list “${source.slice(4)}”${id ? ` row ${id}` : ""}`;
  return `${source} ${id}`.trim();
}

/** How admin lists name the owner of a listing that has none because it was imported and nobody claimed it. */
export const unclaimedImportLabel = (source: string | null | undefined, sourceId: string | null | undefined) =>
  `Imported, not yet claimed (${importSourceLabel(source, sourceId)})`;

/** The notices (enqueueNotice) of a decision on a claim. */
export const CLAIM_NOTICES = {
  approved: (name: string) => ({
    line: `Your claim of ${name} is approved: it is yours now.`,
    detail: `We reviewed your claim of ${name} and approved it. The listing is yours now: check its details and add photos from your dashboard.`,
    subject: `${name} is yours now`,
  }),
  rejected: (name: string, reason: string) => ({
    line: `Your claim of ${name} was not approved: ${reason}`,
    detail: `We reviewed your claim of ${name} and could not approve it. The reason: ${reason} You may send a new claim from the listing's claim page.`,
    subject: `Your claim of ${name} was not approved`,
  }),
  closed: (name: string, reason: string) => ({
    line: `Your claim of ${name} is closed: ${reason}`,
    detail: `Your claim of ${name} is closed. ${reason}`,
    subject: `Your claim of ${name} is closed`,
  }),
  moved: (name: string) => ({
    line: `${name} was moved to another owner after a review of their documents.`,
    detail:
      `Another business owner showed us documents that the business ${name} is theirs, and after a review we moved the listing to their account. ` +
      "It no longer shows on your dashboard. Your plan stays with your account; a featured placement on this listing ended with the move (your receipts stay under Payments). " +
      "If you think this is a mistake, contact support from the Help page.",
    subject: `${name} was moved to another owner`,
  }),
  disputed: (name: string) => ({
    line: `Another business owner says ${name} is theirs. We are reviewing it; it stays yours meanwhile.`,
    detail:
      `Another business owner has asked us to review who owns ${name} and sent us a document. An admin will look at it; until then, and unless the review shows the business is theirs, the listing stays yours and nothing changes. ` +
      "If you have documents that show the business is yours (a CAC certificate, a utility bill or a lease in its name), or you think this is a mistake, contact support from the Help page.",
    subject: `Someone has asked us to review who owns ${name}`,
  }),
} as const;
