/**
 * Locations and distances for 'near me' (issue 17, ADR 23). Pure and client-safe: the listing form's checks,
 * the near=lat,lng parameter, '2.3 km away', the 'Open in maps' link.
 */
import { msg, t } from "./i18n/i18n";
import type { Region } from "./reference";

export type LatLng = { latitude: number; longitude: number };

/** Nigeria's bounding box, rounded outwards (the database's check in migration 0018 is the same). */
export const NIGERIA_BOUNDS = { minLatitude: 4.0, maxLatitude: 14.0, minLongitude: 2.5, maxLongitude: 15.0 } as const;

/**
 * Each state's capital (degrees, WGS 84, rounded to 4 decimals) and how far from it a place of that state can
 * be, loosely: the state's farthest corner with a margin. The coordinates are those of each capital's
 * English Wikipedia article (Umuahia, Yola, Uyo, …; Ikeja for Lagos, Abuja for FCT). Demo data and the bench
 * generator place listings around them; the listing form refuses a location far outside the listing's state.
 */
export const STATE_CENTRES: Record<Region, LatLng & { capital: string; reachKm: number }> = {
  Abia: { capital: "Umuahia", latitude: 5.5263, longitude: 7.4896, reachKm: 150 },
  Adamawa: { capital: "Yola", latitude: 9.2035, longitude: 12.4954, reachKm: 350 },
  "Akwa Ibom": { capital: "Uyo", latitude: 5.0377, longitude: 7.9128, reachKm: 150 },
  Anambra: { capital: "Awka", latitude: 6.2104, longitude: 7.0741, reachKm: 150 },
  Bauchi: { capital: "Bauchi", latitude: 10.3158, longitude: 9.8442, reachKm: 350 },
  Bayelsa: { capital: "Yenagoa", latitude: 4.9267, longitude: 6.2676, reachKm: 150 },
  Benue: { capital: "Makurdi", latitude: 7.7322, longitude: 8.5391, reachKm: 250 },
  Borno: { capital: "Maiduguri", latitude: 11.8333, longitude: 13.15, reachKm: 350 },
  "Cross River": { capital: "Calabar", latitude: 4.9757, longitude: 8.3417, reachKm: 300 },
  Delta: { capital: "Asaba", latitude: 6.1987, longitude: 6.7337, reachKm: 250 },
  Ebonyi: { capital: "Abakaliki", latitude: 6.3249, longitude: 8.1137, reachKm: 150 },
  Edo: { capital: "Benin City", latitude: 6.335, longitude: 5.6037, reachKm: 250 },
  Ekiti: { capital: "Ado-Ekiti", latitude: 7.6211, longitude: 5.2214, reachKm: 150 },
  Enugu: { capital: "Enugu", latitude: 6.4584, longitude: 7.5464, reachKm: 150 },
  FCT: { capital: "Abuja", latitude: 9.0765, longitude: 7.3986, reachKm: 120 },
  Gombe: { capital: "Gombe", latitude: 10.2897, longitude: 11.1673, reachKm: 200 },
  Imo: { capital: "Owerri", latitude: 5.485, longitude: 7.035, reachKm: 150 },
  Jigawa: { capital: "Dutse", latitude: 11.7562, longitude: 9.3388, reachKm: 250 },
  Kaduna: { capital: "Kaduna", latitude: 10.5105, longitude: 7.4165, reachKm: 300 },
  Kano: { capital: "Kano", latitude: 12.0022, longitude: 8.592, reachKm: 200 },
  Katsina: { capital: "Katsina", latitude: 12.9908, longitude: 7.6018, reachKm: 250 },
  Kebbi: { capital: "Birnin Kebbi", latitude: 12.4539, longitude: 4.1975, reachKm: 350 },
  Kogi: { capital: "Lokoja", latitude: 7.8023, longitude: 6.7333, reachKm: 250 },
  Kwara: { capital: "Ilorin", latitude: 8.4966, longitude: 4.5421, reachKm: 350 },
  Lagos: { capital: "Ikeja", latitude: 6.6018, longitude: 3.3515, reachKm: 150 },
  Nasarawa: { capital: "Lafia", latitude: 8.4939, longitude: 8.5153, reachKm: 250 },
  Niger: { capital: "Minna", latitude: 9.6139, longitude: 6.5569, reachKm: 400 },
  Ogun: { capital: "Abeokuta", latitude: 7.1475, longitude: 3.3619, reachKm: 200 },
  Ondo: { capital: "Akure", latitude: 7.2571, longitude: 5.2058, reachKm: 250 },
  Osun: { capital: "Osogbo", latitude: 7.7827, longitude: 4.5418, reachKm: 150 },
  Oyo: { capital: "Ibadan", latitude: 7.3775, longitude: 3.947, reachKm: 300 },
  Plateau: { capital: "Jos", latitude: 9.8965, longitude: 8.8583, reachKm: 250 },
  Rivers: { capital: "Port Harcourt", latitude: 4.8156, longitude: 7.0498, reachKm: 150 },
  Sokoto: { capital: "Sokoto", latitude: 13.0059, longitude: 5.2476, reachKm: 250 },
  Taraba: { capital: "Jalingo", latitude: 8.8833, longitude: 11.3667, reachKm: 350 },
  Yobe: { capital: "Damaturu", latitude: 11.747, longitude: 11.9608, reachKm: 300 },
  Zamfara: { capital: "Gusau", latitude: 12.1628, longitude: 6.6614, reachKm: 250 },
};

