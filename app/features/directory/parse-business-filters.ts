import { findLga } from "../../lib/nigeria-lgas";
import { formatNear, parseNear, type LatLng } from "../../lib/geo";
import { findPlace, placeLabel, placeParam } from "../../lib/places";
import { findCategory, findRegion, type Category, type Region } from "../../lib/reference";

/** What /businesses reads from its URL (spec 01 §2, Listing page). */
export type BusinessFilters = {
  q: string;
  region: Region | null;
  /** One of the region's LGAs (as the list spells it); null without a region, or for an LGA not of the region. */
  lga?: string | null;
  category: Category | null;
  page: number;
  /** sort=rating: best rated first by the stored Bayesian score (ADR 18); absent: featured, relevance, newest. */
  sort?: "rating" | null;
  /** rating=4: only listings whose published reviews average 4 stars or more ('Rated 4+'). */
  minRating?: 4 | null;
  /** verified=1: only listings with a verification level standing (issue 35, ADR 39). */
  verified?: boolean | null;
  /** open=now: only listings open at this minute in WAT (ADR 21). */
  open?: "now" | null;
  /** near=lat,lng or near=a place ('Ikeja', 'Surulere, Oyo'): listings within a radius of it, nearest first (ADR 23). */
  near?: LatLng | null;
  /**
   * How the page names that point and carries it on in its links: a named place as 'Ikeja, Lagos' (links keep the
   * name), coordinates by the nearest LGA's name (links keep the coordinates). Never the numbers (issue 32).
   */
  nearPlace?: { label: string; param: string; isPoint: boolean } | null;
  /** A near= that names no place we know and no point in Nigeria: ignored, and the page says so. */
  nearIgnored?: boolean;
  /** A near= that names places in several states ('Surulere'): one choice each, and the page asks which. */
  nearChoices?: { label: string; param: string }[];
};

export const MAX_QUERY_LENGTH = 100;
const MAX_PAGE = 500;

/**
 * Reads q, region, lga, category, page, sort, rating, verified, open and near (two numbers inside Nigeria, rounded to 4
 * decimals); regions, LGAs and categories match case-insensitively, unknown ones are ignored (an LGA only
 * counts with its region).
 */
export function parseBusinessFilters(params: URLSearchParams): BusinessFilters {
  const q = (params.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_QUERY_LENGTH);
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const region = findRegion(params.get("region"));
  const typedNear = params.get("near");
  const place = findPlace(typedNear, region);
  const near = place.kind === "place" ? place.place.point : null;
  const isPoint = parseNear(typedNear) !== null;
  return {
    q,
    region,
    lga: findLga(region, params.get("lga")),
    category: findCategory(params.get("category")),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    sort: params.get("sort") === "rating" ? "rating" : null,
    minRating: params.get("rating") === "4" ? 4 : null,
    verified: params.get("verified") === "1" ? true : null,
    open: params.get("open") === "now" ? "now" : null,
    near,
    nearPlace:
      place.kind === "place"
        ? { label: placeLabel(place.place), param: isPoint ? formatNear(place.place.point) : placeParam(place.place), isPoint }
        : null,
    nearIgnored: place.kind === "unknown" && Boolean(typedNear?.trim()),
    nearChoices: place.kind === "ambiguous" ? place.places.map((p) => ({ label: placeLabel(p), param: placeParam(p) })) : [],
  };
}
