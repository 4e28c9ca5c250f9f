import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createOwner } from "../../../db/seed/factories";
import { getDb, queryRows } from "../../lib/db.server";
import { distanceMeters, type LatLng } from "../../lib/geo";
import { nearSearch } from "./internal/near-search.server";
import { parseBusinessFilters } from "./parse-business-filters";
import { searchBusinesses } from "./search-businesses.server";

const search = (query: string) => searchBusinesses(parseBusinessFilters(new URLSearchParams(query)));
const word = () => `zn${randomUUID().replace(/-/g, "").slice(0, 10)}`;
/** A point `km` north of `from` (a degree of latitude is 111.318 km on our sphere, radius 6,378,168 m). */
const north = (from: LatLng, km: number): LatLng => ({ latitude: from.latitude + km / 111.31833, longitude: from.longitude });
/** A point `km` east of `from` along its parallel (shorter degrees of longitude further north). */
const east = (from: LatLng, km: number): LatLng => ({
  latitude: from.latitude,
  longitude: from.longitude + km / (111.31833 * Math.cos((from.latitude * Math.PI) / 180)),
});
let ownerId: string;

async function listingAt(point: LatLng | null, extra: Partial<Parameters<typeof createBusiness>[1]> = {}) {
  return createBusiness(getDb(), { userId: ownerId, state: "Borno", ...(point ?? {}), ...extra });
}

beforeAll(async () => {
  ownerId = (await createOwner(getDb())).id;
});

