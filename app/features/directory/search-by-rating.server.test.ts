import { inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businesses } from "../../../db/schema";
import { createBusiness, createOwner, createReview, createVisitor, uniqueSuffix } from "../../../db/seed/factories";
import { getDb, queryRows } from "../../lib/db.server";
import { lgasOf } from "../../lib/nigeria-lgas";
import { setReviewVisibility } from "../reviews/set-review-visibility.server";
import { parseBusinessFilters } from "./parse-business-filters";
import { searchBusinesses } from "./search-businesses.server";
import { clearDirectoryCaches } from "./clear-directory-caches.server";

const search = (query: string, options?: Parameters<typeof searchBusinesses>[1]) => searchBusinesses(parseBusinessFilters(new URLSearchParams(query)), options);
let ownerId: string;
let authors: string[];

async function rated(name: string, stars: number[], extra: Partial<Parameters<typeof createBusiness>[1]> = {}) {
  const row = await createBusiness(getDb(), { userId: ownerId, name, ...extra });
  for (const [i, s] of stars.entries()) await createReview(getDb(), { businessId: row.id, authorId: authors[i]!, stars: s });
  return row;
}

beforeAll(async () => {
  ownerId = (await createOwner(getDb())).id;
  authors = [];
  for (let i = 0; i < 20; i++) authors.push((await createVisitor(getDb())).id);
});

describe("sort=rating (Bayesian: (5·3.5 + sum) / (5 + count))", () => {
  it("ranks twenty 4.6-star reviews above one 5-star review, unreviewed in between, poor ones last; featured do not jump ahead", async () => {
    const word = `zq${uniqueSuffix()}`;
    const many = await rated(`Many ${word}`, [...Array(12).fill(5), ...Array(8).fill(4)]);
    const one = await rated(`One ${word}`, [5]);
    const none = await rated(`None ${word}`, [], { featured: true, featuredUntil: new Date(Date.now() + 86_400_000) });
    const poor = await rated(`Poor ${word}`, [1, 1]);

    const byRating = await search(`q=${word}&sort=rating`);
    expect(byRating.items.map((i) => i.id)).toEqual([many.id, one.id, none.id, poor.id]);
    expect(byRating.items.map((i) => i.rating)).toEqual(["4.6 (20)", "5.0 (1)", null, "1.0 (2)"]);
    expect(byRating.total).toBe(4);
    // Without sort=rating the order is the usual one (featured first).
    expect((await search(`q=${word}`)).items[0]!.id).toBe(none.id);

    // Browsing (no text) by rating reads the stored score in order too.
    const browsed = await search("sort=rating");
    const scores = await getDb()
      .select({ id: businesses.id, score: businesses.ratingScore })
      .from(businesses)
      .where(inArray(businesses.id, browsed.items.map((i) => i.id)));
    const scoreOf = new Map(scores.map((s) => [s.id, s.score]));
    const ordered = browsed.items.map((i) => scoreOf.get(i.id)!);
    expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
    expect(browsed.items[0]!.id).toBe(many.id);
  });

  it("reads only sort=rating; anything else is the default order", () => {
    expect(parseBusinessFilters(new URLSearchParams("sort=rating")).sort).toBe("rating");
    expect(parseBusinessFilters(new URLSearchParams("sort=name")).sort).toBeNull();
  });
});

