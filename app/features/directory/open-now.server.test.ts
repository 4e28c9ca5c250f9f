import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { businessClosures } from "../../../db/schema";
import { createBusiness, createOwner } from "../../../db/seed/factories";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";
import { isOpenAt, type DayHours, type WeeklyHours } from "../../lib/opening-hours";
import { businessJsonLd } from "./business-json-ld";
import { getPublicBusiness } from "./get-public-business.server";
import { parseBusinessFilters } from "./parse-business-filters";
import { searchBusinesses, type BusinessSearchResult } from "./search-businesses.server";

const word = () => `zo${randomUUID().replace(/-/g, "").slice(0, 12)}`;
const hours = (opens: string, closes: string): DayHours => ({ mode: "hours", ranges: [{ opens, closes }] });
/** Mon–Fri 8:00–18:00, Saturday 10:00–14:00, Sunday closed. */
const office: WeeklyHours = [...Array.from({ length: 5 }, () => hours("08:00", "18:00")), hours("10:00", "14:00"), { mode: "closed" }];
/** Every evening 18:00–02:00, Sunday night into Monday too. */
const bar: WeeklyHours = Array.from({ length: 7 }, () => hours("18:00", "02:00"));
const always: WeeklyHours = Array.from({ length: 7 }, () => ({ mode: "24h" }) as DayHours);
/** 2026-11-25 is a Wednesday; WAT is UTC+1. */
const wat = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`);
const openNow = (q: string, now: Date, extra = "") => searchBusinesses(parseBusinessFilters(new URLSearchParams(`q=${q}&open=now${extra}`)), { now });
const names = (result: BusinessSearchResult) => result.items.map((item) => item.name).sort();

let ownerId: string;
let w: string;
beforeAll(async () => {
  ownerId = (await createOwner(getDb())).id;
  w = word();
  const db = getDb();
  const make = (name: string, openingHours: WeeklyHours | null, extra: Partial<Parameters<typeof createBusiness>[1]> = {}) =>
    createBusiness(db, { userId: ownerId, name: `${name} ${w}`, openingHours, state: "Lagos", category: "Eatery", ...extra });
  await make("Office", office);
  await make("Bar", bar, { state: "Oyo", category: "Bar" });
  await make("Always", always);
  await make("Unlisted", null);
  await make("Pending", always, { status: "pending" });
  await make("Suspended", always, { ownerSuspended: true });
});

describe("'Open now' on /businesses", () => {
  it("is exact at the minute in WAT: open at 17:59, closed at 18:00", async () => {
    expect(names(await openNow(w, wat("2026-11-25", "17:59")))).toEqual([`Always ${w}`, `Office ${w}`]);
    expect(names(await openNow(w, wat("2026-11-25", "18:00")))).toEqual([`Always ${w}`, `Bar ${w}`]);
    expect(names(await openNow(w, wat("2026-11-25", "07:59")))).toEqual([`Always ${w}`]);
    expect(names(await openNow(w, wat("2026-11-25", "08:00")))).toEqual([`Always ${w}`, `Office ${w}`]);
  });

  it("keeps hours past midnight open into the next day, and Sunday night into Monday", async () => {
    expect(names(await openNow(w, wat("2026-11-26", "01:59")))).toEqual([`Always ${w}`, `Bar ${w}`]);
    expect(names(await openNow(w, wat("2026-11-26", "02:00")))).toEqual([`Always ${w}`]);
    expect(names(await openNow(w, wat("2026-11-29", "23:30")))).toEqual([`Always ${w}`, `Bar ${w}`]);
    expect(names(await openNow(w, wat("2026-11-30", "01:30")))).toEqual([`Always ${w}`, `Bar ${w}`]);
    // A closed Sunday: the office is not open at noon.
    expect(names(await openNow(w, wat("2026-11-29", "12:00")))).toEqual([`Always ${w}`]);
  });

  it("counts like the other filters, with region and category, and leaves out listings without hours", async () => {
    const result = await openNow(w, wat("2026-11-25", "23:00"));
    expect(result.total).toBe(2);
    expect(result.isEstimate).toBe(false);
    expect(result.facets.regions).toEqual([{ name: "Lagos", count: 1 }, { name: "Oyo", count: 1 }]);
    const inOyo = await openNow(w, wat("2026-11-25", "23:00"), "&region=Oyo");
    expect(names(inOyo)).toEqual([`Bar ${w}`]);
    expect(inOyo.total).toBe(1);
    // The region list still offers Lagos (counted with the other filters, not this one).
    expect(inOyo.facets.regions).toEqual([{ name: "Lagos", count: 1 }, { name: "Oyo", count: 1 }]);
    // Without 'Open now', the same text finds the four public listings.
    expect((await searchBusinesses(parseBusinessFilters(new URLSearchParams(`q=${w}`)))).total).toBe(4);
  });

  it("shows open or closed on cards, only when hours are listed", async () => {
    // Cards are open or closed at the search's time: the 'Open now' search takes it from its options.
    const open = await openNow(w, wat("2026-11-25", "12:00"));
    expect(open.items.map((item) => item.openNow)).toEqual([true, true]);
    // Other searches read the clock (a minute turning during the test could flip one: it is read on both sides).
    const before = new Date();
    const result = await searchBusinesses(parseBusinessFilters(new URLSearchParams(`q=${w}`)));
    const card = (name: string) => result.items.find((item) => item.name === `${name} ${w}`);
    expect([isOpenAt(office, [], before), isOpenAt(office, [], new Date())]).toContain(card("Office")?.openNow);
    expect([isOpenAt(bar, [], before), isOpenAt(bar, [], new Date())]).toContain(card("Bar")?.openNow);
    expect(card("Always")?.openNow).toBe(true);
    expect(card("Unlisted")?.openNow).toBeNull();
  });

  it("leaves out a listing closed today (WAT), and only today", async () => {
    const v = word();
    const listing = await createBusiness(getDb(), { userId: ownerId, name: `Holiday ${v}`, openingHours: office });
    await getDb().insert(businessClosures).values({ businessId: listing.id, closedOn: "2026-11-25", note: "Staff training" });
    expect((await openNow(v, wat("2026-11-25", "12:00"))).total).toBe(0);
    expect((await openNow(v, wat("2026-11-26", "12:00"))).total).toBe(1);
    // The closure's day is the WAT date: 23:30 UTC on the 24th is already the 25th in Lagos.
    expect((await openNow(v, new Date("2026-11-24T23:30:00Z"))).total).toBe(0);

    const page = await getPublicBusiness(listing.id, wat("2026-11-24", "17:00"));
    expect(page.hours?.timeline[0].text).toBe("Open now · closes 6:00 pm");
    const evening = await getPublicBusiness(listing.id, wat("2026-11-24", "19:00"));
    expect(evening.hours?.timeline[0]).toMatchObject({ open: false, text: "Closed · opens Thu 8:00 am" });
    expect(evening.hours?.closures).toEqual([{ date: "2026-11-25", note: "Staff training", label: "Wed 25 Nov 2026" }]);
    const during = await getPublicBusiness(listing.id, wat("2026-11-25", "12:00"));
    expect(during.hours?.today).toBe("Today: Closed (Staff training)");
    expect(during.hours?.week[2]).toEqual({ day: "Wednesday", text: "8:00 am – 6:00 pm", isToday: true });

    const ld = JSON.parse(businessJsonLd(evening, "https://example.ng/business/x", [])) as Record<string, unknown[]>;
    expect(ld.openingHoursSpecification).toHaveLength(7);
    expect(ld.specialOpeningHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", validFrom: "2026-11-25", validThrough: "2026-11-25", opens: "00:00", closes: "00:00" },
    ]);
  });

  it("marks the night hours (20:00–07:00 WAT) a listing is open in, in its search vector, and stays exact at the minute", async () => {
    const v = word();
    const db = getDb();
    const make = (name: string, openingHours: WeeklyHours) => createBusiness(db, { userId: ownerId, name: `${name} ${v}`, openingHours });
    const markersOf = async (id: string) => {
      const [row] = await queryRows<{ markers: string[] }>(db, sql`select array(select lexeme from unnest(search_vector) where left(lexeme, 2) = '_o' order by lexeme) as markers from businesses where id = ${id}`);
      return [...row!.markers].sort();
    };
    const hourMarkers = (hoursOfDay: number[]) => Array.from({ length: 7 }, (_, day) => hoursOfDay.map((h) => `_o${day * 24 + h}`)).flat().sort();
    // The office is never open at night; the bar (18:00–02:00) is in 20–23 and, the next morning, 0–1.
    expect(await markersOf((await make("Office", office)).id)).toEqual([]);
    expect(await markersOf((await make("Bar", bar)).id)).toEqual(hourMarkers([20, 21, 22, 23, 0, 1]));
    expect(await markersOf((await make("Always", always)).id)).toEqual(hourMarkers([20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6]));
    // Late opening: in the 20:00 hour's marker, yet closed at 20:10 and open at 20:30.
    const late = await make("Late", Array.from({ length: 7 }, () => hours("20:30", "23:00")));
    expect(await markersOf(late.id)).toEqual(hourMarkers([20, 21, 22]));
    expect(names(await openNow(v, wat("2026-11-25", "20:10")))).toEqual([`Always ${v}`, `Bar ${v}`]);
    expect(names(await openNow(v, wat("2026-11-25", "20:30")))).toEqual([`Always ${v}`, `Bar ${v}`, `Late ${v}`]);
    // Browsing (no text) at night goes through the markers too: the listings open now, no other.
    const browsing = await searchBusinesses(parseBusinessFilters(new URLSearchParams("open=now&region=Lagos&category=Eatery")), { now: wat("2026-11-25", "20:10") });
    expect(browsing.items.every((item) => item.openNow)).toBe(true);
    // Changing the hours moves the markers with them.
    await db.execute(sql`update businesses set opening_hours = null, open_minutes = null where id = ${late.id}`);
    expect(await markersOf(late.id)).toEqual([]);
  });

  it("has no hours on a page that lists none, and no hours in its JSON-LD", async () => {
    const listing = await createBusiness(getDb(), { userId: ownerId, name: `Plain ${word()}` });
    const page = await getPublicBusiness(listing.id);
    expect(page.hours).toBeNull();
    expect(businessJsonLd(page, "https://example.ng/business/x", [])).not.toContain("openingHours");
  });
});

describe("'Open now' with the other filters and the rating order", () => {
  it("keeps an LGA, 'Rated 4+' and sort=rating: counts and pages of open listings only", async () => {
    const db = getDb();
    const v = word();
    const { createReview, createVisitor } = await import("../../../db/seed/factories");
    const make = (name: string, extra: Partial<Parameters<typeof createBusiness>[1]>) =>
      createBusiness(db, { userId: ownerId, name: `${name} ${v}`, openingHours: always, state: "Lagos", category: "Eatery", ...extra });
    const ikejaBest = await make("Ikeja best", { lga: "Ikeja" });
    const ikejaPoor = await make("Ikeja poor", { lga: "Ikeja" });
    const ikejaClosed = await make("Ikeja closed", { lga: "Ikeja", openingHours: office });
    await make("Eti Osa", { lga: "Eti Osa" });
    const authors = [await createVisitor(db), await createVisitor(db)];
    for (const author of authors) {
      await createReview(db, { businessId: ikejaBest.id, authorId: author.id, stars: 5 });
      await createReview(db, { businessId: ikejaPoor.id, authorId: author.id, stars: 2 });
      await createReview(db, { businessId: ikejaClosed.id, authorId: author.id, stars: 5 });
    }
    const night = wat("2026-11-25", "23:00");

    const inIkeja = await openNow(v, night, "&region=Lagos&lga=Ikeja");
    expect(names(inIkeja)).toEqual([`Ikeja best ${v}`, `Ikeja poor ${v}`]);
    expect(inIkeja.total).toBe(2);
    expect(inIkeja.facets.lgas).toEqual([{ name: "Eti Osa", count: 1 }, { name: "Ikeja", count: 2 }]);
    expect(inIkeja.facets.categories).toEqual([{ name: "Eatery", count: 2 }]);

    const rated = await openNow(v, night, "&rating=4");
    expect(rated.items.map((i) => i.id)).toEqual([ikejaBest.id]);
    expect(rated.total).toBe(1);

    const byRating = await openNow(v, night, "&sort=rating");
    // Best first; unreviewed (the prior, 3.5) above two 2-star reviews; the closed one not at all.
    expect(byRating.items.map((i) => i.name)).toEqual([`Ikeja best ${v}`, `Eti Osa ${v}`, `Ikeja poor ${v}`]);
    // Browsing (no text) by rating with an LGA: the open ones, best first.
    const browsed = await searchBusinesses(parseBusinessFilters(new URLSearchParams("open=now&region=Lagos&lga=Ikeja&sort=rating")), { now: night });
    const mine = browsed.items.map((i) => i.id).filter((id) => [ikejaBest.id, ikejaPoor.id, ikejaClosed.id].includes(id));
    expect(mine).toEqual([ikejaBest.id, ikejaPoor.id]);
  });
});
