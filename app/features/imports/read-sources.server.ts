/**
 * Reading import files (issue 34): OpenStreetMap extracts as OSM XML (`.osm`), PBF (`.osm.pbf`) or GeoJSON / Overpass
 * JSON (`.geojson`, `.json`), and an operator's CSV. OSM XML and PBF are streamed in two passes, so that a country
 * extract fits in memory: the first keeps only the ways that may be businesses (a name or a business key) and the
 * ids of their nodes; the second yields the candidate nodes, keeps the coordinates of those ways' nodes, and then
 * yields each way at its centre (the mean of its distinct nodes). GeoJSON is read whole (Overpass exports are small:
 * a country goes as PBF). Features without tags are geometry, not places: they are not yielded.
 */
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { parse as parseCsv } from "csv-parse";
import { createOSMStream } from "osm-pbf-parser-node";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { createInterface } from "node:readline";
import { CSV_COLUMNS, type CsvRow, type OsmFeature, type OvertureFeature } from "./imported-place";

export type OsmFormat = "osm" | "pbf" | "geojson";

/** The format of a file from its name: .osm.pbf, .osm (XML), .geojson or .json. */
export function osmFormatOf(file: string): OsmFormat | null {
  const name = file.toLowerCase();
  if (name.endsWith(".osm.pbf") || name.endsWith(".pbf")) return "pbf";
  if (name.endsWith(".osm") || name.endsWith(".osm.xml") || name.endsWith(".xml")) return "osm";
  if (name.endsWith(".geojson") || name.endsWith(".json")) return "geojson";
  return null;
}

/** Keys that make a feature a candidate (placeFromOsm decides): a name, or a key our category mapping reads. */
const CANDIDATE_KEYS = ["name", "name:en", "shop", "amenity", "craft", "office", "healthcare", "tourism", "leisure"];
const isCandidate = (tags: Record<string, string> | undefined): tags is Record<string, string> =>
  Boolean(tags) && CANDIDATE_KEYS.some((key) => tags![key] !== undefined);
/**
 * A way is kept in the first pass only with a key our categories read: a country has hundreds of thousands of named
 * roads and rivers, whose nodes would all be held in memory for nothing (a named way is no business without one).
 */
const BUSINESS_KEYS = CANDIDATE_KEYS.filter((key) => !key.startsWith("name"));
const isCandidateWay = (tags: Record<string, string> | undefined): tags is Record<string, string> =>
  Boolean(tags) && BUSINESS_KEYS.some((key) => tags![key] !== undefined);

type RawWay = { id: number; refs: number[]; tags: Record<string, string> };
type RawElement = { type: "node"; id: number; lat: number; lon: number; tags?: Record<string, string> } | { type: "way"; id: number; refs: number[]; tags?: Record<string, string> };

/** The features of an OpenStreetMap file, in the given format. */
export async function* readOsmFeatures(file: string, format: OsmFormat): AsyncGenerator<OsmFeature> {
  if (format === "geojson") {
    yield* readGeoJson(file);
    return;
  }
  const elements = format === "pbf" ? pbfElements : xmlElements;
  // First pass: the ways that may be businesses, and the nodes they need.
  const ways: RawWay[] = [];
  const needed = new Set<number>();
  for await (const element of elements(file, "ways")) {
    if (element.type !== "way" || !isCandidateWay(element.tags)) continue;
    ways.push({ id: element.id, refs: element.refs, tags: element.tags });
    for (const ref of element.refs) needed.add(ref);
  }
  // Second pass: candidate nodes, and the coordinates of the ways' nodes.
  const coordinates = new Map<number, [number, number]>();
  for await (const element of elements(file, "nodes")) {
    if (element.type !== "node") continue;
    if (needed.has(element.id)) coordinates.set(element.id, [element.lat, element.lon]);
    if (isCandidate(element.tags)) yield { type: "node", id: element.id, latitude: element.lat, longitude: element.lon, tags: element.tags };
  }
  for (const way of ways) {
    const points = [...new Set(way.refs)].map((ref) => coordinates.get(ref)).filter((p): p is [number, number] => Boolean(p));
    const centre = points.length ? [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length] : null;
    yield { type: "way", id: way.id, latitude: centre?.[0] ?? null, longitude: centre?.[1] ?? null, tags: way.tags };
  }
}