export const LOCATION_TEXTS = {
  pairRequired: msg("Enter both the latitude and the longitude, or neither."),
  notANumber: msg("Enter a number in degrees, for example 6.5244."),
  outsideNigeria: msg("This location is outside Nigeria. Latitude must be between 4 and 14, longitude between 2.5 and 15."),
  outsideState: (state: string) => t("This location is far from {{state}}. Check the coordinates, or the state.", { state }),
  locationHint: msg("Stand at the business and press 'Use my current location', or type the coordinates (for example 6.5244, 3.3792)."),
  useMyLocation: msg("Use my current location"),
  locating: msg("Finding your location…"),
  /** The browser did not give a position (refused, unavailable, no JavaScript): the 'Near me' explanation. */
  noLocation: msg("Your browser did not share a location. Allow location for this site and try again, or choose a place, or type one below."),
  formNoLocation: msg("Your browser did not share a location. Allow location for this site and try again, or type the coordinates."),
  unsupported: msg("This browser cannot share a location. Type coordinates below instead (for example 6.5244, 3.3792)."),
  nearMe: msg("Near me"),
  nearIgnored: msg(
    "We do not know that place, so results are not sorted by distance. Type a town, an area, a street or an LGA (for example Ikeja or Allen Avenue), or choose a place under 'Near me'.",
  ),
  nearAmbiguous: msg("Several places have that name. Which one?"),
} as const;

/** The sphere distances are measured on (the radius PostgreSQL's earthdistance also uses, 6,378,168 m). */
export const EARTH_RADIUS_M = 6_378_168;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine) on a sphere of EARTH_RADIUS_M. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function isInNigeria({ latitude, longitude }: LatLng): boolean {
  const b = NIGERIA_BOUNDS;
  return latitude >= b.minLatitude && latitude <= b.maxLatitude && longitude >= b.minLongitude && longitude <= b.maxLongitude;
}

/** Loosely inside the state: within its reach of the state's capital. */
export function isPlausiblyInState(point: LatLng, state: Region): boolean {
  const centre = STATE_CENTRES[state];
  return distanceMeters(point, centre) <= centre.reachKm * 1000;
}

/** Rounded to 4 decimals (about 11 m): shareable, cacheable URLs. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** 'lat,lng' as the near= parameter carries it (4 decimals). */
export function formatNear({ latitude, longitude }: LatLng): string {
  return `${roundCoordinate(latitude)},${roundCoordinate(longitude)}`;
}

