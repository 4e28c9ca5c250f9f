import { z } from "~/lib/zod";
import { fieldErrors } from "../../lib/field-errors";
import { formatNaira } from "../../lib/format";
import { msg, t } from "../../lib/i18n/i18n";
import { withoutBidiControls } from "../../lib/plain-text";

/**
 * A listing's price list (issue 37, ADR 42): its items are its products (names and order), each with an optional
 * group, price and short description. Client-safe: the owner's screen and the business page read these.
 */
export const PRICE_LIST_LIMITS = {
  /** A short description, as a card line: 'Wash, cut and blow-dry'. */
  descriptionMax: 200,
  groupMax: 40,
  /** Distinct groups of one listing. */
  groups: 20,
  /** Items of one listing: the products' own cap (cleanProducts). */
  items: 30,
  /** ₦1,000,000,000, in kobo: the largest price (migration 0051 checks it too). */
  maxKobo: 100_000_000_000,
} as const;

export const PRICE_KINDS = ["exact", "from"] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

export const PRICE_LIST_TEXTS = {
  title: msg("Price list"),
  intro: msg("Give each of your products and services a price, a short description and a group. Prices, groups and the order show at once; a new description shows after an admin checks it."),
  namesHint: msg("Items are your listing's products. On an approved listing a new item's name shows after an admin checks it, like a change on the listing's form."),
  editProducts: msg("Edit products"),
  group: msg("Group (optional)"),
  groupHint: msg("For example Haircuts or Colouring."),
  priceKind: msg("Price"),
  kindNone: msg("Ask for price"),
  kindExact: msg("Exact price"),
  kindFrom: msg("From a price"),
  price: msg("Price in naira"),
  description: msg("Short description (optional)"),
  photo: msg("Photo (optional)"),
  photoHint: msg("JPEG, PNG or WebP, at most 10 MB. A new photo shows at once."),
  removePhoto: msg("Remove the photo"),
  save: msg("Save item"),
  moveUp: msg("Move up"),
  moveDown: msg("Move down"),
  saved: msg("Item saved."),
  savedForReview: msg("Item saved. Its new description shows after an admin checks it."),
  moved: msg("Order saved."),
  waitingDescription: msg("This description waits for an admin's review; the public sees the one approved before."),
  waitingName: msg("Waiting for review with your listing's changes"),
  noItems: msg("This listing has no products yet."),
  priceRequired: msg("Enter the price in naira, for example 5,000."),
  priceInvalid: msg("Enter the price in naira as a number, for example 5,000 or 2,500.50."),
  priceTooHigh: msg("Enter a price of at most ₦1,000,000,000."),
  priceNotExpected: msg("Choose Exact price or From a price to give a price."),
  get descriptionLength() {
    return t("Keep the description to {{max}} characters or fewer.", { max: PRICE_LIST_LIMITS.descriptionMax });
  },
  get groupLength() {
    return t("Keep the group name to {{max}} characters or fewer.", { max: PRICE_LIST_LIMITS.groupMax });
  },
  groupContact: msg("A group's name can't hold a phone number or a web address: it shows without review."),
  get tooManyGroups() {
    return t("A price list can have at most {{max}} groups.", { max: PRICE_LIST_LIMITS.groups });
  },
  itemNotFound: msg("This item is not on the listing any more. Reload the page."),
  saveFailed: msg("We could not save this item. Please try again."),
  askForPrice: msg("Ask for price"),
  adminDescriptions: msg("Price list descriptions"),
  newItem: msg("New item"),
  addItem: msg("Add item"),
  removeItem: msg("Remove"),
  added: msg("Item added."),
  addedForReview: msg("Item added. Its name shows after an admin checks it; you can give it a price now."),
  removed: msg("Item removed."),
  removedForReview: msg("Item removal sent for review with your listing's changes."),
  nameRequired: msg("Enter the item's name."),
  nameTaken: msg("This listing already has an item with this name."),
  get tooManyItems() {
    return t("A price list can have at most {{max}} items.", { max: PRICE_LIST_LIMITS.items });
  },
} as const;

/**
 * Naira as typed ('5,000', '₦5,000', '2500.5') in kobo, rounded to the kobo; null when it is not a number.
 */
export function parseNairaToKobo(typed: string): number | null {
  const cleaned = typed.replace(/[₦,\s]/g, "").replace(/^NGN/i, "");
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || (!match[1] && !match[2]) || cleaned.length > 20) return null;
  // Digits, not floating point: '1499.995' is 149999.5 kobo, rounded half up to 150000.
  const fraction = (match[2] ?? "").padEnd(3, "0");
  const kobo = Number(match[1] || "0") * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(kobo) ? kobo : null;
}

/** The price as the page reads it: '₦5,000', 'from ₦5,000', or null (ask for price). */
export function priceText(item: { priceKobo: number | null; priceKind: PriceKind | null }): string | null {
  if (item.priceKobo === null || item.priceKind === null) return null;
  const amount = formatNaira(item.priceKobo);
  return item.priceKind === "from" ? t("from {{price}}", { price: amount }) : amount;
}