/** A PBF file's nodes or ways (the other kind is decoded without its tags, and not yielded). */
async function* pbfElements(file: string, wanted: "nodes" | "ways"): AsyncGenerator<RawElement> {
  const withTags = wanted === "nodes" ? { node: true, way: false, relation: false } : { node: false, way: true, relation: false };
  for await (const item of createOSMStream(file, { withTags, withInfo: false })) {
    const element = item as { type?: string; id: number; lat?: number; lon?: number; refs?: number[]; tags?: Record<string, string> };
    if (wanted === "nodes" && element.type === "node") yield { type: "node", id: element.id, lat: element.lat!, lon: element.lon!, tags: element.tags };
    else if (wanted === "ways" && element.type === "way") yield { type: "way", id: element.id, refs: element.refs ?? [], tags: element.tags };
  }
}

/** An OSM XML file's nodes or ways, streamed through a SAX parser. */
async function* xmlElements(file: string, wanted: "nodes" | "ways"): AsyncGenerator<RawElement> {
  const parser = new SaxesParser();
  const ready: RawElement[] = [];
  let current: RawElement | null = null;
  let failure: Error | null = null;
  parser.on("opentag", (tag: SaxesTagPlain) => {
    const a = tag.attributes as Record<string, string>;
    if (tag.name === "node" && wanted === "nodes") current = { type: "node", id: Number(a.id), lat: Number(a.lat), lon: Number(a.lon) };
    else if (tag.name === "way" && wanted === "ways") current = { type: "way", id: Number(a.id), refs: [] };
    else if (tag.name === "tag" && current) (current.tags ??= {})[a.k ?? ""] = a.v ?? "";
    else if (tag.name === "nd" && current?.type === "way") current.refs.push(Number(a.ref));
  });
  parser.on("closetag", (tag) => {
    if ((tag.name === "node" || tag.name === "way") && current) {
      ready.push(current);
      current = null;
    }
  });
  parser.on("error", (error) => {
    failure = error;
  });
  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 })) {
    parser.write(chunk as string);
    if (failure) throw new Error(`${file} is not OSM XML: ${(failure as Error).message}`);
    yield* ready.splice(0);
  }
  parser.close();
  if (failure) throw new Error(`${file} is not OSM XML: ${(failure as Error).message}`);
  yield* ready.splice(0);
}

type GeoJsonGeometry = { type: string; coordinates: unknown };
type GeoJsonFeature = { type: "Feature"; id?: string | number; properties?: Record<string, unknown> | null; geometry?: GeoJsonGeometry | null };

/** The mean of a geometry's positions (the outer ring for polygons), or null. */
function centreOf(geometry: GeoJsonGeometry | null | undefined): [number, number] | null {
  if (!geometry) return null;
  const positions: number[][] = [];
  const collect = (value: unknown, depth: number) => {
    if (!Array.isArray(value)) return;
    if (depth === 0) {
      if (typeof value[0] === "number" && typeof value[1] === "number") positions.push(value as number[]);
      return;
    }
    // Polygons: the outer ring only (holes are inside it).
    const parts = geometry.type === "Polygon" && depth === 2 ? value.slice(0, 1) : value;
    for (const part of parts) collect(part, depth - 1);
  };
  const depth = { Point: 0, LineString: 1, MultiPoint: 1, Polygon: 2, MultiLineString: 2, MultiPolygon: 3 }[geometry.type];
  if (depth === undefined) return null;
  collect(geometry.coordinates, depth);
  // A closed ring repeats its first position: count it once.
  const unique = [...new Map(positions.map((p) => [`${p[0]},${p[1]}`, p])).values()];
  if (!unique.length) return null;
  return [unique.reduce((s, p) => s + p[1]!, 0) / unique.length, unique.reduce((s, p) => s + p[0]!, 0) / unique.length];
}

/** 'node/123' and the like from a GeoJSON feature (overpass turbo writes `id` and `@id`), or null. */
function osmIdOf(feature: GeoJsonFeature): { type: "node" | "way"; id: string } | null {
  const raw = String(feature.id ?? feature.properties?.["@id"] ?? feature.properties?.id ?? "");
  const match = /^(node|way)\/(\d+)$/.exec(raw);
  return match ? { type: match[1] as "node" | "way", id: match[2]! } : null;
}

