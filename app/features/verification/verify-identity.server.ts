/**
 * An owner's identity (issue 35, ADR 39): a virtual NIN looked up through the identity provider, whose record's name
 * must match the name on the owner's KYC; or, without a provider, an admin's approval of their photo ID (kyc's
 * review calls `grantIdentityByDocument`). Never the NIN: only the provider's reference, the match, the vNIN's last 4
 * characters and the date. Failed lookups are audited with the same (no name of the record, no number).
 */
import { and, desc, eq, ne } from "drizzle-orm";
import { kycSubmissions } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { auditActorOf, recordAudit, type AuditActor } from "../../lib/audit.server";
import { getDb, type Tx } from "../../lib/db.server";
import { hitRateLimit, refundRateLimit } from "../../lib/rate-limit.server";
import type { SessionUser } from "../accounts/session-user";
import { configuredIdentityProvider, IdentityProviderUnavailable } from "./internal/identity-provider.server";
import { grantLevel } from "./internal/levels.server";
import { nameParts, sameName } from "./listing-changes.server";
import { cleanVirtualNin, VERIFICATION_LIMITS, VERIFICATION_TEXTS, VIRTUAL_NIN } from "./verification.schemas";

/** The name the owner gave in their latest KYC submission that was not rejected, or null. */
export async function kycNameOf(userId: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ fullName: kycSubmissions.fullName })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), ne(kycSubmissions.status, "rejected")))
    .orderBy(desc(kycSubmissions.submittedAt))
    .limit(1);
  return row?.fullName ?? null;
}

/**
 * The record's first and last names both among the KYC name's parts (in any order: many write the surname first),
 * and the provider's own field matches where it gave them.
 */
function matches(kycName: string, record: { firstName: string; lastName: string }): { firstName: boolean; lastName: boolean } {
  const parts = new Set(nameParts(kycName));
  const has = (name: string) => nameParts(name).length > 0 && nameParts(name).every((part) => parts.has(part));
  return { firstName: has(record.firstName), lastName: has(record.lastName) };
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
  const key = `vnin-lookup:${actor.id}`;
  const hit = await hitRateLimit(key, VERIFICATION_LIMITS.identityPerDay, 24 * 3600);
  if (!hit.allowed) throw new AppError("rate-limited", VERIFICATION_TEXTS.tooManyLookups);
  const parts = nameParts(kycName);
  const [firstName, lastName] = [parts[0] ?? "", parts[parts.length - 1] ?? ""];
  let found;
  try {
    found = await provider.lookUpVirtualNin({ vnin, firstName, lastName });
  } catch (error) {
    if (error instanceof IdentityProviderUnavailable) {
      await refundRateLimit(key);
      throw new AppError("unavailable", VERIFICATION_TEXTS.providerDown);
    }
    throw error;
  }
  const last4 = vnin.slice(-4);
  const audit = auditActorOf(actor);
  if (found.outcome === "not-found") {
    await recordAudit(getDb(), audit, { action: "verification.identity.not-found", targetType: "user", targetId: actor.id, after: { provider: provider.name, providerReference: found.reference, idLast4: last4 } });
    throw new AppError("invalid", VERIFICATION_TEXTS.vninNotFound, { fields: { vnin: VERIFICATION_TEXTS.vninNotFound } });
  }
  const ours = matches(kycName, found);
  const matchResult = { firstName: ours.firstName, lastName: ours.lastName, providerFirstName: found.fieldMatches.firstName, providerLastName: found.fieldMatches.lastName };
  if (!ours.firstName || !ours.lastName) {
    await recordAudit(getDb(), audit, { action: "verification.identity.mismatch", targetType: "user", targetId: actor.id, after: { provider: provider.name, providerReference: found.reference, idLast4: last4, matchResult } });
    const record = `${found.firstName} ${found.lastName}`.trim();
    throw new AppError("invalid", VERIFICATION_TEXTS.nameMismatch(record), { fields: { vnin: VERIFICATION_TEXTS.nameMismatch(record) } });
  }
  return getDb().transaction(async (tx) => {
    const { expiresAt } = await grantLevel(tx, audit, {
      level: "identity", method: "vnin", userId: actor.id, businessId: null, fullName: kycName, idLast4: last4, provider: provider.name,
      providerReference: found.reference, matchResult,
    });
    return { expiresAt };
  });
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
