/**
 * Importing places as listings (issue 34, ADR 38), for the operator's commands `import:osm` and `import:csv`: each place
 * becomes a public, unclaimed listing that remembers its source and id. In batches, each in its own transaction:
 *  - a place already imported from the source (same id) is written again when nobody has claimed it — a claimed
 *    listing is never touched — and its 'last seen' moves on;
 *  - a new place that duplicates a listing (the same phone number within 2 km, or a similar name within about 100 m) is not
 *    imported twice: when the listing is an owner's, the place is kept hidden and linked to it (`covered_by`, never
 *    merged: the layers stay separable for the licence); when it is another imported place, it is skipped;
 *  - at the end, the source's unclaimed listings in the area the file covered that this import did not see are marked
 *    gone and hidden (not deleted); `keepMissing` leaves them.
 * A dry run does all of it in transactions that are rolled back, and reports the same counts.
 */
import { sql, type SQL } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb, queryRows, type Tx } from "../../lib/db.server";
import { distanceMeters } from "../../lib/geo";
import { multirangeLiteral } from "../../lib/opening-hours";
import { isPublicBusiness } from "../directory/public-listing.server";
import type { CsvSkipReason, ImportedPlace, SkipReason, SourceName } from "./imported-place";

export type ImportSummary = {
  source: SourceName;
  dryRun: boolean;
  /** Features read (places and skipped ones). */
  read: number;
  added: number;
  /** Already imported, unclaimed, written again. */
  refreshed: number;
  /** Already imported and claimed by an owner: left as the owner keeps it. */
  claimedKept: number;
  /** Not imported: another imported listing (or an earlier feature of this file) is the same place. */
  duplicates: number;
  /** Imported hidden, linked to the owner's listing that is the same place. */
  covered: number;
  skipped: Partial<Record<SkipReason | CsvSkipReason, number>>;
  /** Unclaimed listings of the source this import did not see, marked gone and hidden. */
  gone: number;
  /**
   * Listings that would have been marked gone but were not: more than a fifth of the source's listings in the area
   * (a partial or wrong file must not hide a state's listings); `allowMassGone` marks them.
   */
  goneHeld: number;
  seconds: number;
  /** Unclaimed listings of the source, not gone before, that this import had (for a dry run's count of gone ones). */
  seenLive: number;
};

export type ImportOptions = {
  source: SourceName;
  dryRun?: boolean;
  keepMissing?: boolean;
  /** Mark gone even more than a fifth of the source's listings in the area. */
  allowMassGone?: boolean;
  batchSize?: number;
  onProgress?: (summary: ImportSummary) => void;
};

type Item = { ok: true; place: ImportedPlace } | { ok: false; reason: SkipReason | CsvSkipReason };

/** About 100 m in degrees of latitude; the 'near me' plane (ADR 23) scales longitude by cos 9°. */
const NEAR_DEGREES = 0.0009;
const PLANE_X = 0.98769;
/** Names at least this similar (pg_trgm) within 100 m are the same place. */
const SAME_NAME_SIMILARITY = 0.6;

/** Listings written by one import past which the listings' statistics are refreshed at its end. */
const ANALYZE_AFTER = 1000;

/** More than this share of the source's listings in the area (and more than `minimum`) is not marked gone unasked. */
const MASS_GONE = { share: 0.2, minimum: 50 } as const;

class DryRun extends Error {}

/**
 * Whether a place and another with its phone number are the same business: within 2 km of each other, or with the
 * same name when either has no point. A chain's head-office number on branches across the country is not one place.
 */
const SAME_PHONE_METERS = 2_000;
function samePhonePlace(place: ImportedPlace, key: string, other: { key: string; latitude: number | null; longitude: number | null }): boolean {
  if (place.latitude === null || place.longitude === null || other.latitude === null || other.longitude === null) return other.key === key;
  return distanceMeters({ latitude: place.latitude, longitude: place.longitude }, { latitude: other.latitude, longitude: other.longitude }) <= SAME_PHONE_METERS;
}

