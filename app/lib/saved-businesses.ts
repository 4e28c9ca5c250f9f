/**
 * Saved businesses (issue 20, ADR 30): the limits and texts shared by the use cases, the /saved page and the
 * device list of app/enhance/save.ts. Client-safe, no imports.
 */
export const SAVED_LIMITS = {
  /** Saved businesses an account (or a device) keeps at most. */
  max: 500,
  /** Rows per page of /saved for a signed-in user. */
  pageSize: 20,
} as const;

export const SAVED_TEXTS = {
  signInRequired: { title: "Sign in to save to your account", text: "Please log in to save businesses to your account. Without an account, Save keeps them on this device." },
  notFound: { title: "Business not found", text: "This business is not listed publicly, so it cannot be saved." },
  full: { title: "Saved list full", text: `You can save at most ${SAVED_LIMITS.max} businesses. Remove some from Saved to add more.` },
  unpublished: "No longer listed: the business was removed from the public directory.",
  joinFull: `Your account already holds ${SAVED_LIMITS.max} saved businesses, so what this device saved stays on the device. Remove some here to make room.`,
} as const;
