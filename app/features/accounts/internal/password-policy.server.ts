import { createRequire } from "node:module";
import { AppError } from "../../../lib/app-error";
import { msg, t } from "../../../lib/i18n/i18n";

const require = createRequire(import.meta.url);
let commonPasswords: Set<string> | undefined;

/** The 10,000 most common passwords (zxcvbn's frequency-ranked list), loaded on first use. */
function common(): Set<string> {
  if (!commonPasswords) {
    const lists = require("zxcvbn/lib/frequency_lists.js") as { passwords: string[] };
    commonPasswords = new Set(lists.passwords.slice(0, 10_000).map((p) => p.toLowerCase()));
  }
  return commonPasswords;
}

export const PASSWORD_REASONS = {
  tooShort: msg("Password must be at least 8 characters"),
  tooLong: msg("Password must be at most 128 characters"),
  common: msg("Password is one of the 10,000 most common passwords"),
  sameAsEmail: msg("Password must not be your email address"),
  emailName: msg("Password must not contain the name part of your email address"),
} as const;

/** Why a password is too weak; empty when it is acceptable (spec 01 §5: a list of reasons). */
export function passwordWeaknesses(password: string, email: string): string[] {
  const reasons: string[] = [];
  if (password.length < 8) reasons.push(PASSWORD_REASONS.tooShort);
  if (password.length > 128) reasons.push(PASSWORD_REASONS.tooLong);
  const lower = password.toLowerCase();
  if (common().has(lower)) reasons.push(PASSWORD_REASONS.common);
  const normalizedEmail = email.trim().toLowerCase();
  if (normalizedEmail && lower === normalizedEmail) reasons.push(PASSWORD_REASONS.sameAsEmail);
  else {
    const local = normalizedEmail.split("@")[0] ?? "";
    if (local.length >= 4 && lower === local) reasons.push(PASSWORD_REASONS.emailName);
  }
  return reasons;
}

/** The refusal of a weak password: every reason, listed (spec 01 §5); the items are translated where shown. */
export function weakPassword(reasons: string[]): AppError {
  return new AppError("invalid", reasons.map((reason) => t(reason)).join(". "), { reason: "weak-password", items: reasons });
}
