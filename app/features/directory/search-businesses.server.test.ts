import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addBusinessImage, createBusiness, createOwner, uniqueSuffix, type BusinessRow } from "../../../db/seed/factories";
import { getDatabase, getDb, queryRows } from "../../lib/db.server";
import { parseBusinessFilters } from "./parse-business-filters";
import { resetSearchCaches, searchBusinesses, type BusinessSearchResult } from "./search-businesses.server";
import { clearDirectoryCaches } from "./clear-directory-caches.server";

/** A word no other row has: letters and digits only, like the words people type. */
const uniqueWord = () => `zq${uniqueSuffix()}`;
const search = (query: string, options?: Parameters<typeof searchBusinesses>[1]) => searchBusinesses(parseBusinessFilters(new URLSearchParams(query)), options);

/**
 * The statements `run` sends to the embedded database (PGlite's query and exec, in transactions too): which
 * statements a search chooses, watched rather than changed. PostgreSQL runs the same code.
 */
async function statementsOf(run: () => Promise<void>): Promise<string[]> {
  const pglite = getDatabase().pglite as unknown as Record<string, (...a: unknown[]) => unknown>;
  const sent: string[] = [];
  const watch = (target: Record<string, (...a: unknown[]) => unknown>) => {
    for (const name of ["query", "exec"]) {
      const original = target[name]!;
      target[name] = (...a: unknown[]) => {
        sent.push(String(a[0]));
        return original.apply(target, a);
      };
    }
  };
  const originals = { query: pglite.query!, exec: pglite.exec!, transaction: pglite.transaction! };
  watch(pglite);
  pglite.transaction = (fn: unknown) =>
    originals.transaction.call(pglite, async (tx: Record<string, (...a: unknown[]) => unknown>) => {
      watch(tx);
      return (fn as (tx: unknown) => unknown)(tx);
    });
  try {
    await run();
  } finally {
    Object.assign(pglite, originals);
  }
  return sent;
}
const ids = (result: BusinessSearchResult) => result.items.map((item) => item.id);
const count = (facets: { name: string; count: number }[], name: string) => facets.find((f) => f.name === name)?.count ?? 0;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

let ownerId: string;
beforeAll(async () => {
  ownerId = (await createOwner(getDb())).id;
});
const business = (input: Omit<Parameters<typeof createBusiness>[1], "userId"> & { userId?: string | null }) =>
  createBusiness(getDb(), { userId: ownerId, ...input });

