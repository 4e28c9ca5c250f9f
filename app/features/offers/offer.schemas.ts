/**
 * Offers (issue 37): the texts, limits and checks of the owner's offers screen (/business/offers/{id}), the admin's
 * review (/admin/offers) and the public's view, shared by the forms and the use cases. Client-safe.
 *
 * Dates are Nigerian calendar dates ('YYYY-MM-DD', WAT): an offer runs from 00:00 WAT of its first day to 00:00 WAT
 * after its last (`offerInstants`). The title and code are shown inside sentences and on cards: one line, no
 * bidirectional controls; the text is free text kept as typed (shown in a block of its own).
 */
import { msg, t } from "../../lib/i18n/i18n";
import { withoutBidiControls } from "../../lib/plain-text";

export const OFFER_LIMITS = {
  titleMax: 80,
  textMax: 500,
  reasonMax: 1000,
  /** How far ahead an offer may start. */
  startsWithinDays: 90,
  /** Offers the home page's carousel shows at most. */
  homeShown: 6,
  /** Offers a listing's owner screen lists (their newest). */
  ownShown: 30,
} as const;

/** A code: 3 to 20 capital letters and digits ('PROMO10'); typed in any case, kept in capitals. */
export const OFFER_CODE_PATTERN = /^[A-Z0-9]{3,20}$/;

/** What an owner's offer is now, as their screen names it. */
export type OfferState = "pending" | "scheduled" | "running" | "ended" | "rejected" | "removed";

export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  pending: msg("Waiting for review"),
  scheduled: msg("Approved, starts soon"),
  running: msg("Running"),
  ended: msg("Ended"),
  rejected: msg("Not approved"),
  removed: msg("Taken down"),
};

export const OFFER_TEXTS = {
  pageTitle: msg("Special offers"),
  intro: msg("Post an offer on this listing: customers see it on your page, on your card in search results and on the home page. An admin checks every new or changed offer before it shows."),
  newOffer: msg("New offer"),
  editOffer: msg("Edit offer"),
  title: msg("Title"),
  titleHint: msg("Short, like '10% off your first wash'."),
  text: msg("Details"),
  photo: msg("Photo (optional)"),
  photoHint: msg("JPEG, PNG or WebP, up to 10 MB."),
  removePhoto: msg("Remove the photo"),
  startsOn: msg("Starts on"),
  endsOn: msg("Ends on (last day)"),
  code: msg("Code (optional)"),
  codeHint: msg("Letters and digits only, like PROMO10."),
  save: msg("Send for review"),
  cancelEdit: msg("Cancel"),
  edit: msg("Edit"),
  withdraw: msg("Withdraw"),
  noOffers: msg("No offers yet."),
  sent: msg("Your offer was sent for review. It shows once an admin approves it."),
  withdrawn: msg("The offer was withdrawn."),
  failed: msg("Your offer could not be saved. Please try again."),
  correctFields: msg("Please correct the highlighted fields."),
  yourOffers: msg("Your offers"),
  backToDashboard: msg("Back to dashboard"),
  titleRequired: msg("Give the offer a title."),
  textRequired: msg("Say what the offer is."),
  badCode: msg("A code is 3 to 20 letters and digits, like PROMO10."),
  badDate: msg("Choose a date."),
  startInPast: msg("An offer cannot start before today."),
  endBeforeStart: msg("The last day cannot be before the first."),
  notFound: { title: msg("Offer not found"), text: msg("This offer does not exist or was withdrawn.") },
  listingNotFound: { title: msg("Listing not found"), text: msg("This listing does not exist or is not yours.") },
  ended: msg("This offer has ended: post a new one instead."),
  // The admin's review.
  adminTitle: msg("Offers"),
  adminIntro: msg("New and changed offers wait here, oldest first. The owner is told the decision; a rejection needs a reason they can act on."),
  adminLink: msg("Offers waiting for review"),
  adminEmpty: msg("No offers waiting."),
  liveTitle: msg("Running offers"),
  liveEmpty: msg("No offers are running."),
  approve: msg("Approve"),
  reject: msg("Reject"),
  takeDown: msg("Take down"),
  reason: msg("Reason"),
  reasonRequired: msg("Give a reason the owner can act on."),
  approved: msg("Offer approved."),
  rejected: msg("Offer rejected; the owner was told why."),
  takenDown: msg("Offer taken down; the owner was told why."),
  onlyPending: msg("This offer was already decided."),
  onlyApproved: msg("Only an approved offer can be taken down."),
  changedSinceOpened: msg("This offer changed since you opened it. Look at it again."),
  actionFailed: msg("The offer could not be updated. Please try again."),
  get titleTooLong() {
    return t("Keep the title under {{max}} characters.", { max: OFFER_LIMITS.titleMax });
  },
  get textTooLong() {
    return t("Keep the details under {{max}} characters.", { max: OFFER_LIMITS.textMax });
  },
  get startTooFar() {
    return t("An offer may start at most {{days}} days from today.", { days: OFFER_LIMITS.startsWithinDays });
  },
} as const;

