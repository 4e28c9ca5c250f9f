/**
 * Visitors' suggestions (issue 34): the texts, limits and checks of 'Suggest a business' (/suggest) and 'Suggest an
 * edit' (/suggest/{id}), shared by the forms, the use cases and the admin's Suggestions tab. Client-safe.
 *
 * Every field is plain text, length-limited: names and addresses are one line (no control characters, no
 * bidirectional controls: they are shown inside sentences such as 'Thanks — we added …'), the note is free text
 * kept as typed (shown in a block of its own). The listing form's rules are used for what a listing holds (name,
 * phone, category, state and LGA), with its words.
 */
import { currentLocale, msg, t } from "~/lib/i18n/i18n";
import { z } from "~/lib/zod";
import { IdSchema } from "../../lib/id-schema";
import { findLga } from "../../lib/nigeria-lgas";
import { asWeeklyHours, dayText, OPENING_HOURS_TEXTS, sameWeeklyHours, WEEKDAY_NAMES, type WeeklyHours } from "../../lib/opening-hours";
import { canonicalPhone, displayPhone } from "../../lib/phone";
import { withoutBidiControls } from "../../lib/plain-text";
import {
  CATEGORIES, LIMITS, REGIONS, SUGGESTION_FIELDS, type Category, type Region, type SuggestionField, type SuggestionKind, type SuggestionOutcome,
  type SuggestionStatus,
} from "../../lib/reference";
import { LISTING_TEXTS } from "../listings/listing.schemas";

export const SUGGESTION_LIMITS = {
  /** Suggestions one account may send a day (a shared counter, app/lib/rate-limit.server.ts). */
  perDay: 10,
  windowSeconds: 24 * 60 * 60,
  noteMax: 500,
  addressMax: 300,
  reasonMax: 1000,
  /** How many of their own suggestions /suggest lists. */
  mineShown: 20,
} as const;

/** Texts we add (issue 34; no spec text exists for suggestions). */
export const SUGGESTION_TEXTS = {
  pageTitle: msg("Suggest a business"),
  intro: msg("Know a business we're missing? Tell us about it. An admin checks every suggestion before it shows, and you will be told what happened."),
  changeTitle: msg("Suggest an edit"),
  changeIntro: msg("Tell us what is wrong with this listing. An admin checks every suggestion, and you will be told what happened."),
  /** The links to /suggest (results page, menu, help). */
  prompt: msg("Know a business we're missing?"),
  promptLink: msg("Suggest it"),
  suggestEditLink: msg("Suggest an edit"),
  signInRequired: { title: msg("Log in to suggest"), text: msg("Log in to suggest a business or a change to a listing.") },
  sent: { title: msg("Thanks for your suggestion"), text: msg("An admin will look at it, and you will be told the outcome.") },
  failed: msg("Your suggestion could not be sent. Please try again."),
  correctFields: msg("Please correct the highlighted fields."),
  similarTitle: msg("Is it one of these?"),
  similarText: msg(
    "These listings have the same phone number, or a very similar name in the same area. If the business is one of them, there is no need to suggest it again.",
  ),
  notDuplicate: msg("No, it's a different business: send it"),
  unclaimed: msg("Not yet claimed"),
  lgaRequired: msg("Choose the local government area."),
  // With their numbers: read when the refusal is made, in the request's language.
  get addressTooLong() {
    return t("Keep the address under {{max}} characters.", { max: SUGGESTION_LIMITS.addressMax });
  },
  get noteTooLong() {
    return t("Keep the note under {{max}} characters.", { max: SUGGESTION_LIMITS.noteMax });
  },
  kindRequired: msg("Choose what you want to tell us."),
  fieldsRequired: msg("Choose what is wrong."),
  unchanged: msg("That is what the listing says already."),
  movedUnchanged: msg("Give the new address, or another state or LGA."),
  notFound: { title: msg("Listing not found"), text: msg("This listing is not in the directory.") },
  ownListing: { title: msg("This is your listing"), text: msg("You can change it yourself: edit it instead of suggesting a change.") },
  alreadyPending: msg("You have already suggested a change to this listing. An admin will look at it soon."),
  get rateLimited() {
    return t("You have sent {{max}} suggestions today, the most a day. Please try again tomorrow.", { max: SUGGESTION_LIMITS.perDay });
  },
  mineTitle: msg("Your suggestions"),
  mineEmpty: msg("You have not suggested anything yet."),
  // The admin's Suggestions tab.
  tabTitle: msg("Suggestions"),
  tabIntro: msg("Missing businesses and changes to listings that visitors suggested, oldest first. The visitor is told the outcome."),
  tabEmpty: msg("No suggestions waiting."),
  loadFailed: msg("Failed to load suggestions"),
  actionFailed: msg("Failed to handle the suggestion"),
  alreadyDecided: msg("This suggestion was already decided."),
  listingGone: msg("The listing is no longer in the directory. Reject the suggestion instead."),
  payloadInvalid: msg("This suggestion no longer passes our checks (the listing rules changed). Reject it instead."),
  rejectReasonRequired: msg("Give a reason the visitor will see."),
  get reasonTooLong() {
    return t("Keep the reason under {{max}} characters.", { max: SUGGESTION_LIMITS.reasonMax });
  },
  rejected: msg("Suggestion rejected"),
  possibleDuplicates: msg("Possible duplicates"),
  noDuplicates: msg("No similar listing found."),
} as const;

