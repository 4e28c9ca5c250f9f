/**
 * Streets and landmarks as places to search near (issue 32: 'Near Allen Avenue', 'near Computer Village'). We have
 * no sourced list of them with coordinates, so what we know of one is where the listings that name it are: a phrase
 * is a place in a state when at least LANDMARK_MIN_LISTINGS public, located listings there name it in their address
 * or landmark line and most of them lie within LANDMARK_RADIUS_M of their median point, which is where 'near'
 * searches from. A phrase every town has ('First Bank', 'the main market') spreads too far to be one place and is
 * neither used nor offered. LGAs and towns (app/lib/places.ts) come first; this is asked only when they know nothing.
 *
 * Bounded at any size: the phrase is one lookup in the listings' search words (GIN), an LGA's streets the newest
 * LANDMARK_READ listings of that LGA (its state-and-LGA index), and both are kept like the directory's other caches.
 */
import { sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb, queryRows } from "../../lib/db.server";
import { distanceMeters, type LatLng } from "../../lib/geo";
import { findLga } from "../../lib/nigeria-lgas";
import { placeKey, placeLabel, placeParam, type NamedPlace } from "../../lib/places";
import { REGIONS, type Region } from "../../lib/reference";
import { TtlCache } from "./internal/directory-caches.server";
import { isPublicBusiness } from "./internal/public-business.server";
import type { BusinessFilters } from "./parse-business-filters";

/** Listings that must name a street or landmark, close together, before it is a place. */
export const LANDMARK_MIN_LISTINGS = 2;
/** How close to their median point most of them must be. */
export const LANDMARK_RADIUS_M = 1_500;
/** The most listings read for one phrase or one LGA. */
export const LANDMARK_READ = 400;
/** The most streets and landmarks offered for an LGA. */
export const LANDMARKS_OFFERED = 6;

type Located = { state: string; latitude: number; longitude: number };

const phraseCache = new TtlCache<LandmarkMatch>(500);
const lgaCache = new TtlCache<{ name: string; state: Region; lga: string }[]>(200);

const key = placeKey;

/** 'allen avenue' → 'Allen Avenue'; a name typed with capitals keeps them ('GRA Phase 2'). */
function displayName(typed: string): string {
  const text = typed.replace(/\s+/g, " ").trim();
  return text === text.toLowerCase() ? text.replace(/\b[a-z]/g, (c) => c.toUpperCase()) : text;
}

/** The median of numbers (not empty). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The point a group of listings agrees on: their median, when at least LANDMARK_MIN_LISTINGS and more than half of
 * them lie within LANDMARK_RADIUS_M of it (then the median of those), rounded as near= points are (4 decimals).
 */
export function agreedPoint(points: LatLng[]): LatLng | null {
  if (points.length < LANDMARK_MIN_LISTINGS) return null;
  const centre = { latitude: median(points.map((p) => p.latitude)), longitude: median(points.map((p) => p.longitude)) };
  const close = points.filter((p) => distanceMeters(p, centre) <= LANDMARK_RADIUS_M);
  if (close.length < LANDMARK_MIN_LISTINGS || close.length * 2 <= points.length) return null;
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  return { latitude: round(median(close.map((p) => p.latitude))), longitude: round(median(close.map((p) => p.longitude))) };
}

/**
 * 'Allen Avenue, Ikeja, Lagos' → the phrase, its LGA and state; 'Allen Avenue, Lagos' → the phrase and the state;
 * 'Allen Avenue' → the phrase alone (an LGA counts only with its state, as in the filters).
 */
function splitPlace(text: string): { phrase: string; state: Region | null; lga: string | null } {
  const parts = text.split(",");
  if (parts.length >= 2) {
    const tail = key(parts.at(-1)!).replace(/ state$/, "");
    const state = REGIONS.find((region) => key(region) === tail);
    if (state) {
      const lga = parts.length >= 3 ? findLga(state, parts.at(-2)!.trim()) : null;
      return { phrase: parts.slice(0, lga ? -2 : -1).join(","), state, lga };
    }
  }
  return { phrase: text, state: null, lga: null };
}

/** A street or landmark found as a place: where, and the LGA it was asked in (kept in its links). */
export type LandmarkPlace = NamedPlace & { lga: string | null };

/** The near= of a street: 'Allen Avenue, Ikeja, Lagos' when asked in an LGA, else 'Allen Avenue, Lagos'. */
export function landmarkParam(place: Pick<LandmarkPlace, "name" | "state" | "lga">): string {
  return place.lga ? `${place.name}, ${place.lga}, ${place.state}` : placeParam(place);
}

/** How the page names it: 'Allen Avenue, Ikeja, Lagos' or 'Allen Avenue, Lagos'. */
export function landmarkLabel(place: LandmarkPlace): string {
  return place.lga ? `${place.name}, ${place.lga}, ${place.state}` : placeLabel(place);
}

type LandmarkMatch = { kind: "place"; place: LandmarkPlace } | { kind: "ambiguous"; places: LandmarkPlace[] } | { kind: "unknown" };

/**
 * A street or landmark typed as the place to search near ('Allen Avenue', 'near Allen Avenue, Lagos'): the place the
 * listings naming it agree on, one per state where they do (a state the text names decides; the search's state
 * filter only prefers), or unknown.
 */
