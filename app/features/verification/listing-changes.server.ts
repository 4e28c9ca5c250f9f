/**
 * What ends a level when the thing it rests on changes (issue 35, ADR 39), called by the use cases that change it, in
 * their transaction: a listing's phone or name (listings' edits and approved changes), its owner (claims), an owner's
 * KYC name (kyc). The owner is told; the ended rows stay.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { listingVerifications } from "../../../db/schema";
import type { AuditActor } from "../../lib/audit.server";
import type { Tx } from "../../lib/db.server";
import { allOf, endLevels, refreshVerifiedLevels } from "./internal/levels.server";
import { END_REASONS } from "./verification.schemas";

/** A listing's phone or name is about to differ from `before`: its phone level, its registered-business level end. */
export async function onListingDetailsChanged(
  tx: Tx,
  actor: AuditActor,
  businessId: string,
  before: { phoneNumber: string | null; name: string },
  after: { phoneNumber?: string | null; name?: string },
): Promise<void> {
  if (after.phoneNumber !== undefined && (after.phoneNumber ?? null) !== (before.phoneNumber ?? null)) {
    await endLevels(allOf(eq(listingVerifications.businessId, businessId), eq(listingVerifications.level, "phone")), { tx, actor, reason: END_REASONS.phoneChanged });
  }
  if (after.name !== undefined && after.name.trim() !== before.name.trim()) {
    await endLevels(allOf(eq(listingVerifications.businessId, businessId), eq(listingVerifications.level, "business")), { tx, actor, reason: END_REASONS.nameChanged });
  }
}

/**
 * A listing moved to another owner (an approved claim): the levels its former owner proved end (their identity
 * stays theirs), and the listing shows its new owner's identity, if any.
 */
export async function onListingOwnerChanged(tx: Tx, actor: AuditActor, businessId: string): Promise<void> {
  await endLevels(allOf(eq(listingVerifications.businessId, businessId), inArray(listingVerifications.level, ["phone", "business"])), { tx, actor, reason: END_REASONS.ownerChanged });
  await refreshVerifiedLevels(tx, { businessIds: [businessId] });
}

/** An owner's KYC name is now `fullName`: an identity that matched another name ends. */
export async function onKycNameChanged(tx: Tx, actor: AuditActor, userId: string, fullName: string): Promise<void> {
  const [standing] = await tx
    .select({ fullName: listingVerifications.fullName })
    .from(listingVerifications)
    .where(and(eq(listingVerifications.userId, userId), eq(listingVerifications.level, "identity"), isNull(listingVerifications.endedAt)));
  if (!standing || sameName(standing.fullName ?? "", fullName)) return;
  await endLevels(allOf(eq(listingVerifications.userId, userId), eq(listingVerifications.level, "identity")), { tx, actor, reason: END_REASONS.kycNameChanged });
}

/** Names compared as people write them: case, accents, punctuation and the order of the parts do not matter. */
export function nameParts(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

export function sameName(a: string, b: string): boolean {
  const x = nameParts(a).sort().join(" ");
  return x.length > 0 && x === nameParts(b).sort().join(" ");
}
