/**
 * The owner's Verification page (issue 35): each of their listings with its levels, their identity, what ended and
 * why, and whether checks through a provider are available. Only the owner's own rows.
 */
import { and, desc, eq, or, sql } from "drizzle-orm";
import { businesses, listingVerifications } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { t } from "../../lib/i18n/i18n";
import { getDb } from "../../lib/db.server";
import { displayPhone, isMobileNumber } from "../../lib/phone";
import type { SessionUser } from "../accounts/session-user";
import { configuredIdentityProvider } from "./internal/identity-provider.server";
import { kycNameOf } from "./verify-identity.server";
import { badgeLabel, END_REASONS, VERIFICATION_TEXTS, type VerificationLevel } from "./verification.schemas";

export type StandingLevel = { id: string; level: VerificationLevel; label: string; verifiedAt: string; expiresAt: string; detail: string | null };
export type VerificationPage = {
  listings: { id: string; name: string; phone: string | null; byCall: boolean; phoneLevel: StandingLevel | null; businessLevel: StandingLevel | null }[];
  identity: StandingLevel | null;
  kycName: string | null;
  provider: string | null;
  ended: { level: VerificationLevel; listing: string | null; endedAt: string; reason: string }[];
};

const PROVIDER_NAMES: Record<string, string> = { verifyme: "VerifyMe" };

export async function getVerificationPage(actor: SessionUser | null): Promise<VerificationPage> {
  if (!actor) throw new AppError("unauthenticated");
  if (actor.role !== "business") throw new AppError("forbidden", VERIFICATION_TEXTS.notYourListing);
  const db = getDb();
  const [listings, rows, kycName] = await Promise.all([
    db.select({ id: businesses.id, name: businesses.name, phone: businesses.phoneNumber }).from(businesses).where(eq(businesses.userId, actor.id)).orderBy(desc(businesses.createdAt)),
    db
      .select({
        id: listingVerifications.id, level: listingVerifications.level, method: listingVerifications.method, businessId: listingVerifications.businessId,
        listing: businesses.name, verifiedAt: listingVerifications.verifiedAt, expiresAt: listingVerifications.expiresAt, endedAt: listingVerifications.endedAt,
        endReason: listingVerifications.endReason, idLast4: listingVerifications.idLast4, rcNumber: listingVerifications.rcNumber,
        registeredName: listingVerifications.registeredName, phone: listingVerifications.phone, standing: sql<boolean>`(${listingVerifications.endedAt} is null and ${listingVerifications.expiresAt} > now())`.mapWith(Boolean),
      })
      .from(listingVerifications)
      .leftJoin(businesses, eq(businesses.id, listingVerifications.businessId))
      // Their identity, and the levels of listings they own now (not of one they no longer own).
      .where(and(eq(listingVerifications.userId, actor.id), or(sql`${listingVerifications.businessId} is null`, eq(businesses.userId, actor.id))))
      .orderBy(desc(listingVerifications.verifiedAt))
      .limit(200),
    kycNameOf(actor.id),
  ]);
  const standing = (row: (typeof rows)[number]): StandingLevel => ({
    id: row.id,
    level: row.level as VerificationLevel,
    label: badgeLabel(row.level as VerificationLevel, row.verifiedAt),
    verifiedAt: row.verifiedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    detail:
      row.level === "identity"
        ? row.method === "vnin" ? t("Virtual NIN ending {{digits}}", { digits: row.idLast4 }) : t("Photo ID checked by an admin")
        : row.level === "business"
          ? `${row.registeredName} (CAC ${row.rcNumber})`
          : displayPhone(row.phone),
  });
  const find = (level: VerificationLevel, businessId: string | null) => rows.find((r) => r.standing && r.level === level && r.businessId === businessId);
  const identity = find("identity", null);
  const provider = configuredIdentityProvider();
  return {
    listings: listings.map((listing) => {
      const phone = find("phone", listing.id);
      const business = find("business", listing.id);
      return {
        id: listing.id, name: listing.name, phone: listing.phone ? displayPhone(listing.phone) : null, byCall: listing.phone ? !isMobileNumber(listing.phone) : false,
        phoneLevel: phone ? standing(phone) : null, businessLevel: business ? standing(business) : null,
      };
    }),
    identity: identity ? standing(identity) : null,
    kycName,
    provider: provider ? (PROVIDER_NAMES[provider.name] ?? provider.name) : null,
    ended: rows
      .filter((r) => r.endedAt !== null && r.endReason !== END_REASONS.renewed)
      .slice(0, 20)
      .map((r) => ({ level: r.level as VerificationLevel, listing: r.listing, endedAt: r.endedAt!.toISOString(), reason: r.endReason! })),
  };
}


