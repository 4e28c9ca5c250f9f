/**
 * An owner's identity (issue 35, ADR 39): a virtual NIN looked up through the identity provider, whose record's name
 * must match the name on the owner's KYC; or, without a provider, an admin's approval of their photo ID (kyc's
 * review calls `grantIdentityByDocument`). Never the NIN: only the provider's reference, the match, the vNIN's last 4
 * characters and the date. Failed lookups are audited with the same (no name of the record, no number).
 */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { kycSubmissions, listingVerifications } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { auditActorOf, recordAudit, type AuditActor } from "../../lib/audit.server";
import { getDb, type Db, type Tx } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { hitRateLimit, refundRateLimit } from "../../lib/rate-limit.server";
import type { SessionUser } from "../accounts/session-user";
import { configuredIdentityProvider, IdentityProviderUnavailable } from "./internal/identity-provider.server";
import { grantLevel } from "./internal/levels.server";
import { nameParts, sameName } from "./listing-changes.server";
import { cleanVirtualNin, VERIFICATION_LIMITS, VERIFICATION_TEXTS, VIRTUAL_NIN } from "./verification.schemas";

/**
 * The name the owner gave in their latest KYC submission that was not rejected (approved, or waiting: an admin's
 * rejection of it ends an identity matched against it, `kyc`'s rejectKyc), or null. In `db` when given (a transaction).
 */
export async function kycNameOf(userId: string, db: Db | Tx = getDb()): Promise<string | null> {
  const [row] = await db
    .select({ fullName: kycSubmissions.fullName })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), ne(kycSubmissions.status, "rejected")))
    .orderBy(desc(kycSubmissions.submittedAt))
    .limit(1);
  return row?.fullName ?? null;
}

/**
 * The record's first and last names both among the KYC name's parts (in any order: many write the surname first), and
 * nothing in the KYC name that the record does not have (a middle name may be left out, no word added): a KYC name
 * padded with many names would otherwise match many records.
 */
function matches(kycName: string, record: { firstName: string; middleName: string | null; lastName: string }): { firstName: boolean; lastName: boolean; nothingElse: boolean } {
  const kyc = nameParts(kycName);
  const parts = new Set(kyc);
  const recorded = new Set(nameParts(`${record.firstName} ${record.middleName ?? ""} ${record.lastName}`));
  const has = (name: string) => nameParts(name).length > 0 && nameParts(name).every((part) => parts.has(part));
  return { firstName: has(record.firstName), lastName: has(record.lastName), nothingElse: kyc.every((part) => recorded.has(part)) };
}

/** Which consent text the owner agreed to (VERIFICATION_TEXTS.consent), kept with each lookup's record. */
export const CONSENT_VERSION = "consent-2026-11-30";

/**
 * One lookup at the provider, counted against the owner's day (`limit` per 24 hours under `key`): refused past it;
 * when the provider cannot answer, the lookup is given back, the provider's words are logged for the operator (a
 * refused key, an empty wallet; never a person's data) and the owner reads 'try again later'.
 */
export async function lookUpCounted<T>(key: string, limit: number, lookup: "vnin" | "cac", ask: () => Promise<T>): Promise<T> {
  const hit = await hitRateLimit(key, limit, 24 * 3600);
  if (!hit.allowed) throw new AppError("rate-limited", VERIFICATION_TEXTS.tooManyLookups);
  try {
    return await ask();
  } catch (error) {
    if (!(error instanceof IdentityProviderUnavailable)) throw error;
    logger.warn({ kind: error.kind, lookup }, `identity provider could not answer: ${error.message}`);
    await refundRateLimit(key);
    throw new AppError("unavailable", VERIFICATION_TEXTS.providerDown);
  }
}

