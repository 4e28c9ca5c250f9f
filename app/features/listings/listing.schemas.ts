import { z } from "~/lib/zod";
import { fieldErrors } from "../../lib/field-errors";
import { checkLocation, NIGERIA_BOUNDS } from "../../lib/geo";
import { IdSchema } from "../../lib/id-schema";
import { withoutBidiControls } from "../../lib/plain-text";
import { findLga } from "../../lib/nigeria-lgas";
import { canonicalPhone, type CanonicalPhone } from "../../lib/phone";
import { CATEGORIES, COUNTRIES, LIMITS, REGIONS, type Region } from "../../lib/reference";
import { msg, t } from "../../lib/i18n/i18n";

/** The longest landmark line ('Opposite First Bank, Allen Avenue'); migration 0017 checks it too. */
export const LANDMARK_MAX_LENGTH = 150;

/** Spec 01 §5 and §8 texts for listings. */
/** A new listing that may already be listed (issue 34: the importer's duplicate check, offered to owners). */
export const SIMILAR_TEXTS = {
  title: msg("This business may already be listed"),
  text: msg("We found listings with the same phone number or a very similar name nearby. If one of them is your business, claim it instead of adding it again."),
  claim: msg("Claim it"),
  review: msg("It is mine: ask for a review"),
  view: msg("View"),
  unclaimed: msg("Not yet claimed"),
  confirm: msg("None of these is my business: add it anyway"),
  imagesAgain: msg("Your photos were not kept: choose them again before you add the listing."),
} as const;

export const LISTING_TEXTS = {
  nameRequired: msg("Business name is required"),
  nameLength: msg("Business name must be between 2 and 100 characters"),
  descriptionRequired: msg("Description is required"),
  addressRequired: msg("Address is required"),
  productsRequired: msg("Add at least one product or service"),
  stateRequired: msg("State is required"),
  lgaNotInState: (state: string) => t("Choose a local government area of {{state}} from the list.", { state }),
  lgaNotListed: msg("Choose a local government area from the list."),
  /** In the current language when read (a getter: the number is part of the sentence). */
  get landmarkLength() {
    return t("Keep the landmark to {{max}} characters or fewer.", { max: LANDMARK_MAX_LENGTH });
  },
  countryRequired: msg("Country is required"),
  categoryRequired: msg("Category is required"),
  phoneRequired: msg("Phone number is required"),
  phoneInvalid: msg("Please enter a valid phone number (10 to 15 digits)"),
  websiteInvalid: msg("Please enter a valid website address starting with http:// or https://"),
  imageRequired: msg("Please add at least one image"),
  tooManyImages: msg("You can only upload up to 3 images total."),
  createFailed: { title: msg("Creation Failed"), text: msg("Failed to create business listing. Please try again.") },
  correctFields: msg("Please correct the highlighted fields."),
  updateFailed: { title: msg("Update Failed"), text: msg("We could not save your changes. Please try again.") },
  uploadFailed: { title: msg("Upload Failed"), text: msg("Please upload JPEG, PNG or WebP images of at most 10 MB each.") },
  get imageTooLarge() {
    return {
      title: msg("Upload Failed"),
      text: t("Each image can be at most {{megapixels}} megapixels (for example 8000 × 6000 pixels). Please upload a smaller image.", {
        megapixels: LIMITS.imageMaxPixels / 1_000_000,
      }),
    };
  },
  imagesBusy: { title: msg("Upload Failed"), text: msg("We are processing many images right now. Please try again in a minute.") },
  createdWithoutImages: {
    title: msg("Business Created, Image Upload Failed"),
    text: msg("Your listing was saved without its images. Add them from Edit."),
  },
  deleteFailed: { title: msg("Delete failed"), text: msg("We could not delete this business. Please try again.") },
  deleteConfirm: msg("Are you sure you want to delete this business? This action cannot be undone."),
  notFound: {
    title: msg("Business not found"),
    text: msg("The business you're trying to edit doesn't exist or you don't have permission to edit it."),
  },
  kycRequired: { title: msg("KYC Verification Required"), text: msg("Complete KYC verification before creating a listing.") },
  limitReached: {
    title: msg("Listing limit reached"),
    text: msg("You have reached the number of listings your plan allows. Upgrade your plan to add more."),
    link: { href: "/pricing", label: msg("View plans") },
  },
  created: { title: msg("Business Created"), text: msg("Your listing was submitted and is pending review.") },
  updated: { title: msg("Business Updated"), text: msg("Your changes were saved.") },
  sentForReview: {
    title: msg("Changes Sent for Review"),
    text:
      msg("An admin will check your changes to the text and images. Until they are approved, your listing shows them as approved. Opening hours, state, LGA, country, category and location show as you saved them now."),
  },
  changeWaiting: msg("Changes waiting for review"),
  changeWaitingHint: msg("The public sees your approved listing until an admin approves these changes. Saving again replaces them."),
  reviewedEditHint:
    msg("Changes to the name, description, address, plot number, landmark, phone, website, products or images are checked by an admin before they show. State, LGA, country, category, location and opening hours change at once."),
  changeRejected: msg("Your last changes were not approved."),
  deleted: { title: msg("Business Deleted"), text: msg("The listing was deleted.") },
} as const;