/** Kobo as schema.org's price: naira as a decimal string ('5000', '2500.50'). */
export function schemaOrgPrice(kobo: number): string {
  return kobo % 100 === 0 ? String(kobo / 100) : (kobo / 100).toFixed(2);
}

/** Naira for the form's input: 500000 → '5000', 250050 → '2500.50'. */
export function typedNaira(kobo: number | null): string {
  return kobo === null ? "" : schemaOrgPrice(kobo);
}

/** A phone number (seven digits or more, however spaced) or a web or e-mail address. */
export function carriesContact(text: string): boolean {
  return /(?:\d[\s().+-]*){7,}/.test(text) || /https?:|www\.|@|\.(?:com|ng|net|org|co)\b/i.test(text);
}

/** Control characters (a NUL, which PostgreSQL's text refuses, a tab, a form feed…), as the offer form drops them. */
const withoutControls = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, " ");
const oneLine = (value: string) => withoutBidiControls(withoutControls(value)).replace(/\s+/g, " ").trim();

/** One item's details as the owner's form sends them; the name says which product it is. */
export const PriceItemSchema = z.object({
  // The name picks one of the listing's products (none holds a control character): dropped, so a stray one matches
  // nothing rather than reaching the database.
  name: z
    .string()
    .overwrite((v) => v.replace(/[\u0000-\u001f\u007f]/g, "").trim())
    .min(1)
    .max(80),
  group: z
    .string()
    .overwrite(oneLine)
    .max(PRICE_LIST_LIMITS.groupMax, { error: () => PRICE_LIST_TEXTS.groupLength })
    // Group names show at once (ADR 42), so they may not carry what review would stop: a number to call, a site.
    .refine((v) => !carriesContact(v), { error: () => t(PRICE_LIST_TEXTS.groupContact) })
    .transform((v) => v || null),
  kind: z.string().transform((v): PriceKind | "none" => ((PRICE_KINDS as readonly string[]).includes(v) ? (v as PriceKind) : "none")),
  price: z.string().trim().max(40),
  description: z
    .string()
    .overwrite((v) => withoutControls(v).replace(/\s+/g, " ").trim())
    .max(PRICE_LIST_LIMITS.descriptionMax, { error: () => PRICE_LIST_TEXTS.descriptionLength })
    .transform((v) => v || null),
});
export type PriceItemInput = z.input<typeof PriceItemSchema>;
export type PriceItemValues = { name: string; groupName: string | null; priceKind: PriceKind | null; priceKobo: number | null; description: string | null };

/** The price in kobo for a kind and what was typed, or the problem with it. */
function checkPrice(kind: PriceKind | "none", typed: string): { ok: true; kobo: number | null } | { ok: false; text: string } {
  const price = typed.trim();
  if (kind === "none") return price ? { ok: false, text: PRICE_LIST_TEXTS.priceNotExpected } : { ok: true, kobo: null };
  if (!price) return { ok: false, text: PRICE_LIST_TEXTS.priceRequired };
  const kobo = parseNairaToKobo(price);
  if (kobo === null) return { ok: false, text: PRICE_LIST_TEXTS.priceInvalid };
  if (kobo > PRICE_LIST_LIMITS.maxKobo) return { ok: false, text: PRICE_LIST_TEXTS.priceTooHigh };
  return { ok: true, kobo };
}

/** Every problem of one item's form at once, by field. */
export function checkPriceItem(input: PriceItemInput): { ok: true; value: PriceItemValues } | { ok: false; fields: Record<string, string> } {
  const parsed = PriceItemSchema.safeParse(input);
  const kind = PriceItemSchema.shape.kind.safeParse(input.kind);
  const price = checkPrice(kind.success ? kind.data : "none", String(input.price ?? "").slice(0, 40));
  const fields = parsed.success ? {} : fieldErrors(parsed.error);
  if (!price.ok) fields.price = price.text;
  if (!parsed.success || !price.ok) return { ok: false, fields };
  const v = parsed.data;
  return {
    ok: true,
    value: { name: v.name, groupName: v.group, priceKind: v.kind === "none" ? null : v.kind, priceKobo: price.kobo, description: v.description },
  };
}

/** One item as the public reads it. */
export type PublicPriceItem = {
  name: string;
  description: string | null;
  priceKobo: number | null;
  priceKind: PriceKind | null;
  /** The item's photo, small (a thumbnail's width). */
  image: { src: string } | null;
};
/** The public price list: groups in the order of their first item, items in the owner's order ('' group: none). */
export type PublicPriceGroup = { name: string | null; items: PublicPriceItem[] };

/** Items in order → groups in the order their first item comes. */
export function groupItems<T extends { groupName: string | null }>(items: readonly T[]): { name: string | null; items: T[] }[] {
  const groups = new Map<string, { name: string | null; items: T[] }>();
  for (const item of items) {
    const key = item.groupName?.toLowerCase() ?? "";
    const group = groups.get(key) ?? { name: item.groupName, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}