export const SUGGESTION_KIND_LABELS: Record<SuggestionKind, string> = {
  missing: msg("Missing business"),
  edit: msg("Something is wrong"),
  closed: msg("It has closed"),
  moved: msg("It has moved"),
};

export const SUGGESTION_STATUS_LABELS: Record<SuggestionStatus, string> = {
  pending: msg("Waiting for an admin"),
  approved: msg("Approved"),
  rejected: msg("Not used"),
};

export const SUGGESTION_FIELD_LABELS: Record<SuggestionField, string> = {
  name: msg("Business name"),
  phone: msg("Phone number"),
  address: msg("Address"),
  category: msg("Category"),
  hours: msg("Opening hours"),
};

/** What the admin's toast says after an approval, by what it did. */
export const SUGGESTION_OUTCOME_TITLES: Record<SuggestionOutcome, string> = {
  added: msg("Listing added"),
  applied: msg("Change applied"),
  "sent-to-owner": msg("Sent to the owner"),
  hidden: msg("Listing hidden"),
};

/** What the suggester's own list says an approval did. */
export const SUGGESTION_OUTCOME_LABELS: Record<SuggestionOutcome, string> = {
  added: msg("Approved: the business is listed now"),
  applied: msg("Approved: the listing was corrected"),
  "sent-to-owner": msg("Approved: passed on to the listing's owner"),
  hidden: msg("Approved: the listing was taken off the directory"),
};

// -----------------------------------------------------------------------------------------------
// Plain text
// -----------------------------------------------------------------------------------------------

const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** One line of plain text: no control or bidirectional characters, every run of white space one space. */
export function oneLine(value: string): string {
  return withoutBidiControls(value).replace(CONTROLS, " ").replace(/\s+/g, " ").trim();
}

/** Free text kept as typed (lines and all), without the control characters nobody types (NUL breaks PostgreSQL). */
export function plainNote(value: string): string {
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").replace(/\r\n?/g, "\n").trim();
}

// -----------------------------------------------------------------------------------------------
// Fields
// -----------------------------------------------------------------------------------------------

const NameSchema = z
  .string()
  .overwrite(oneLine)
  .min(1, LISTING_TEXTS.nameRequired)
  .min(LIMITS.businessNameMin, LISTING_TEXTS.nameLength)
  .max(LIMITS.businessNameMax, LISTING_TEXTS.nameLength);

/** A phone number as the listing form takes it (app/lib/phone.ts): +234 added, 10–15 digits; blank → null. */
const OptionalPhoneSchema = z
  .string()
  .max(40, LISTING_TEXTS.phoneInvalid)
  .transform((value, ctx) => {
    const phone = canonicalPhone(value);
    if (phone.ok) return phone.value;
    ctx.addIssue({ code: "custom", message: LISTING_TEXTS.phoneInvalid });
    return z.NEVER;
  });
const PhoneSchema = z
  .string()
  .trim()
  .min(1, LISTING_TEXTS.phoneRequired)
  .pipe(OptionalPhoneSchema)
  .transform((v) => v as string);

