/**
 * An owner verifies a listing of theirs (issue 35, ADR 39): its phone, by a code to the listing's number (SMS, or read
 * out by a call to a landline: the claim's proof, accounts/number-proof.server.ts), and its registration, by a CAC
 * lookup through the identity provider. Each in one transaction under a lock on the listing, audited.
 */
import { and, eq } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { auditActorOf } from "../../lib/audit.server";
import { getDb, type Tx } from "../../lib/db.server";
import { t } from "../../lib/i18n/i18n";
import { isUuid } from "../../lib/ids";
import { isMobileNumber } from "../../lib/phone";
import { checkNumberProofCode, sendNumberProofCode, useNumberProofCode } from "../accounts/number-proof.server";
import type { SessionUser } from "../accounts/session-user";
import { configuredIdentityProvider } from "./internal/identity-provider.server";
import { grantLevel } from "./internal/levels.server";
import { sameName } from "./listing-changes.server";
import { CONSENT_VERSION, lookUpCounted } from "./verify-identity.server";
import { parseCacNumber, VERIFICATION_LIMITS, VERIFICATION_TEXTS, type CompanyKind } from "./verification.schemas";

/** What the phone's SMS says: the code, and that it verifies a listing's number ('your code is NNNNNN.' as every code's). */
// In the language of the page the owner asked from (t(): the request's, issue 36).
export const listingPhoneSms = (code: string) =>
  `Naija Directory: ${t("your code is {{code}}. It verifies this number on a business listing. It works for 10 minutes. Never share it.", { code })}`;

function requireOwner(actor: SessionUser | null): asserts actor is SessionUser {
  if (!actor) throw new AppError("unauthenticated");
  if (actor.role !== "business") throw new AppError("forbidden", VERIFICATION_TEXTS.notYourListing);
}

async function ownListing(db: ReturnType<typeof getDb> | Tx, actor: SessionUser, businessId: string, lock = false) {
  if (!isUuid(businessId)) throw new AppError("not-found", VERIFICATION_TEXTS.notYourListing);
  const query = db
    .select({ id: businesses.id, name: businesses.name, phone: businesses.phoneNumber })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.userId, actor.id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("not-found", VERIFICATION_TEXTS.notYourListing);
  return row;
}

/** Sends a code to the listing's phone. Throws 'not-found' (not theirs), 'invalid' (no phone), 'rate-limited'. */
export async function requestListingPhoneCode(
  actor: SessionUser | null,
  input: { businessId: string },
  context: { clientAddress?: string | null },
): Promise<{ phone: string; byCall: boolean }> {
  requireOwner(actor);
  const listing = await ownListing(getDb(), actor, input.businessId);
  if (!listing.phone) throw new AppError("invalid", VERIFICATION_TEXTS.noListingPhone);
  const byCall = !isMobileNumber(listing.phone);
  await sendNumberProofCode(actor, { phone: listing.phone, voice: byCall, purpose: "listing-phone", text: listingPhoneSms }, context);
  return { phone: listing.phone, byCall };
}

/** Checks the code and records the phone level. Throws 'invalid' (the code field's message), 'not-found'. */
export async function confirmListingPhone(actor: SessionUser | null, input: { businessId: string; code: string }): Promise<{ expiresAt: Date }> {
  requireOwner(actor);
  const listing = await ownListing(getDb(), actor, input.businessId);
  if (!listing.phone) throw new AppError("invalid", VERIFICATION_TEXTS.noListingPhone);
  const codeId = await checkNumberProofCode(actor, { phone: listing.phone, code: input.code, purpose: "listing-phone" });
  return getDb().transaction(async (tx) => {
    const row = await ownListing(tx, actor, input.businessId, true);
    // Its number changed since the code went: the code proves the old one.
    if (!row.phone || row.phone !== listing.phone) throw new AppError("invalid", VERIFICATION_TEXTS.noListingPhone);
    await useNumberProofCode(tx, codeId);
    const { expiresAt } = await grantLevel(tx, auditActorOf(actor), {
      level: "phone", method: isMobileNumber(row.phone) ? "sms-code" : "voice-code", userId: actor.id, businessId: row.id, phone: row.phone,
    });
    return { expiresAt };
  });
}

/** The phone level a claim by the listing's phone gives at once (its code is the same proof), in the claim's transaction. */
export async function grantPhoneLevelOnClaim(tx: Tx, actor: SessionUser, listing: { id: string; phone: string }): Promise<void> {
  await grantLevel(tx, auditActorOf(actor), {
    level: "phone", method: isMobileNumber(listing.phone) ? "sms-code" : "voice-code", userId: actor.id, businessId: listing.id, phone: listing.phone,
  });
}

/**
 * Looks the CAC number up and records the registered-business level with the name and type on the register. The
 * provider's fee is counted against the owner's daily checks (refunded when the provider could not answer).
 * Throws 'invalid' (with the field), 'not-found', 'unavailable' (no provider, or it could not answer), 'rate-limited'.
 */
export async function verifyBusinessRegistration(
  actor: SessionUser | null,
  input: { businessId: string; rcNumber: string; kind?: CompanyKind; consent: boolean },
): Promise<{ registeredName: string; namesAgree: boolean }> {
  requireOwner(actor);
  const listing = await ownListing(getDb(), actor, input.businessId);
  // Without a provider the page offers no form: say so before anything about the form's fields.
  const provider = configuredIdentityProvider();
  if (!provider) throw new AppError("unavailable", VERIFICATION_TEXTS.noProvider);
  if (!input.consent) throw new AppError("invalid", VERIFICATION_TEXTS.consentNeeded, { fields: { consent: VERIFICATION_TEXTS.consentNeeded } });
  const parsed = parseCacNumber(input.rcNumber);
  if (!parsed) throw new AppError("invalid", VERIFICATION_TEXTS.rcInvalid, { fields: { rcNumber: VERIFICATION_TEXTS.rcInvalid } });
  const kind = parsed.kind ?? input.kind ?? "limited_company";
  const found = await lookUpCounted(`cac-lookup:${actor.id}`, VERIFICATION_LIMITS.companyPerDay, "cac", () => provider.lookUpCompany({ rcNumber: parsed.digits, type: kind }));
  if (found.outcome === "not-found") throw new AppError("invalid", VERIFICATION_TEXTS.rcNotFound, { fields: { rcNumber: VERIFICATION_TEXTS.rcNotFound } });
  if (!found.active) throw new AppError("invalid", VERIFICATION_TEXTS.rcInactive(found.registeredName), { fields: { rcNumber: VERIFICATION_TEXTS.rcInactive(found.registeredName) } });
  const namesAgree = sameName(found.registeredName.replace(/\b(limited|ltd|nigeria|nig|enterprises?|ventures?)\b\.?/gi, ""), listing.name.replace(/\b(limited|ltd|nigeria|nig|enterprises?|ventures?)\b\.?/gi, ""));
  await getDb().transaction(async (tx) => {
    const row = await ownListing(tx, actor, input.businessId, true);
    // Renamed while the lookup ran: the registered name was compared with the old one.
    if (row.name !== listing.name) throw new AppError("conflict", VERIFICATION_TEXTS.listingRenamedMeanwhile);
    await grantLevel(tx, auditActorOf(actor), {
      level: "business", method: "cac-lookup", userId: actor.id, businessId: row.id, rcNumber: found.rcNumber, registeredName: found.registeredName,
      companyType: found.companyType, provider: provider.name, providerReference: found.reference, matchResult: { active: found.active, namesAgree, kind, consent: CONSENT_VERSION },
    });
  });
  return { registeredName: found.registeredName, namesAgree };
}

