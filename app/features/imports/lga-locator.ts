/**
 * The state and LGA of a point, as the LGA whose centre is nearest (app/lib/nigeria-lga-centres.ts): the same rule as
 * 'near me' naming (places.ts `nearestLga`), made fast enough for a country extract. The centres are put in cells of a
 * quarter degree; a point looks at its cell and the rings around it until the nearest centre found is nearer than
 * any unlooked cell can be. Approximate near LGA borders (centres, not boundaries: ADR 38 says so). Pure.
 */
import { distanceMeters } from "../../lib/geo";
import { LGA_CENTRES } from "../../lib/nigeria-lga-centres";
import { REGIONS, type Region } from "../../lib/reference";

const CELL = 0.25;
/** The shortest distance a cell step can stand for: a quarter degree of longitude at 14° N (the north of Nigeria). */
const CELL_METERS = 111_320 * CELL * Math.cos((14 * Math.PI) / 180);

type Centre = { state: Region; lga: string; latitude: number; longitude: number };
let grid: Map<string, Centre[]> | null = null;

const cellOf = (latitude: number, longitude: number) => [Math.floor(latitude / CELL), Math.floor(longitude / CELL)] as const;

function centres(): Map<string, Centre[]> {
  if (grid) return grid;
  grid = new Map();
  for (const state of REGIONS) {
    for (const [lga, [latitude, longitude]] of Object.entries(LGA_CENTRES[state])) {
      const [y, x] = cellOf(latitude, longitude);
      const key = `${y}:${x}`;
      const list = grid.get(key) ?? [];
      list.push({ state, lga, latitude, longitude });
      grid.set(key, list);
    }
  }
  return grid;
}

/** The LGA whose centre is nearest to the point (exactly as a scan of all 774 would find it). */
export function locateLga(latitude: number, longitude: number): { state: Region; lga: string } {
  const cells = centres();
  const [y, x] = cellOf(latitude, longitude);
  let best: Centre | null = null;
  let bestMeters = Infinity;
  for (let ring = 0; ring < 64; ring++) {
    for (let dy = -ring; dy <= ring; dy++) {
      for (let dx = -ring; dx <= ring; dx++) {
        if (Math.max(Math.abs(dy), Math.abs(dx)) !== ring) continue;
        for (const centre of cells.get(`${y + dy}:${x + dx}`) ?? []) {
          const meters = distanceMeters({ latitude, longitude }, centre);
          if (meters < bestMeters) {
            best = centre;
            bestMeters = meters;
          }
        }
      }
    }
    // Every centre in a cell beyond this ring is at least `ring` cells away.
    if (best && bestMeters <= ring * CELL_METERS) break;
  }
  return { state: best!.state, lga: best!.lga };
}
