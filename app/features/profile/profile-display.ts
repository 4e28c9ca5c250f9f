/** Pure helpers for the profile screen. Client-safe and free of reference lists. */

export const PROFILE_TEXTS = {
  signInRequired: "Please log in to view your profile",
  fallbackName: "User Profile",
  verified: "Verified",
  adminAccess: "Admin Access",
  goToAdmin: "Go to Admin Panel",
  logoutFailed: { title: "Logout failed", text: "There was an error logging out. Please try again." },
  loggedOut: "Logged out successfully",
  /** Where account deletion sends the browser (/?accountDeleted=true). */
  accountDeleted: "Your account was deleted.",
  saved: { title: "Profile updated", text: "Your details were saved." },
  saveFailed: { title: "Update failed", text: "We could not save your details. Please try again." },
  checkFields: { title: "Please check your details", text: "Correct the fields marked below, then save again." },
  defaultCountry: "Nigeria",
} as const;

/** First and last name, else first, else last, else 'User Profile' (spec 02, Profile). */
export function profileDisplayName(user: { firstName?: string | null; lastName?: string | null } | null | undefined): string {
  const first = user?.firstName?.trim() ?? "";
  const last = user?.lastName?.trim() ?? "";
  if (first && last) return `${first} ${last}`;
  return first || last || PROFILE_TEXTS.fallbackName;
}

const ROLE_LABELS: Record<string, string> = { visitor: "Visitor", business: "Business Owner", admin: "Admin" };

/** The role badge and account type: Visitor, Business Owner or Admin. */
export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? ROLE_LABELS.visitor!;
}

/** 'Lagos, Nigeria'; the country defaults to Nigeria when none is stored. */
export function locationLabel(user: { country?: string | null; state?: string | null }): string {
  const country = user.country?.trim() || PROFILE_TEXTS.defaultCountry;
  const state = user.state?.trim();
  return state && state !== "Other" ? `${state}, ${country}` : country;
}
