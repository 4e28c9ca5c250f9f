import { parseNear, type LatLng } from "../../lib/geo";
import { findCategory, findRegion, type Category, type Region } from "../../lib/reference";

/** What /businesses reads from its URL (spec 01 §2, Listing page). */
export type BusinessFilters = {
  q: string;
  region: Region | null;
  category: Category | null;
  page: number;
  /** sort=rating: best rated first by the stored Bayesian score (ADR 18); absent: featured, relevance, newest. */
  sort?: "rating" | null;
  /** near=lat,lng: listings within a radius of this point, nearest first (ADR 23). */
  near?: LatLng | null;
  /** A near= that could not be read (not two numbers inside Nigeria): ignored, and the page says so. */
  nearIgnored?: boolean;
};

export const MAX_QUERY_LENGTH = 100;
const MAX_PAGE = 500;

/** Reads q, region, category, page, sort and near (two numbers inside Nigeria, rounded to 4 decimals); regions and categories match case-insensitively, unknown ones are ignored. */
export function parseBusinessFilters(params: URLSearchParams): BusinessFilters {
  const q = (params.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH);
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const near = parseNear(params.get("near"));
  return {
    q,
    region: findRegion(params.get("region")),
    category: findCategory(params.get("category")),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    sort: params.get("sort") === "rating" ? "rating" : null,
    near,
    nearIgnored: !near && Boolean(params.get("near")?.trim()),
  };
}