const OptionalAddressSchema = z
  .string()
  .overwrite(oneLine)
  .max(SUGGESTION_LIMITS.addressMax, { error: () => SUGGESTION_TEXTS.addressTooLong })
  .transform((v) => v || null);
const AddressSchema = z.string().overwrite(oneLine).min(1, LISTING_TEXTS.addressRequired).max(SUGGESTION_LIMITS.addressMax, { error: () => SUGGESTION_TEXTS.addressTooLong });

const CategorySchema = z.enum(CATEGORIES, { message: LISTING_TEXTS.categoryRequired });
const StateSchema = z.enum(REGIONS, { message: LISTING_TEXTS.stateRequired });
const LgaSchema = z.string().trim().min(1, SUGGESTION_TEXTS.lgaRequired).max(100, LISTING_TEXTS.lgaNotListed);

const NoteSchema = z
  .string()
  .overwrite(plainNote)
  .max(SUGGESTION_LIMITS.noteMax, { error: () => SUGGESTION_TEXTS.noteTooLong })
  .transform((v) => v || null);

/** A state and one of its LGAs (spelt as the list spells it), checked together as the listing form does. */
const place = <T extends { state: unknown; lga: unknown }>(schema: z.ZodType<T>) =>
  schema
    .refine((v) => findLga(v.state as Region, v.lga as string) !== null, {
      path: ["lga"],
      error: (issue) => LISTING_TEXTS.lgaNotInState((issue.input as { state: string }).state),
      when: ({ value }) => (REGIONS as readonly unknown[]).includes((value as { state?: unknown }).state) && Boolean((value as { lga?: unknown }).lga),
    })
    .transform((v) => ({ ...v, lga: findLga(v.state as Region, v.lga as string)! }));

// -----------------------------------------------------------------------------------------------
// A missing business (/suggest)
// -----------------------------------------------------------------------------------------------

/** What the suggestion of a missing business holds (its payload), checked. */
export const MissingBusinessSchema = place(
  z.object({
    name: NameSchema,
    category: CategorySchema,
    state: StateSchema,
    lga: LgaSchema,
    address: OptionalAddressSchema,
    phone: OptionalPhoneSchema,
  }),
);
export type MissingPayload = { name: string; category: Category; state: Region; lga: string; address: string | null; phone: string | null };

/** The form as typed: plain strings. `notDuplicate` is the visitor's 'No, it's a different business'. */
export type MissingBusinessInput = {
  name: string;
  category: string;
  state: string;
  lga: string;
  address?: string;
  phone?: string;
  note?: string;
  notDuplicate?: boolean;
};

/** The form's fields from a post (strings, '' for what is missing). */
export function typedMissingBusiness(form: { get(name: string): unknown }): Required<Omit<MissingBusinessInput, "notDuplicate">> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { name: text("name"), category: text("category"), state: text("state"), lga: text("lga"), address: text("address"), phone: text("phone"), note: text("note") };
}

/** Every problem of the missing-business form at once, or its payload and note. */
export function checkMissingBusiness(
  typed: MissingBusinessInput,
): { ok: true; payload: MissingPayload; note: string | null } | { ok: false; fields: Record<string, string> } {
  const parsed = MissingBusinessSchema.safeParse({ ...typed, address: typed.address ?? "", phone: typed.phone ?? "" });
  const note = NoteSchema.safeParse(typed.note ?? "");
  const fields: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
  if (!note.success) fields.note = note.error.issues[0]!.message;
  if (!parsed.success || !note.success) return { ok: false, fields };
  return { ok: true, payload: parsed.data as MissingPayload, note: note.data };
}

// -----------------------------------------------------------------------------------------------
// A change to a listing (/suggest/{id})
// -----------------------------------------------------------------------------------------------

export const CHANGE_KINDS = ["edit", "closed", "moved"] as const satisfies readonly SuggestionKind[];
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** 'Something is wrong': only the fields the visitor says are wrong, each with its new value. */
export type EditPayload = Partial<{ name: string; phone: string; address: string; category: Category; hours: WeeklyHours }>;
/** 'It has moved': the new state and LGA, and the new address when known. */
export type MovedPayload = { state: Region; lga: string; address: string | null };
export type ChangePayload = EditPayload | MovedPayload | Record<string, never>;

