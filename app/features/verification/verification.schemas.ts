/**
 * Verification levels (issue 35, ADR 39): their names, what each means and does not mean, the badges' text, and the
 * forms' fields and messages. Client-safe.
 */
import { msg, t, translateIfKnown } from "../../lib/i18n/i18n";
import { formatMonthYear } from "../../lib/format";

export type VerificationLevel = "phone" | "identity" | "business";
/** The ladder, lowest first: the order badges are shown in. */
export const LEVEL_ORDER: readonly VerificationLevel[] = ["phone", "identity", "business"];
/** businesses.verified_levels' bits (migration 0045). */
export const LEVEL_BITS: Record<VerificationLevel, number> = { phone: 1, identity: 2, business: 4 };

/** How long a level stands before it must be renewed (months). */
export const LEVEL_VALIDITY_MONTHS: Record<VerificationLevel, number> = { phone: 12, identity: 24, business: 12 };

/** Identity lookups (each one costs us a provider's fee) and CAC lookups per account per day. */
export const VERIFICATION_LIMITS = { identityPerDay: 5, companyPerDay: 10, revokeReasonMax: 500 } as const;

export const LEVEL_NAMES: Record<VerificationLevel, string> = {
  phone: msg("Phone verified"),
  identity: msg("Identity verified"),
  business: msg("Registered business"),
};

/** A standing level as a listing shows it. */
export type VerificationBadge = {
  level: VerificationLevel;
  /** ISO date it was reached. */
  verifiedAt: string;
  /** 'Phone verified · Nov 2026' */
  label: string;
  /** 'business' only: the name CAC has on record, shown beside ours. */
  registeredName?: string | null;
  /** 'business' only: that name is the listing's (then JSON-LD may carry it as the legal name). */
  namesAgree?: boolean;
};

/** 'Nov 2026' (the month in WAT) in the current language; English as en-NG writes it. */
function monthOf(value: Date | string): string {
  return formatMonthYear(value);
}

/** 'Phone verified · Nov 2026' (the month in WAT), in the current language. */
export function badgeLabel(level: VerificationLevel, verifiedAt: Date | string): string {
  return t("{{level}} · {{month}}", { level: t(LEVEL_NAMES[level]), month: monthOf(verifiedAt) });
}

/** What each level means, what it does not mean, and how to get it: the /verification page and the owner's page. */
export const LEVEL_EXPLAINED: Record<VerificationLevel, { means: string; doesNotMean: string; how: string }> = {
  phone: {
    means: msg("The phone number on the listing answered a one-time code we sent to it (by SMS, or read out by a call to a landline) on the date shown."),
    doesNotMean: msg("It does not tell you who holds the phone, or that the business is good at what it does."),
    how: msg("Owners: open Verification in your dashboard and ask for a code to the listing's number. Claiming a listing by its phone verifies the phone too. It lasts 12 months, and ends at once if the listing's number changes."),
  },
  identity: {
    means: msg("The owner's name matched the national identity record (NIMC), checked through an identity verification company with a virtual NIN, or an admin checked the owner's photo ID against the name they gave."),
    doesNotMean: msg("It does not mean we vouch for the business, its prices or its work; and we never see or keep the owner's NIN."),
    how: msg("Owners: generate a virtual NIN (dial *346*3*your NIN*715461# from the phone registered with your NIN, or use the NIMC app with enterprise code 715461), then enter it in Verification within 72 hours. Or submit your photo ID on the KYC page for an admin to check. It lasts 24 months, and ends if the name on your KYC changes."),
  },
  business: {
    means: msg("The business's registration number (RC for a company, BN for a business name, IT for an incorporated trustee) is on the Corporate Affairs Commission's register; the name on the register is shown beside the listing's."),
    doesNotMean: msg("It does not prove that the listing's owner runs that company: compare the registered name shown beside the listing's. Nor does it mean the company is in good standing beyond its status on the register."),
    how: msg("Owners: enter the CAC number in Verification. It lasts 12 months, and ends if the listing's name changes."),
  },
};

