import { sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb, queryRows } from "../../lib/db.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";

/** How alike two names must be (pg_trgm similarity, 0–1) to count as 'very similar' in the same state. */
export const DUPLICATE_NAME_SIMILARITY = 0.6;
/** At most this many other listings named per pending listing. */
export const DUPLICATES_SHOWN = 3;

export type PossibleDuplicate = { id: string; name: string; approvalStatus: string; why: "phone" | "name" };

/**
 * Business Approvals' 'possible duplicate of …' marks (issue 16; ADR 19), computed when the tab loads, for
 * the page of pending listings shown only (at most 20): per listing, other listings with the same phone
 * number (businesses_phone_idx; numbers are stored normalised) or a very similar name in the same state
 * (the trigram index businesses_name_trgm_idx through `%`, then similarity ≥ DUPLICATE_NAME_SIMILARITY).
 */
export async function findPossibleDuplicates(
  actor: SessionUser | null,
  listings: { id: string; name: string; phoneNumber: string | null; state: string | null }[],
): Promise<Record<string, PossibleDuplicate[]>> {
  requireAdmin(actor);
  const result: Record<string, PossibleDuplicate[]> = {};
  if (listings.length === 0) return result;
  const values = sql.join(
    listings.map((l) => sql`(${l.id}::uuid, ${l.name}::text, ${l.phoneNumber}::text, ${l.state}::text)`),
    sql`, `,
  );
  const rows = await queryRows<{ pending_id: string; id: string; name: string; approval_status: string; why: "phone" | "name" }>(
    getDb(),
    sql`select p.id as pending_id, d.id, d.name, d.approval_status, d.why
        from (values ${values}) as p(id, name, phone, state)
        cross join lateral (
          select * from (
            (select b.id, b.name, b.approval_status, 'phone' as why, 2::float8 as score from ${businesses} b
              where p.phone is not null and b.phone_number = p.phone and b.id <> p.id
              order by b.created_at limit ${DUPLICATES_SHOWN})
            union all
            (select b.id, b.name, b.approval_status, 'name' as why, similarity(b.name, p.name) as score from ${businesses} b
              where p.state is not null and b.state = p.state and b.name % p.name and b.id <> p.id
                and similarity(b.name, p.name) >= ${DUPLICATE_NAME_SIMILARITY}
              order by similarity(b.name, p.name) desc limit ${DUPLICATES_SHOWN})
          ) c
          order by score desc
          limit ${DUPLICATES_SHOWN * 2}
        ) d`,
  );
  for (const row of rows) {
    const list = (result[row.pending_id] ??= []);
    if (list.some((d) => d.id === row.id) || list.length >= DUPLICATES_SHOWN) continue;
    list.push({ id: row.id, name: row.name, approvalStatus: row.approval_status, why: row.why });
  }
  return result;
}
