import { CATEGORIES, REGIONS, type Category, type Region } from "../../lib/reference";
import { searchBusinesses } from "./search-businesses.server";

export type CategoryIndex = {
  /** All 63 categories in the reference order, each with its public listings (0 for an empty one). */
  categories: { category: Category; count: number }[];
  /** All 37 states likewise. */
  states: { state: Region; count: number }[];
  total: number;
};

/**
 * /categories: every category and every state with its number of public listings: the directory search's
 * own counts (browsing without text: exact, from the maintained per-state/category table).
 */
export async function getCategoryIndex(): Promise<CategoryIndex> {
  const { facets, total } = await searchBusinesses({ q: "", region: null, category: null, page: 1, sort: null }, { pageSize: 1 });
  const countOf = (list: { name: string; count: number }[], name: string) => list.find((f) => f.name === name)?.count ?? 0;
  return {
    categories: CATEGORIES.map((category) => ({ category, count: countOf(facets.categories, category) })),
    states: REGIONS.map((state) => ({ state, count: countOf(facets.regions, state) })),
    total,
  };
}