export const VERIFICATION_TEXTS = {
  pageTitle: msg("Verification"),
  intro:
    msg("Every listing can climb three steps, each checked by us and dated on the listing: its phone, its owner's identity, and its registration with the Corporate Affairs Commission. A badge shows what was checked and when, nothing more."),
  phoneCodeSent: (phone: string) => t("We sent a code to {{phone}}. Enter it below within 10 minutes.", { phone }),
  phoneCodeCalled: (phone: string) => t("We are calling {{phone}} to read out a code. Enter it below within 10 minutes.", { phone }),
  phoneVerified: msg("The listing's phone is verified."),
  noListingPhone: msg("Add a phone number to the listing first."),
  notYourListing: msg("That listing is not one of yours."),
  identityVerified: msg("Your identity is verified. The badge shows on all your listings."),
  businessVerified: msg("The business registration is verified."),
  kycNameNeeded: msg("Submit your KYC details first: the name on your identity record is checked against the name you give there."),
  vninInvalid: msg("Enter the 16-character virtual NIN NIMC gave you (for example AB123456789012CD), not your 11-digit NIN."),
  vninNotFound: msg("No record was found for that virtual NIN. A virtual NIN works once and for 72 hours: generate a new one with enterprise code 715461 and try again."),
  nameMismatch:
    msg("The name on the identity record does not match the name on your KYC. Check that the virtual NIN is yours; if your KYC name is not your name as on your NIN, submit your KYC again."),
  kycChangedMeanwhile: msg("Your KYC details changed while we checked: check again."),
  listingRenamedMeanwhile: msg("The listing's name changed while we checked: check again."),
  noCacProvider: msg("CAC checks through an identity verification company are not available on this site yet."),
  rcInvalid: msg("Enter the registration number as on your CAC certificate, for example RC 1234567 or BN 1234567."),
  rcNotFound: msg("The Corporate Affairs Commission has no registration with that number and type. Check the number and whether it is RC, BN or IT."),
  rcInactive: (name: string) => t("The register lists {{name}} as inactive: an inactive registration cannot be shown as a registered business.", { name }),
  consentNeeded: msg("Tick the box to agree to the check: we cannot look anything up without your consent."),
  consent: (provider: string) =>
    t(
      "I agree that Naija Directory sends the details I enter here, with my name, to {{provider}}, an identity verification company, to check them against the government's register. Naija Directory keeps only the result, the date, the provider's reference and the last 4 characters of a virtual NIN — never the NIN itself.",
      { provider },
    ),
  providerDown: msg("The verification service could not answer just now. Nothing was checked or saved: try again later."),
  noProvider: msg("Checks through an identity verification company are not available on this site yet. You can still verify your identity by submitting your photo ID on the KYC page."),
  tooManyLookups: msg("You have reached today's limit of checks. Try again tomorrow."),
  revoked: msg("The verification was revoked."),
  revokeFailed: msg("The verification could not be revoked."),
  loadFailed: msg("The verification levels could not be loaded."),
  tabTitle: msg("Verification levels"),
  tabIntro: msg("Levels standing now, newest first. Revoke one that should not stand: the owner is told, with your reason, and the badge goes at once."),
  tabEmpty: msg("No verification levels stand yet."),
  revokeReasonNeeded: msg("Say why (the owner reads it)."),
  nothingToRevoke: msg("That verification has already ended."),
} as const;

/** Why a level ended, as the owner and the admins read it. */
export const END_REASONS = {
  phoneChanged: msg("The listing's phone number changed."),
  nameChanged: msg("The listing's name changed."),
  kycNameChanged: msg("The name on your KYC changed."),
  ownerChanged: msg("The listing changed owner."),
  expired: msg("It expired: verify again to renew it."),
  renewed: msg("Verified again."),
} as const;

/**
 * A stored end reason as the owner reads it, in the current language: one of END_REASONS, or an admin's revocation
 * ('Revoked by an admin: …', stored in English by revokeVerification) with the admin's own words kept.
 */
export function endReasonText(reason: string): string {
  const revoked = /^Revoked by an admin: ([\s\S]*)$/.exec(reason);
  if (revoked) return t("Revoked by an admin: {{reason}}", { reason: revoked[1] });
  return translateIfKnown(reason);
}

/** Notices to the owner (enqueued in the transaction of the change). */
export const VERIFICATION_NOTICES = {
  // Written in the language of the moment: enqueueNotice runs it in the owner's (issue 36). The reason is one of
  // END_REASONS, or an admin's revocation ('Revoked by an admin: ' and their words as written).
  ended: (level: VerificationLevel, listing: string | null, reason: string) => {
    const name = t(LEVEL_NAMES[level]);
    const why = endReasonText(reason);
    return {
      line: listing ? t("{{level}} badge removed from {{listing}}: {{reason}}", { level: name, listing, reason: why }) : t("{{level}} badge removed: {{reason}}", { level: name, reason: why }),
      detail: [
        listing ? t("The {{level}} badge no longer shows on {{listing}}.", { level: name, listing }) : t("The {{level}} badge no longer shows on your listings.", { level: name }),
        t("Why: {{reason}}", { reason: why }),
        t("You can verify again from Verification in your dashboard."),
      ].join(" "),
      subject: t("Your {{level}} badge was removed", { level: name }),
    };
  },
};

/** A virtual NIN as typed: spaces and dashes dropped, upper case; 16 letters and digits. */
export function cleanVirtualNin(value: string): string {
  return value.replace(/[\s-]+/g, "").toUpperCase();
}
export const VIRTUAL_NIN = /^[A-Z0-9]{16}$/;

export type CompanyKind = "limited_company" | "business" | "incorporated_trustee";
const PREFIX_KIND: Record<string, CompanyKind> = { RC: "limited_company", BN: "business", IT: "incorporated_trustee" };
export const COMPANY_KIND_LABELS: Record<CompanyKind, string> = {
  limited_company: msg("Company (RC)"),
  business: msg("Business name (BN)"),
  incorporated_trustee: msg("Incorporated trustee (IT)"),
};

/** 'RC 1234567', 'rc-1234567', '1234567' → its digits and, from the prefix, its kind; null when it is not a CAC number. */
export function parseCacNumber(value: string): { digits: string; kind: CompanyKind | null } | null {
  const match = /^(RC|BN|IT)?[\s.:-]*(\d{1,8})$/.exec(value.trim().toUpperCase());
  if (!match) return null;
  return { digits: match[2]!.replace(/^0+(?=\d)/, ""), kind: match[1] ? PREFIX_KIND[match[1]]! : null };
}