describe("rating=4 ('Rated 4+')", () => {
  /** Public listings averaging 4 stars or more, counted straight from the table. */
  async function rated4InTable(where = sql``) {
    const [row] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from businesses where approved and approval_status = 'approved' and not owner_suspended
        and user_id is not null and review_count > 0 and review_star_sum >= 4 * review_count ${where}`,
    );
    return Number(row?.n ?? 0);
  }

  it("keeps listings averaging exactly 4.0 or more, never unreviewed ones, with and without text", async () => {
    const word = `zr${uniqueSuffix()}`;
    const four = await rated(`Four ${word}`, [5, 3]);
    const best = await rated(`Best ${word}`, [5, 5, 5]);
    await rated(`Almost ${word}`, [4, 4, 4, 4, 3]);
    await rated(`Unrated ${word}`, []);

    const found = await search(`q=${word}&rating=4`);
    expect(new Set(found.items.map((i) => i.id))).toEqual(new Set([four.id, best.id]));
    expect(found.total).toBe(2);
    expect(found.facets.regions.reduce((n, f) => n + f.count, 0)).toBe(2);
    expect((await search(`q=${word}`)).total).toBe(4);
    // With the rating order too.
    expect((await search(`q=${word}&rating=4&sort=rating`)).items.map((i) => i.id)).toEqual([best.id, four.id]);
    expect(parseBusinessFilters(new URLSearchParams("rating=5")).minRating).toBeNull();
  });

  it("browses with exact counts kept by trigger: a hidden review moves a listing out, publishing it back in", async () => {
    const word = `zs${uniqueSuffix()}`;
    const kanoLga = lgasOf("Kano")[0]!;
    const listing = await rated(`Kept ${word}`, [5, 4], { state: "Kano", lga: kanoLga, category: "Bakery" });
    const low = await createReview(getDb(), { businessId: listing.id, authorId: authors[5]!, stars: 1, status: "hidden" });
    // Browsing's counts are kept 60 s (ADR 27); the events that change listings empty them, as here.
    clearDirectoryCaches();

    const before = await search("rating=4");
    expect(before.total).toBe(await rated4InTable());
    expect(before.items.length).toBeGreaterThan(0);
    const kano = (r: typeof before) => r.facets.regions.find((f) => f.name === "Kano")?.count ?? 0;
    expect(kano(before)).toBe(await rated4InTable(sql`and state = 'Kano'`));
    const inKanoBakeries = await search("rating=4&region=Kano&category=Bakery");
    expect(inKanoBakeries.items.map((i) => i.id)).toContain(listing.id);
    // Per LGA too (business_rated4_lga_counts): the region's LGA list and the LGA's own page.
    const inLga = await search(`rating=4&region=Kano&lga=${encodeURIComponent(kanoLga)}`);
    expect(inLga.total).toBe(await rated4InTable(sql`and state = 'Kano' and lga = ${kanoLga}`));
    expect(inLga.items.map((i) => i.id)).toContain(listing.id);
    expect(before.facets.lgas ?? []).toEqual([]);
    const lgaCount = (await search("rating=4&region=Kano")).facets.lgas?.find((f) => f.name === kanoLga)?.count;
    expect(lgaCount).toBe(await rated4InTable(sql`and state = 'Kano' and lga = ${kanoLga}`));

    // Publishing the 1-star review makes the average 3.3: out of 'Rated 4+', and out of its counts.
    await getDb().transaction((tx) => setReviewVisibility(tx, low.id, "published"));
    clearDirectoryCaches();
    const after = await search("rating=4");
    expect(after.total).toBe(before.total - 1);
    expect(kano(after)).toBe(kano(before) - 1);
    expect((await search("rating=4&region=Kano&category=Bakery")).items.map((i) => i.id)).not.toContain(listing.id);
    expect((await search(`rating=4&region=Kano&lga=${encodeURIComponent(kanoLga)}`)).total).toBe(inLga.total - 1);

    await getDb().transaction((tx) => setReviewVisibility(tx, low.id, "hidden"));
    clearDirectoryCaches();
    expect((await search("rating=4")).total).toBe(before.total);
  });

  it("filters a large result read in index order and its sampled counts", async () => {
    const word = `zt${uniqueSuffix()}`;
    const good: string[] = [];
    for (let i = 0; i < 6; i++) good.push((await rated(`Good ${word} ${i}`, [5, 4])).id);
    for (let i = 0; i < 6; i++) await rated(`Plain ${word} ${i}`, [i % 2 ? 3 : 2]);
    // Thresholds small enough that 12 matches are 'large': counted from a sample, paged in index order.
    const options = { pageSize: 4, exactMatchLimit: 3, sampleTarget: 2, probeRows: 50 };
    const ids: string[] = [];
    for (let page = 1; page <= 3; page++) ids.push(...(await search(`q=${word}&rating=4&page=${page}`, options)).items.map((i) => i.id));
    expect(new Set(ids)).toEqual(new Set(good));
    const byRating = await search(`q=${word}&rating=4&sort=rating`, options);
    expect(byRating.items.every((i) => good.includes(i.id))).toBe(true);
  });
});
