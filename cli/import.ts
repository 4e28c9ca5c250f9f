/**
 * `npm run cli -- import:osm <file>` and `import:csv <file>` (issue 34, ADR 38): the operator's imports of places as
 * unclaimed listings. Progress on the terminal (counts and rate), a summary at the end; `--dry-run` only reports.
 */
import path from "node:path";
import { IMPORT_USAGE } from "./import-usage";
import { CSV_SOURCE_NAME, placeFromCsv, placeFromOsm, placeFromOverture, type SourceName } from "../app/features/imports/imported-place";
import { importPlaces, type ImportSummary } from "../app/features/imports/import-places.server";
import { osmFormatOf, readCsvRows, readOsmFeatures, readOvertureFeatures, type OsmFormat } from "../app/features/imports/read-sources.server";


function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** One line of progress: counts and rate. */
export function progressLine(s: ImportSummary): string {
  const skipped = Object.values(s.skipped).reduce((a, b) => a + (b ?? 0), 0);
  const rate = s.seconds > 0 ? Math.round(s.read / s.seconds) : 0;
  return `${s.dryRun ? "[dry run] " : ""}read ${s.read} · added ${s.added} · refreshed ${s.refreshed} · duplicates ${s.duplicates} · covered ${s.covered} · claimed kept ${s.claimedKept} · skipped ${skipped} · ${rate}/s`;
}

/** The summary at the end, a line per count, skipped ones by reason. */
export function summaryText(s: ImportSummary): string {
  const lines = [
    `${s.dryRun ? "Dry run (nothing was written): " : ""}import of ${s.source} done in ${s.seconds.toFixed(1)} s (${s.seconds > 0 ? Math.round(s.read / s.seconds) : s.read} features/s).`,
    `  features read          ${s.read}`,
    `  listings added         ${s.added}`,
    `  refreshed (unclaimed)  ${s.refreshed}`,
    `  claimed, left as is    ${s.claimedKept}`,
    `  duplicates skipped     ${s.duplicates}`,
    `  hidden under an owner's listing  ${s.covered}`,
    `  marked gone            ${s.gone}`,
  ];
  if (s.goneHeld > 0) lines.push(`  NOT marked gone        ${s.goneHeld} (more than a fifth of the listings in the file's area: check the file, then --allow-mass-gone)`);
  for (const [reason, n] of Object.entries(s.skipped)) lines.push(`  skipped: ${reason.padEnd(16)} ${n}`);
  return lines.join("\n");
}

export async function importCommand(command: "import:osm" | "import:csv", args: string[]): Promise<number> {
  const file = args.find((a, i) => !a.startsWith("--") && !["--source", "--format"].includes(args[i - 1] ?? ""));
  if (!file) {
    console.error(`${command} needs a file.\n\n${IMPORT_USAGE}`);
    return 1;
  }
  const dryRun = args.includes("--dry-run");
  const keepMissing = args.includes("--keep-missing");
  const allowMassGone = args.includes("--allow-mass-gone");
  const interactive = Boolean(process.stderr.isTTY);
  let lastLine = 0;
  const onProgress = (s: ImportSummary) => {
    if (interactive) process.stderr.write(`\r${progressLine(s)}`);
    else if (Date.now() - lastLine > 5000) {
      lastLine = Date.now();
      console.error(progressLine(s));
    }
  };

  let summary: ImportSummary;
  try {
    if (command === "import:osm") {
      const named = option(args, "--format");
      const format = (named ?? osmFormatOf(file)) as OsmFormat | "overture" | null;
      if (!format || !["osm", "pbf", "geojson", "overture"].includes(format)) {
        console.error(`Cannot tell the format of ${file}: name it .osm, .osm.pbf or .geojson, or give --format osm|pbf|geojson|overture.`);
        return 1;
      }
      // The ids are the source's own (OpenStreetMap's or Overture's GERS ids), the same in every extract: one source each.
      const expected = format === "overture" ? "overture" : "osm";
      const source = option(args, "--source") ?? expected;
      if (source !== expected) {
        console.error(`import:osm --format ${format} writes the source '${expected}' (its ids are the same in every extract); got '${source}'.`);
        return 1;
      }
      const items =
        format === "overture"
          ? (async function* () {
              for await (const feature of readOvertureFeatures(file)) yield placeFromOverture(feature);
            })()
          : (async function* () {
              for await (const feature of readOsmFeatures(file, format)) yield placeFromOsm(feature);
            })();
      summary = await importPlaces(items, { source: expected, dryRun, keepMissing, allowMassGone, onProgress });
    } else {
      const name = (option(args, "--source") ?? path.basename(file).replace(/\.[^.]*$/, "")).toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "");
      if (!CSV_SOURCE_NAME.test(name)) {
        console.error(`The source name must be 1–40 lowercase letters, digits or dashes; got '${name}'.`);
        return 1;
      }
      const items = (async function* () {
        for await (const row of readCsvRows(file)) yield placeFromCsv(row);
      })();
      summary = await importPlaces(items, { source: `csv:${name}` as SourceName, dryRun, keepMissing, allowMassGone, onProgress });
    }
  } catch (error) {
    if (interactive) process.stderr.write("\n");
    const code = (error as NodeJS.ErrnoException).code;
    console.error(code === "ENOENT" ? `No such file: ${file}` : `Import failed: ${(error as Error).message}`);
    return 1;
  }
  if (interactive) process.stderr.write("\n");
  console.log(summaryText(summary));
  return 0;
}
