/**
 * The OpenStreetMap import at country size (issue 34, ADR 38): a generated extract written as PBF, block by block,
 * read by the importer's own reader and imported by its own use case (as `npm run cli -- import:osm` does), into a
 * fresh migrated database; then the same file again (every place refreshed, nothing added); then searches through
 * the search use case, to see that search stays within its budget with the imported listings.
 *
 *   node --import tsx bench/imports/run.ts [--features N] [--database-url URL] [--keep FILE]
 *     --features N        features in the extract (default 200000); about 70% become listings (the rest have no
 *                         name, are no business, or repeat a place), 5% of them are ways (buildings) with 4 nodes
 *     --database-url URL  PostgreSQL (also BENCH_DATABASE_URL), migrated first; without it a fresh PGlite in a
 *                         temporary directory
 *     --keep FILE         keep the generated .osm.pbf there
 *
 * Prints the extract's size and write time, each import's time, rate and the process's peak memory (max RSS), and
 * the searches' p50 / p95.
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase, queryRows, useDatabase, type Database } from "../../app/lib/db.server";
import { placeFromOsm } from "../../app/features/imports/imported-place";
import { importPlaces } from "../../app/features/imports/import-places.server";
import { readOsmFeatures } from "../../app/features/imports/read-sources.server";
import { parseBusinessFilters } from "../../app/features/directory/parse-business-filters";
import { searchBusinesses } from "../../app/features/directory/search-businesses.server";
import { LGA_CENTRES } from "../../app/lib/nigeria-lga-centres";
import { REGIONS } from "../../app/lib/reference";
import { pbfDataBlock, pbfHeaderBlock, type ExtractNode, type ExtractWay } from "../../tests/support/osm-extract";

const { values: args } = parseArgs({
  options: { features: { type: "string", default: "200000" }, "database-url": { type: "string" }, keep: { type: "string" } },
});
const FEATURES = Number(args.features);
const URL_ = args["database-url"] ?? process.env.BENCH_DATABASE_URL;

/** A small deterministic generator (the same extract every run). */
let seed = 4242;
const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const KINDS: Record<string, string>[] = [
  { shop: "supermarket" }, { shop: "chemist" }, { amenity: "pharmacy" }, { amenity: "restaurant" }, { amenity: "fast_food" },
  { shop: "hairdresser" }, { shop: "clothes" }, { shop: "mobile_phone" }, { amenity: "bank" }, { amenity: "fuel" },
  { amenity: "clinic" }, { craft: "tailor" }, { shop: "car_repair" }, { tourism: "hotel" }, { shop: "bakery" }, { shop: "hardware" },
];
const WORDS = ["Royal", "Grace", "Divine", "Golden", "Mama", "Alhaji", "Emeka", "Blessed", "Unity", "Favour", "Success", "Kings", "Ola", "Chika", "Bello", "Zion", "Amazing", "Victory"];
const NOUNS = ["Stores", "Ventures", "Enterprises", "Kitchen", "Pharmacy", "Plaza", "Hotel", "Salon", "Motors", "Mart", "Clinic", "Bakery", "Fashion", "Works"];
const HOURS = ["Mo-Sa 08:00-20:00", "Mo-Fr 08:00-17:00; Sa 09:00-14:00", "24/7", "Mo-Su 07:00-22:00", "Mo-Fr 09:00-17:00; PH off"];
const CENTRES = REGIONS.flatMap((state) => Object.values(LGA_CENTRES[state]));