/**
 * The version of an offer an admin saw: its last change (updated_at, set by every save). Their decision names it, and
 * is refused when the owner changed the offer since (as a listing's change is, listing.schemas.ts' changeVersion).
 */
export function offerVersion(updatedAt: Date): string {
  return String(updatedAt.getTime());
}

/** An offer as the public sees it (no status, no reason, no storage key). */
export type PublicOffer = {
  id: string;
  title: string;
  text: string;
  code: string | null;
  photo: { src: string; srcSet: string } | null;
  /** 'Until 12 Dec 2026': its last day, in Nigerian time and the page's language. */
  until: string;
};

/** A slide of the home page's 'Special Offers' carousel: a current offer and the business it links to. */
export type HomeOfferSlide = PublicOffer & { businessId: string; businessName: string };

/** What the form posts (every field as typed). */
export type OfferFormValues = { title: string; text: string; code: string; startsOn: string; endsOn: string };
export const EMPTY_OFFER_FORM: OfferFormValues = { title: "", text: "", code: "", startsOn: "", endsOn: "" };

export type CheckedOffer = { title: string; text: string; code: string | null; startsOn: string; endsOn: string };

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date 'YYYY-MM-DD', else null. */
function calendarDate(value: string): string | null {
  const trimmed = value.trim();
  if (!DATE_PATTERN.test(trimmed)) return null;
  const date = new Date(`${trimmed}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === trimmed ? trimmed : null;
}

/** The WAT calendar date `days` after a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Days from the first to the last day, both counted ('2026-12-01' to '2026-12-14' is 14). */
export function offerDays(startsOn: string, endsOn: string): number {
  return Math.round((Date.parse(`${endsOn}T00:00:00Z`) - Date.parse(`${startsOn}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The instants an offer runs between: 00:00 WAT (UTC+1, no summer time) of its first day, 00:00 WAT after its last. */
export function offerInstants(startsOn: string, endsOn: string): { startsAt: Date; endsAt: Date } {
  return { startsAt: new Date(`${startsOn}T00:00:00+01:00`), endsAt: new Date(`${addDays(endsOn, 1)}T00:00:00+01:00`) };
}

/**
 * The form's checks, field by field, against `today` (the WAT date): a title and a text within their lengths, an
 * optional code of capital letters and digits, real dates, a start from today to 90 days ahead, an end not before it.
 * The plan's longest offer is the use case's check (it knows the plan).
 */
export function checkOfferForm(values: OfferFormValues, today: string, { keepStart }: { keepStart?: string } = {}): { ok: true; offer: CheckedOffer } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const title = withoutBidiControls(values.title).replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  const text = values.text.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "").trim();
  const code = values.code.trim().toUpperCase();
  if (!title) fields.title = t(OFFER_TEXTS.titleRequired);
  else if (title.length > OFFER_LIMITS.titleMax) fields.title = OFFER_TEXTS.titleTooLong;
  if (!text) fields.text = t(OFFER_TEXTS.textRequired);
  else if (text.length > OFFER_LIMITS.textMax) fields.text = OFFER_TEXTS.textTooLong;
  if (code && !OFFER_CODE_PATTERN.test(code)) fields.code = t(OFFER_TEXTS.badCode);
  const startsOn = calendarDate(values.startsOn);
  const endsOn = calendarDate(values.endsOn);
  if (!startsOn) fields.startsOn = t(OFFER_TEXTS.badDate);
  // An edit may keep a start already passed (the offer is running); any other start is from today on.
  else if (startsOn < today && startsOn !== keepStart) fields.startsOn = t(OFFER_TEXTS.startInPast);
  else if (startsOn > addDays(today, OFFER_LIMITS.startsWithinDays)) fields.startsOn = OFFER_TEXTS.startTooFar;
  if (!endsOn) fields.endsOn = t(OFFER_TEXTS.badDate);
  else if (startsOn && endsOn < startsOn) fields.endsOn = t(OFFER_TEXTS.endBeforeStart);
  if (Object.keys(fields).length > 0 || !startsOn || !endsOn) return { ok: false, fields };
  return { ok: true, offer: { title, text, code: code || null, startsOn, endsOn } };
}

/** The state an owner reads, from the row's status and dates at `now`. */
export function offerState(offer: { status: string; startsAt: Date; endsAt: Date }, now: Date): OfferState {
  if (offer.status === "rejected" || offer.status === "removed") return offer.status;
  if (offer.endsAt.getTime() <= now.getTime()) return "ended";
  if (offer.status === "pending") return "pending";
  return offer.startsAt.getTime() <= now.getTime() ? "running" : "scheduled";
}