/** A name as compared for duplicates within one file: lowercase letters and digits. */
const nameKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "");
/** The 0.001° cell of a point (about 110 m): a place's duplicates are in its cell or the 8 around it. */
const cellOf = (latitude: number, longitude: number) => [Math.floor(latitude * 1000), Math.floor(longitude * 1000)] as const;

export async function importPlaces(items: AsyncIterable<Item>, options: ImportOptions): Promise<ImportSummary> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 500;
  const summary: ImportSummary = { source: options.source, dryRun: Boolean(options.dryRun), read: 0, added: 0, refreshed: 0, claimedKept: 0, duplicates: 0, covered: 0, skipped: {}, gone: 0, goneHeld: 0, seconds: 0, seenLive: 0 };
  const [{ now: runStart }] = await queryRows<{ now: string }>(getDb(), sql`select now()::text as now`);
  // What this file already gave, to find its own duplicates: by phone, and by name per cell.
  const phones = new Map<string, { key: string; latitude: number | null; longitude: number | null }[]>();
  const names = new Map<string, { key: string; latitude: number; longitude: number }[]>();
  const area = { minLatitude: Infinity, maxLatitude: -Infinity, minLongitude: Infinity, maxLongitude: -Infinity, located: 0 };

  /** Whether an earlier place of this file is the same one (first wins); records this one otherwise. */
  const seenInFile = (place: ImportedPlace): boolean => {
    const key = nameKey(place.name);
    if (place.phone && (phones.get(place.phone) ?? []).some((other) => samePhonePlace(place, key, other))) return true;
    if (place.latitude !== null && place.longitude !== null) {
      const [y, x] = cellOf(place.latitude, place.longitude);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          for (const other of names.get(`${y + dy}:${x + dx}`) ?? []) {
            if (other.key === key && Math.abs(other.latitude - place.latitude) <= NEAR_DEGREES && Math.abs(other.longitude - place.longitude) <= NEAR_DEGREES / Math.cos((place.latitude * Math.PI) / 180)) return true;
          }
        }
      }
      const cell = `${y}:${x}`;
      const list = names.get(cell) ?? [];
      list.push({ key, latitude: place.latitude, longitude: place.longitude });
      names.set(cell, list);
      area.minLatitude = Math.min(area.minLatitude, place.latitude);
      area.maxLatitude = Math.max(area.maxLatitude, place.latitude);
      area.minLongitude = Math.min(area.minLongitude, place.longitude);
      area.maxLongitude = Math.max(area.maxLongitude, place.longitude);
      area.located += 1;
    }
    if (place.phone) {
      const list = phones.get(place.phone) ?? [];
      list.push({ key, latitude: place.latitude, longitude: place.longitude });
      phones.set(place.phone, list);
    }
    return false;
  };

  let batch: ImportedPlace[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const places = batch;
    batch = [];
    await inTransaction(options.dryRun, (tx) => writeBatch(tx, options.source, places, runStart, summary));
    summary.seconds = (Date.now() - started) / 1000;
    options.onProgress?.(summary);
  };
  const ids = new Set<string>();
  for await (const item of items) {
    summary.read += 1;
    if (!item.ok) {
      summary.skipped[item.reason] = (summary.skipped[item.reason] ?? 0) + 1;
      continue;
    }
    // The same id twice in one file (an extract should not have it): the first is the place.
    if (ids.has(item.place.sourceId) || seenInFile(item.place)) {
      summary.duplicates += 1;
      continue;
    }
    ids.add(item.place.sourceId);
    batch.push(item.place);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  if (!options.keepMissing) {
    const gone = await markGone(options, runStart, area, summary.seenLive);
    summary.gone = gone.marked;
    summary.goneHeld = gone.held;
  }
  // The search plans by the listings' statistics (ADR 7): after a large import they are wrong until an ANALYZE (the
  // embedded database has no autovacuum; PostgreSQL's would come minutes later). Measured: search p95 957 ms right
  // after 157,000 listings were added to PGlite, without it.
  if (!options.dryRun && summary.added + summary.refreshed + summary.gone >= ANALYZE_AFTER) {
    await getDb().execute(sql`analyze ${businesses}`);
  }
  summary.seconds = (Date.now() - started) / 1000;
  return summary;
}