/** Spec 01 §5: digits, +234 added when there is no leading plus; 10–15 digits. Null when blank (app/lib/phone.ts). */
export function normalizePhone(raw: string): CanonicalPhone {
  return canonicalPhone(raw);
}

/** Trimmed, blank-free, case-insensitively de-duplicated product list; names, so no bidirectional controls. */
export function cleanProducts(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values.flatMap((v) => v.split(/\r?\n/))) {
    const item = withoutBidiControls(value).trim().replace(/\s+/g, " ").slice(0, 80);
    const key = item.toLowerCase();
    if (item && !seen.has(key)) {
      seen.add(key);
      out.push(item);
    }
  }
  return out.slice(0, 30);
}

const optionalText = (max: number) => z.string().trim().max(max).optional().transform((v) => v || null);

/** A landmark is one line of plain text: no bidirectional controls, every run of spaces or line breaks one space. */
export function cleanLandmark(value: string): string {
  return withoutBidiControls(value).replace(/\s+/g, " ").trim();
}

/**
 * What an owner's edit of an APPROVED listing sends to review instead of applying (with the images): the
 * free text the public reads, where a listing approved as harmless could be turned into a scam (a new
 * name, a phone number or a link to call, words in the description, address, landmark or products). The
 * fields chosen from fixed lists (state, LGA, country, category) cannot carry such text and apply at once
 * (the LGA with its state, which it must belong to: ADR 22).
 */
export const REVIEWED_FIELDS = ["name", "description", "address", "plotNumber", "phoneNumber", "websiteUrl", "products", "landmark"] as const;
export type ReviewedField = (typeof REVIEWED_FIELDS)[number];

/** How the admin's review of a change names each reviewed field. */
export const REVIEWED_FIELD_LABELS: Record<ReviewedField, string> = {
  name: msg("Business name"),
  description: msg("Description"),
  address: msg("Address"),
  plotNumber: msg("Plot number"),
  phoneNumber: msg("Phone"),
  websiteUrl: msg("Website"),
  products: msg("Products and services"),
  landmark: msg("Landmark"),
};

/** The listing form's fields (images travel separately). Every field is checked, so a form learns every problem at once. */
export const ListingSchema = z.object({
  // A name: no bidirectional controls (app/lib/plain-text.ts).
  name: z
    .string()
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, LISTING_TEXTS.nameRequired)
    .min(LIMITS.businessNameMin, LISTING_TEXTS.nameLength)
    .max(LIMITS.businessNameMax, LISTING_TEXTS.nameLength),
  description: z.string().trim().min(1, LISTING_TEXTS.descriptionRequired).max(5000),
  address: z.string().trim().min(1, LISTING_TEXTS.addressRequired).max(300),
  plotNumber: optionalText(50),
  state: z.enum(REGIONS, { message: LISTING_TEXTS.stateRequired }),
  country: z.enum(COUNTRIES, { message: LISTING_TEXTS.countryRequired }),
  category: z.enum(CATEGORIES, { message: LISTING_TEXTS.categoryRequired }),
  phoneNumber: z
    .string()
    .trim()
    .min(1, LISTING_TEXTS.phoneRequired)
    .transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (phone.ok && phone.value) return phone.value;
      ctx.addIssue({ code: "custom", message: LISTING_TEXTS.phoneInvalid });
      return z.NEVER;
    }),
  websiteUrl: z
    .string()
    .trim()
    .max(300)
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), LISTING_TEXTS.websiteInvalid),
  products: z.array(z.string()).transform(cleanProducts).refine((v) => v.length > 0, LISTING_TEXTS.productsRequired),
  // One of the state's local government areas (checked below, with the state), stored as the list spells it.
  // Optional; null is accepted too (a listing's stored values, which have none until the owner sets them).
  lga: z.string().trim().max(100, LISTING_TEXTS.lgaNotListed).nullish().transform((v) => v || null),
  landmark: z.string().overwrite(cleanLandmark).max(LANDMARK_MAX_LENGTH, { error: () => LISTING_TEXTS.landmarkLength }).nullish().transform((v) => v || null),
  // Where the business is (ADR 23): set from the form's two inputs by checkListingForm (both or neither, inside
  // Nigeria and loosely inside the state); applies at once, like the state. Absent: left as it is.
  latitude: z.number().min(NIGERIA_BOUNDS.minLatitude).max(NIGERIA_BOUNDS.maxLatitude).nullable().optional(),
  longitude: z.number().min(NIGERIA_BOUNDS.minLongitude).max(NIGERIA_BOUNDS.maxLongitude).nullable().optional(),
})
  // Checked even when other fields have problems (so the form shows every problem at once), once the state is one of the list.
  .refine((v) => !v.lga || findLga(v.state, v.lga) !== null, {
    path: ["lga"],
    error: (issue) => LISTING_TEXTS.lgaNotInState((issue.input as { state: string }).state),
    when: ({ value }) => (REGIONS as readonly unknown[]).includes((value as { state?: unknown }).state),
  })
  .transform((v) => ({ ...v, lga: v.lga ? findLga(v.state as Region, v.lga) : null }));
