/** Pure helpers for the profile screen. Client-safe and free of reference lists. */
import { msg, t } from "../../lib/i18n/i18n";

export const PROFILE_TEXTS = {
  signInRequired: msg("Please log in to view your profile"),
  fallbackName: msg("User Profile"),
  verified: msg("Verified"),
  adminAccess: msg("Admin Access"),
  goToAdmin: msg("Go to Admin Panel"),
  logoutFailed: { title: msg("Logout failed"), text: msg("There was an error logging out. Please try again.") },
  loggedOut: msg("Logged out successfully"),
  /** Where account deletion sends the browser (/?accountDeleted=true). */
  accountDeleted: msg("Your account was deleted."),
  saved: { title: msg("Profile updated"), text: msg("Your details were saved.") },
  saveFailed: { title: msg("Update failed"), text: msg("We could not save your details. Please try again.") },
  checkFields: { title: msg("Please check your details"), text: msg("Correct the fields marked below, then save again.") },
  /** A place name: stays as it is in every language. */
  defaultCountry: "Nigeria",
} as const;

/** First and last name, else first, else last, else 'User Profile' (spec 02, Profile), in the reader's language. */
export function profileDisplayName(user: { firstName?: string | null; lastName?: string | null } | null | undefined): string {
  const first = user?.firstName?.trim() ?? "";
  const last = user?.lastName?.trim() ?? "";
  if (first && last) return `${first} ${last}`;
  return first || last || t(PROFILE_TEXTS.fallbackName);
}

const ROLE_LABELS: Record<string, string> = { visitor: msg("Visitor"), business: msg("Business Owner"), admin: msg("Admin") };

/** The role badge and account type: Visitor, Business Owner or Admin, in the reader's language. */
export function roleLabel(role: string): string {
  return t(ROLE_LABELS[role] ?? ROLE_LABELS.visitor!);
}

/** 'Lagos, Nigeria'; the country defaults to Nigeria when none is stored. */
export function locationLabel(user: { country?: string | null; state?: string | null }): string {
  const country = user.country?.trim() || PROFILE_TEXTS.defaultCountry;
  const state = user.state?.trim();
  return state && state !== "Other" ? `${state}, ${country}` : country;
}
