/**
 * What an imported place is, and how an OpenStreetMap feature or a CSV row becomes one (issue 34, ADR 38): the same
 * rules for every source. A feature without a name, that is not a business we list, or that lies outside Nigeria is
 * skipped with its reason (counted in the summary). Phones are kept only as Nigerian numbers (+234…), websites only
 * as http(s) addresses, opening hours only when OSM's syntax can be read exactly (never guessed); state and LGA come
 * from the coordinates. Pure: the readers and the use case do the input and output.
 */
import { weeklyHoursFromOsm } from "../../lib/osm-opening-hours";
import { categoryFromOsmTags } from "../../lib/osm-categories";
import { categoryFromOverture } from "../../lib/overture-categories";
import { isInNigeria } from "../../lib/geo";
import type { WeeklyHours } from "../../lib/opening-hours";
import { canonicalPhone } from "../../lib/phone";
import { withoutBidiControls } from "../../lib/plain-text";
import { findLga } from "../../lib/nigeria-lgas";
import { findCategory, findRegion, LIMITS, type Category, type Region } from "../../lib/reference";
import { locateLga } from "./lga-locator";

/** Where imported listings come from: OpenStreetMap, Overture Maps, or an operator's CSV named `csv:<name>`. */
export type SourceName = "osm" | "overture" | `csv:${string}`;

/** A CSV source's name: lowercase letters, digits and dashes (the database checks the same). */
export const CSV_SOURCE_NAME = /^[a-z0-9-]{1,40}$/;

export type ImportedPlace = {
  /** The id in the source: 'node/123' or 'way/456' for OpenStreetMap, the row's id for a CSV. */
  sourceId: string;
  name: string;
  category: Category;
  description: string | null;
  address: string | null;
  state: Region;
  lga: string | null;
  /** Both or neither (a CSV row may give only its state and LGA). */
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  website: string | null;
  hours: WeeklyHours | null;
};

export type SkipReason = "no-name" | "not-a-business" | "no-location" | "outside-nigeria" | "closed" | "low-confidence";
export type PlaceOrSkip = { ok: true; place: ImportedPlace } | { ok: false; reason: SkipReason };

/** An OpenStreetMap node, or a way with its centre, as the readers give them. */
export type OsmFeature = { type: "node" | "way"; id: number | string; latitude: number | null; longitude: number | null; tags: Readonly<Record<string, string>> };

const DESCRIPTION_MAX = 1000;
const ADDRESS_MAX = 300;

/** Control characters (NUL among them, which PostgreSQL's text refuses) as spaces: a file's stray byte loses nothing else. */
const withoutControls = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, " ");

/** A name fit for a listing: trimmed, spaces collapsed, no bidirectional controls, at most 100 characters (cut at a word). */
export function cleanName(raw: string | null | undefined): string | null {
  const name = withoutBidiControls(withoutControls(raw ?? "")).replace(/\s+/g, " ").trim();
  if (name.length < LIMITS.businessNameMin) return null;
  if (name.length <= LIMITS.businessNameMax) return name;
  const cut = name.slice(0, LIMITS.businessNameMax);
  const space = cut.lastIndexOf(" ");
  return (space >= LIMITS.businessNameMin ? cut.slice(0, space) : cut).trim();
}

/** The first Nigerian number among the values (OSM separates several with ';'), in E.164. */
export function nigerianPhone(...values: (string | null | undefined)[]): string | null {
  for (const value of values) {
    for (const part of (value ?? "").split(/[;,/]/)) {
      const canonical = canonicalPhone(part);
      if (canonical.ok && canonical.value?.startsWith("+234")) return canonical.value;
    }
  }
  return null;
}