/** Runs `work` in a transaction; a dry run rolls it back. */
async function inTransaction(dryRun: boolean | undefined, work: (tx: Tx) => Promise<void>): Promise<void> {
  try {
    await getDb().transaction(async (tx) => {
      await work(tx);
      if (dryRun) throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
}

type Match = { k: number; id: string; owned: boolean };

async function writeBatch(tx: Tx, source: SourceName, places: ImportedPlace[], runStart: string, summary: ImportSummary): Promise<void> {
  const ids = places.map((p) => p.sourceId);
  const known = await queryRows<{ source_id: string; claimed: boolean; live: boolean }>(
    tx,
    sql`select source_id, claimed_at is not null as claimed, (claimed_at is null and source_gone_at is null) as live
        from ${businesses} where source = ${source} and source_id in ${ids}`,
  );
  // Listed and not gone before this import: what a dry run must not count as gone (it writes no 'last seen').
  summary.seenLive += known.filter((k) => k.live).length;
  const claimed = new Set(known.filter((k) => k.claimed).map((k) => k.source_id));
  const existing = new Set(known.map((k) => k.source_id));
  const fresh = places.map((place, k) => ({ place, k })).filter(({ place }) => !existing.has(place.sourceId));

  // New places that are listings already: the same phone, or a similar name within about 100 m. An owner's wins.
  const matches = new Map<number, Match>();
  const withPhone = fresh.filter(({ place }) => place.phone);
  if (withPhone.length) {
    const rows = await queryRows<{ phone: string; id: string; owned: boolean; name: string; latitude: number | null; longitude: number | null }>(
      tx,
      sql`select phone_number as phone, id, user_id is not null as owned, name, latitude, longitude from ${businesses}
          where phone_number in ${withPhone.map(({ place }) => place.phone!)} and ${isPublicBusiness}
          order by user_id is null, created_at`,
    );
    for (const { place, k } of withPhone) {
      const key = nameKey(place.name);
      const row = rows.find((r) => r.phone === place.phone && samePhonePlace(place, key, { key: nameKey(r.name), latitude: r.latitude, longitude: r.longitude }));
      if (row) matches.set(k, { k, id: row.id, owned: row.owned });
    }
  }
  const located = fresh.filter(({ place, k }) => !matches.has(k) && place.latitude !== null && place.longitude !== null);
  if (located.length) {
    const values = sql.join(
      located.map(({ place, k }) => sql`(${k}::int, ${place.name}::text, ${place.latitude}::float8, ${place.longitude}::float8)`),
      sql`, `,
    );
    const rows = await queryRows<Match>(
      tx,
      sql`select v.k, m.id, m.owned from (values ${values}) as v(k, name, lat, lon)
          join lateral (
            select ${businesses.id} as id, ${businesses.userId} is not null as owned from ${businesses}
            where ${businesses.latitude} is not null and ${isPublicBusiness}
              and point(${businesses.longitude} * 0.98769, ${businesses.latitude})
                  <@ box(point((v.lon - ${NEAR_DEGREES}) * ${PLANE_X}, v.lat - ${NEAR_DEGREES}), point((v.lon + ${NEAR_DEGREES}) * ${PLANE_X}, v.lat + ${NEAR_DEGREES}))
              and similarity(lower(${businesses.name}), lower(v.name)) >= ${SAME_NAME_SIMILARITY}
            order by ${businesses.userId} is null, similarity(lower(${businesses.name}), lower(v.name)) desc
            limit 1
          ) m on true`,
    );
    for (const row of rows) matches.set(Number(row.k), { k: Number(row.k), id: row.id, owned: row.owned });
  }

  const rows: SQL[] = [];
  for (const [k, place] of places.entries()) {
    if (claimed.has(place.sourceId)) {
      summary.claimedKept += 1;
      continue;
    }
    const match = matches.get(k);
    if (match && !match.owned) {
      summary.duplicates += 1;
      continue;
    }
    const coveredBy = match?.owned ? match.id : null;
    if (coveredBy) summary.covered += 1;
    rows.push(sql`(${source}, ${place.sourceId}, ${place.name}, ${place.category}, ${place.description}, ${place.address}, ${place.state}, ${place.lga},
      ${place.latitude}::float8, ${place.longitude}::float8, ${place.phone}, ${place.website},
      ${place.hours ? JSON.stringify(place.hours) : null}::jsonb, ${place.hours ? multirangeLiteral(place.hours) : null}::int4multirange,
      ${coveredBy}::uuid, ${coveredBy === null}, 'approved', now(), ${runStart}::timestamptz)`);
  }
  if (rows.length === 0) return;
  const written = await queryRows<{ inserted: boolean }>(
    tx,
    sql`insert into ${businesses} as b (source, source_id, name, category, description, address, state, lga, latitude, longitude, phone_number,
          website_url, opening_hours, open_minutes, covered_by, approved, approval_status, approved_at, source_seen_at)
        values ${sql.join(rows, sql`, `)}
        on conflict (source, source_id) where source is not null do update set
          name = excluded.name, category = excluded.category, description = excluded.description, address = excluded.address,
          state = excluded.state, lga = excluded.lga, latitude = excluded.latitude, longitude = excluded.longitude,
          phone_number = excluded.phone_number, website_url = excluded.website_url, opening_hours = excluded.opening_hours,
          open_minutes = excluded.open_minutes, source_seen_at = excluded.source_seen_at, source_gone_at = null,
          approved = b.covered_by is null and b.approval_status = 'approved', updated_at = now()
        where b.claimed_at is null
        returning (xmax = 0) as inserted`,
  );
  for (const row of written) {
    if (row.inserted) summary.added += 1;
    else summary.refreshed += 1;
  }
  // Claimed meanwhile (between the look-up and the write): left alone by the upsert's condition.
  summary.claimedKept += rows.length - written.length;
}

/**
 * Marks gone the source's unclaimed listings this import did not see: for OpenStreetMap and Overture, within the box
 * the file's places covered (an extract of Lagos says nothing of Kano); for a CSV, all of its source. Returns how many.
 */
async function markGone(
  options: ImportOptions,
  runStart: string,
  area: { minLatitude: number; maxLatitude: number; minLongitude: number; maxLongitude: number; located: number },
  seenLive: number,
): Promise<{ marked: number; held: number }> {
  const isCsv = options.source.startsWith("csv:");
  if (!isCsv && area.located === 0) return { marked: 0, held: 0 };
  const inArea = isCsv
    ? sql``
    : sql`and latitude between ${area.minLatitude} and ${area.maxLatitude} and longitude between ${area.minLongitude} and ${area.maxLongitude}`;
  const live = sql`source = ${options.source} and claimed_at is null and source_gone_at is null ${inArea}`;
  const missing = sql`${live} and source_seen_at < ${runStart}::timestamptz`;
  const [counts] = await queryRows<{ live: number; missing: number }>(
    getDb(),
    sql`select count(*)::int as live, count(*) filter (where source_seen_at < ${runStart}::timestamptz)::int as missing from ${businesses} where ${live}`,
  );
  // A dry run wrote no 'last seen': the listings in the area, less those this file had.
  const wouldGo = options.dryRun ? Math.max(0, Number(counts?.live ?? 0) - seenLive) : Number(counts?.missing ?? 0);
  const total = Number(counts?.live ?? 0);
  if (wouldGo > MASS_GONE.minimum && wouldGo > total * MASS_GONE.share && !options.allowMassGone) return { marked: 0, held: wouldGo };
  if (options.dryRun) return { marked: wouldGo, held: 0 };
  const [row] = await queryRows<{ n: number }>(
    getDb(),
    sql`with gone as (update ${businesses} set source_gone_at = now(), approved = false, updated_at = now() where ${missing} returning 1)
        select count(*)::int as n from gone`,
  );
  return { marked: Number(row?.n ?? 0), held: 0 };
}
