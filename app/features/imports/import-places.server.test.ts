/**
 * Importing OpenStreetMap extracts and operators' CSVs as unclaimed listings (issue 34): the three file forms give the
 * same places; what is imported is public and found by search without an owner; an import again refreshes what
 * nobody claimed and never a claimed listing; what a file no longer has is marked gone and hidden, and comes back;
 * near-duplicates are not imported twice, and an owner's listing hides the imported place it covers; a dry run writes
 * nothing. Files are written to a temporary directory and read by the real readers.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { businesses } from "../../../db/schema";
import { createBusiness, createOwner } from "../../../db/seed/factories";
import { osmPbf, osmXml, overpassGeoJson, type ExtractNode, type ExtractWay } from "../../../tests/support/osm-extract";
import { importCommand } from "../../../cli/import";
import { getDb, queryRows } from "../../lib/db.server";
import { getPublicBusiness } from "../directory/get-public-business.server";
import { parseBusinessFilters } from "../directory/parse-business-filters";
import { searchBusinesses } from "../directory/search-businesses.server";
import { placeFromCsv, placeFromOsm } from "./imported-place";
import { importPlaces } from "./import-places.server";
import { readCsvRows, readOsmFeatures, type OsmFormat } from "./read-sources.server";

const dir = mkdtempSync(path.join(tmpdir(), "nd-import-"));
let files = 0;
const file = (name: string, content: string | Buffer) => {
  const target = path.join(dir, `${++files}-${name}`);
  writeFileSync(target, content);
  return target;
};

/** Ids and names unique to each test, so tests sharing the database do not meet. */
let base = 9_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
const ids = () => (base += 1000);
const word = () => `Zq${Math.random().toString(36).slice(2, 8)}`;

/** Places read from a file by the real readers, as the command feeds them to the import. */
async function* placesOf(target: string, format: OsmFormat) {
  for await (const feature of readOsmFeatures(target, format)) yield placeFromOsm(feature);
}
const importFile = (target: string, format: OsmFormat, options: { dryRun?: boolean; keepMissing?: boolean } = {}) =>
  importPlaces(placesOf(target, format), { source: "osm", ...options });

const rowsOf = (sourceIds: string[]) =>
  getDb()
    .select()
    .from(businesses)
    .where(sql`${businesses.source} = 'osm' and ${businesses.sourceId} in ${sourceIds}`);