/** Features of a GeoJSON FeatureCollection (overpass turbo's export) or of Overpass JSON (`out center`). */
async function* readGeoJson(file: string): AsyncGenerator<OsmFeature> {
  const document = JSON.parse(await readFile(file, "utf8")) as { type?: string; features?: GeoJsonFeature[]; elements?: Record<string, unknown>[] };
  if (Array.isArray(document.elements)) {
    for (const element of document.elements) {
      const tags = element.tags as Record<string, string> | undefined;
      if ((element.type !== "node" && element.type !== "way") || !isCandidate(tags)) continue;
      const centre = (element.center ?? element) as { lat?: number; lon?: number };
      yield { type: element.type, id: String(element.id), latitude: centre.lat ?? null, longitude: centre.lon ?? null, tags };
    }
    return;
  }
  if (document.type !== "FeatureCollection" || !Array.isArray(document.features)) throw new Error(`${file} is neither a GeoJSON FeatureCollection nor Overpass JSON.`);
  for (const feature of document.features) {
    const osm = osmIdOf(feature);
    if (!osm) continue;
    const properties = feature.properties ?? {};
    const nested = properties.tags && typeof properties.tags === "object" ? (properties.tags as Record<string, unknown>) : properties;
    const tags = Object.fromEntries(Object.entries(nested).filter(([k, v]) => !k.startsWith("@") && k !== "id" && typeof v === "string")) as Record<string, string>;
    if (!isCandidate(tags)) continue;
    const centre = centreOf(feature.geometry);
    yield { type: osm.type, id: osm.id, latitude: centre?.[0] ?? null, longitude: centre?.[1] ?? null, tags };
  }
}

/**
 * Overture Maps places (`--format overture`): the GeoJSON its tools export from the GeoParquet release (`overturemaps
 * download --type=place -f geojson` writes a FeatureCollection, `-f geojsonseq` one feature per line, streamed here).
 * Points only; a place's id is its GERS id.
 */
export async function* readOvertureFeatures(file: string): AsyncGenerator<OvertureFeature> {
  const toPlace = (feature: GeoJsonFeature): OvertureFeature | null => {
    if (feature?.type !== "Feature") return null;
    const centre = centreOf(feature.geometry);
    const properties = feature.properties ?? {};
    const id = feature.id ?? properties.id;
    return { id: id === undefined || id === null ? null : String(id), latitude: centre?.[0] ?? null, longitude: centre?.[1] ?? null, properties };
  };
  if (!(await isFeatureSequence(file))) {
    const document = JSON.parse(await readFile(file, "utf8")) as { type?: string; features?: GeoJsonFeature[] };
    if (document.type !== "FeatureCollection" || !Array.isArray(document.features)) throw new Error(`${file} is not a GeoJSON FeatureCollection.`);
    for (const feature of document.features) {
      const place = toPlace(feature);
      if (place) yield place;
    }
    return;
  }
  // GeoJSON text sequences (RFC 8464: each record may start with RS) or newline-delimited features.
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let line = 0;
  for await (const raw of lines) {
    line += 1;
    const text = raw.replace(/^\u001e/, "").trim();
    if (!text) continue;
    let feature: GeoJsonFeature;
    try {
      feature = JSON.parse(text) as GeoJsonFeature;
    } catch {
      throw new Error(`${file} line ${line} is not a GeoJSON feature.`);
    }
    const place = toPlace(feature);
    if (place) yield place;
  }
}

/** Whether a file is one GeoJSON feature per line (its first line a whole Feature, or RS-prefixed) rather than one document. */
async function isFeatureSequence(file: string): Promise<boolean> {
  let head = "";
  for await (const chunk of createReadStream(file, { encoding: "utf8", start: 0, end: 65_535 })) {
    head = chunk as string;
    break;
  }
  const first = head.trimStart().split("\n", 1)[0] ?? "";
  if (first.startsWith("\u001e")) return true;
  try {
    return (JSON.parse(first) as { type?: unknown }).type === "Feature";
  } catch {
    return false;
  }
}

/** The rows of an operator's CSV, by the documented header. Throws when `id`, `name` or `category` is missing. */
export async function* readCsvRows(file: string): AsyncGenerator<CsvRow> {
  const parser = createReadStream(file).pipe(parseCsv({ bom: true, columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), skip_empty_lines: true, trim: true, relax_column_count: true }));
  let checked = false;
  for await (const record of parser as AsyncIterable<Record<string, string>>) {
    if (!checked) {
      const missing = ["id", "name", "category"].filter((c) => !(c in record));
      if (missing.length) throw new Error(`${file}: the header lacks ${missing.join(", ")} (columns: ${CSV_COLUMNS.join(",")}).`);
      checked = true;
    }
    yield Object.fromEntries(CSV_COLUMNS.filter((c) => record[c] !== undefined).map((c) => [c, record[c]!])) as CsvRow;
  }
}
