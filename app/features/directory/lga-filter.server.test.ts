import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createOwner, uniqueSuffix } from "../../../db/seed/factories";
import { getDb, queryRows } from "../../lib/db.server";
import { parseBusinessFilters } from "./parse-business-filters";
import { resetSearchCaches, searchBusinesses, type BusinessSearchResult } from "./search-businesses.server";
import { clearDirectoryCaches } from "./clear-directory-caches.server";

/** The LGA filter and counts of /businesses, and landmarks in search (issue 17, ADR 22). */
const uniqueWord = () => `zq${uniqueSuffix()}`;
const search = (query: string, options?: Parameters<typeof searchBusinesses>[1]) => searchBusinesses(parseBusinessFilters(new URLSearchParams(query)), options);
const ids = (result: BusinessSearchResult) => result.items.map((item) => item.id);
const count = (facets: { name: string; count: number }[] | undefined, name: string) => facets?.find((f) => f.name === name)?.count ?? 0;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

let ownerId: string;
beforeAll(async () => {
  ownerId = (await createOwner(getDb())).id;
});
const business = (input: Omit<Parameters<typeof createBusiness>[1], "userId"> & { userId?: string | null }) =>
  createBusiness(getDb(), { userId: ownerId, ...input });

describe("parsing the LGA filter", () => {
  it("keeps an LGA of the region (any spelling), as the list spells it; ignores it without its region", () => {
    expect(parseBusinessFilters(new URLSearchParams("region=Lagos&lga=Ikeja")).lga).toBe("Ikeja");
    expect(parseBusinessFilters(new URLSearchParams("region=lagos&lga=eti-osa")).lga).toBe("Eti Osa");
    expect(parseBusinessFilters(new URLSearchParams("region=Oyo&lga=Ikeja")).lga).toBeNull();
    expect(parseBusinessFilters(new URLSearchParams("lga=Ikeja")).lga).toBeNull();
    expect(parseBusinessFilters(new URLSearchParams("region=Lagos&lga=' or 1=1 --")).lga).toBeNull();
  });
});