/** A degree value as typed: a plain decimal number (no exponent, no hex), or null. */
function readDegrees(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[-+]?\d{1,3}(\.\d{1,20})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** near=lat,lng (or 'lat, lng'): two decimal numbers inside Nigeria, rounded to 4 decimals; else null. */
export function parseNear(value: string | null | undefined): LatLng | null {
  if (!value) return null;
  const parts = value.split(",");
  if (parts.length !== 2) return null;
  const latitude = readDegrees(parts[0]!);
  const longitude = readDegrees(parts[1]!);
  if (latitude === null || longitude === null) return null;
  const point = { latitude: roundCoordinate(latitude), longitude: roundCoordinate(longitude) };
  return isInNigeria(point) ? point : null;
}

/**
 * The listing form's two coordinate inputs as typed: both blank (no location), or two numbers inside Nigeria
 * and loosely inside the chosen state. Problems are keyed by field, like the form's other errors.
 */
export function checkLocation(
  typed: { latitude: string; longitude: string },
  state: string | null,
): { ok: true; value: { latitude: number | null; longitude: number | null } } | { ok: false; fields: Record<string, string> } {
  const lat = typed.latitude.trim();
  const lng = typed.longitude.trim();
  if (!lat && !lng) return { ok: true, value: { latitude: null, longitude: null } };
  const fields: Record<string, string> = {};
  if (!lat || !lng) {
    fields[lat ? "longitude" : "latitude"] = LOCATION_TEXTS.pairRequired;
    return { ok: false, fields };
  }
  const latitude = readDegrees(lat);
  const longitude = readDegrees(lng);
  if (latitude === null) fields.latitude = LOCATION_TEXTS.notANumber;
  if (longitude === null) fields.longitude = LOCATION_TEXTS.notANumber;
  if (latitude === null || longitude === null) return { ok: false, fields };
  // Six decimals is about 11 cm: more is noise from the device.
  const point = { latitude: Math.round(latitude * 1e6) / 1e6, longitude: Math.round(longitude * 1e6) / 1e6 };
  if (!isInNigeria(point)) return { ok: false, fields: { latitude: LOCATION_TEXTS.outsideNigeria } };
  const region = state && state in STATE_CENTRES ? (state as Region) : null;
  if (region && !isPlausiblyInState(point, region)) return { ok: false, fields: { latitude: LOCATION_TEXTS.outsideState(region) } };
  return { ok: true, value: point };
}

/** '350 m away', '2.3 km away' (one decimal under 10 km), '24 km away'. */
export function formatDistance(meters: number): string {
  if (meters < 1000) return t("{{meters}} m away", { meters: Math.max(10, Math.round(meters / 10) * 10) });
  const tenths = Math.round(meters / 100) / 10;
  return t("{{km}} km away", { km: tenths < 10 ? tenths.toFixed(1) : Math.round(meters / 1000) });
}

/** Opens the place in the visitor's map app or Google Maps on the web: a link, no tiles or scripts on our pages. */
export function mapsHref({ latitude, longitude }: LatLng): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude}%2C${longitude}`;
}

/**
 * A point `maxKm` or less from the state's capital (uniform over the disc; u and v in [0, 1)), for demo data and
 * the bench generator: inside Nigeria, within the state's reach, 6 decimals.
 */
export function scatterAround(state: Region, u: number, v: number, maxKm: number): LatLng {
  const centre = STATE_CENTRES[state];
  const km = Math.min(maxKm, centre.reachKm / 3) * Math.sqrt(u);
  const bearing = 2 * Math.PI * v;
  const degreesPerKm = 180 / (Math.PI * (EARTH_RADIUS_M / 1000));
  const latitude = centre.latitude + km * Math.cos(bearing) * degreesPerKm;
  const longitude = centre.longitude + (km * Math.sin(bearing) * degreesPerKm) / Math.cos(radians(centre.latitude));
  const clamp = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)) * 1e6) / 1e6;
  const b = NIGERIA_BOUNDS;
  return { latitude: clamp(latitude, b.minLatitude, b.maxLatitude), longitude: clamp(longitude, b.minLongitude, b.maxLongitude) };
}