export async function findLandmark(text: string | null | undefined, region: Region | null = null): Promise<LandmarkMatch> {
  const { phrase, state: named, lga } = splitPlace((text ?? "").trim());
  const words = key(phrase).replace(/^near /, "").split(" ").filter(Boolean);
  if (words.length === 0 || words.join(" ").length < 3 || words.length > 8) return { kind: "unknown" };
  const name = displayName(phrase.replace(/^\s*near\s+/i, ""));
  return phraseCache.through(`${words.join(" ")}|${named ?? ""}|${lga ?? ""}`, async () => {
    // Every word, in order, among the address and landmark words (weight C of the search vector, migration 0017).
    const query = words.map((w) => `${w}:C`).join(" <-> ");
    const rows = await queryRows<Located>(
      getDb(),
      sql`select ${businesses.state} as state, ${businesses.latitude} as latitude, ${businesses.longitude} as longitude
          from ${businesses}
          where ${isPublicBusiness} and ${businesses.latitude} is not null and ${businesses.state} is not null
            and ${businesses.searchVector} @@ to_tsquery('simple', ${query})
            ${named ? sql`and ${businesses.state} = ${named}` : sql``}
            ${named && lga ? sql`and ${businesses.lga} = ${lga}` : sql``}
          limit ${LANDMARK_READ}`,
    );
    const byState = new Map<string, LatLng[]>();
    for (const row of rows) byState.set(row.state, [...(byState.get(row.state) ?? []), { latitude: Number(row.latitude), longitude: Number(row.longitude) }]);
    const places: LandmarkPlace[] = [];
    for (const [state, points] of byState) {
      const point = agreedPoint(points);
      if (point && (REGIONS as readonly string[]).includes(state)) places.push({ name, state: state as Region, point, lga });
    }
    places.sort((a, b) => a.state.localeCompare(b.state));
    return places.length === 0 ? { kind: "unknown" } : places.length === 1 ? { kind: "place", place: places[0]! } : { kind: "ambiguous", places };
  }).then((match) => {
    // The search's state filter prefers its own state among several (not cached: the same phrase, any filter).
    if (match.kind === "ambiguous" && region) {
      const mine = match.places.find((p) => p.state === region);
      if (mine) return { kind: "place", place: mine } satisfies LandmarkMatch;
    }
    return match;
  });
}

/** The street of an address line ('41 Allen Avenue, Ikeja' → 'Allen Avenue'), or of a landmark line's last part. */
export function streetOf(line: string | null): string | null {
  const parts = (line ?? "").split(",").map((p) => p.trim());
  // 'Plot 5, Adeola Odeku Street', 'Shop 12, Computer Village': the street is the next part.
  const first = /^(plot|block|shop|suite|house|flat|km)\b/i.test(parts[0] ?? "") ? parts[1] : parts[0];
  const part = first?.replace(/^(no\.?\s*)?\d+[a-z]?\s+/i, "").trim();
  if (!part || part.length < 4 || part.length > 40 || /^\d/.test(part) || !/[a-z]/i.test(part)) return null;
  return part.replace(/\s+/g, " ");
}

/**
 * The streets an LGA's listings give as their address, where at least LANDMARK_MIN_LISTINGS of them agree on a point
 * (at most LANDMARKS_OFFERED, the most named first): the one-tap places offered beside the LGAs ('Near Allen Avenue').
 */
export async function landmarksOf(state: Region, lga: string): Promise<{ name: string; state: Region; lga: string }[]> {
  return lgaCache.through(`${state}|${lga}`, async () => {
    const rows = await queryRows<{ address: string | null; latitude: number; longitude: number }>(
      getDb(),
      sql`select ${businesses.address} as address, ${businesses.latitude} as latitude, ${businesses.longitude} as longitude
          from ${businesses}
          where ${isPublicBusiness} and ${businesses.lga} is not null and ${businesses.state} = ${state} and ${businesses.lga} = ${lga}
            and ${businesses.latitude} is not null
          order by ${businesses.createdAt} desc nulls last, ${businesses.id}
          limit ${LANDMARK_READ}`,
    );
    const byStreet = new Map<string, { name: string; points: LatLng[] }>();
    for (const row of rows) {
      const street = streetOf(row.address);
      if (!street) continue;
      const k = key(street);
      // The LGA itself is offered already.
      if (k === key(lga)) continue;
      const entry = byStreet.get(k) ?? { name: displayName(street), points: [] };
      entry.points.push({ latitude: Number(row.latitude), longitude: Number(row.longitude) });
      byStreet.set(k, entry);
    }
    const candidates = [...byStreet.values()]
      .filter((s) => agreedPoint(s.points) !== null)
      .sort((a, b) => b.points.length - a.points.length || a.name.localeCompare(b.name))
      .slice(0, LANDMARKS_OFFERED);
    // Offered only where a tap finds it: the link's near= ('Allen Avenue, Ikeja, Lagos') is read by findLandmark, in
    // the LGA (its state-and-LGA index with the phrase's words: a few hundred rows at most).
    const found = await Promise.all(candidates.map(async (s) => ((await findLandmark(`${s.name}, ${lga}, ${state}`)).kind === "place" ? s : null)));
    return found.filter((s) => s !== null).map((s) => ({ name: s.name, state, lga }));
  });
}

/**
 * The search's filters with a near= that named no LGA or town read as a street or landmark (parseBusinessFilters
 * leaves it ignored): the place, or the states to choose from, or still ignored.
 */
export async function withLandmarkNear(filters: BusinessFilters, typedNear: string | null): Promise<BusinessFilters> {
  if (!filters.nearIgnored || !typedNear) return filters;
  const match = await findLandmark(typedNear, filters.region);
  if (match.kind === "place") {
    const place = match.place;
    return { ...filters, near: place.point, nearPlace: { label: landmarkLabel(place), param: landmarkParam(place), isPoint: false }, nearIgnored: false, nearChoices: [] };
  }
  if (match.kind === "ambiguous") {
    return { ...filters, nearIgnored: false, nearChoices: match.places.map((p) => ({ label: landmarkLabel(p), param: landmarkParam(p) })) };
  }
  return filters;
}