/** A small extract around Ikeja: a pharmacy node, a supermarket way, and what is not a place. */
function extract(tag: string) {
  const id = ids();
  const nodes: ExtractNode[] = [
    { id: id + 1, lat: 6.6018, lon: 3.3515, tags: { amenity: "pharmacy", name: `${tag} Pharmacy`, phone: `0803 ${String(id).slice(-7, -4)} ${String(id).slice(-4)}`, opening_hours: "Mo-Sa 08:00-21:00", "addr:street": "Allen Avenue" } },
    { id: id + 2, lat: 6.6021, lon: 3.352, tags: { amenity: "bench", name: "Bench" } },
    { id: id + 3, lat: 6.6022, lon: 3.3521, tags: { shop: "bakery" } },
    { id: id + 4, lat: 6.3703, lon: 2.3912, tags: { shop: "supermarket", name: `${tag} Cotonou` } },
    // The way's corners, untagged.
    { id: id + 10, lat: 6.61, lon: 3.36 },
    { id: id + 11, lat: 6.61, lon: 3.362 },
    { id: id + 12, lat: 6.612, lon: 3.362 },
    { id: id + 13, lat: 6.612, lon: 3.36 },
  ];
  const ways: ExtractWay[] = [{ id: id + 20, refs: [id + 10, id + 11, id + 12, id + 13, id + 10], tags: { shop: "supermarket", name: `${tag} Mart` } }];
  return { nodes, ways, pharmacy: `node/${id + 1}`, mart: `way/${id + 20}` };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("importing an OpenStreetMap extract", () => {
  it("OSM XML, PBF and GeoJSON give the same places; each is a public, unclaimed listing that search finds", async () => {
    const tag = word();
    const { nodes, ways, pharmacy, mart } = extract(tag);
    const xml = file("ikeja.osm", osmXml(nodes, ways));
    const pbf = file("ikeja.osm.pbf", osmPbf(nodes, ways));
    const geojson = file("ikeja.geojson", JSON.stringify(overpassGeoJson(nodes, ways)));
    const read = async (target: string, format: OsmFormat) => {
      const out = [];
      for await (const item of placesOf(target, format)) out.push(item.ok ? { ...item.place, latitude: item.place.latitude!.toFixed(6), longitude: item.place.longitude!.toFixed(6) } : item.reason);
      return out.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    };
    const fromXml = await read(xml, "osm");
    expect(await read(pbf, "pbf")).toEqual(fromXml);
    // GeoJSON has only the tagged features (its ways carry their geometry): the same places.
    expect((await read(geojson, "geojson")).filter((p) => typeof p !== "string")).toEqual(fromXml.filter((p) => typeof p !== "string"));

    const summary = await importFile(xml, "osm", { keepMissing: true });
    expect(summary).toMatchObject({ source: "osm", read: 5, added: 2, refreshed: 0, duplicates: 0, covered: 0, skipped: { "not-a-business": 1, "no-name": 1, "outside-nigeria": 1 } });
    const rows = await rowsOf([pharmacy, mart]);
    const chemist = rows.find((r) => r.sourceId === pharmacy)!;
    expect(chemist).toMatchObject({ userId: null, approved: true, approvalStatus: "approved", category: "Pharmacy store", state: "Lagos", lga: "Ikeja", address: "Allen Avenue", claimedAt: null });
    expect(chemist.phoneNumber).toMatch(/^\+234803\d{7}$/);
    expect(chemist.openMinutes).toBeTruthy();
    const market = rows.find((r) => r.sourceId === mart)!;
    expect(market.latitude).toBeCloseTo(6.611, 6);
    expect(market.longitude).toBeCloseTo(3.361, 6);

    // Public without an owner, and found by name, by category and 'Open now' filters' counts.
    expect((await getPublicBusiness(chemist.id)).name).toBe(`${tag} Pharmacy`);
    const found = await searchBusinesses(parseBusinessFilters(new URLSearchParams(`q=${tag}`)));
    expect(found.items.map((i) => i.id).sort()).toEqual([chemist.id, market.id].sort());

    // The PBF and the GeoJSON of the same extract are the same listings, refreshed.
    expect(await importFile(pbf, "pbf", { keepMissing: true })).toMatchObject({ added: 0, refreshed: 2 });
    expect(await importFile(geojson, "geojson", { keepMissing: true })).toMatchObject({ added: 0, refreshed: 2 });
    expect(await rowsOf([pharmacy, mart])).toHaveLength(2);
  });

  it("an import again refreshes what nobody claimed, never a claimed listing; what the file no longer has is gone and hidden, and comes back", async () => {
    const tag = word();
    const id = ids();
    const node = (n: number, name: string, lon = 3.3515 + n * 0.01): ExtractNode => ({ id: id + n, lat: 6.6018, lon, tags: { shop: "bakery", name } });
    const kano: ExtractNode = { id: id + 4, lat: 12.0022, lon: 8.592, tags: { shop: "bakery", name: `${tag} Kano Bakery` } };
    const first = file("v1.osm", osmXml([node(1, `${tag} Alpha Bakery`), node(2, `${tag} Beta Bakery`), node(3, `${tag} Gamma Bakery`, 3.3665), kano]));
    expect(await importFile(first, "osm")).toMatchObject({ added: 4, gone: 0 });
    const [, beta] = await rowsOf([`node/${id + 1}`, `node/${id + 2}`]).then((r) => r.sort((a, b) => a.name.localeCompare(b.name)));
    // An owner claims Beta and renames it.
    const owner = await createOwner(getDb());
    await getDb().update(businesses).set({ userId: owner.id, claimedAt: new Date(), name: `${tag} Beta's Own Bakery` }).where(eq(businesses.id, beta!.id));

    // Gamma lies between the two the next extract still has: inside the area it covers.
    const second = file("v2.osm", osmXml([node(1, `${tag} Alpha Bakery and Cafe`), node(2, `${tag} Beta Renamed In OSM`)]));
    expect(await importFile(second, "osm")).toMatchObject({ added: 0, refreshed: 1, claimedKept: 1, gone: 1 });
    const after = new Map((await rowsOf([`node/${id + 1}`, `node/${id + 2}`, `node/${id + 3}`])).map((r) => [r.sourceId, r]));
    expect(after.get(`node/${id + 1}`)!.name).toBe(`${tag} Alpha Bakery and Cafe`);
    expect(after.get(`node/${id + 2}`)).toMatchObject({ name: `${tag} Beta's Own Bakery`, userId: owner.id, approved: true });
    const gamma = after.get(`node/${id + 3}`)!;
    expect(gamma).toMatchObject({ approved: false });
    expect(gamma.sourceGoneAt).toBeInstanceOf(Date);
    await expect(getPublicBusiness(gamma.id)).rejects.toMatchObject({ code: "not-found" });
    // An extract of Lagos says nothing of Kano: what lies outside the area it covers stays.
    const [stays] = await rowsOf([`node/${id + 4}`]);
    expect(stays).toMatchObject({ approved: true, sourceGoneAt: null });

    // Back in a later extract: shown again.
    expect(await importFile(first, "osm")).toMatchObject({ refreshed: 3, claimedKept: 1, gone: 0 });
    const [back] = await rowsOf([`node/${id + 3}`]);
    expect(back).toMatchObject({ approved: true, sourceGoneAt: null });
  });

  it("a file that lacks more than a fifth of its area's listings hides none of them unless asked", async () => {
    const tag = word();
    const id = ids();
    const shops = Array.from({ length: 60 }, (_, i): ExtractNode => ({ id: id + i, lat: 10.5 + (i % 10) * 0.002, lon: 7.43 + Math.floor(i / 10) * 0.002, tags: { shop: "convenience", name: `${tag} Shop ${i}` } }));
    await importFile(file("kaduna.osm", osmXml(shops)), "osm");
    // A cut-short file: the first and the last shop (its area spans them all), nothing between.
    const partial = file("kaduna-partial.osm", osmXml([shops[0]!, shops[59]!]));
    expect(await importFile(partial, "osm")).toMatchObject({ gone: 0, goneHeld: 58 });
    expect((await rowsOf(shops.map((n) => `node/${n.id}`))).filter((r) => r.approved)).toHaveLength(60);
    expect(await importPlaces(placesOf(partial, "osm"), { source: "osm", allowMassGone: true })).toMatchObject({ gone: 58, goneHeld: 0 });
  });

  it("near-duplicates are not imported twice; a place an owner's listing covers is kept hidden and linked to it, never merged", async () => {
    const tag = word();
    const id = ids();
    const owner = await createOwner(getDb());
    const ownPhone = `+234809${String(id).slice(-7)}`;
    const own = await createBusiness(getDb(), { userId: owner.id, name: `${tag} Royal Kitchen`, phoneNumber: ownPhone, latitude: 9.0765, longitude: 7.3986, state: "FCT" });
    const nodes: ExtractNode[] = [
      // The owner's phone 1 km away: the same business.
      { id: id + 1, lat: 9.085, lon: 7.4, tags: { amenity: "restaurant", name: `${tag} Royal Kitchen Wuse`, phone: ownPhone } },
      // A similar name 50 m from the owner's listing.
      { id: id + 2, lat: 9.07695, lon: 7.3986, tags: { amenity: "restaurant", name: `${tag} Royal Kitchen.` } },
      // Two features of the file with one phone: the first is the place.
      { id: id + 3, lat: 9.1, lon: 7.45, tags: { amenity: "pharmacy", name: `${tag} Medplus`, phone: "0703 111 2222" } },
      { id: id + 4, lat: 9.105, lon: 7.455, tags: { amenity: "pharmacy", name: `${tag} Medplus Annex`, phone: "07031112222" } },
      // A chain's head-office number on a branch 50 km away: another place.
      { id: id + 6, lat: 9.55, lon: 7.45, tags: { amenity: "pharmacy", name: `${tag} Medplus Suleja`, phone: "07031112222" } },
      { id: id + 7, lat: 9.6, lon: 7.9, tags: { amenity: "restaurant", name: `${tag} Royal Kitchen Keffi`, phone: ownPhone } },
    ];
    expect(await importFile(file("dupes.osm", osmXml(nodes)), "osm", { keepMissing: true })).toMatchObject({ added: 5, covered: 2, duplicates: 1 });
    const rows = new Map((await rowsOf(nodes.map((n) => `node/${n.id}`))).map((r) => [r.sourceId, r]));
    for (const covered of [`node/${id + 1}`, `node/${id + 2}`]) expect(rows.get(covered)).toMatchObject({ coveredBy: own.id, approved: false, userId: null });
    expect(rows.has(`node/${id + 4}`)).toBe(false);
    for (const branch of [`node/${id + 6}`, `node/${id + 7}`]) expect(rows.get(branch)).toMatchObject({ coveredBy: null, approved: true });
    // The owner's listing is as it was.
    const [mine] = await getDb().select().from(businesses).where(eq(businesses.id, own.id));
    expect(mine).toMatchObject({ name: `${tag} Royal Kitchen`, source: null, approved: true });

    // An imported listing already there: a similar name 60 m away from another extract id is a duplicate.
    const again = [{ id: id + 5, lat: 9.10054, lon: 7.45, tags: { amenity: "pharmacy", name: `${tag} Medplus` } }];
    expect(await importFile(file("dupes-2.osm", osmXml(again)), "osm", { keepMissing: true })).toMatchObject({ added: 0, duplicates: 1 });
  });

  it("a dry run writes nothing and reports what the import would do", async () => {
    const tag = word();
    const { nodes, ways, pharmacy, mart } = extract(tag);
    const target = file("dry.osm", osmXml(nodes, ways));
    const before = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from businesses`);
    expect(await importFile(target, "osm", { dryRun: true })).toMatchObject({ dryRun: true, added: 2 });
    expect(await rowsOf([pharmacy, mart])).toEqual([]);
    expect(await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from businesses`)).toEqual(before);

    // Over imported listings: it counts the refreshed and the gone ones, and changes none.
    const id = ids();
    const bakery = (n: number, name: string): ExtractNode => ({ id: id + n, lat: 7.3775, lon: 3.9 + n * 0.01, tags: { shop: "bakery", name } });
    await importFile(file("ibadan.osm", osmXml([bakery(1, `${tag} One`), bakery(2, `${tag} Two`), bakery(3, `${tag} Three`)])), "osm");
    const dry = await importFile(file("ibadan-2.osm", osmXml([bakery(1, `${tag} One Renamed`), bakery(3, `${tag} Three`)])), "osm", { dryRun: true });
    expect(dry).toMatchObject({ added: 0, refreshed: 2, gone: 1 });
    const kept = await rowsOf([`node/${id + 1}`, `node/${id + 2}`]);
    expect(kept.map((r) => [r.name, r.approved, r.sourceGoneAt]).sort()).toEqual([[`${tag} One`, true, null], [`${tag} Two`, true, null]]);
  });
});