/** A listing's values a change is compared with (what it says now). */
export type CurrentListing = {
  name: string;
  phone: string | null;
  address: string | null;
  category: string | null;
  state: string | null;
  lga: string | null;
  hours: WeeklyHours | null;
};

export type ChangeInput = {
  kind: string;
  /** The fields chosen under 'Something is wrong'. */
  fields?: readonly string[];
  name?: string;
  phone?: string;
  address?: string;
  category?: string;
  state?: string;
  lga?: string;
  note?: string;
  /** The week as the hours fields gave it (app/lib/opening-hours.ts `parseHoursForm`), when 'hours' is chosen. */
  hours?: { ok: true; hours: WeeklyHours | null } | { ok: false; fields: Record<string, string> } | null;
};

export type CheckedChange = { kind: ChangeKind; payload: ChangePayload; note: string | null };

/**
 * Every problem of the change form at once, or the change: its kind, the payload (only what changes) and the note.
 * With the listing's current values, a value that is what the listing says already is refused too.
 */
export function checkChange(input: ChangeInput, current?: CurrentListing | null): { ok: true; change: CheckedChange } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const note = NoteSchema.safeParse(input.note ?? "");
  if (!note.success) fields.note = note.error.issues[0]!.message;
  const kind = (CHANGE_KINDS as readonly string[]).includes(input.kind) ? (input.kind as ChangeKind) : null;
  if (!kind) {
    fields.kind = SUGGESTION_TEXTS.kindRequired;
    return { ok: false, fields };
  }
  let payload: ChangePayload = {};
  if (kind === "edit") {
    const chosen = SUGGESTION_FIELDS.filter((f) => input.fields?.includes(f));
    if (chosen.length === 0) fields.fields = SUGGESTION_TEXTS.fieldsRequired;
    const edit: EditPayload = {};
    const take = <T>(field: SuggestionField, result: z.ZodSafeParseResult<T>, same: (value: T) => boolean) => {
      if (!result.success) fields[field] = result.error.issues[0]!.message;
      else if (current && same(result.data)) fields[field] = SUGGESTION_TEXTS.unchanged;
      else (edit as Record<string, unknown>)[field] = result.data;
    };
    for (const field of chosen) {
      switch (field) {
        case "name":
          take(field, NameSchema.safeParse(input.name ?? ""), (v) => v === current?.name);
          break;
        case "phone":
          take(field, PhoneSchema.safeParse(input.phone ?? ""), (v) => v === current?.phone);
          break;
        case "address":
          take(field, AddressSchema.safeParse(input.address ?? ""), (v) => v === oneLine(current?.address ?? ""));
          break;
        case "category":
          take(field, CategorySchema.safeParse(input.category ?? ""), (v) => v === current?.category);
          break;
        case "hours": {
          const hours = input.hours;
          const week = hours?.ok ? hours.hours : null;
          if (hours && !hours.ok) Object.assign(fields, hours.fields, { hours: OPENING_HOURS_TEXTS.failed.text });
          else if (!week) fields.hours = OPENING_HOURS_TEXTS.weekIncomplete;
          else if (current && sameWeeklyHours(week, current.hours)) fields.hours = SUGGESTION_TEXTS.unchanged;
          else edit.hours = week;
          break;
        }
      }
    }
    payload = edit;
  } else if (kind === "moved") {
    const moved = place(z.object({ state: StateSchema, lga: LgaSchema, address: OptionalAddressSchema })).safeParse({
      state: input.state ?? "",
      lga: input.lga ?? "",
      address: input.address ?? "",
    });
    if (!moved.success) {
      for (const issue of moved.error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
    } else {
      const value = moved.data as MovedPayload;
      const samePlace = current && value.state === current.state && value.lga === current.lga;
      if (samePlace && (!value.address || value.address === oneLine(current.address ?? ""))) fields.address = SUGGESTION_TEXTS.movedUnchanged;
      payload = value;
    }
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, change: { kind, payload, note: note.success ? note.data : null } };
}

