import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businesses } from "../../../db/schema";
import { createBusiness, createOwner, createReview, createVisitor, uniqueSuffix } from "../../../db/seed/factories";
import { getDb } from "../../lib/db.server";
import { parseBusinessFilters } from "./parse-business-filters";
import { searchBusinesses } from "./search-businesses.server";

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