export async function verifyIdentity(actor: SessionUser | null, input: { vnin: string; consent: boolean }): Promise<{ expiresAt: Date }> {
  if (!actor) throw new AppError("unauthenticated");
  if (actor.role !== "business") throw new AppError("forbidden", VERIFICATION_TEXTS.notYourListing);
  // Without a provider the page offers no form: say so before anything about the form's fields.
  const provider = configuredIdentityProvider();
  if (!provider) throw new AppError("unavailable", VERIFICATION_TEXTS.noProvider);
  if (!input.consent) throw new AppError("invalid", VERIFICATION_TEXTS.consentNeeded, { fields: { consent: VERIFICATION_TEXTS.consentNeeded } });
  const vnin = cleanVirtualNin(input.vnin);
  if (!VIRTUAL_NIN.test(vnin)) throw new AppError("invalid", VERIFICATION_TEXTS.vninInvalid, { fields: { vnin: VERIFICATION_TEXTS.vninInvalid } });
  const kycName = await kycNameOf(actor.id);
  if (!kycName) throw new AppError("conflict", { title: VERIFICATION_TEXTS.pageTitle, text: VERIFICATION_TEXTS.kycNameNeeded, link: { href: "/kyc-verification", label: "KYC Verification" } });
  const parts = nameParts(kycName);
  const [firstName, lastName] = [parts[0] ?? "", parts[parts.length - 1] ?? ""];
  const found = await lookUpCounted(`vnin-lookup:${actor.id}`, VERIFICATION_LIMITS.identityPerDay, "vnin", () => provider.lookUpVirtualNin({ vnin, firstName, lastName }));
  const last4 = vnin.slice(-4);
  const audit = auditActorOf(actor);
  if (found.outcome === "not-found") {
    await recordAudit(getDb(), audit, { action: "verification.identity.not-found", targetType: "user", targetId: actor.id, after: { provider: provider.name, providerReference: found.reference, idLast4: last4, consent: CONSENT_VERSION } });
    throw new AppError("invalid", VERIFICATION_TEXTS.vninNotFound, { fields: { vnin: VERIFICATION_TEXTS.vninNotFound } });
  }
  const ours = matches(kycName, found);
  const matchResult = {
    firstName: ours.firstName, lastName: ours.lastName, nothingElse: ours.nothingElse,
    providerFirstName: found.fieldMatches.firstName, providerLastName: found.fieldMatches.lastName, consent: CONSENT_VERSION,
  };
  if (!ours.firstName || !ours.lastName || !ours.nothingElse) {
    await recordAudit(getDb(), audit, { action: "verification.identity.mismatch", targetType: "user", targetId: actor.id, after: { provider: provider.name, providerReference: found.reference, idLast4: last4, matchResult } });
    // The record's name is never shown: whoever typed someone else's virtual NIN would learn it.
    throw new AppError("invalid", VERIFICATION_TEXTS.nameMismatch, { fields: { vnin: VERIFICATION_TEXTS.nameMismatch } });
  }
  return getDb().transaction(async (tx) => {
    // The owner's row is locked (grantLevel) and their KYC name read again: a KYC sent while the lookup ran has
    // another name, and the record matched the one before it.
    await tx.execute(sql`select id from "user" where id = ${actor.id} for update`);
    if ((await kycNameOf(actor.id, tx)) !== kycName) throw new AppError("conflict", VERIFICATION_TEXTS.kycChangedMeanwhile);
    const { expiresAt } = await grantLevel(tx, audit, {
      level: "identity", method: "vnin", userId: actor.id, businessId: null, fullName: kycName, idLast4: last4, provider: provider.name,
      providerReference: found.reference, matchResult,
    });
    return { expiresAt };
  });
}

/**
 * Whether the owner's identity level stands now (by a virtual NIN or a photo ID). An owner whose photo-ID identity
 * ended (24 months passed, or an admin revoked it) may send their ID again to renew it (kyc's submitKyc).
 */
export async function hasStandingIdentity(userId: string, db: Db | Tx = getDb()): Promise<boolean> {
  const [row] = await db
    .select({ id: listingVerifications.id })
    .from(listingVerifications)
    .where(and(eq(listingVerifications.userId, userId), eq(listingVerifications.level, "identity"), sql`${listingVerifications.endedAt} is null and ${listingVerifications.expiresAt} > now()`))
    .limit(1);
  return Boolean(row);
}

/**
 * An admin approved the owner's photo ID (kyc's review), in that transaction: the identity level by document,
 * unless one by virtual NIN already stands for the same name.
 */
export async function grantIdentityByDocument(tx: Tx, actor: AuditActor, userId: string, fullName: string): Promise<void> {
  const standing = await tx.query.listingVerifications.findFirst({
    where: (v, { and, eq, isNull }) => and(eq(v.userId, userId), eq(v.level, "identity"), isNull(v.endedAt)),
    columns: { method: true, fullName: true, expiresAt: true },
  });
  if (standing && standing.method === "vnin" && sameName(standing.fullName ?? "", fullName) && standing.expiresAt > new Date()) return;
  await grantLevel(tx, actor, { level: "identity", method: "document", userId, businessId: null, fullName });
}