/**
 * A stored change's payload checked again (an admin approves what the rules allow now, not what they allowed then):
 * the change, or null when it no longer passes.
 */
export function recheckChange(kind: ChangeKind, payload: Record<string, unknown>): CheckedChange | null {
  if (kind === "closed") return { kind, payload: {}, note: null };
  if (kind === "moved") {
    const checked = checkChange({ kind, state: String(payload.state ?? ""), lga: String(payload.lga ?? ""), address: String(payload.address ?? "") });
    return checked.ok ? checked.change : null;
  }
  const fields = SUGGESTION_FIELDS.filter((f) => f in payload);
  const hours = "hours" in payload ? asWeeklyHours(payload.hours) : null;
  if ("hours" in payload && !hours) return null;
  const checked = checkChange({
    kind,
    fields,
    name: String(payload.name ?? ""),
    phone: String(payload.phone ?? ""),
    address: String(payload.address ?? ""),
    category: String(payload.category ?? ""),
    hours: hours ? { ok: true, hours } : null,
  });
  return checked.ok ? checked.change : null;
}

/** A stored missing business checked again, or null. */
export function recheckMissing(payload: Record<string, unknown>): MissingPayload | null {
  const checked = checkMissingBusiness({
    name: String(payload.name ?? ""),
    category: String(payload.category ?? ""),
    state: String(payload.state ?? ""),
    lga: String(payload.lga ?? ""),
    address: String(payload.address ?? ""),
    phone: String(payload.phone ?? ""),
  });
  return checked.ok ? checked.payload : null;
}

// -----------------------------------------------------------------------------------------------
// Showing a suggestion
// -----------------------------------------------------------------------------------------------

/** A week of hours in one line: 'Mon 8:00 am – 6:00 pm · … · Sun Closed'. */
export function weekText(hours: WeeklyHours | null | undefined): string {
  if (!hours) return t("Not listed");
  // English abbreviates the day; the other languages name it whole (their catalogs have the full names).
  const english = currentLocale() === "en";
  return hours.map((day, i) => `${english ? WEEKDAY_NAMES[i]!.slice(0, 3) : t(WEEKDAY_NAMES[i]!)} ${dayText(day)}`).join(" · ");
}

/** A suggested or current value of a field as people read it. */
export function fieldText(field: SuggestionField | "state" | "lga", value: unknown): string {
  if (field === "hours") return weekText(asWeeklyHours(value));
  if (value === null || value === undefined || value === "") return "—";
  if (field === "phone") return displayPhone(String(value));
  return String(value);
}

/** What a change suggests, field by field, for the admin's tab and the owner's notice. */
export function changedFields(kind: SuggestionKind, payload: Record<string, unknown>): { field: SuggestionField | "state" | "lga"; label: string; value: string }[] {
  if (kind === "moved") {
    return [
      { field: "address" as const, label: SUGGESTION_FIELD_LABELS.address, value: fieldText("address", payload.address) },
      { field: "state" as const, label: msg("State"), value: fieldText("state", payload.state) },
      { field: "lga" as const, label: msg("LGA"), value: fieldText("lga", payload.lga) },
    ];
  }
  if (kind !== "edit") return [];
  return SUGGESTION_FIELDS.filter((f) => f in payload).map((field) => ({ field, label: SUGGESTION_FIELD_LABELS[field], value: fieldText(field, payload[field]) }));
}

/** The address of the suggestion page for a listing. */
export function suggestPath(businessId?: string | null): string {
  return businessId ? `/suggest/${businessId}` : "/suggest";
}

// -----------------------------------------------------------------------------------------------
// The admin's decision
// -----------------------------------------------------------------------------------------------

const ReasonSchema = z.string({ error: SUGGESTION_TEXTS.rejectReasonRequired }).overwrite(plainNote).min(1, SUGGESTION_TEXTS.rejectReasonRequired).max(SUGGESTION_LIMITS.reasonMax, { error: () => SUGGESTION_TEXTS.reasonTooLong });

export const DecideSuggestionSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), suggestionId: IdSchema }),
  z.object({ decision: z.literal("reject"), suggestionId: IdSchema, reason: ReasonSchema }),
]);
export type DecideSuggestionInput = { decision: string; suggestionId: string; reason?: string };
