import { afterEach, describe, expect, it, vi } from "vitest";
import { facetRowFrom } from "./facet-counts.server";
import { clearAllDirectoryCaches, DIRECTORY_CACHE_TTL_MS, TtlCache } from "./directory-caches.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("TtlCache", () => {
  it("keeps at most max entries, the oldest leaving first, each for the time to live at most", async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, 2, 3]);
    vi.advanceTimersByTime(DIRECTORY_CACHE_TTL_MS + 1);
    expect(cache.get("b")).toBeUndefined();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.through("d", load)).toBe(1);
    expect(await cache.through("d", load)).toBe(1);
    clearAllDirectoryCaches();
    expect(await cache.through("d", load)).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const cache = new TtlCache<number>(10);
    await expect(cache.through("x", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.through("x", async () => 7)).toBe(7);
  });

  it("does not keep a value whose load began before the cache was emptied (it may predate the change)", async () => {
    const cache = new TtlCache<string>(10);
    let finish: (value: string) => void = () => {};
    const slow = cache.through("k", () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear(); // a public change committed while the load ran
    finish("before-change");
    expect(await slow).toBe("before-change"); // the caller gets what it read…
    expect(cache.get("k")).toBeUndefined(); // …but it is not kept
    expect(await cache.through("k", async () => "after-change")).toBe("after-change");
    expect(cache.get("k")).toBe("after-change");
  });
});

describe("facetRowFrom", () => {
  const rows = [
    { state: "Lagos", lga: "Ikeja", category: "Hotel", n: 3, nm: 1 },
    { state: "Lagos", lga: null, category: "Hotel", n: 2, nm: 2 },
    { state: "Lagos", lga: "Epe", category: "Bakery", n: 1, nm: 0 },
    { state: "Kano", lga: "Gwale", category: "Hotel", n: 4, nm: 1 },
    { state: "Kano", lga: null, category: "Bakery", n: 0, nm: 0 },
  ];
  const sorted = (pairs: [string | null, number][] | null) => [...(pairs ?? [])].sort();

  it("counts per region with the category, per category with the region and LGA, per LGA of the region with the category", () => {
    const row = facetRowFrom(rows, { region: "Lagos", lga: null, category: "Hotel" });
    expect(sorted(row.regions)).toEqual([["Kano", 4], ["Lagos", 5]]);
    expect(sorted(row.categories)).toEqual([["Bakery", 1], ["Hotel", 5]]);
    expect(sorted(row.lgas)).toEqual([["Ikeja", 3]]);
    expect([row.total, row.matches, row.name_matches]).toEqual([5, 10, 3]);

    const inLga = facetRowFrom(rows, { region: "Lagos", lga: "Ikeja", category: null });
    expect(sorted(inLga.categories)).toEqual([["Hotel", 3]]);
    expect(sorted(inLga.lgas)).toEqual([["Epe", 1], ["Ikeja", 3]]);
    expect([inLga.total, inLga.name_matches]).toEqual([3, 1]);
  });

  it("lists no LGAs without a region, and nothing with no rows", () => {
    const row = facetRowFrom(rows, { region: null, lga: null, category: null });
    expect(row.lgas).toBeNull();
    expect(sorted(row.categories)).toEqual([["Bakery", 1], ["Hotel", 9]]);
    expect(row.total).toBe(10);
    expect(facetRowFrom([], { region: "Kano", lga: null, category: null })).toEqual({ regions: null, categories: null, lgas: null, total: 0, matches: 0, name_matches: 0 });
  });
});
