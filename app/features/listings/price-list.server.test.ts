import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, businesses, businessImages, businessRevisions, listingPriceItems } from "../../../db/schema";
import { addBusinessImage, createAdmin, createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { fileFrom, pngImage } from "../../../tests/support/images";
import { getDb } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { getStorage } from "../../lib/storage.server";
import { getPublicBusiness } from "../directory/get-public-business.server";
import { parseBusinessFilters } from "../directory/parse-business-filters";
import { resetSearchCaches, searchBusinesses } from "../directory/search-businesses.server";
import { addPriceItem } from "./add-price-item.server";
import { deleteListing } from "./delete-listing.server";
import { getPriceList } from "./get-price-list.server";
import { listPendingBusinesses } from "./list-pending-businesses.server";
import { listPendingChanges } from "./list-pending-changes.server";
import { changeVersion, LISTING_TEXTS, ListingSchema, type ListingInput } from "./listing.schemas";
import { movePriceItem } from "./move-price-item.server";
import { removePriceItem } from "./remove-price-item.server";
import { PRICE_LIST_LIMITS, PRICE_LIST_TEXTS, type PriceItemInput } from "./price-list.schemas";
import { reviewListingChange } from "./review-listing-change.server";
import { reviewListing } from "./review-listing.server";
import { savePriceItem } from "./save-price-item.server";
import { updateListing } from "./update-listing.server";

// Random, so two words of one test share no trigrams.
const word = () => `zp${randomUUID().replace(/-/g, "").slice(0, 12)}`;

const item = (name: string, values: Partial<Omit<PriceItemInput, "name">> = {}): PriceItemInput => ({
  name,
  group: "",
  kind: "none",
  price: "",
  description: "",
  ...values,
});

/** An owner's listing (approved unless said otherwise) with one image row, and its owner and an admin. */
async function listing(products: string[], status: "approved" | "pending" = "approved") {
  const db = getDb();
  const ownerRow = await createOwner(db);
  const owner = await actorFor(ownerRow);
  const admin = await actorFor(await createAdmin(db));
  const business = await createBusiness(db, { userId: ownerRow.id, products, status, name: `Salon ${word()}`, category: "Beauty salon" });
  await addBusinessImage(db, { businessId: business.id });
  return { owner, admin, businessId: business.id, name: business.name };
}

/** The listing's form as it is now, with some fields replaced. */
async function formOf(businessId: string, overrides: Partial<Record<string, unknown>> = {}): Promise<ListingInput> {
  const [row] = await getDb().select().from(businesses).where(eq(businesses.id, businessId));
  const parsed = ListingSchema.safeParse({
    name: row!.name,
    description: row!.description,
    address: row!.address,
    plotNumber: row!.plotNumber ?? "",
    state: row!.state,
    country: row!.country,
    category: row!.category,
    phoneNumber: row!.phoneNumber,
    websiteUrl: row!.websiteUrl ?? "",
    products: row!.products,
    ...overrides,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const imageIds = async (businessId: string) =>
  (await getDb().select({ id: businessImages.id }).from(businessImages).where(eq(businessImages.businessId, businessId))).map((i) => i.id);
const revisionOf = async (businessId: string) => (await getDb().select().from(businessRevisions).where(eq(businessRevisions.businessId, businessId)))[0] ?? null;
const exists = async (key: string) => (await getStorage().read("business-images", key)) !== null;
/** The files stored in the listing's folder of bucket business-images (on disk, as the tests' storage keeps them). */
const storedKeys = async (businessId: string) =>
  (await readdir(path.join(getEnv().DATA_DIR, "uploads", "business-images", businessId)).catch(() => [] as string[])).filter((n) => n.endsWith(".webp"));
const publicList = async (businessId: string) => (await getPublicBusiness(businessId)).priceList;
const rowsOf = async (businessId: string) =>
  (await getDb().select().from(listingPriceItems).where(eq(listingPriceItems.businessId, businessId))).map((r) => r.name).sort();

describe("the price list of an approved listing", () => {
  it("applies prices, kinds and groups at once: exact '₦5,000', 'from ₦2,500', and 'Ask for price' for the rest, grouped in order", async () => {
    const { owner, businessId } = await listing(["Low cut", "Braids", "Hair colouring"]);
    expect(await publicList(businessId)).toBeNull();

    expect(await savePriceItem(owner, businessId, item("Low cut", { group: "Haircuts", kind: "exact", price: "₦5,000" }))).toEqual({ status: "saved" });
    expect(await savePriceItem(owner, businessId, item("Hair colouring", { group: "Colouring", kind: "from", price: "2500" }))).toEqual({ status: "saved" });
    expect(await savePriceItem(owner, businessId, item("Braids", { group: "haircuts" }))).toEqual({ status: "saved" });

    // Groups in the order of their first item; 'haircuts' is the same group as 'Haircuts'.
    expect(await publicList(businessId)).toEqual([
      {
        name: "Haircuts",
        items: [
          { name: "Low cut", description: null, priceKobo: 500_000, priceKind: "exact", image: null },
          { name: "Braids", description: null, priceKobo: null, priceKind: null, image: null },
        ],
      },
      { name: "Colouring", items: [{ name: "Hair colouring", description: null, priceKobo: 250_000, priceKind: "from", image: null }] },
    ]);
    expect(await revisionOf(businessId)).toBeNull();
  });

  it("stores naira as kobo, rounded to the kobo, and refuses what is not a price", async () => {
    const { owner, businessId } = await listing(["Shampoo"]);
    await savePriceItem(owner, businessId, item("Shampoo", { kind: "exact", price: "1,499.995" }));
    expect((await publicList(businessId))![0]!.items[0]).toMatchObject({ priceKobo: 150_000 });
    await savePriceItem(owner, businessId, item("Shampoo", { kind: "exact", price: "2500.5" }));
    expect((await publicList(businessId))![0]!.items[0]).toMatchObject({ priceKobo: 250_050 });

    const cases: [Partial<PriceItemInput>, string][] = [
      [{ kind: "exact", price: "" }, PRICE_LIST_TEXTS.priceRequired],
      [{ kind: "from", price: "five thousand" }, PRICE_LIST_TEXTS.priceInvalid],
      [{ kind: "exact", price: "-5" }, PRICE_LIST_TEXTS.priceInvalid],
      [{ kind: "exact", price: "1000000001" }, PRICE_LIST_TEXTS.priceTooHigh],
      [{ kind: "none", price: "5000" }, PRICE_LIST_TEXTS.priceNotExpected],
    ];
    for (const [values, text] of cases) {
      const error = await refusal(savePriceItem(owner, businessId, item("Shampoo", values)));
      expect(error.code, JSON.stringify(values)).toBe("invalid");
      expect(error.fields?.price).toBe(text);
    }
    const long = await refusal(savePriceItem(owner, businessId, item("Shampoo", { description: "x".repeat(PRICE_LIST_LIMITS.descriptionMax + 1) })));
    expect(long.fields?.description).toBe(PRICE_LIST_TEXTS.descriptionLength);
    // Nothing refused was written.
    expect((await publicList(businessId))![0]!.items[0]).toMatchObject({ priceKobo: 250_050, priceKind: "exact", image: null });
  });

  it("holds a new description for an admin: the public keeps the approved one until the change is approved", async () => {
    const { owner, admin, businessId } = await listing(["Low cut"]);
    expect(await savePriceItem(owner, businessId, item("Low cut", { kind: "exact", price: "3000", description: "Clean low cut with hot towel" }))).toEqual({
      status: "sent-for-review",
    });
    // The price shows at once; the description waits.
    expect((await publicList(businessId))![0]!.items[0]).toEqual({ name: "Low cut", description: null, priceKobo: 300_000, priceKind: "exact", image: null });
    expect((await getPriceList(owner, businessId)).items[0]).toMatchObject({ description: null, pendingDescription: "Clean low cut with hot towel" });

    // The admins' queue of changes shows it, with nothing else changed.
    const queued = (await listPendingChanges(admin, { page: 1 })).rows.find((r) => r.businessId === businessId);
    expect(queued).toMatchObject({ changes: [], images: null, itemDescriptions: [{ name: "Low cut", before: null, after: "Clean low cut with hot towel" }] });

    await reviewListingChange(admin, { decision: "approve", businessId, version: queued!.version });
    expect((await publicList(businessId))![0]!.items[0]).toMatchObject({ description: "Clean low cut with hot towel" });
    expect(await revisionOf(businessId)).toBeNull();
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.targetId, businessId));
    expect(audit).toMatchObject({ action: "business.change.approve", after: { itemDescriptions: { "Low cut": "Clean low cut with hot towel" } } });

    // A rejected change takes its descriptions with it; the approved one stays.
    await savePriceItem(owner, businessId, item("Low cut", { kind: "exact", price: "3000", description: "Call 0700 000 0000 for a prize" }));
    await reviewListingChange(admin, { decision: "reject", businessId, reason: "A phone number in a description" });
    expect((await publicList(businessId))![0]!.items[0]).toMatchObject({ description: "Clean low cut with hot towel" });
    expect((await getPriceList(owner, businessId)).items[0]).toMatchObject({ pendingDescription: null });

    // Removing a description needs no review.
    expect(await savePriceItem(owner, businessId, item("Low cut", { kind: "exact", price: "3000", description: "" }))).toEqual({ status: "saved" });
    expect((await publicList(businessId))![0]!.items[0]).toMatchObject({ description: null });
  });

  it("moves a waiting change on when a description is added to it, so an admin never approves one unseen", async () => {
    const { owner, admin, businessId } = await listing(["Low cut", "Braids"]);
    await savePriceItem(owner, businessId, item("Low cut", { description: "First text" }));
    // As if the admin opened it a minute ago.
    await getDb().update(businessRevisions).set({ updatedAt: new Date(Date.now() - 60_000) }).where(eq(businessRevisions.businessId, businessId));
    const older = changeVersion((await revisionOf(businessId))!.updatedAt);
    await savePriceItem(owner, businessId, item("Braids", { description: "Second text" }));
    expect(changeVersion((await revisionOf(businessId))!.updatedAt)).not.toBe(older);
    const error = await refusal(reviewListingChange(admin, { decision: "approve", businessId, version: older }));
    expect(error.code).toBe("conflict");
  });

  it("keeps the change in the queue when the owner takes back the form's edits while a description waits", async () => {
    const { owner, admin, businessId, name } = await listing(["Low cut"]);
    const images = await imageIds(businessId);
    await updateListing(owner, businessId, await formOf(businessId, { name: `${name} Plus` }), { keep: images, added: [] });
    await savePriceItem(owner, businessId, item("Low cut", { description: "Neat and quick" }));
    // The name goes back to the approved one: the change stays for the description, holding the approved values.
    await updateListing(owner, businessId, await formOf(businessId, { name }), { keep: images, added: [] });
    const revision = await revisionOf(businessId);
    expect(revision).toMatchObject({ name });
    const queued = (await listPendingChanges(admin, { page: 1 })).rows.find((r) => r.businessId === businessId);
    expect(queued).toMatchObject({ changes: [], itemDescriptions: [{ name: "Low cut", after: "Neat and quick" }] });
  });

  it("prices a new product while its name waits for review; the public sees the item only once the name is approved", async () => {
    const { owner, admin, businessId } = await listing(["Low cut"]);
    const images = await imageIds(businessId);
    const newName = `Dreadlocks ${word()}`;
    expect(await updateListing(owner, businessId, await formOf(businessId, { products: ["Low cut", newName] }), { keep: images, added: [] })).toEqual({
      status: "sent-for-review",
    });
    const own = await getPriceList(owner, businessId);
    expect(own.items.map((i) => [i.name, i.nameWaiting])).toEqual([
      ["Low cut", false],
      [newName, true],
    ]);
    await savePriceItem(owner, businessId, item(newName, { kind: "from", price: "15000" }));
    await savePriceItem(owner, businessId, item("Low cut", { kind: "exact", price: "3000" }));
    expect((await publicList(businessId))!.flatMap((g) => g.items.map((i) => i.name))).toEqual(["Low cut"]);
    expect((await getPublicBusiness(businessId)).products).toEqual(["Low cut"]);

    const version = changeVersion((await revisionOf(businessId))!.updatedAt);
    await reviewListingChange(admin, { decision: "approve", businessId, version });
    expect((await publicList(businessId))!.flatMap((g) => g.items)).toEqual([
      { name: "Low cut", description: null, priceKobo: 300_000, priceKind: "exact", image: null },
      { name: newName, description: null, priceKobo: 1_500_000, priceKind: "from", image: null },
    ]);
    // Search finds the listing by the item's name (through its products).
    resetSearchCaches();
    const found = await searchBusinesses(parseBusinessFilters(new URLSearchParams({ q: newName.split(" ")[1]! })));
    expect(found.items.map((i) => i.id)).toContain(businessId);
  });

  it("reorders items at once (the listing's products and a waiting change alike), up and down", async () => {
    const { owner, businessId } = await listing(["A cut", "B braid", "C colour"]);
    const images = await imageIds(businessId);
    await movePriceItem(owner, businessId, { name: "C colour", direction: "up" });
    expect((await getPublicBusiness(businessId)).products).toEqual(["A cut", "C colour", "B braid"]);
    await movePriceItem(owner, businessId, { name: "A cut", direction: "down" });
    expect((await getPublicBusiness(businessId)).products).toEqual(["C colour", "A cut", "B braid"]);
    // At the ends nothing moves.
    await movePriceItem(owner, businessId, { name: "C colour", direction: "up" });
    await movePriceItem(owner, businessId, { name: "B braid", direction: "down" });
    expect((await getPublicBusiness(businessId)).products).toEqual(["C colour", "A cut", "B braid"]);
    expect(await revisionOf(businessId)).toBeNull();

    // With a change waiting (a new product), both orders follow; the public's has only approved names.
    await updateListing(owner, businessId, await formOf(businessId, { products: ["C colour", "A cut", "B braid", "D dye"] }), { keep: images, added: [] });
    await movePriceItem(owner, businessId, { name: "D dye", direction: "up" });
    await movePriceItem(owner, businessId, { name: "D dye", direction: "up" });
    await movePriceItem(owner, businessId, { name: "B braid", direction: "up" });
    expect((await getPriceList(owner, businessId)).items.map((i) => i.name)).toEqual(["C colour", "D dye", "B braid", "A cut"]);
    expect((await getPublicBusiness(businessId)).products).toEqual(["C colour", "B braid", "A cut"]);
    expect((await revisionOf(businessId))!.products).toEqual(["C colour", "D dye", "B braid", "A cut"]);
  });

  it("caps the groups and refuses an item that is not one of the listing's products", async () => {
    const names = Array.from({ length: PRICE_LIST_LIMITS.groups + 1 }, (_, i) => `Item ${i + 1}`);
    const { owner, businessId } = await listing(names);
    for (let i = 0; i < PRICE_LIST_LIMITS.groups; i++) await savePriceItem(owner, businessId, item(names[i]!, { group: `Group ${i + 1}` }));
    const tooMany = await refusal(savePriceItem(owner, businessId, item(names.at(-1)!, { group: "One group too many" })));
    expect(tooMany.fields?.group).toBe(PRICE_LIST_TEXTS.tooManyGroups);
    // An existing group is fine.
    await savePriceItem(owner, businessId, item(names.at(-1)!, { group: "group 1" }));

    const unknown = await refusal(savePriceItem(owner, businessId, item("Not a product")));
    expect(unknown).toMatchObject({ code: "conflict" });
    expect((await refusal(movePriceItem(owner, businessId, { name: "Not a product", direction: "up" }))).code).toBe("conflict");
  });
});

describe("the price list of a listing not yet approved", () => {
  it("shows its descriptions to the admin with the listing and to the public once the listing is approved; prices apply at once", async () => {
    const { owner, admin, businessId } = await listing(["Jollof rice", "Pepper soup"], "pending");
    await savePriceItem(owner, businessId, item("Jollof rice", { group: "Rice", kind: "exact", price: "2,000", description: "With chicken and plantain" }));
    const pending = (await listPendingBusinesses(admin, { page: 1 })).rows.find((r) => r.id === businessId);
    expect(pending?.itemDescriptions).toEqual([{ name: "Jollof rice", text: "With chicken and plantain" }]);
    expect((await getPriceList(owner, businessId)).items[0]).toMatchObject({ priceKobo: 200_000, pendingDescription: "With chicken and plantain", nameWaiting: false });

    await reviewListing(admin, { decision: "approve", businessId });
    expect(await publicList(businessId)).toEqual([
      { name: "Rice", items: [{ name: "Jollof rice", description: "With chicken and plantain", priceKobo: 200_000, priceKind: "exact", image: null }] },
      { name: null, items: [{ name: "Pepper soup", description: null, priceKobo: null, priceKind: null, image: null }] },
    ]);
  });

  it("keeps the items equal to the products: details of a removed product go, and the order is the products'", async () => {
    const { owner, businessId } = await listing(["Suya", "Kilishi", "Asun"], "pending");
    const images = await imageIds(businessId);
    await savePriceItem(owner, businessId, item("Kilishi", { kind: "exact", price: "1500" }));
    await savePriceItem(owner, businessId, item("Asun", { kind: "exact", price: "2500" }));
    await updateListing(owner, businessId, await formOf(businessId, { products: ["Asun", "Suya"] }), { keep: images, added: [] });
    expect((await getPriceList(owner, businessId)).items.map((i) => [i.name, i.priceKobo])).toEqual([
      ["Asun", 250_000],
      ["Suya", null],
    ]);
    await savePriceItem(owner, businessId, item("Suya", { kind: "from", price: "500" }));
    expect(await rowsOf(businessId)).toEqual(["Asun", "Suya"]);
  });
});

describe("adding and removing items on the price list", () => {
  it("on an approved listing: a new name waits for an admin with the listing's change, as from the form; removing one too", async () => {
    const { owner, admin, businessId } = await listing(["Low cut"]);
    const newName = `Beard trim ${word()}`;
    expect(await addPriceItem(owner, businessId, { name: `  ${newName}\u202E ` })).toEqual({ status: "sent-for-review" });
    expect((await getPriceList(owner, businessId)).items.map((i) => [i.name, i.nameWaiting])).toEqual([
      ["Low cut", false],
      [newName, true],
    ]);
    expect((await getPublicBusiness(businessId)).products).toEqual(["Low cut"]);
    // Twice, in another case, is refused; a blank name too.
    expect((await refusal(addPriceItem(owner, businessId, { name: newName.toUpperCase() }))).fields?.newItem).toBe(PRICE_LIST_TEXTS.nameTaken);
    expect((await refusal(addPriceItem(owner, businessId, { name: "   " }))).fields?.newItem).toBe(PRICE_LIST_TEXTS.nameRequired);

    const queued = (await listPendingChanges(admin, { page: 1 })).rows.find((r) => r.businessId === businessId);
    expect(queued?.changes).toEqual([expect.objectContaining({ field: "products", before: ["Low cut"], after: ["Low cut", newName] })]);
    await reviewListingChange(admin, { decision: "approve", businessId, version: queued!.version });
    expect((await getPublicBusiness(businessId)).products).toEqual(["Low cut", newName]);

    // Removing: the same review; the last item cannot go.
    expect(await removePriceItem(owner, businessId, { name: "Low cut" })).toEqual({ status: "sent-for-review" });
    expect((await getPublicBusiness(businessId)).products).toEqual(["Low cut", newName]);
    expect((await revisionOf(businessId))!.products).toEqual([newName]);
    expect((await refusal(removePriceItem(owner, businessId, { name: newName }))).title).toBe(LISTING_TEXTS.updateFailed.title);
    // Adding the removed name back puts it last: another order, which waits too.
    expect(await addPriceItem(owner, businessId, { name: "Low cut" })).toEqual({ status: "sent-for-review" });
    expect((await revisionOf(businessId))!.products).toEqual([newName, "Low cut"]);
  });

  it("on a listing not yet approved: applies at once, up to the cap", async () => {
    const names = Array.from({ length: PRICE_LIST_LIMITS.items - 1 }, (_, i) => `Dish ${i + 1}`);
    const { owner, businessId } = await listing(names, "pending");
    expect(await addPriceItem(owner, businessId, { name: "Zobo" })).toEqual({ status: "saved" });
    expect((await getPriceList(owner, businessId)).items.at(-1)).toMatchObject({ name: "Zobo", nameWaiting: false });
    expect((await refusal(addPriceItem(owner, businessId, { name: "One too many" }))).fields?.newItem).toBe(PRICE_LIST_TEXTS.tooManyItems);
    expect(await removePriceItem(owner, businessId, { name: "Dish 1" })).toEqual({ status: "saved" });
    expect((await getPriceList(owner, businessId)).items.map((i) => i.name)).not.toContain("Dish 1");
    expect(await revisionOf(businessId)).toBeNull();
  });

  it("only for the listing's owner", async () => {
    const { businessId } = await listing(["Low cut", "Braids"]);
    const other = await actorFor(await createOwner(getDb()));
    for (const actor of [other, null]) {
      expect((await refusal(addPriceItem(actor, businessId, { name: "Scam" }))).code).toBe("not-found");
      expect((await refusal(removePriceItem(actor, businessId, { name: "Braids" }))).code).toBe("not-found");
    }
  });
});

describe("an item's photo", () => {
  it("is checked like a listing's images, shows at once, is replaced and removed with its file, and goes with the listing", async () => {
    const { owner, businessId } = await listing(["Low cut", "Braids"]);
    const refused = await refusal(savePriceItem(owner, businessId, item("Low cut"), { file: fileFrom(Buffer.from("not an image"), "x.png", "image/png") }));
    expect(refused.fields?.photo).toBe(LISTING_TEXTS.uploadFailed.text);
    expect(await storedKeys(businessId)).toEqual([]);

    await savePriceItem(owner, businessId, item("Low cut", { kind: "exact", price: "3000" }), { file: fileFrom(await pngImage(800, 600), "cut.png", "image/png") });
    const first = (await getDb().select().from(listingPriceItems).where(eq(listingPriceItems.businessId, businessId)))[0]!;
    expect(first).toMatchObject({ imageWidth: 800, imageHeight: 600 });
    expect(await exists(first.imageKey!)).toBe(true);
    const shown = (await publicList(businessId))![0]!.items[0]!;
    expect(shown.image?.src).toContain(`/media/business-images/${first.imageKey}`);

    // A new photo replaces the old one's file; a save without a file keeps it; removal deletes it.
    await savePriceItem(owner, businessId, item("Low cut", { kind: "exact", price: "3000" }), { file: fileFrom(await pngImage(640, 640), "cut2.png", "image/png") });
    const second = (await getDb().select().from(listingPriceItems).where(eq(listingPriceItems.businessId, businessId)))[0]!;
    expect(second.imageKey).not.toBe(first.imageKey);
    expect(await exists(first.imageKey!)).toBe(false);
    await savePriceItem(owner, businessId, item("Low cut", { kind: "exact", price: "3500" }));
    expect(await exists(second.imageKey!)).toBe(true);
    await savePriceItem(owner, businessId, item("Low cut", { kind: "exact", price: "3500" }), { remove: true });
    expect(await exists(second.imageKey!)).toBe(false);
    expect((await publicList(businessId))![0]!.items[0]!.image).toBeNull();

    // Another owner's upload is refused before any file is stored.
    const other = await actorFor(await createOwner(getDb()));
    expect((await refusal(savePriceItem(other, businessId, item("Braids"), { file: fileFrom(await pngImage(100, 100), "b.png", "image/png") }))).code).toBe("not-found");

    // The listing's deletion takes the photo's file with it.
    await savePriceItem(owner, businessId, item("Braids"), { file: fileFrom(await pngImage(300, 300), "b.png", "image/png") });
    const [photo] = await getDb().select({ key: listingPriceItems.imageKey }).from(listingPriceItems).where(and(eq(listingPriceItems.businessId, businessId), eq(listingPriceItems.name, "Braids")));
    expect(await exists(photo!.key!)).toBe(true);
    await deleteListing(owner, businessId);
    expect(await exists(photo!.key!)).toBe(false);
  });
});

describe("who may edit a price list", () => {
  it("only the listing's owner: another owner, a visitor, an admin and nobody are told 'Business not found'", async () => {
    const { businessId } = await listing(["Low cut"]);
    const db = getDb();
    const others = [await actorFor(await createOwner(db)), await actorFor(await createVisitor(db)), await actorFor(await createAdmin(db)), null];
    for (const actor of others) {
      for (const attempt of [
        getPriceList(actor, businessId),
        savePriceItem(actor, businessId, item("Low cut", { kind: "exact", price: "1" })),
        movePriceItem(actor, businessId, { name: "Low cut", direction: "down" }),
      ]) {
        const error = await refusal(attempt);
        expect(error.code, actor?.role ?? "anonymous").toBe("not-found");
        expect(error.title).toBe(LISTING_TEXTS.notFound.title);
      }
    }
    expect(await refusal(getPriceList(null, "not-an-id"))).toMatchObject({ code: "not-found" });
    expect(await publicList(businessId)).toBeNull();
  });
});