describe("near=lat,lng", () => {
  it("finds public listings within 25 km, nearest first, each with its distance; farther, unlocated and unpublished ones are left out", async () => {
    // Each test uses its own corner of Nigeria, so the others' listings are far away.
    const here = { latitude: 11.5, longitude: 13.5 };
    const far = await listingAt(north(here, 12));
    const nearest = await listingAt(north(here, 0.4));
    const middle = await listingAt(north(here, 2.3));
    await listingAt(north(here, 30));
    await listingAt(null);
    await listingAt(north(here, 0.1), { status: "pending" });
    await listingAt(north(here, 0.2), { ownerSuspended: true });

    const result = await search(`near=${here.latitude},${here.longitude}`);
    expect(result.items.map((i) => i.id)).toEqual([nearest.id, middle.id, far.id]);
    expect(result.total).toBe(3);
    expect(result.near).toEqual({ radiusKm: 25, capped: false });
    expect(result.items.map((i) => i.distanceMeters)).toEqual([400, 2300, 12000].map((m) => expect.closeTo(m, -1)));
    expect(result.facets.regions).toEqual([{ name: "Borno", count: 3 }]);
    // The great-circle distance, not the flat map's.
    expect(result.items[1]!.distanceMeters).toBeCloseTo(distanceMeters(here, north(here, 2.3)), -1);
  });

  it("with text: the matches within the radius, nearest first, through the text index or (a common text) the location index", async () => {
    const here = { latitude: 7.2, longitude: 8.6 };
    const text = word();
    const b = await listingAt(north(here, 8), { name: `Mama ${text} Kitchen`, state: "Benue" });
    const a = await listingAt(north(here, 1), { products: [`${text} stew`], state: "Benue" });
    await listingAt(north(here, 0.5), { name: "Somebody else", state: "Benue" });
    await listingAt(north(here, 40), { name: `${text} far away`, state: "Benue" });

    const result = await search(`q=${text}&near=${here.latitude},${here.longitude}`);
    expect(result.items.map((i) => i.id)).toEqual([a.id, b.id]);
    expect(result.total).toBe(2);

    // The same through the location index, as a text many listings have is searched.
    const filters = { ...parseBusinessFilters(new URLSearchParams(`q=${text}`)), near: here };
    const query = sql`to_tsquery('simple', ${`${text}:*`})`;
    const viaIndex = await nearSearch(filters, query, { pageSize: 20, rareTextLimit: 0 });
    expect(viaIndex.items.map((i) => i.id)).toEqual([a.id, b.id]);
    expect(viaIndex.near).toEqual({ radiusKm: 25, capped: false });
  });

  it("orders and keeps by true distance, not by the index's flat map (up to 2% off at Nigeria's north and south edges)", async () => {
    // At 13.9°N the flat map stretches east-west distances by 1.8%: 24.9 km east is 25.35 km on the map, and 9.8 km
    // east is farther on the map than 9.9 km south, though nearer on the earth.
    const here = { latitude: 13.9, longitude: 13.2 };
    const edge = await listingAt(east(here, 24.9));
    const nearEast = await listingAt(east(here, 9.8));
    const nearSouth = await listingAt({ latitude: here.latitude - 9.9 / 111.31833, longitude: here.longitude });
    await listingAt(east(here, 25.3));

    const result = await search(`near=${here.latitude},${here.longitude}`);
    expect(result.items.map((i) => i.id)).toEqual([nearEast.id, nearSouth.id, edge.id]);
    expect(result.items.map((i) => i.distance)).toEqual(["9.8 km away", "9.9 km away", "25 km away"]);
    expect(result.near).toEqual({ radiusKm: 25, capped: false });
  });

  it("applies the category and region, orders by rating on sort=rating, and pages", async () => {
    const here = { latitude: 12.9, longitude: 5.3 };
    const ids: string[] = [];
    for (let km = 1; km <= 5; km++) ids.push((await listingAt(north(here, km), { category: "Pharmacy store", state: "Sokoto" })).id);
    await listingAt(north(here, 0.5), { category: "Bakery", state: "Sokoto" });

    const near = `near=${here.latitude},${here.longitude}`;
    const pharmacies = await search(`${near}&category=pharmacy store`);
    expect(pharmacies.items.map((i) => i.id)).toEqual(ids);
    expect(pharmacies.facets.categories).toEqual([{ name: "Pharmacy store", count: 5 }]);
    expect((await search(`${near}&region=Lagos`)).items).toEqual([]);

    const page = await nearSearch({ ...parseBusinessFilters(new URLSearchParams("category=Pharmacy store&page=2")), near: here }, null, { pageSize: 2 });
    expect(page.items.map((i) => i.id)).toEqual(ids.slice(2, 4));
    expect([page.hasPrevious, page.hasNext, page.total]).toEqual([true, true, 5]);

    await getDb().execute(sql`update businesses set rating_score = 4.9, review_count = 3, review_stars_5 = 3, review_star_sum = 15 where id = ${ids[3]}`);
    const byRating = await search(`${near}&category=Pharmacy store&sort=rating`);
    expect(byRating.items[0]!.id).toBe(ids[3]);
  });

  it("is bounded: at most the nearest NEAREST_READ listings are read and NEAR_RESULT_LIMIT counted, and then says 'at least'", async () => {
    const here = { latitude: 9.9, longitude: 8.9 };
    const ids: string[] = [];
    for (let km = 1; km <= 4; km++) ids.push((await listingAt(north(here, km), { state: "Plateau" })).id);
    const filters = { ...parseBusinessFilters(new URLSearchParams("")), near: here };

    const read = await nearSearch(filters, null, { pageSize: 20, nearestRead: 2 });
    expect(read.items.map((i) => i.id)).toEqual(ids.slice(0, 2));
    expect(read.near).toEqual({ radiusKm: 25, capped: true });
    expect(read.lastPage).toBe(1);

    const counted = await nearSearch(filters, null, { pageSize: 20, resultLimit: 3 });
    expect(counted.total).toBe(3);
    expect(counted.near?.capped).toBe(true);

    const all = await nearSearch(filters, null, { pageSize: 20 });
    expect(all.total).toBe(4);
    expect(all.near?.capped).toBe(false);
  });

  it("reads the nearest through the location index (a KNN scan), not by sorting the radius", async () => {
    const plan = await getDb().transaction(async (tx) => {
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`);
      return queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain select id from businesses
          where latitude is not null and approved and approval_status = 'approved' and not owner_suspended and user_id is not null
            and point(longitude * 0.98769, latitude) <@ box(point(3.1, 6.2), point(3.6, 6.8))
          order by point(longitude * 0.98769, latitude) <-> point(3.36, 6.5) limit 21`,
      );
    });
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toContain("businesses_public_location_idx");
    expect(text).not.toMatch(/\bSort\b/);
  });

  it("ignores a near= it cannot read, and says so", () => {
    for (const bad of ["abc", "6.5", "6.5,3.4,1", "51.5,-0.12", "6.5e1,3", "NaN,NaN", "Infinity,3"]) {
      const filters = parseBusinessFilters(new URLSearchParams({ near: bad }));
      expect(filters.near, bad).toBeNull();
      expect(filters.nearIgnored, bad).toBe(true);
    }
    expect(parseBusinessFilters(new URLSearchParams("near=6.524412345, 3.379287")).near).toEqual({ latitude: 6.5244, longitude: 3.3793 });
    expect(parseBusinessFilters(new URLSearchParams("")).nearIgnored).toBe(false);
  });
});
