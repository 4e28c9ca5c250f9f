/**
 * Listings that may be the same place as one being added (issue 34): the check the importer makes, offered to owners
 * adding a listing and to visitors suggesting one, so they are warned ('Is it one of these?') before a duplicate is
 * made. The same rules as the import (pg_trgm ignores case, so `%` may use the name's trigram index): the same phone number, or a name at least SIMILAR_NAME alike (pg_trgm) within
 * about 100 m — or, for a place without coordinates, in the same state and LGA. Public listings only, and at most
 * `limit`: each branch is an indexed lookup (the phone's index, the location's GiST, the name's trigram GIN).
 */
import { sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb, queryRows } from "../../lib/db.server";
import { isPublicBusiness } from "./internal/public-business.server";

/** Names at least this similar (pg_trgm's similarity) are the same place when near each other. */
export const SIMILAR_NAME = 0.6;
/** About 100 m, in degrees of latitude; longitudes are scaled as the location index is (cos 9°). */
const NEAR_DEGREES = 0.0009;
const PLANE_X = 0.98769;

export type SimilarListing = {
  id: string;
  name: string;
  state: string | null;
  lga: string | null;
  /** Nobody owns it yet (an imported or suggested listing): it can be claimed instead of added again. */
  unclaimed: boolean;
  /** Why it matched. */
  reason: "phone" | "name";
};

export type PlaceToCheck = {
  name: string;
  /** Canonical (+234…), or null. */
  phone?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  state?: string | null;
  lga?: string | null;
  /** The listing itself, when an existing one is edited. */
  excludeId?: string | null;
};

export async function findSimilarListings(place: PlaceToCheck, limit = 3): Promise<SimilarListing[]> {
  const name = place.name.trim().slice(0, 120);
  if (!name && !place.phone) return [];
  const exclude = place.excludeId ? sql`and ${businesses.id} <> ${place.excludeId}::uuid` : sql``;
  const hasPoint = typeof place.latitude === "number" && typeof place.longitude === "number" && Number.isFinite(place.latitude) && Number.isFinite(place.longitude);
  const near = hasPoint
    ? sql`${businesses.latitude} is not null and point(${businesses.longitude} * ${PLANE_X}, ${businesses.latitude})
          <@ box(point((${place.longitude!}::float8 - ${NEAR_DEGREES}) * ${PLANE_X}, ${place.latitude!}::float8 - ${NEAR_DEGREES}),
                 point((${place.longitude!}::float8 + ${NEAR_DEGREES}) * ${PLANE_X}, ${place.latitude!}::float8 + ${NEAR_DEGREES}))`
    : place.state && place.lga
      ? sql`${businesses.state} = ${place.state} and ${businesses.lga} = ${place.lga}`
      : null;
  const byPhone = place.phone
    ? sql`(select ${businesses.id} as id, ${businesses.name} as name, ${businesses.state} as state, ${businesses.lga} as lga,
              ${businesses.userId} is null as unclaimed, 'phone' as reason, 2.0::float8 as score
           from ${businesses} where ${businesses.phoneNumber} = ${place.phone} and ${isPublicBusiness} ${exclude}
           order by ${businesses.createdAt} limit ${limit})`
    : null;
  const byName =
    name && near
      ? sql`(select ${businesses.id} as id, ${businesses.name} as name, ${businesses.state} as state, ${businesses.lga} as lga,
                ${businesses.userId} is null as unclaimed, 'name' as reason, similarity(lower(${businesses.name}), lower(${name}))::float8 as score
             from ${businesses} where ${near} and ${isPublicBusiness} ${exclude}
               and ${businesses.name} % ${name} and similarity(lower(${businesses.name}), lower(${name})) >= ${SIMILAR_NAME}
             order by score desc limit ${limit})`
      : null;
  const parts = [byPhone, byName].filter((part): part is NonNullable<typeof part> => part !== null);
  if (parts.length === 0) return [];
  const rows = await queryRows<SimilarListing & { score: number }>(
    getDb(),
    sql`select id, name, state, lga, unclaimed, reason, score from (${sql.join(parts, sql` union all `)}) m order by score desc limit ${limit * 2}`,
  );
  const seen = new Set<string>();
  const out: SimilarListing[] = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    out.push({ id: row.id, name: row.name, state: row.state, lga: row.lga, unclaimed: Boolean(row.unclaimed), reason: row.reason });
    if (out.length === limit) break;
  }
  return out;
}