export type ListingInput = z.infer<typeof ListingSchema>;
export type ListingFormValues = z.input<typeof ListingSchema>;

/** The spec's text when a listing would have no image or more than three; null when the count is fine. */
export function imageCountProblem(count: number): string | null {
  if (count === 0) return LISTING_TEXTS.imageRequired;
  if (count > LIMITS.imagesPerListing) return LISTING_TEXTS.tooManyImages;
  return null;
}

/** The listing form's text fields as typed (strings), from a submitted form. */
export function typedListingFields(form: FormData) {
  const value = (name: string) => String(form.get(name) ?? "");
  return {
    name: value("name"),
    description: value("description"),
    address: value("address"),
    plotNumber: value("plotNumber"),
    state: value("state"),
    country: value("country"),
    phoneNumber: value("phoneNumber"),
    websiteUrl: value("websiteUrl"),
    category: value("category"),
    products: value("products"),
    lga: value("lga"),
    landmark: value("landmark"),
    latitude: value("latitude"),
    longitude: value("longitude"),
  };
}
export type TypedListingFields = ReturnType<typeof typedListingFields>;

/**
 * Every problem of a listing form at once, the images' included: the browser shows them all before
 * sending (so chosen files are not lost), and the server checks the same when it arrives.
 */
export function checkListingForm(typed: Omit<TypedListingFields, "latitude" | "longitude"> & { latitude?: string; longitude?: string }, imageCount: number):
  | { ok: true; input: ListingInput }
  | { ok: false; fields: Record<string, string> } {
  const { latitude = "", longitude = "", ...text } = typed;
  const parsed = ListingSchema.safeParse({ ...text, products: typed.products.split(/\r?\n/) });
  const fields = parsed.success ? {} : fieldErrors(parsed.error);
  const images = imageCountProblem(imageCount);
  if (images) fields.images = images;
  const location = checkLocation({ latitude, longitude }, typed.state);
  if (!location.ok) Object.assign(fields, location.fields);
  if (!parsed.success || images || !location.ok) return { ok: false, fields };
  return { ok: true, input: { ...parsed.data, ...location.value } };
}

/** An admin's review of a pending listing (spec 02 §4): approve, or reject with a reason the owner sees. */
export const REVIEW_TEXTS = {
  rejectionReasonRequired: msg("Please provide a rejection reason"),
  reasonTooLong: msg("Keep the reason under 1000 characters."),
  onlyPending: msg("Only a pending business can be reviewed."),
  onlyApproved: msg("Only an approved business can be unpublished."),
  noPendingChange: msg("This business has no changes waiting for review."),
  changeReplaced: msg("The owner edited these changes after you opened them. Review them again."),
} as const;

const ReasonSchema = z.string().trim().min(1, REVIEW_TEXTS.rejectionReasonRequired).max(1000, REVIEW_TEXTS.reasonTooLong);

/** Approve or reject (with a reason): a pending listing (reviewListing) or a change waiting for review (reviewListingChange). */
export const ListingReviewSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), businessId: IdSchema }),
  z.object({ decision: z.literal("reject"), businessId: IdSchema, reason: ReasonSchema }),
]);
export type ListingReviewInput = z.input<typeof ListingReviewSchema>;

/**
 * An admin's review of a change to an approved listing: like a listing's, plus the version of the change
 * the admin saw (PendingChange.version), so a change the owner replaced meanwhile is never approved unseen.
 */
export const ListingChangeReviewSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), businessId: IdSchema, version: z.string().trim().min(1).max(40) }),
  z.object({ decision: z.literal("reject"), businessId: IdSchema, reason: ReasonSchema, version: z.string().trim().max(40).optional() }),
]);
export type ListingChangeReviewInput = z.input<typeof ListingChangeReviewSchema>;

/** The version of a change waiting for review: when it was last replaced, in milliseconds. */
export function changeVersion(updatedAt: Date): string {
  return String(updatedAt.getTime());
}

/** An admin takes an approved listing down: it becomes rejected, with a reason the owner sees, as a rejection does. */
export const UnpublishListingSchema = z.object({ businessId: IdSchema, reason: ReasonSchema });
export type UnpublishListingInput = z.input<typeof UnpublishListingSchema>;
