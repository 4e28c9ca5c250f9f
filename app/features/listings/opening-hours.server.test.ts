import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, businessRevisions } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { fileFrom, pngImage } from "../../../tests/support/images";
import { refusal } from "../../../tests/support/refusals";
import { getDb, queryRows } from "../../lib/db.server";
import { addDays, watDate, type DayHours, type WeeklyHours } from "../../lib/opening-hours";
import { getPublicBusiness } from "../directory/get-public-business.server";
import { parseBusinessFilters } from "../directory/parse-business-filters";
import { searchBusinesses } from "../directory/search-businesses.server";
import { listPendingBusinesses } from "./list-pending-businesses.server";
import { addBusinessClosure } from "./add-business-closure.server";
import { createListing } from "./create-listing.server";
import { getOwnListing } from "./get-own-listing.server";
import { reviewListing } from "./review-listing.server";
import { getListingHours } from "./get-listing-hours.server";
import { changeVersion, LISTING_TEXTS, ListingSchema } from "./listing.schemas";
import { removeBusinessClosure } from "./remove-business-closure.server";
import { reviewListingChange } from "./review-listing-change.server";
import { setOpeningHours } from "./set-opening-hours.server";
import { updateListing } from "./update-listing.server";

const hours = (opens: string, closes: string): DayHours => ({ mode: "hours", ranges: [{ opens, closes }] });
const week: WeeklyHours = [...Array.from({ length: 6 }, () => hours("08:00", "18:00")), { mode: "closed" }];
const late: WeeklyHours = Array.from({ length: 7 }, () => hours("20:00", "03:00"));
const wat = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`);

async function ownedListing(status: "approved" | "pending" = "approved") {
  const ownerRow = await createOwner(getDb());
  const owner = await actorFor(ownerRow);
  const listing = await createBusiness(getDb(), { userId: ownerRow.id, name: `Hours ${randomUUID().slice(0, 8)}`, status });
  return { owner, businessId: listing.id };
}
const stored = async (businessId: string) =>
  (await queryRows<{ opening_hours: unknown; open_minutes: string | null }>(getDb(), sql`select opening_hours, open_minutes::text from businesses where id = ${businessId}`))[0]!;

describe("an owner's opening hours", () => {
  it("apply at once on an approved listing, with the minutes the filter reads, and never wait for review", async () => {
    const { owner, businessId } = await ownedListing();
    await setOpeningHours(owner, businessId, late);
    const row = await stored(businessId);
    expect(row.opening_hours).toEqual(late);
    // Every night 20:00–03:00: Sunday's night runs into Monday morning.
    expect(row.open_minutes).toMatch(/^\{\[0,180\),\[1200,1620\),/);
    expect(await getDb().select().from(businessRevisions).where(eq(businessRevisions.businessId, businessId))).toEqual([]);
    expect((await getPublicBusiness(businessId, wat("2026-11-25", "02:59"))).hours?.timeline[0].text).toBe("Open now · closes 3:00 am");
    expect(await getListingHours(owner, businessId)).toMatchObject({ hours: late, closures: [] });

    await setOpeningHours(owner, businessId, null);
    expect(await stored(businessId)).toEqual({ opening_hours: null, open_minutes: null });
    expect((await getPublicBusiness(businessId)).hours).toBeNull();
  });

  it("are refused to anyone but the listing's owner, as 'Business not found'", async () => {
    const { businessId } = await ownedListing();
    const other = await actorFor(await createOwner(getDb()));
    const admin = await actorFor(await createAdmin(getDb()));
    for (const actor of [other, admin, null]) {
      expect(await refusal(setOpeningHours(actor, businessId, week))).toMatchObject({ code: "not-found", message: LISTING_TEXTS.notFound.text });
      expect(await refusal(addBusinessClosure(actor, businessId, { date: watDate(new Date()), note: "" }))).toMatchObject({ code: "not-found" });
      expect(await refusal(removeBusinessClosure(actor, businessId, watDate(new Date())))).toMatchObject({ code: "not-found" });
      expect(await refusal(getListingHours(actor, businessId))).toMatchObject({ code: "not-found" });
    }
    expect((await stored(businessId)).opening_hours).toBeNull();
  });

  it("survive a change waiting for review, and approving that change keeps them", async () => {
    const owner = await actorFor(await createOwner(getDb()));
    const admin = await actorFor(await createAdmin(getDb()));
    const input = (name: string) =>
      ListingSchema.parse({
        name, description: "Provisions and drinks.", address: "4 Ogui Road, Enugu", plotNumber: "", state: "Enugu", country: "Nigeria",
        category: "Supermarket", phoneNumber: "0803 555 0101", websiteUrl: "", products: ["Provisions"],
      });
    const name = `Nkechi ${randomUUID().slice(0, 8)}`;
    const { businessId } = await createListing(owner, input(name), [fileFrom(await pngImage(640, 480), "a.png", "image/png")]);
    await reviewListing(admin, { decision: "approve", businessId });
    const images = (await getOwnListing(owner, businessId)).images.map((i) => i.id);
    expect(await updateListing(owner, businessId, input(`${name} Superstore`), { keep: images, added: [] })).toEqual({ status: "sent-for-review" });

    // Hours set while the change waits apply at once, and the change that waits is left as it was.
    await setOpeningHours(owner, businessId, week);
    expect((await getPublicBusiness(businessId)).name).toBe(name);
    expect((await getPublicBusiness(businessId)).hours?.weekly).toEqual(week);
    const [waiting] = await getDb().select().from(businessRevisions).where(eq(businessRevisions.businessId, businessId));
    expect(waiting?.name).toBe(`${name} Superstore`);

    // Approving the change applies its fields and keeps the hours (and editing again keeps them too).
    await reviewListingChange(admin, { decision: "approve", businessId, version: changeVersion(waiting!.updatedAt) });
    const shown = await getPublicBusiness(businessId);
    expect(shown.name).toBe(`${name} Superstore`);
    expect(shown.hours?.weekly).toEqual(week);
    await updateListing(owner, businessId, input(`${name} Superstore`), { keep: images, added: [] });
    expect((await stored(businessId)).opening_hours).toEqual(week);
  });
});

describe("hours saved with the details, the edit screen's one save (issue 32)", () => {
  const input = (name: string) =>
    ListingSchema.parse({
      name, description: "Provisions and drinks.", address: "4 Ogui Road, Enugu", plotNumber: "", state: "Enugu", country: "Nigeria",
      category: "Supermarket", phoneNumber: "0803 555 0101", websiteUrl: "", products: ["Provisions"],
    });
  async function approvedWithImage() {
    const owner = await actorFor(await createOwner(getDb()));
    const admin = await actorFor(await createAdmin(getDb()));
    const name = `Chioma ${randomUUID().slice(0, 8)}`;
    const { businessId } = await createListing(owner, input(name), [fileFrom(await pngImage(640, 480), "a.png", "image/png")], week);
    await reviewListing(admin, { decision: "approve", businessId });
    return { owner, businessId, name, images: (await getOwnListing(owner, businessId)).images.map((i) => i.id) };
  }

  it("apply at once while the reviewed details wait, and say which of the two changed", async () => {
    const { owner, businessId, name, images } = await approvedWithImage();
    const outcome = await updateListing(owner, businessId, input(`${name} Stores`), { keep: images, added: [] }, { hours: late });
    expect(outcome).toEqual({ status: "sent-for-review", hours: "saved" });
    expect((await stored(businessId)).opening_hours).toEqual(late);
    expect((await getPublicBusiness(businessId)).name).toBe(name);
    expect((await getPublicBusiness(businessId)).hours?.weekly).toEqual(late);
    // The same again: the hours are as stored and the change that waits is the one shown, so nothing is new; the
    // owner is told the change still waits for review (not that it was saved).
    expect(await updateListing(owner, businessId, input(`${name} Stores`), { keep: images, added: [] }, { hours: late })).toEqual({ status: "sent-for-review", hours: "unchanged" });
    // None listed any more.
    expect(await updateListing(owner, businessId, input(`${name} Stores`), { keep: images, added: [] }, { hours: null })).toMatchObject({ hours: "saved" });
    expect(await stored(businessId)).toEqual({ opening_hours: null, open_minutes: null });
  });

  it("share the details' transaction: a refusal of either leaves both as they were", async () => {
    const { owner, businessId, name, images } = await approvedWithImage();
    // The kept image was removed meanwhile (another tab): refused inside the transaction, after the hours were written.
    const gone = randomUUID();
    expect(await refusal(updateListing(owner, businessId, input(`${name} Stores`), { keep: [gone], added: [] }, { hours: late }))).toMatchObject({
      code: "invalid", fields: { images: LISTING_TEXTS.imageRequired },
    });
    expect((await stored(businessId)).opening_hours).toEqual(week);
    expect(await getDb().select().from(businessRevisions).where(eq(businessRevisions.businessId, businessId))).toEqual([]);
    // Bad hours: refused before anything is stored, each day named, the details not sent for review either.
    const bad = [hours("08:00", "08:00"), ...week.slice(1)];
    expect(await refusal(updateListing(owner, businessId, input(`${name} Stores`), { keep: images, added: [] }, { hours: bad }))).toMatchObject({
      code: "invalid", fields: { "hours-mon": "Monday: the opening and closing times must differ" },
    });
    expect(await getDb().select().from(businessRevisions).where(eq(businessRevisions.businessId, businessId))).toEqual([]);
    // Another owner: 'Business not found', nothing written.
    const other = await actorFor(await createOwner(getDb()));
    expect(await refusal(updateListing(other, businessId, input("Not mine"), { keep: images, added: [] }, { hours: late }))).toMatchObject({ code: "not-found" });
    expect((await stored(businessId)).opening_hours).toEqual(week);
  });
});

describe("closed days", () => {
  it("are added from today (WAT) to a year ahead, with a plain note, and removed", async () => {
    const { owner, businessId } = await ownedListing();
    await setOpeningHours(owner, businessId, week);
    const today = watDate(new Date());
    const added = await addBusinessClosure(owner, businessId, { date: today, note: " Public\u202E holiday " });
    expect(added).toEqual({ date: today, note: "Public holiday" });
    await addBusinessClosure(owner, businessId, { date: addDays(today, 3), note: "" });
    expect((await getListingHours(owner, businessId)).closures).toEqual([
      { date: today, note: "Public holiday" },
      { date: addDays(today, 3), note: null },
    ]);
    const page = await getPublicBusiness(businessId);
    expect(page.hours?.timeline[0].open).toBe(false);
    expect(page.hours?.today).toBe("Today: Closed (Public holiday)");

    expect(await refusal(addBusinessClosure(owner, businessId, { date: addDays(today, -1), note: "" }))).toMatchObject({
      code: "invalid", fields: { date: "The closure must be today or later" },
    });
    expect(await refusal(addBusinessClosure(owner, businessId, { date: "2026-13-01", note: "x".repeat(81) }))).toMatchObject({
      code: "invalid", fields: { date: "Enter the date of the closure", note: "The note can be at most 80 characters" },
    });
    await removeBusinessClosure(owner, businessId, today);
    expect((await getListingHours(owner, businessId)).closures.map((c) => c.date)).toEqual([addDays(today, 3)]);
  });

  it("apply to pending listings too (not public yet)", async () => {
    const { owner, businessId } = await ownedListing("pending");
    await setOpeningHours(owner, businessId, week);
    await addBusinessClosure(owner, businessId, { date: watDate(new Date()), note: "Moving" });
    expect((await getListingHours(owner, businessId)).closures).toHaveLength(1);
  });
});

describe("hours set when creating a listing", () => {
  const word = () => `zc${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const input = (name: string) =>
    ListingSchema.parse({
      name, description: "Suya and drinks.", address: "12 Allen Avenue, Ikeja", plotNumber: "", state: "Lagos", country: "Nigeria",
      category: "Eatery", phoneNumber: "0803 555 0177", websiteUrl: "", products: ["Suya"],
    });
  const image = async () => fileFrom(await pngImage(640, 480), "a.png", "image/png");
  const openNow = async (w: string, now: Date) =>
    (await searchBusinesses(parseBusinessFilters(new URLSearchParams(`q=${w}&open=now`)), { now })).items.map((item) => item.name);

  it("are saved with the new listing, shown to the admin reviewing it, and found by 'Open now' once approved", async () => {
    const owner = await actorFor(await createOwner(getDb()));
    const admin = await actorFor(await createAdmin(getDb()));
    const w = word();
    const { businessId } = await createListing(owner, input(`Mama Put ${w}`), [await image()], week);
    const row = await stored(businessId);
    expect(row.opening_hours).toEqual(week);
    // Monday to Saturday 8:00–18:00 as minutes of the week; Sunday closed.
    expect(row.open_minutes).toBe("{[480,1080),[1920,2520),[3360,3960),[4800,5400),[6240,6840),[7680,8280)}");
    expect(await getListingHours(owner, businessId)).toMatchObject({ hours: week, closures: [] });

    // The first review shows the week beside the other details.
    const pending = (await listPendingBusinesses(admin, { page: 1 })).rows.find((r) => r.id === businessId);
    expect(pending?.hours).toEqual([
      ...["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map((day) => ({ day, text: "8:00 am – 6:00 pm" })),
      { day: "Sunday", text: "Closed" },
    ]);

    // Pending: not public, so not open now; approved: open inside its hours only (Wednesday 25 Nov 2026).
    expect(await openNow(w, wat("2026-11-25", "12:00"))).toEqual([]);
    await reviewListing(admin, { decision: "approve", businessId });
    expect(await openNow(w, wat("2026-11-25", "12:00"))).toEqual([`Mama Put ${w}`]);
    expect(await openNow(w, wat("2026-11-25", "17:59"))).toEqual([`Mama Put ${w}`]);
    expect(await openNow(w, wat("2026-11-25", "18:00"))).toEqual([]);
    expect(await openNow(w, wat("2026-11-29", "12:00"))).toEqual([]);
  });

  it("keep a range past midnight open into the next morning, Sunday night into Monday", async () => {
    const owner = await actorFor(await createOwner(getDb()));
    const admin = await actorFor(await createAdmin(getDb()));
    const w = word();
    const { businessId } = await createListing(owner, input(`Night Spot ${w}`), [await image()], late);
    expect((await stored(businessId)).open_minutes).toMatch(/^\{\[0,180\),\[1200,1620\),/);
    await reviewListing(admin, { decision: "approve", businessId });
    expect(await openNow(w, wat("2026-11-26", "02:59"))).toEqual([`Night Spot ${w}`]);
    expect(await openNow(w, wat("2026-11-26", "03:00"))).toEqual([]);
    expect(await openNow(w, wat("2026-11-30", "01:00"))).toEqual([`Night Spot ${w}`]);
    expect((await getPublicBusiness(businessId, wat("2026-11-25", "19:00"))).hours?.timeline[0].text).toBe("Closed · opens 8:00 pm");
  });

  it("are optional: without them the listing lists none", async () => {
    const owner = await actorFor(await createOwner(getDb()));
    const { businessId } = await createListing(owner, input(`No Hours ${word()}`), [await image()]);
    expect(await stored(businessId)).toEqual({ opening_hours: null, open_minutes: null });
  });

  it("are refused with each bad day's message beside it, and nothing is saved", async () => {
    const ownerRow = await createOwner(getDb());
    const owner = await actorFor(ownerRow);
    const bad: WeeklyHours = [
      { mode: "hours", ranges: [{ opens: "08:00", closes: "" }] },
      hours("09:00", "09:00"),
      { mode: "hours", ranges: [{ opens: "08:00", closes: "14:00" }, { opens: "13:00", closes: "18:00" }] },
      ...week.slice(3),
    ];
    expect(await refusal(createListing(owner, input(`Bad Hours ${word()}`), [await image()], bad))).toMatchObject({
      code: "invalid",
      fields: {
        "hours-mon": "Monday: enter an opening and a closing time",
        "hours-tue": "Tuesday: the opening and closing times must differ",
        "hours-wed": "Wednesday: the second time range must start after the first one ends",
      },
    });
    // Hours given as anything but seven days, or with an unknown mode, are refused the same way.
    expect(await refusal(createListing(owner, input(`Short Week ${word()}`), [await image()], week.slice(0, 5)))).toMatchObject({
      code: "invalid", fields: { listHours: "Give the hours of all seven days" },
    });
    const odd = [{ mode: "sometimes" }, ...week.slice(1)] as unknown as WeeklyHours;
    expect(await refusal(createListing(owner, input(`Odd Hours ${word()}`), [await image()], odd))).toMatchObject({
      code: "invalid", fields: { "hours-mon": "Monday: choose closed, open 24 hours or times" },
    });
    // With no image as well, both problems are named at once.
    expect(await refusal(createListing(owner, input(`Two Problems ${word()}`), [], bad))).toMatchObject({
      code: "invalid", fields: { images: LISTING_TEXTS.imageRequired, "hours-tue": "Tuesday: the opening and closing times must differ" },
    });
    expect(await getDb().select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, ownerRow.id))).toEqual([]);
  });
});