describe("text search", () => {
  it("finds only public listings: not pending, rejected, hidden by a suspended owner or orphaned", async () => {
    const word = uniqueWord();
    const listed = await business({ name: `Listed ${word}` });
    await business({ name: `Pending ${word}`, status: "pending" });
    await business({ name: `Rejected ${word}`, status: "rejected" });
    await business({ name: `Suspended ${word}`, ownerSuspended: true });
    await business({ name: `Orphaned ${word}`, userId: null });

    const result = await search(`q=${word}`);
    expect(ids(result)).toEqual([listed.id]);
    expect(result.total).toBe(1);
    expect(result.isEstimate).toBe(false);
  });

  it("matches every field the spec names: name, description, address, products, state and category", async () => {
    const word = uniqueWord();
    const rows = await Promise.all([
      business({ name: `Name ${word}` }),
      business({ description: `We are ${word} people.` }),
      business({ address: `3 ${word} Close, Ikeja` }),
      business({ products: ["Rice", `${word} bags`] }),
      business({ state: "Kebbi", description: `Kebbi branch of ${word}` }),
      business({ category: "Vulcanizer", description: `Ask for ${word}` }),
    ]);
    expect(new Set(ids(await search(`q=${word}`)))).toEqual(new Set(rows.map((r) => r.id)));
    // The state and the category are searched as text too: both words must match.
    expect(ids(await search(`q=${word} kebbi`))).toEqual([rows[4].id]);
    expect(ids(await search(`q=${word} vulcanizer`))).toEqual([rows[5].id]);
  });

  it("ranks the name first, then category and products, then address, then description", async () => {
    const word = uniqueWord();
    // The newest has the weakest match, so relevance, not date, decides.
    const inName = await business({ name: `${word} Stores`, createdAt: minutesAgo(40) });
    const inProducts = await business({ products: [word], createdAt: minutesAgo(30) });
    const inAddress = await business({ address: `1 ${word} Road`, createdAt: minutesAgo(20) });
    const inDescription = await business({ description: `Ask for ${word}.`, createdAt: minutesAgo(10) });
    expect(ids(await search(`q=${word}`))).toEqual([inName.id, inProducts.id, inAddress.id, inDescription.id]);
  });

  it("puts currently featured listings first; an ended placement counts as not featured", async () => {
    const word = uniqueWord();
    const featured = await business({ description: `Sells ${word}`, featured: true, featuredUntil: new Date(Date.now() + 86_400_000), createdAt: minutesAgo(60) });
    const ended = await business({ description: `Sells ${word}`, featured: true, featuredUntil: minutesAgo(5), createdAt: minutesAgo(50) });
    const byName = await business({ name: `${word} Hub`, createdAt: minutesAgo(70) });
    const result = await search(`q=${word}`);
    expect(ids(result)).toEqual([featured.id, byName.id, ended.id]);
    expect(result.items.map((item) => item.featured)).toEqual([true, false, false]);
  });

  it("finds partial words and 3-letter words as word prefixes, and words joined by '/'", async () => {
    const word = uniqueWord();
    const pharmacy = await business({ name: `${word} Pharmacy` });
    const bar = await business({ category: "Restaurant/Bar", description: `Home of ${word}` });
    const barber = await business({ name: `${word} Barbers` });
    expect(ids(await search(`q=${word} pharm`))).toEqual([pharmacy.id]);
    expect(new Set(ids(await search(`q=${word} bar`)))).toEqual(new Set([bar.id, barber.id]));
    expect(ids(await search(`q=${word} restaurant`))).toEqual([bar.id]);
  });

  it("finds the same listings for a word in the singular and the plural (issue 32: 'pharmacy' 3, 'pharmacies' 2)", async () => {
    const word = uniqueWord();
    const one = await business({ name: `${word} Pharmacy` });
    const many = await business({ name: `${word} Pharmacies`, description: "Two branches" });
    const hotel = await business({ name: `${word} Hotel` });
    const hotels = await business({ description: `Budget hotels near ${word}` });
    const both = new Set([one.id, many.id]);
    expect(new Set(ids(await search(`q=${word} pharmacy`)))).toEqual(both);
    expect(new Set(ids(await search(`q=${word} pharmacies`)))).toEqual(both);
    expect(new Set(ids(await search(`q=${word} hotel`)))).toEqual(new Set([hotel.id, hotels.id]));
    expect(new Set(ids(await search(`q=${word} hotels`)))).toEqual(new Set([hotel.id, hotels.id]));
  });

  it("finds a misspelt name ('Mama Cass Kitchn') by how closely names resemble the text", async () => {
    const cass = await business({ name: "Mama Cass Kitchen", category: "Eatery" });
    const other = await business({ name: `Iya Basira Buka ${uniqueWord()}` });
    const result = await search("q=Mama Cass Kitchn");
    expect(result.items[0]?.id).toBe(cass.id);
    expect(ids(result)).not.toContain(other.id);
    expect(ids(await search("q=mama  CASS kitchen"))[0]).toBe(cass.id);
  });

  it("treats the text as words only: quotes, operators and SQL are not syntax", async () => {
    const word = uniqueWord();
    const row = await business({ name: `O'Brien ${word}` });
    expect(ids(await search(`q=${encodeURIComponent(`'${word}' & !(|) <->`)}`))).toEqual([row.id]);
    expect(ids(await search(`q=${encodeURIComponent(`o'brien ${word}!!`)}`))).toEqual([row.id]);
    const odd = await search(`q=${encodeURIComponent("'); drop table businesses; -- \\ % _")}`);
    // Searched as the words it contains: nothing named O'Brien matches 'drop table businesses', and the
    // table is still there for the next search.
    expect(ids(odd)).not.toContain(row.id);
    expect(ids(await search(`q=${word}`))).toEqual([row.id]);
  });
});

describe("filters and counts", () => {
  it("filters by region and category (any letter case) and counts each for the current text and the other filter", async () => {
    const word = uniqueWord();
    await business({ description: word, state: "Lagos", category: "Eatery" });
    await business({ description: word, state: "Lagos", category: "Eatery" });
    await business({ description: word, state: "Lagos", category: "Hotel" });
    await business({ description: word, state: "Kano", category: "Eatery" });
    await business({ description: "no match here", state: "Lagos", category: "Eatery" });

    const all = await search(`q=${word}`);
    expect(all.total).toBe(4);
    expect(all.facets.regions).toEqual([{ name: "Kano", count: 1 }, { name: "Lagos", count: 3 }]);
    expect(all.facets.categories).toEqual([{ name: "Eatery", count: 3 }, { name: "Hotel", count: 1 }]);

    const eateries = await search(`q=${word}&category=eatery`);
    expect(eateries.total).toBe(3);
    expect(eateries.items).toHaveLength(3);
    expect(eateries.facets.regions).toEqual([{ name: "Kano", count: 1 }, { name: "Lagos", count: 2 }]);
    expect(eateries.facets.categories).toEqual([{ name: "Eatery", count: 3 }, { name: "Hotel", count: 1 }]);

    const lagosEateries = await search(`q=${word}&category=Eatery&region=lagos`);
    expect(lagosEateries.total).toBe(2);
    expect(lagosEateries.items.every((item) => item.state === "Lagos" && item.category === "Eatery")).toBe(true);
    expect(lagosEateries.facets.regions).toEqual([{ name: "Kano", count: 1 }, { name: "Lagos", count: 2 }]);
    expect(lagosEateries.facets.categories).toEqual([{ name: "Eatery", count: 2 }, { name: "Hotel", count: 1 }]);
  });

  it("without text: featured first then newest, and counts kept exact as listings come and go", async () => {
    const before = await search("region=Zamfara&category=Cinema");
    const old = await business({ state: "Zamfara", category: "Cinema", createdAt: minutesAgo(300) });
    const featured = await business({ state: "Zamfara", category: "Cinema", featured: true, createdAt: minutesAgo(200) });
    const newest = await business({ state: "Zamfara", category: "Cinema", createdAt: minutesAgo(1) });
    const ended = await business({ state: "Zamfara", category: "Cinema", featured: true, featuredUntil: minutesAgo(1), createdAt: minutesAgo(100) });
    const hidden = await business({ state: "Zamfara", category: "Cinema", status: "pending" });
    // Browsing's counts are kept 60 s (ADR 27); the events that change listings empty them, as here.
    clearDirectoryCaches();

    const after = await search("region=Zamfara&category=Cinema");
    expect(ids(after).slice(0, 4)).toEqual([featured.id, newest.id, ended.id, old.id]);
    expect(after.total).toBe(before.total + 4);
    expect(count(after.facets.regions, "Zamfara")).toBe(count(before.facets.regions, "Zamfara") + 4);
    expect(count(after.facets.categories, "Cinema")).toBe(count(before.facets.categories, "Cinema") + 4);

    // Approval, suspension, moves and deletion keep the maintained counts right.
    const db = getDb();
    await db.execute(sql`update businesses set approved = true, approval_status = 'approved' where id = ${hidden.id}`);
    await db.execute(sql`update businesses set owner_suspended = true where id = ${old.id}`);
    await db.execute(sql`update businesses set state = 'Kano' where id = ${newest.id}`);
    await db.execute(sql`delete from businesses where id = ${ended.id}`);
    await db.execute(sql`update businesses set view_count = view_count + 1 where id = ${featured.id}`);
    // Browsing's counts are kept 60 s (ADR 27); the events that change listings empty them, as here.
    clearDirectoryCaches();
    const later = await search("region=Zamfara&category=Cinema");
    expect(later.total).toBe(before.total + 2);
    expect(new Set(ids(later).slice(0, 2))).toEqual(new Set([featured.id, hidden.id]));
    const [exact] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from businesses where state = 'Zamfara' and category = 'Cinema'
        and approved and approval_status = 'approved' and not owner_suspended and user_id is not null`,
    );
    expect(later.total).toBe(exact.n);
  });

  it("keeps browsing's counts a short while for every visitor, until clearDirectoryCaches (ADR 27)", async () => {
    const first = await search("region=Yobe&category=Dentist");
    const added = await business({ state: "Yobe", category: "Dentist", createdAt: minutesAgo(1) });
    // Within the 60 s, the counts are the kept ones.
    const kept = await search("region=Yobe&category=Dentist&page=1");
    expect(kept.total).toBe(first.total);
    expect(count(kept.facets.regions, "Yobe")).toBe(count(first.facets.regions, "Yobe"));
    clearDirectoryCaches();
    const fresh = await search("region=Yobe&category=Dentist");
    expect(fresh.total).toBe(first.total + 1);
    expect(count(fresh.facets.regions, "Yobe")).toBe(count(first.facets.regions, "Yobe") + 1);
    expect(ids(fresh)).toContain(added.id);
  });

  it("pages through results, keeping the order and never repeating a listing", async () => {
    const word = uniqueWord();
    const rows: BusinessRow[] = [];
    for (let i = 0; i < 12; i++) rows.push(await business({ description: `Fresh ${word}`, createdAt: minutesAgo(100 - i) }));
    const newestFirst = rows.map((r) => r.id).reverse();
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await search(`q=${word}&page=${page}`, { pageSize: 5 }));
    expect(pages.map(ids)).toEqual([newestFirst.slice(0, 5), newestFirst.slice(5, 10), newestFirst.slice(10)]);
    expect(pages.map((p) => [p.hasPrevious, p.hasNext])).toEqual([[false, true], [true, true], [true, false]]);
    expect((await search(`q=${word}&page=4`, { pageSize: 5 })).items).toEqual([]);
  });

  it("browsing without text stops at the last listing and at the last page browsed, and says so", async () => {
    for (let i = 0; i < 5; i++) await business({ state: "Ekiti", category: "Bookshop", createdAt: minutesAgo(500 - i) });
    const query = "region=Ekiti&category=Bookshop";
    const { total } = await search(query);
    expect(total).toBeGreaterThanOrEqual(5);
    // One listing a page and as many pages as listings: every page is there, the last has no Next.
    const last = await search(`${query}&page=${total}`, { pageSize: 1, browsePages: total });
    expect([last.items.length, last.hasNext, last.lastPage]).toEqual([1, false, null]);
    const beyond = await search(`${query}&page=${total + 1}`, { pageSize: 1, browsePages: total });
    expect([beyond.items, beyond.hasPrevious, beyond.total]).toEqual([[], true, total]);
    // Fewer pages browsed than listings: paged that far, with lastPage to say why.
    const capped = await search(`${query}&page=2`, { pageSize: 1, browsePages: 2 });
    expect([capped.items.length, capped.hasNext, capped.lastPage]).toEqual([1, false, 2]);
    const past = await search(`${query}&page=3`, { pageSize: 1, browsePages: 2 });
    expect([past.items, past.lastPage]).toEqual([[], 2]);
  });

  it("cards show at most 2 products, how many more, and the first image at card and thumbnail widths", async () => {
    const word = uniqueWord();
    const withImages = await business({ name: `Cards ${word}`, products: ["Bread", "Cake", "Pies", "Chin chin"], createdAt: minutesAgo(2) });
    await addBusinessImage(getDb(), { businessId: withImages.id, imageUrl: `${withImages.id}/2.webp`, position: 2 });
    const first = await addBusinessImage(getDb(), { businessId: withImages.id, imageUrl: `${withImages.id}/1.webp`, position: 1 });
    await business({ name: `Bare ${word}`, createdAt: minutesAgo(1) });
    const [bare, card] = (await search(`q=${word}`)).items;
    expect(card.products).toEqual(["Bread", "Cake"]);
    expect(card.moreProducts).toBe(2);
    const v = first.createdAt.getTime();
    expect(card.imageSrc).toBe(`/media/business-images/${withImages.id}/1.webp?w=640&v=${v}`);
    expect(card.imageSrcSet).toBe(`/media/business-images/${withImages.id}/1.webp?w=320&v=${v} 320w, /media/business-images/${withImages.id}/1.webp?w=640&v=${v} 640w`);
    expect([bare.imageSrc, bare.imageSrcSet, bare.moreProducts]).toEqual([null, null, 0]);
  });
});

describe.each([
  // A word in most listings: told by a block sample of the table, counted from it.
  { path: "a common word (block sample)", options: { exactMatchLimit: 100, sampleTarget: 300, probeRows: 200 }, watched: false },
  // A word in fewer listings than the dense share but more than the exact limit: a hash sample found in the index.
  // (Its whole-table sample also serves the test of which statements a phrase sends.)
  { path: "a less common word (hash sample)", options: { exactMatchLimit: 100, sampleTarget: 300, denseShare: 1.01 }, watched: true },
])("very large result sets: $path", ({ options, watched }) => {
  // Thresholds scaled down so about a thousand rows behave like a word in a directory of millions.
  let word: string;
  // A second word every bulk listing has right after the first ('pounded yam'): a phrase of two words.
  let partner: string;
  let featured: BusinessRow[];
  let named: BusinessRow[];

  beforeAll(async () => {
    word = uniqueWord();
    partner = uniqueWord();
    await getDb().execute(sql`
      insert into businesses (user_id, name, description, state, category, approved, approval_status, approved_at, created_at, updated_at)
      select ${ownerId}, 'Bulk listing ' || g, 'We sell ' || ${word} || ' ' || ${partner} || ' every day.', case when g % 4 = 0 then 'Kano' else 'Oyo' end,
        'Bakery', true, 'approved', now(), now() - make_interval(mins => 1000 + g), now()
      from generate_series(1, 1000) as g`);
    featured = [
      await business({ description: `${word} deals`, featured: true, createdAt: minutesAgo(5000) }),
      await business({ description: `${word} deals`, featured: true, createdAt: minutesAgo(6000) }),
    ];
    named = [];
    for (let i = 0; i < 3; i++) named.push(await business({ name: `${word} House ${i}`, createdAt: minutesAgo(3000 + i) }));
    // The planner's statistics are what first tell a common word (as after autovacuum in a live database).
    await getDb().execute(sql`analyze businesses`);
    resetSearchCaches();
  });

  it("estimates counts from a sample, and orders featured, then names with the words, then newest", async () => {
    const result = await search(`q=${word}`, options);
    expect(result.isEstimate).toBe(true);
    expect(result.total).toBeGreaterThan(700);
    expect(result.total).toBeLessThan(1400);
    const oyo = count(result.facets.regions, "Oyo");
    const kano = count(result.facets.regions, "Kano");
    expect(oyo).toBeGreaterThan(kano);
    expect(count(result.facets.categories, "Bakery")).toBeGreaterThan(500);

    expect(ids(result).slice(0, 5)).toEqual([...featured.map((r) => r.id), ...named.map((r) => r.id)]);
    // Then the newest of the rest: the bulk rows, one minute apart.
    const rest = result.items.slice(5).map((item) => item.name);
    expect(rest).toEqual(Array.from({ length: 15 }, (_, i) => `Bulk listing ${i + 1}`));
    expect(result.hasNext).toBe(true);
    expect(result.lastPage).toBe(10);
  });

  it("counts a phrase whose words always go together like one common word", async () => {
    // The planner multiplies the two words' shares; the least common word bounds the phrase, so a sample tells.
    const result = await search(`q=${word} ${partner}`, options);
    expect(result.isEstimate).toBe(true);
    expect(result.total).toBeGreaterThan(700);
    expect(result.total).toBeLessThan(1400);
    expect(count(result.facets.regions, "Oyo")).toBeGreaterThan(count(result.facets.regions, "Kano"));
    // Only the bulk listings have both words: the newest first.
    expect(result.items.map((item) => item.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Bulk listing ${i + 1}`));
    expect([result.hasNext, result.lastPage]).toEqual([true, 10]);
  });

  it.runIf(watched)("tells such a phrase by a sample, though the planner multiplies its words' shares (issue 19)", async (context) => {
    if (!getDatabase().pglite) context.skip();
    const [stats] = await queryRows<{ words: string[]; freqs: number[] }>(
      getDb(),
      sql`select most_common_elems::text::text[] as words, most_common_elem_freqs as freqs from pg_stats
        where schemaname = current_schema() and tablename = 'businesses' and attname = 'search_vector'`,
    );
    const share = Math.min(...[word, partner].map((w) => Number(stats.freqs[stats.words.indexOf(w)])));
    expect(share).toBeGreaterThan(0.1);
    // (Both suites' bulk listings are in the table, so each word is in about half of them or fewer.)
    // Common between the phrase's true share and the planner's product of the two: only the bound says common.
    const denseShare = (share + share * share) / 2;
    clearDirectoryCaches();
    const sent = await statementsOf(async () => {
      const result = await search(`q=${word} ${partner}`, { ...options, denseShare });
      expect(result.isEstimate).toBe(true);
      expect(result.items[0]?.name).toBe("Bulk listing 1");
    });
    // A block sample, and neither the exact ranking of the first matches nor a marker sample.
    expect(sent.some((text) => /tablesample system/i.test(text))).toBe(true);
    expect(sent.filter((text) => /with m as materialized|::tsquery\)/.test(text))).toEqual([]);
  });

  it.runIf(watched)("reads a large result's streams with the planner settings sent once per way of reading, not once per stream", async (context) => {
    if (!getDatabase().pglite) context.skip();
    clearDirectoryCaches();
    const sent = await statementsOf(async () => {
      expect((await search(`q=${word}`, options)).items).toHaveLength(20);
    });
    const streams = sent.filter((text) => /^select \* from \(select "businesses"."id" as id, \$1::int as tier/.test(text.trim()));
    const settings = sent.filter((text) => /set_config\('enable_seqscan'/.test(text));
    // Featured placements (Premium's, then the others), names with the word, the rest: the first two are read the
    // same way (in date order), so at least one stream needs no settings of its own.
    expect(streams.length).toBeGreaterThanOrEqual(3);
    expect(settings.length).toBeGreaterThan(0);
    expect(settings.length).toBeLessThan(streams.length);
  });

  it("pages a large result set in the same order, up to its last page", async () => {
    const second = await search(`q=${word}&page=2`, options);
    expect(second.items.map((item) => item.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Bulk listing ${i + 16}`));
    const last = await search(`q=${word}&page=10`, options);
    expect(last.items).toHaveLength(20);
    expect(last.hasNext).toBe(false);
    const beyond = await search(`q=${word}&page=11`, options);
    expect(beyond.items).toEqual([]);
    expect(beyond.hasPrevious).toBe(true);
  });

  it("corrects a typo of a common word to it, and says so", async () => {
    const typo = `${word.slice(0, -1)}${word.endsWith("x") ? "y" : "x"}`;
    const result = await search(`q=${typo}`, options);
    expect(result.correctedQuery).toBe(word);
    expect(ids(result).slice(0, 2)).toEqual(featured.map((r) => r.id));
  });

  it("leaves a word listings have as typed, even one letter from a common word", async () => {
    const rare = `${word.slice(0, -1)}${word.endsWith("w") ? "v" : "w"}`;
    const kiosk = await business({ name: `${rare} Kiosk` });
    expect(ids(await search(`q=${rare}`, options))).toEqual([kiosk.id]);
    // No listing has both words; the common word's listings named '… House' would, were 'rare' corrected.
    const result = await search(`q=${rare} house`, options);
    expect(result.correctedQuery).toBeUndefined();
  });

  it("ranks exactly again once a filter leaves few enough", async () => {
    const kano = await search(`q=${word}&region=Kano`, { ...options, exactMatchLimit: 400 });
    expect(kano.items.every((item) => item.state === "Kano")).toBe(true);
    expect(kano.items[0].name).toBe("Bulk listing 4");
  });
});
