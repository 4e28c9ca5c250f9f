/**
 * Places people name instead of coordinates (issue 32): 'near Ikeja', 'near Ibadan'. What we know is sourced, not
 * guessed: the centre of each of the 774 LGAs (nigeria-lga-centres.ts) and each state's capital (STATE_CENTRES in
 * geo.ts). A point is named by the LGA whose centre is nearest. Server-side only in practice: the centres weigh
 * about 40 KB, and no page script needs them.
 */
import { distanceMeters, parseNear, STATE_CENTRES, type LatLng } from "./geo";
import { LGA_CENTRES } from "./nigeria-lga-centres";
import { REGIONS, type Region } from "./reference";

export type NamedPlace = { name: string; state: Region; point: LatLng };

/** What a typed place or point resolves to: one place, several that share the name, or nothing known. */
export type PlaceMatch = { kind: "place"; place: NamedPlace } | { kind: "ambiguous"; places: NamedPlace[] } | { kind: "unknown" };

/** A place name as compared: lower case, without accents, words of letters and digits ('Ado-Ekiti' → 'ado ekiti'). */
export const placeKey = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/**
 * Every place by its key: each LGA under its own name, each capital under its town's name (Ibadan, Benin City),
 * each state under its name at its capital, named by the capital ('Oyo' is Ibadan: Oyo town is elsewhere).
 */
function buildIndex(): Map<string, NamedPlace[]> {
  const index = new Map<string, NamedPlace[]>();
  const add = (name: string, place: NamedPlace) => {
    const k = placeKey(name);
    const list = index.get(k) ?? [];
    // One place per spelling and state: the LGA 'Ado Ekiti' and the capital 'Ado-Ekiti' are one place to a reader.
    if (!list.some((p) => p.state === place.state)) list.push(place);
    index.set(k, list);
  };
  for (const state of REGIONS) {
    for (const [name, [latitude, longitude]] of Object.entries(LGA_CENTRES[state])) add(name, { name, state, point: { latitude, longitude } });
  }
  for (const state of REGIONS) {
    const { capital, latitude, longitude } = STATE_CENTRES[state];
    add(capital, { name: capital, state, point: { latitude, longitude } });
    add(state, { name: capital, state, point: { latitude, longitude } });
  }
  return index;
}

let placeIndex: Map<string, NamedPlace[]> | null = null;
const places = () => (placeIndex ??= buildIndex());

/**
 * A typed place: 'Ikeja', 'ikeja lga', 'Surulere, Oyo', 'Near Ibadan', or coordinates ('6.5244, 3.3792', named by
 * the nearest LGA). A name several states share is ambiguous unless `state` (the search's state filter) or the
 * text picks one.
 */
export function findPlace(text: string | null | undefined, state: Region | null = null): PlaceMatch {
  const typed = (text ?? "").trim();
  if (!typed) return { kind: "unknown" };
  const point = parseNear(typed);
  if (point) return { kind: "place", place: { ...nearestLga(point), point } };
  let words = placeKey(typed).replace(/^near /, "").replace(/ state$/, "").replace(/ (lga|local government( area)?)$/, "");
  // The whole text first ('Ado Ekiti'); else 'Surulere, Oyo' or 'Surulere Oyo State': the state named last.
  let named: Region | null = null;
  if (!places().has(words)) {
    for (const region of REGIONS) {
      const r = placeKey(region);
      const rest = words.slice(0, -r.length - 1).replace(/ (lga|local government( area)?)$/, "");
      if (words.endsWith(` ${r}`) && places().has(rest)) {
        named = region;
        words = rest;
        break;
      }
    }
  }
  const found = places().get(words) ?? [];
  // A state the text names decides (no place there: none); the search's state filter only prefers.
  const inState = named ? found.filter((p) => p.state === named) : state ? found.filter((p) => p.state === state) : found;
  const candidates = named || inState.length > 0 ? inState : found;
  if (candidates.length === 0) return { kind: "unknown" };
  if (candidates.length === 1) return { kind: "place", place: candidates[0]! };
  return { kind: "ambiguous", places: candidates };
}

/** The LGA whose centre is nearest to a point: how a shared location is named ('around Ikeja, Lagos'). */
export function nearestLga(point: LatLng): { name: string; state: Region } {
  let best = { name: "", state: REGIONS[0] as Region, meters: Infinity };
  for (const state of REGIONS) {
    for (const [name, [latitude, longitude]] of Object.entries(LGA_CENTRES[state])) {
      const meters = distanceMeters(point, { latitude, longitude });
      if (meters < best.meters) best = { name, state, meters };
    }
  }
  return { name: best.name, state: best.state };
}

/** 'Ikeja, Lagos'; a capital that shares its state's name reads once ('Kano'). */
export function placeLabel(place: { name: string; state: Region }): string {
  return placeKey(place.name) === placeKey(place.state) ? place.name : `${place.name}, ${place.state}`;
}

/** The places offered with one tap when no location is shared: the chosen state's LGAs, else the largest cities. */
export function suggestedPlaces(state: Region | null): { label: string; near: string }[] {
  if (state) {
    return Object.keys(LGA_CENTRES[state])
      .sort((a, b) => a.localeCompare(b))
      .map((name) => ({ label: name, near: placeParam({ name, state }) }));
  }
  return SUGGESTED_CITIES.map((state) => ({ label: STATE_CENTRES[state].capital, near: placeParam({ name: STATE_CENTRES[state].capital, state }) }));
}

/** The capitals offered without a state: the largest cities' states (Lagos's capital is Ikeja, FCT's Abuja). */
const SUGGESTED_CITIES: readonly Region[] = ["Lagos", "FCT", "Kano", "Oyo", "Rivers", "Edo", "Kaduna", "Enugu"];

/** A named place as the near= parameter carries it: 'Surulere, Oyo', the state always named (one place per text). */
export function placeParam(place: { name: string; state: Region }): string {
  return `${place.name}, ${place.state}`;
}
