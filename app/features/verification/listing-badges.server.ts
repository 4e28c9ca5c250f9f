/**
 * The badges a public listing shows (issue 35, ADR 39): every standing level on its page, the highest on its card.
 * Public reads: no owner or provider data, only the level, its date and (registered business) CAC's name for it.
 */
import { sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb, queryRows } from "../../lib/db.server";
import { badgeLabel, LEVEL_ORDER, type VerificationBadge, type VerificationLevel } from "./verification.schemas";

const rank = (level: VerificationLevel) => LEVEL_ORDER.indexOf(level);

/** Standing badges of a listing, lowest level first. Its own levels and its owner's identity: two indexed lookups. */
export async function badgesOf(businessId: string): Promise<VerificationBadge[]> {
  const rows = await queryRows<{ level: VerificationLevel; verified_at: Date | string; registered_name: string | null; names_agree: boolean | null }>(
    getDb(),
    sql`select v.level, v.verified_at, v.registered_name, (v.match_result->>'namesAgree')::boolean as names_agree from listing_verifications v
        where v.business_id = ${businessId} and v.ended_at is null and v.expires_at > now()
        union all
        select v.level, v.verified_at, null, null from businesses b
        join listing_verifications v on v.user_id = b.user_id and v.level = 'identity' and v.business_id is null and v.ended_at is null
        where b.id = ${businessId} and v.expires_at > now()`,
  );
  return rows
    .sort((a, b) => rank(a.level) - rank(b.level))
    .map((row) => ({
      level: row.level,
      verifiedAt: new Date(row.verified_at).toISOString(),
      label: badgeLabel(row.level, row.verified_at),
      ...(row.level === "business" ? { registeredName: row.registered_name, namesAgree: row.names_agree === true } : {}),
    }));
}

/**
 * A card's column: its highest standing level and date as {level, at}, or null. Read only for listings whose
 * verified_levels say they have one (most have none: no lookup for them).
 */
export const cardBadgeColumn = sql<{ level: VerificationLevel; at: string } | null>`(case when ${businesses.verifiedLevels} > 0 then (
  select json_build_object('level', x.level, 'at', x.verified_at) from (
    select v.level, v.verified_at from listing_verifications v
    where v.business_id = "businesses"."id" and v.ended_at is null and v.expires_at > now()
    union all
    select v.level, v.verified_at from listing_verifications v
    where v.user_id = "businesses"."user_id" and v.level = 'identity' and v.business_id is null and v.ended_at is null and v.expires_at > now()
  ) x order by case x.level when 'business' then 3 when 'identity' then 2 else 1 end desc limit 1) end)`;

/** The card's badge as it shows it ('Registered business · Nov 2026'), made on the server. */
export function cardBadge(raw: { level: VerificationLevel; at: string } | null | undefined): { level: VerificationLevel; label: string } | null {
  return raw ? { level: raw.level, label: badgeLabel(raw.level, raw.at) } : null;
}
