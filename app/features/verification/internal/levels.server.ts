/**
 * The ledger of verification levels (issue 35, ADR 39): granting one, ending one (with the owner told and the audit
 * kept), and businesses.verified_levels, the bits search's filter reads, recomputed in the same transaction.
 */
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { businesses, listingVerifications } from "../../../../db/schema";
import type { AuditActor } from "../../../lib/audit.server";
import { recordAudit } from "../../../lib/audit.server";
import type { Tx } from "../../../lib/db.server";
import { enqueueNotice } from "../../notifications/person-notices.server";
import { END_REASONS, LEVEL_VALIDITY_MONTHS, VERIFICATION_NOTICES, type VerificationLevel } from "../verification.schemas";

/** Every one of the conditions (never none: `endLevels` must not be given a condition that matches every row). */
export function allOf(first: SQL, ...rest: SQL[]): SQL {
  return sql.join([first, ...rest].map((condition) => sql`(${condition})`), sql` and `);
}

/** A standing row: not ended and not past its date. */
export const isStanding = sql`${listingVerifications.endedAt} is null and ${listingVerifications.expiresAt} > now()`;

/**
 * Recomputes verified_levels of the listings given (ids) or of every listing an owner has (their identity shows on
 * all of them), from the standing rows: a listing's own levels, and its owner's identity.
 */
export async function refreshVerifiedLevels(tx: Tx, target: { businessIds: string[] } | { userId: string }): Promise<void> {
  const which = "userId" in target ? sql`l.user_id = ${target.userId}` : target.businessIds.length === 0 ? sql`false` : sql`l.id in (${sql.join(target.businessIds.map((id) => sql`${id}::uuid`), sql`, `)})`;
  // The listings are locked first, in a statement of their own: the update below then reads the levels after any
  // change that held them committed (read in one statement, a waiting update would write what it read before).
  await tx.execute(sql`select l.id from businesses l where ${which} order by l.id for update`);
  // Written only where the bits change: a renewal at the same level rewrites no listing row.
  await tx.execute(sql`
    update businesses b set verified_levels = x.levels
    from (
      select l.id, coalesce((
        select bit_or(case v.level when 'phone' then 1 when 'identity' then 2 else 4 end)::smallint
        from listing_verifications v
        where v.ended_at is null and v.expires_at > now()
          and (v.business_id = l.id or (v.level = 'identity' and v.business_id is null and v.user_id = l.user_id))
      ), 0) as levels
      from businesses l where ${which}
    ) x
    where b.id = x.id and b.verified_levels <> x.levels`);
}

function validUntil(level: VerificationLevel, from = new Date()): Date {
  const until = new Date(from);
  until.setUTCMonth(until.getUTCMonth() + LEVEL_VALIDITY_MONTHS[level]);
  return until;
}

export type Grant = {
  level: VerificationLevel;
  method: "sms-code" | "voice-code" | "vnin" | "document" | "cac-lookup";
  userId: string;
  businessId: string | null;
  phone?: string;
  fullName?: string;
  idLast4?: string;
  rcNumber?: string;
  registeredName?: string;
  companyType?: string;
  provider?: string;
  providerReference?: string | null;
  matchResult?: Record<string, unknown>;
};

/**
 * Records a level reached now, in the caller's transaction: the standing one of the same listing (or owner, for
 * identity) ends as renewed, the new one stands for the level's months, verified_levels follows, audited.
 */
export async function grantLevel(tx: Tx, actor: AuditActor, grant: Grant): Promise<{ id: string; expiresAt: Date }> {
  // Two grants of an owner's identity at once (a lookup and an admin's approval) wait for each other on the owner's
  // row; a listing's levels are granted under a lock on the listing by every caller.
  if (grant.businessId === null) await tx.execute(sql`select id from "user" where id = ${grant.userId} for update`);
  const same =
    grant.businessId === null
      ? and(eq(listingVerifications.userId, grant.userId), eq(listingVerifications.level, grant.level), isNull(listingVerifications.businessId), isNull(listingVerifications.endedAt))
      : and(eq(listingVerifications.businessId, grant.businessId), eq(listingVerifications.level, grant.level), isNull(listingVerifications.endedAt));
  await tx.update(listingVerifications).set({ endedAt: sql`now()`, endReason: END_REASONS.renewed }).where(same);
  const expiresAt = validUntil(grant.level);
  const [row] = await tx
    .insert(listingVerifications)
    .values({
      level: grant.level, method: grant.method, userId: grant.userId, businessId: grant.businessId, phone: grant.phone ?? null,
      fullName: grant.fullName ?? null, idLast4: grant.idLast4 ?? null, rcNumber: grant.rcNumber ?? null,
      registeredName: grant.registeredName ?? null, companyType: grant.companyType ?? null, provider: grant.provider ?? null,
      providerReference: grant.providerReference ?? null, matchResult: grant.matchResult ?? null, expiresAt,
    })
    .returning({ id: listingVerifications.id });
  await refreshVerifiedLevels(tx, grant.businessId === null ? { userId: grant.userId } : { businessIds: [grant.businessId] });
  await recordAudit(tx, actor, {
    action: `verification.${grant.level}.grant`,
    targetType: grant.businessId ? "business" : "user",
    targetId: grant.businessId ?? grant.userId,
    after: { verificationId: row!.id, method: grant.method, provider: grant.provider ?? null, providerReference: grant.providerReference ?? null, expiresAt: expiresAt.toISOString() },
  });
  return { id: row!.id, expiresAt };
}

type Ending = { tx: Tx; actor: AuditActor; reason: string; endedBy?: string | null; tell?: boolean };

/**
 * Ends standing rows matched by `where` (a listing's level, an owner's identity…) with a reason: verified_levels
 * follows, each end is audited, and the owner is told (unless `tell` is false) in the same transaction.
 */
export async function endLevels(where: SQL, { tx, actor, reason, endedBy = null, tell = true }: Ending): Promise<number> {
  const ended = await tx
    .update(listingVerifications)
    .set({ endedAt: sql`now()`, endReason: reason, endedBy })
    .where(and(where, isNull(listingVerifications.endedAt)))
    .returning({ id: listingVerifications.id, level: listingVerifications.level, userId: listingVerifications.userId, businessId: listingVerifications.businessId });
  if (ended.length === 0) return 0;
  const businessIds = [...new Set(ended.flatMap((row) => (row.businessId ? [row.businessId] : [])))];
  const names = new Map(
    businessIds.length === 0
      ? []
      : (await tx.select({ id: businesses.id, name: businesses.name }).from(businesses).where(inArray(businesses.id, businessIds))).map((b) => [b.id, b.name]),
  );
  for (const row of ended) {
    const level = row.level as VerificationLevel;
    await refreshVerifiedLevels(tx, row.businessId ? { businessIds: [row.businessId] } : { userId: row.userId });
    await recordAudit(tx, actor, {
      action: `verification.${level}.end`,
      targetType: row.businessId ? "business" : "user",
      targetId: row.businessId ?? row.userId,
      after: { verificationId: row.id, reason },
    });
    if (tell) {
      const listing = row.businessId ? (names.get(row.businessId) ?? null) : null;
      await enqueueNotice(tx, { userId: row.userId, texts: () => VERIFICATION_NOTICES.ended(level, listing, reason), path: "/dashboard/verification" });
    }
  }
  return ended.length;
}
