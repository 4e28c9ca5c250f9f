/**
 * OpenStreetMap extracts made in tests and benches (issue 34), in the three forms the importer reads: OSM XML, PBF
 * (written with the parser's own protobuf schema: BlobHeader, zlib Blob, PrimitiveBlock; nodes as plain Node messages
 * in blocks of 8,000, ways after them, as in a real extract) and overpass turbo's GeoJSON.
 */
import { deflateSync } from "node:zlib";
import Pbf from "pbf";
import { Blob, BlobHeader } from "osm-pbf-parser-node/proto/fileformat.js";
import { HeaderBlock, PrimitiveBlock } from "osm-pbf-parser-node/proto/osmformat.js";

export type ExtractNode = { id: number; lat: number; lon: number; tags?: Record<string, string> };
export type ExtractWay = { id: number; refs: number[]; tags?: Record<string, string> };

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);
const tagsXml = (tags: Record<string, string> | undefined) =>
  Object.entries(tags ?? {}).map(([k, v]) => `\n    <tag k="${escapeXml(k)}" v="${escapeXml(v)}"/>`).join("");

/** OSM XML (API 0.6), nodes then ways. */
export function osmXml(nodes: ExtractNode[], ways: ExtractWay[] = []): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="naija-directory tests">'];
  for (const n of nodes) {
    const inner = tagsXml(n.tags);
    parts.push(`  <node id="${n.id}" lat="${n.lat}" lon="${n.lon}"${inner ? `>${inner}\n  </node>` : "/>"}`);
  }
  for (const w of ways) parts.push(`  <way id="${w.id}">${w.refs.map((r) => `\n    <nd ref="${r}"/>`).join("")}${tagsXml(w.tags)}\n  </way>`);
  parts.push("</osm>\n");
  return parts.join("\n");
}

function fileBlock(type: "OSMHeader" | "OSMData", payload: Uint8Array): Buffer {
  const blob = new Pbf();
  Blob.write({ raw_size: payload.length, zlib_data: deflateSync(payload) }, blob);
  const data = blob.finish();
  const header = new Pbf();
  BlobHeader.write({ type, datasize: data.length }, header);
  const head = header.finish();
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, data]);
}

/** One PBF data block of nodes or of ways (a bench writes a large extract block by block with these). */
export function pbfDataBlock(group: { nodes?: ExtractNode[]; ways?: ExtractWay[] }): Buffer {
  const strings = [""];
  const index = new Map<string, number>([["", 0]]);
  const sid = (s: string) => {
    let i = index.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      index.set(s, i);
    }
    return i;
  };
  const keysVals = (tags: Record<string, string> | undefined) => ({ keys: Object.keys(tags ?? {}).map(sid), vals: Object.values(tags ?? {}).map(sid) });
  const nodes = group.nodes?.map((n) => ({ id: n.id, lat: Math.round(n.lat * 1e7), lon: Math.round(n.lon * 1e7), ...keysVals(n.tags) }));
  const ways = group.ways?.map((w) => ({ id: w.id, refs: w.refs.map((r, i) => (i === 0 ? r : r - w.refs[i - 1]!)), ...keysVals(w.tags) }));
  const block = new Pbf();
  PrimitiveBlock.write({ stringtable: { s: strings.map((s) => Buffer.from(s, "utf8")) }, primitivegroup: [nodes ? { nodes } : { ways }], granularity: 100 }, block);
  return fileBlock("OSMData", block.finish());
}

/** A .osm.pbf file's bytes: a header block, then the nodes and the ways in blocks of `perBlock`. */
export function osmPbf(nodes: ExtractNode[], ways: ExtractWay[] = [], perBlock = 8000): Buffer {
  const parts = [pbfHeaderBlock()];
  for (let i = 0; i < nodes.length; i += perBlock) parts.push(pbfDataBlock({ nodes: nodes.slice(i, i + perBlock) }));
  for (let i = 0; i < ways.length; i += perBlock) parts.push(pbfDataBlock({ ways: ways.slice(i, i + perBlock) }));
  return Buffer.concat(parts);
}

/** A PBF file's first block: its header. */
export function pbfHeaderBlock(): Buffer {
  const header = new Pbf();
  HeaderBlock.write({ required_features: ["OsmSchema-V0.6"], writingprogram: "naija-directory tests" }, header);
  return fileBlock("OSMHeader", header.finish());
}

/** overpass turbo's GeoJSON export: points for nodes, polygons for closed ways; `id` and `@id` as it writes them. */
export function overpassGeoJson(nodes: ExtractNode[], ways: ExtractWay[] = []): object {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const tagged = nodes.filter((n) => n.tags && Object.keys(n.tags).length);
  return {
    type: "FeatureCollection",
    features: [
      ...tagged.map((n) => ({ type: "Feature", id: `node/${n.id}`, properties: { "@id": `node/${n.id}`, ...n.tags }, geometry: { type: "Point", coordinates: [n.lon, n.lat] } })),
      ...ways.map((w) => ({
        type: "Feature",
        id: `way/${w.id}`,
        properties: { "@id": `way/${w.id}`, ...w.tags },
        geometry: { type: "Polygon", coordinates: [w.refs.map((r) => [byId.get(r)!.lon, byId.get(r)!.lat])] },
      })),
    ],
  };
}
