import { t } from "../../lib/i18n/i18n";
import type { Locale } from "../../lib/i18n/locales";
import type { KycStatus, Role } from "../../lib/reference";

/** The signed-in user as every screen sees it: the auth user merged with the profile. Client-safe. */
export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  country: string | null;
  state: string | null;
  /** visitor, business or admin; a stored 'user' reads as visitor. */
  role: Role;
  /** True when role is admin or the e-mail is in the admins table. */
  isAdmin: boolean;
  /**
   * Two-factor sign-in (TOTP) is on for the account. An admin without it has no admin powers until it is
   * set up at /admin/security (accounts/access.ts `requireAdmin`).
   */
  twoFactorEnabled: boolean;
  kycStatus: KycStatus;
  /** The language the person chose with the switch (issue 36); null: never chose (English). */
  language: Locale | null;
};

/** First name, else the part of the e-mail before @, else 'User' (spec 01 §2, Home). */
export function greetingName(user: Pick<SessionUser, "firstName" | "email"> | null | undefined): string {
  const first = user?.firstName?.trim();
  if (first) return first;
  const local = user?.email?.split("@")[0]?.trim();
  return local || t("User");
}

/** 'user' and unknown values read as visitor (spec 01 §1). */
export function normalizeRole(value: unknown): Role {
  return value === "business" || value === "admin" ? value : "visitor";
}