/** The extract, block by block: nodes (places, and the ways' corners), then the ways. */
async function writeExtract(file: string): Promise<{ nodes: number; ways: number }> {
  const out = createWriteStream(file);
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await once(out, "drain");
  };
  await write(pbfHeaderBlock());
  const ways: ExtractWay[] = [];
  let nodeId = 1;
  let nodes: ExtractNode[] = [];
  let nodeCount = 0;
  const flush = async () => {
    if (nodes.length) await write(pbfDataBlock({ nodes }));
    nodeCount += nodes.length;
    nodes = [];
  };
  let previous: ExtractNode | null = null;
  for (let i = 0; i < FEATURES; i++) {
    const [lat, lon] = pick(CENTRES);
    const point = { lat: lat + (random() - 0.5) * 0.08, lon: lon + (random() - 0.5) * 0.08 };
    const roll = random();
    let tags: Record<string, string>;
    if (roll < 0.12) tags = { ...pick(KINDS) }; // a business without a name
    else if (roll < 0.2) tags = { highway: "residential", name: `${pick(WORDS)} Street` }; // named, not a business
    else {
      tags = { ...pick(KINDS), name: `${pick(WORDS)} ${pick(WORDS)} ${pick(NOUNS)} ${i % 997}` };
      if (random() < 0.4) tags.phone = `080${String(Math.floor(random() * 1e8)).padStart(8, "0")}`;
      if (random() < 0.3) tags.opening_hours = pick(HOURS);
      if (random() < 0.3) Object.assign(tags, { "addr:housenumber": String(1 + Math.floor(random() * 200)), "addr:street": `${pick(WORDS)} Road` });
    }
    // About 2% repeat the place before it, 20 m away (a duplicate mapped twice).
    if (previous?.tags?.name && random() < 0.02) {
      nodes.push({ id: nodeId++, lat: previous.lat + 0.0002, lon: previous.lon, tags: { ...previous.tags } });
    } else if (tags.name && random() < 0.05) {
      // A building drawn as a closed way of four corners.
      const corners = [0, 1, 2, 3].map((c) => ({ id: nodeId++, lat: point.lat + (c >> 1) * 0.0003, lon: point.lon + (c & 1) * 0.0003 }));
      nodes.push(...corners);
      ways.push({ id: i + 1, refs: [...corners.map((c) => c.id), corners[0]!.id], tags });
    } else {
      const node = { id: nodeId++, ...point, tags };
      nodes.push(node);
      previous = node;
    }
    if (nodes.length >= 8000) await flush();
  }
  await flush();
  for (let i = 0; i < ways.length; i += 8000) await write(pbfDataBlock({ ways: ways.slice(i, i + 8000) }));
  out.end();
  await once(out, "finish");
  return { nodes: nodeCount, ways: ways.length };
}

const maxRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), "nd-bench-import-"));
  const file = args.keep ?? path.join(dir, "extract.osm.pbf");
  let database: Database | null = null;
  try {
    const writeStarted = performance.now();
    const written = await writeExtract(file);
    const bytes = (await stat(file)).size;
    console.log(`extract: ${FEATURES} features (${written.nodes} nodes, ${written.ways} ways), ${(bytes / 1e6).toFixed(1)} MB PBF, written in ${((performance.now() - writeStarted) / 1000).toFixed(1)} s`);

    database = URL_ ? await openDatabase({ kind: "postgres", url: URL_ }) : await openDatabase({ kind: "embedded", dataDir: path.join(dir, "data"), purpose: "bench" });
    useDatabase(database);
    await migrateDatabase(database);
    const [{ version }] = await queryRows<{ version: string }>(database.db, sql`select version()`);
    console.log(`${URL_ ? "PostgreSQL" : "PGlite"} (${version.split(",")[0]}); ${cpus().length} cores; node ${process.version}; load average ${loadavg()[0]!.toFixed(2)}`);

    for (const run of ["first import", "the same file again"]) {
      const started = performance.now();
      let lastLine = 0;
      const summary = await importPlaces(
        (async function* () {
          for await (const feature of readOsmFeatures(file, "pbf")) yield placeFromOsm(feature);
        })(),
        {
          source: "osm",
          onProgress: (s) => {
            if (performance.now() - lastLine > 15_000) {
              lastLine = performance.now();
              console.log(`  … ${s.read} read, ${s.added + s.refreshed} written, ${Math.round(s.read / s.seconds)}/s, max RSS ${maxRssMb()} MB`);
            }
          },
        },
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `${run}: ${seconds.toFixed(1)} s, ${Math.round(summary.read / seconds)} features/s; added ${summary.added}, refreshed ${summary.refreshed}, ` +
          `duplicates ${summary.duplicates}, gone ${summary.gone}, skipped ${JSON.stringify(summary.skipped)}; max RSS ${maxRssMb()} MB`,
      );
    }

    // Search afterwards: the use case, warm, over a mix of kinds.
    const queries = ["q=pharmacy", "q=royal+stores", "q=chemist&region=Lagos", "category=Supermarket&region=Kano", "q=mama&open=now", "q=hotel", "region=Oyo", "q=golden+kitchen", "q=bank&region=FCT", "q=salon"];
    for (const q of queries) await searchBusinesses(parseBusinessFilters(new URLSearchParams(q)));
    const times: number[] = [];
    const byQuery = new Map<string, number[]>();
    for (let round = 0; round < 5; round++) {
      for (const q of queries) {
        const started = performance.now();
        await searchBusinesses(parseBusinessFilters(new URLSearchParams(q)));
        const ms = performance.now() - started;
        times.push(ms);
        byQuery.set(q, [...(byQuery.get(q) ?? []), ms]);
      }
    }
    console.log(`search afterwards (the use case, ${times.length} warm searches of ${queries.length} kinds): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`);
    console.log(`  by kind (median): ${[...byQuery].map(([q, ms]) => `${q} ${percentile(ms, 50).toFixed(0)} ms`).join("; ")}`);
  } finally {
    await database?.close();
    if (!args.keep) await rm(dir, { recursive: true, force: true });
    else await rm(path.join(dir, "data"), { recursive: true, force: true });
  }
}

await main();