/** An http(s) address; a bare domain ('example.ng') gets https://. Anything else is dropped. */
export function websiteUrl(...values: (string | null | undefined)[]): string | null {
  for (const value of values) {
    const trimmed = (value ?? "").trim();
    if (!trimmed || /\s/.test(trimmed)) continue;
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : /^[a-z0-9-]+(\.[a-z0-9-]+)+([/?#].*)?$/i.test(trimmed) ? `https://${trimmed}` : null;
    if (!withScheme) continue;
    try {
      const url = new URL(withScheme);
      if ((url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".") && url.href.length <= 300) return url.href;
    } catch {
      // not an address
    }
  }
  return null;
}

const text = (value: string | null | undefined, max: number): string | null => {
  const cleaned = withoutControls(value ?? "").replace(/\s+/g, " ").trim();
  return cleaned ? cleaned.slice(0, max) : null;
};

/** OSM's addr:* tags as one line: '12 Allen Avenue, Ikeja'; or addr:full. */
export function osmAddress(tags: Readonly<Record<string, string>>): string | null {
  if (tags["addr:full"]) return text(tags["addr:full"], ADDRESS_MAX);
  const street = [tags["addr:housenumber"], tags["addr:street"]].filter(Boolean).join(" ");
  const parts = [tags["addr:unit"] ? `Unit ${tags["addr:unit"]}` : null, street || tags["addr:place"], tags["addr:suburb"], tags["addr:city"]].filter(Boolean);
  return text([...new Set(parts)].join(", "), ADDRESS_MAX);
}

/** Where a point is: the state and LGA whose centre is nearest, or null outside Nigeria. */
function located(latitude: number | null, longitude: number | null): { state: Region; lga: string | null } | SkipReason {
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return "no-location";
  if (!isInNigeria({ latitude, longitude })) return "outside-nigeria";
  return locateLga(latitude, longitude);
}

/** An OpenStreetMap node or way (at its centre) as a place, or why it is skipped. */
export function placeFromOsm(feature: OsmFeature): PlaceOrSkip {
  const tags = feature.tags;
  const name = cleanName(tags.name ?? tags["name:en"]);
  if (!name) return { ok: false, reason: "no-name" };
  const category = categoryFromOsmTags(tags);
  if (!category) return { ok: false, reason: "not-a-business" };
  const where = located(feature.latitude, feature.longitude);
  if (typeof where === "string") return { ok: false, reason: where };
  return {
    ok: true,
    place: {
      sourceId: `${feature.type}/${feature.id}`,
      name,
      category,
      description: text(tags.description, DESCRIPTION_MAX),
      address: osmAddress(tags),
      state: where.state,
      lga: where.lga,
      latitude: feature.latitude!,
      longitude: feature.longitude!,
      phone: nigerianPhone(tags.phone, tags["contact:phone"], tags["contact:mobile"], tags.mobile),
      website: websiteUrl(tags.website, tags["contact:website"], tags.url),
      hours: weeklyHoursFromOsm(tags.opening_hours),
    },
  };
}

/** An Overture Maps place (its GeoJSON export: the properties as objects, or as JSON text where a tool flattened them). */
export type OvertureFeature = { id: string | null; latitude: number | null; longitude: number | null; properties: Readonly<Record<string, unknown>> };

/**
 * Overture's own estimate that a place exists (0–1): below this it is skipped. Overture's places guide suggests
 * filtering on `confidence`; half keeps the places most sources agree on.
 */
export const OVERTURE_MIN_CONFIDENCE = 0.5;

/** A property that is an object, or JSON text of one (GeoParquet's structs, flattened by some exporters). */
function objectOf(value: unknown): Record<string, unknown> | unknown[] | null {
  if (typeof value === "string" && /^[[{]/.test(value.trim())) {
    try {
      return JSON.parse(value) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
}
const stringsOf = (value: unknown): string[] => {
  const list = objectOf(value) ?? value;
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === "string") : typeof list === "string" ? [list] : [];
};
const stringOf = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** An Overture place as a place, or why it is skipped: the same rules as OpenStreetMap's, and closed or doubtful places left out. */
export function placeFromOverture(feature: OvertureFeature): PlaceOrSkip | { ok: false; reason: "no-id" } {
  const p = feature.properties;
  const id = (feature.id ?? stringOf(p.id) ?? "").trim();
  if (!id || id.length > 100) return { ok: false, reason: "no-id" };
  const names = objectOf(p.names) as Record<string, unknown> | null;
  const common = objectOf(names?.common) as Record<string, unknown> | null;
  const name = cleanName(stringOf(names?.primary) ?? stringOf(common?.en) ?? stringOf(p["names.primary"]));
  if (!name) return { ok: false, reason: "no-name" };
  const status = stringOf(p.operating_status);
  if (status === "permanently_closed" || status === "temporarily_closed") return { ok: false, reason: "closed" };
  const confidence = typeof p.confidence === "number" ? p.confidence : Number(p.confidence);
  if (Number.isFinite(confidence) && confidence < OVERTURE_MIN_CONFIDENCE) return { ok: false, reason: "low-confidence" };
  const categories = objectOf(p.categories) as Record<string, unknown> | null;
  const taxonomy = objectOf(p.taxonomy) as Record<string, unknown> | null;
  const category = categoryFromOverture({
    primary: stringOf(taxonomy?.primary) ?? stringOf(categories?.primary) ?? stringOf(p["categories.primary"]),
    hierarchy: stringsOf(taxonomy?.hierarchy),
    alternates: [...stringsOf(taxonomy?.alternates), ...stringsOf(categories?.alternate), ...(stringOf(p.basic_category) ? [stringOf(p.basic_category)!] : [])],
  });
  if (!category) return { ok: false, reason: "not-a-business" };
  const where = located(feature.latitude, feature.longitude);
  if (typeof where === "string") return { ok: false, reason: where };
  const addresses = objectOf(p.addresses);
  const first = (Array.isArray(addresses) ? addresses[0] : null) as Record<string, unknown> | null | undefined;
  const address = first ? [stringOf(first.freeform), stringOf(first.locality)].filter(Boolean).join(", ") : null;
  return {
    ok: true,
    place: {
      sourceId: id,
      name,
      category,
      description: null,
      address: text(address, ADDRESS_MAX),
      state: where.state,
      lga: where.lga,
      latitude: feature.latitude!,
      longitude: feature.longitude!,
      phone: nigerianPhone(...stringsOf(p.phones)),
      website: websiteUrl(...stringsOf(p.websites)),
      hours: null,
    },
  };
}

/**
 * The documented CSV header (the imports feature's README): `id,name,category` required, and either `latitude,longitude`
 * or `state` (with `lga` if known); the rest optional.
 */
export const CSV_COLUMNS = ["id", "name", "category", "latitude", "longitude", "state", "lga", "phone", "website", "address", "opening_hours", "description"] as const;
export type CsvRow = Partial<Record<(typeof CSV_COLUMNS)[number], string>>;

export type CsvSkipReason = SkipReason | "no-id" | "unknown-category";

/** A CSV row as a place: `category` is one of our categories (any case) or an OSM tag ('shop=chemist'). */
export function placeFromCsv(row: CsvRow): { ok: true; place: ImportedPlace } | { ok: false; reason: CsvSkipReason } {
  const id = (row.id ?? "").trim();
  if (!id || id.length > 100) return { ok: false, reason: "no-id" };
  const name = cleanName(row.name);
  if (!name) return { ok: false, reason: "no-name" };
  const rawCategory = (row.category ?? "").trim();
  const tag = /^([a-z_:]+)=([a-z_;]+)$/.exec(rawCategory);
  const category = findCategory(rawCategory) ?? (tag ? categoryFromOsmTags({ [tag[1]!]: tag[2]! }) : null);
  if (!category) return { ok: false, reason: "unknown-category" };
  const latitude = row.latitude?.trim() ? Number(row.latitude) : null;
  const longitude = row.longitude?.trim() ? Number(row.longitude) : null;
  const state = findRegion(row.state);
  // Without coordinates, the state (and the LGA when it is one of the state's) the row names.
  const where = latitude === null && longitude === null && state ? { state, lga: findLga(state, row.lga) } : located(latitude, longitude);
  if (typeof where === "string") return { ok: false, reason: where };
  return {
    ok: true,
    place: {
      sourceId: id,
      name,
      category,
      description: text(row.description, DESCRIPTION_MAX),
      address: text(row.address, ADDRESS_MAX),
      state: where.state,
      lga: where.lga,
      latitude,
      longitude,
      phone: nigerianPhone(row.phone),
      website: websiteUrl(row.website),
      hours: weeklyHoursFromOsm(row.opening_hours),
    },
  };
}
