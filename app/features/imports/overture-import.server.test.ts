/**
 * Importing Overture Maps places (issue 34, `import:osm <file> --format overture`): its GeoJSON export, as one
 * FeatureCollection or one feature per line, through the same command and rules as OpenStreetMap's; the listings
 * are the source 'overture', and their page credits Overture and its sources instead of OpenStreetMap.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { businesses } from "../../../db/schema";
import { importCommand } from "../../../cli/import";
import { renderRoute, type Rendered } from "../../../tests/support/screen-harness";
import { getDb } from "../../lib/db.server";
import { OSM_CREDIT, OVERTURE_CREDIT } from "../directory/types";
import * as detail from "../../routes/public/business-detail";

const dir = mkdtempSync(path.join(tmpdir(), "nd-overture-"));

function feature(id: string, name: string, category: string, at: [number, number], extra: Record<string, unknown> = {}) {
  return {
    type: "Feature",
    id,
    geometry: { type: "Point", coordinates: [at[1], at[0]] },
    properties: { id, names: { primary: name }, categories: { primary: category, alternate: [] }, confidence: 0.9, phones: [], websites: [], ...extra },
  };
}

async function run(args: string[]) {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const code = await importCommand("import:osm", args);
    return { code, out: log.mock.calls.flat().join("\n"), err: error.mock.calls.flat().join("\n") };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe("importing Overture Maps places", () => {
  it("reads a FeatureCollection and GeoJSON lines alike, as unclaimed listings of the source 'overture' credited to Overture", async () => {
    const tag = randomUUID().slice(0, 8);
    const places = [
      feature(`ov-${tag}-1`, `Ovt ${tag} Pharmacy`, "pharmacy", [6.6018, 3.3515], { phones: ["0803 555 0142"], addresses: [{ freeform: "3 Awolowo Way", locality: "Ikeja" }] }),
      feature(`ov-${tag}-2`, `Ovt ${tag} Suya Spot`, "african_restaurant", [9.0765, 7.3986]),
      feature(`ov-${tag}-3`, `Ovt ${tag} Closed Shop`, "supermarket", [6.45, 3.4], { operating_status: "permanently_closed" }),
      feature(`ov-${tag}-4`, `Ovt ${tag} Hill`, "mountain", [9.1, 7.4]),
    ];
    const collection = path.join(dir, `${tag}.geojson`);
    writeFileSync(collection, JSON.stringify({ type: "FeatureCollection", features: places }));
    const first = await run([collection, "--format", "overture"]);
    expect(first.err).not.toMatch(/failed|Cannot|No such/);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/features read\s+4/);
    expect(first.out).toMatch(/listings added\s+2/);
    expect(first.out).toMatch(/skipped: closed\s+1/);
    expect(first.out).toMatch(/skipped: not-a-business\s+1/);

    const rows = await getDb().select().from(businesses).where(eq(businesses.source, "overture"));
    const pharmacy = rows.find((r) => r.sourceId === `ov-${tag}-1`)!;
    expect(pharmacy).toMatchObject({ name: `Ovt ${tag} Pharmacy`, category: "Pharmacy store", state: "Lagos", phoneNumber: "+2348035550142", address: "3 Awolowo Way, Ikeja", userId: null });
    expect(rows.find((r) => r.sourceId === `ov-${tag}-2`)).toMatchObject({ category: "Restaurant/Bar", state: "FCT" });

    // The same places as GeoJSON lines (RS-prefixed records too), renamed: refreshed, not added again.
    const lines = path.join(dir, `${tag}.geojsonseq`);
    writeFileSync(lines, places.map((p, i) => `${i % 2 ? "\u001e" : ""}${JSON.stringify({ ...p, properties: { ...p.properties, names: { primary: `${(p.properties.names as { primary: string }).primary} Ltd` } } })}`).join("\n") + "\n");
    const again = await run([lines, "--format", "overture"]);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/listings added\s+0/);
    expect(again.out).toMatch(/refreshed \(unclaimed\)\s+2/);
    const [renamed] = await getDb().select({ name: businesses.name }).from(businesses).where(and(eq(businesses.source, "overture"), eq(businesses.sourceId, `ov-${tag}-1`)));
    expect(renamed!.name).toBe(`Ovt ${tag} Pharmacy Ltd`);

    const page = (await renderRoute(detail, `/businesses/${pharmacy.id}`, { pattern: "businesses/:id" })) as Extract<Rendered, { kind: "page" }>;
    expect(page.kind).toBe("page");
    expect(page.text).toContain(OVERTURE_CREDIT.text);
    expect(page.html).toContain(`href="${OVERTURE_CREDIT.href}"`);
    expect(page.text).not.toContain(OSM_CREDIT.text);
  });

  it("refuses another source name for Overture's ids, and a line that is not JSON", async () => {
    const file = path.join(dir, "bad.geojsonseq");
    writeFileSync(file, `${JSON.stringify(feature("ov-bad-1", "Good Shop", "supermarket", [6.5, 3.35]))}\n{not json\n`);
    const named = await run([file, "--format", "overture", "--source", "osm"]);
    expect(named.code).toBe(1);
    expect(named.err).toContain("writes the source 'overture'");
    const broken = await run([file, "--format", "overture", "--dry-run"]);
    expect(broken.code).toBe(1);
    expect(broken.err).toContain("line 2 is not a GeoJSON feature");
  });
});