describe("browsing by LGA", () => {
  it("filters by region and LGA, lists the region's LGAs with counts, and keeps them exact as listings change", async () => {
    const before = await search("region=Ekiti");
    const beforeIjero = await search("region=Ekiti&lga=Ijero");
    const old = await business({ state: "Ekiti", lga: "Ijero", category: "Bakery", createdAt: minutesAgo(300) });
    const newer = await business({ state: "Ekiti", lga: "Ijero", category: "Hotel", createdAt: minutesAgo(100) });
    const other = await business({ state: "Ekiti", lga: "Ikere", category: "Bakery", createdAt: minutesAgo(50) });
    const none = await business({ state: "Ekiti", category: "Bakery", createdAt: minutesAgo(10) });
    await business({ state: "Ekiti", lga: "Ijero", category: "Bakery", status: "pending" });
    // Browsing's counts are kept 60 s (ADR 27); the events that change listings empty them, as here.
    clearDirectoryCaches();

    const region = await search("region=Ekiti");
    expect(region.total).toBe(before.total + 4);
    expect(count(region.facets.lgas, "Ijero")).toBe(count(before.facets.lgas, "Ijero") + 2);
    expect(count(region.facets.lgas, "Ikere")).toBe(count(before.facets.lgas, "Ikere") + 1);
    // Only the region's LGAs, in the list's (alphabetical) order; the regions list does not depend on the LGA.
    const names = region.facets.lgas!.map((f) => f.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(names).not.toContain("Ikeja");

    const ijero = await search("region=Ekiti&lga=ijero");
    expect(ijero.total).toBe(beforeIjero.total + 2);
    expect(ids(ijero).slice(0, 2)).toEqual([newer.id, old.id]);
    expect(ids(ijero)).not.toContain(other.id);
    expect(ids(ijero)).not.toContain(none.id);
    expect(count(ijero.facets.regions, "Ekiti")).toBe(count(region.facets.regions, "Ekiti"));
    expect(count(ijero.facets.categories, "Hotel")).toBe(count(beforeIjero.facets.categories, "Hotel") + 1);

    const ijeroBakeries = await search("region=Ekiti&lga=Ijero&category=Bakery");
    expect(ids(ijeroBakeries)).toContain(old.id);
    expect(ids(ijeroBakeries)).not.toContain(newer.id);
    // With a category, the LGA counts are that category's.
    const bakeries = await search("region=Ekiti&category=Bakery");
    expect(count(bakeries.facets.lgas, "Ijero")).toBe(count(ijeroBakeries.facets.lgas, "Ijero"));
    expect(count(bakeries.facets.lgas, "Ijero")).toBe(ijeroBakeries.total);

    // An LGA set or changed by the owner, a suspension, a move and a deletion keep the maintained counts right.
    const db = getDb();
    await db.execute(sql`update businesses set lga = 'Ijero' where id = ${none.id}`);
    await db.execute(sql`update businesses set owner_suspended = true where id = ${old.id}`);
    await db.execute(sql`update businesses set lga = 'Ikere' where id = ${newer.id}`);
    await db.execute(sql`delete from businesses where id = ${other.id}`);
    // Browsing's counts are kept 60 s (ADR 27); the events that change listings empty them, as here.
    clearDirectoryCaches();
    const later = await search("region=Ekiti");
    for (const lga of ["Ijero", "Ikere"]) {
      const [exact] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from businesses where state = 'Ekiti' and lga = ${lga}
          and approved and approval_status = 'approved' and not owner_suspended and user_id is not null`,
      );
      expect(count(later.facets.lgas, lga), lga).toBe(exact.n);
      expect((await search(`region=Ekiti&lga=${lga}`)).total, lga).toBe(exact.n);
    }
    const [all] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from businesses where state = 'Ekiti' and approved and approval_status = 'approved' and not owner_suspended and user_id is not null`,
    );
    expect(later.total).toBe(all.n);
    expect(count(later.facets.regions, "Ekiti")).toBe(all.n);
  });

  it("an LGA of another region is ignored: the region's listings are shown", async () => {
    const result = await search("region=Ekiti&lga=Ikeja");
    expect(result.total).toBe((await search("region=Ekiti")).total);
  });

  it("sorts an LGA's listings by rating too", async () => {
    const rated = await business({ state: "Gombe", lga: "Kwami", category: "Bakery" });
    await getDb().execute(sql`update businesses set rating_score = 4.9 where id = ${rated.id}`);
    await business({ state: "Gombe", lga: "Kwami", category: "Bakery" });
    const result = await search("region=Gombe&lga=Kwami&sort=rating");
    expect(ids(result)[0]).toBe(rated.id);
    expect(result.items.every((item) => item.state === "Gombe")).toBe(true);
  });
});

describe("searching with an LGA and landmarks", () => {
  it("finds a listing by a word of its landmark or its LGA, and counts per LGA for the text", async () => {
    const word = uniqueWord();
    const landmarked = await business({ state: "Lagos", lga: "Ikeja", landmark: `Opposite ${word} Bank, Allen Avenue`, address: "1 Road" });
    const elsewhere = await business({ state: "Lagos", lga: "Eti Osa", description: `We sell ${word}` });
    const kano = await business({ state: "Kano", lga: "Fagge", description: `We sell ${word}` });

    const all = await search(`q=${word}`);
    expect(new Set(ids(all))).toEqual(new Set([landmarked.id, elsewhere.id, kano.id]));
    // The landmark weighs like the address: above the description.
    expect(ids(all)[0]).toBe(landmarked.id);
    expect(all.facets.lgas).toEqual([]);

    const lagos = await search(`q=${word}&region=Lagos`);
    expect(lagos.facets.lgas).toEqual([{ name: "Eti Osa", count: 1 }, { name: "Ikeja", count: 1 }]);
    const ikeja = await search(`q=${word}&region=Lagos&lga=Ikeja`);
    expect(ids(ikeja)).toEqual([landmarked.id]);
    expect(ikeja.total).toBe(1);
    expect(ikeja.facets.regions).toEqual([{ name: "Kano", count: 1 }, { name: "Lagos", count: 2 }]);

    expect(ids(await search(`q=${word} opposite allen`))).toEqual([landmarked.id]);
    expect(ids(await search(`q=${word} fagge`))).toEqual([kano.id]);
  });
});

describe("a very large result set filtered by LGA", () => {
  // Thresholds scaled down so about a thousand rows behave like a word in a directory of millions.
  let word: string;
  beforeAll(async () => {
    word = uniqueWord();
    await getDb().execute(sql`
      insert into businesses (user_id, name, description, state, lga, category, approved, approval_status, approved_at, created_at, updated_at)
      select ${ownerId}, 'Lga bulk ' || g, 'We sell ' || ${word} || ' daily.', 'Oyo', case when g % 4 = 0 then 'Ogbomosho North' else 'Ibadan North' end,
        'Bakery', true, 'approved', now(), now() - make_interval(mins => 1000 + g), now()
      from generate_series(1, 1000) as g`);
    await getDb().execute(sql`analyze businesses`);
    resetSearchCaches();
  });

  it.each([
    { path: "block sample", options: { exactMatchLimit: 100, sampleTarget: 300, probeRows: 200 } },
    { path: "hash sample", options: { exactMatchLimit: 100, sampleTarget: 300, denseShare: 1.01 } },
  ])("estimates LGA counts and pages within the LGA ($path)", async ({ options }) => {
    const oyo = await search(`q=${word}&region=Oyo`, options);
    expect(oyo.isEstimate).toBe(true);
    expect(count(oyo.facets.lgas, "Ibadan North")).toBeGreaterThan(count(oyo.facets.lgas, "Ogbomosho North"));
    const ibadan = await search(`q=${word}&region=Oyo&lga=Ibadan North`, options);
    expect(ibadan.total).toBeGreaterThan(400);
    expect(ibadan.total).toBeLessThan(1100);
    expect(ibadan.items).toHaveLength(20);
    // The newest of the LGA's, one minute apart: rows 1, 2, 3, 5, 6, 7, 9… (every fourth is Ogbomosho North's).
    expect(ibadan.items.slice(0, 4).map((item) => item.name)).toEqual(["Lga bulk 1", "Lga bulk 2", "Lga bulk 3", "Lga bulk 5"]);
    const ogbomosho = await search(`q=${word}&region=Oyo&lga=ogbomosho-north`, options);
    expect(ogbomosho.items.slice(0, 2).map((item) => item.name)).toEqual(["Lga bulk 4", "Lga bulk 8"]);
  });
});