describe("importing an operator's CSV", () => {
  it("reads the documented header; each list is its own source; a missing column is named", async () => {
    const tag = word();
    const csv = file(
      "pharmacies.csv",
      `\uFEFFid,name,category,latitude,longitude,state,lga,phone,website,opening_hours\n` +
        `p-1,"${tag} Chemist, Sabon Gari",shop=chemist,,,Kano,Fagge,0803 444 5555,chemist.example.ng,"Mo-Su 00:00-24:00"\n` +
        `p-2,${tag} Kitchen,Eatery,6.45,3.39,,,,,\n` +
        `p-3,${tag} Unknown,Spaceport,6.45,3.39,,,,,\n`,
    );
    const rows = async function* () {
      for await (const row of readCsvRows(csv)) yield placeFromCsv(row);
    };
    expect(await importPlaces(rows(), { source: "csv:kano-pharmacies" })).toMatchObject({ added: 2, skipped: { "unknown-category": 1 } });
    const imported = await getDb().select().from(businesses).where(inArray(businesses.sourceId, ["p-1", "p-2"]));
    const chemist = imported.find((r) => r.sourceId === "p-1")!;
    expect(chemist).toMatchObject({ source: "csv:kano-pharmacies", name: `${tag} Chemist, Sabon Gari`, category: "Pharmacy store", state: "Kano", lga: "Fagge", phoneNumber: "+2348034445555", websiteUrl: "https://chemist.example.ng/", latitude: null });
    expect(chemist.openingHours).toHaveLength(7);

    const bad = file("bad.csv", "name,category\nX,Eatery\n");
    const read = async () => {
      for await (const row of readCsvRows(bad)) void row;
    };
    await expect(read()).rejects.toThrow(/the header lacks id/);
  });

  it("the command: a missing file and a format it cannot tell are refused with a message", async () => {
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.join(" ")));
    expect(await importCommand("import:osm", [path.join(dir, "nope.osm")])).toBe(1);
    expect(await importCommand("import:osm", [file("extract.txt", "x")])).toBe(1);
    expect(await importCommand("import:csv", [])).toBe(1);
    expect(errors.join("\n")).toMatch(/No such file: .*nope\.osm[\s\S]*Cannot tell the format[\s\S]*import:csv needs a file/);
  });
});
