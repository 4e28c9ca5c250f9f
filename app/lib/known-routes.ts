/**
 * The app's known paths, for the not-found page: case-insensitive and trailing-slash tolerant
 * matching to the canonical path, and a related-page suggestion by keyword. Pure and client-safe.
 */

/** Static paths of both spec route tables (plus /privacy, /suggest and /404). */
export const KNOWN_STATIC_PATHS = [
  "/", "/businesses", "/login", "/register", "/register/visitor", "/register/business", "/dashboard", "/dashboard/analytics", "/dashboard/payments", "/dashboard/verification", "/verification",
  "/business/create", "/kyc-verification", "/messages", "/menu", "/pricing", "/featured-plans", "/help",
  "/feedback", "/profile", "/notifications", "/admin", "/privacy", "/unsubscribe", "/confirm-email", "/saved", "/offline", "/suggest", "/quotes", "/quotes/new", "/404",
  // Offers (issue 37): the admins' review
  "/admin/offers",
] as const;

/** Paths with an id: the fixed segments are canonicalised, the id is kept as typed. */
const ID_PATTERNS: readonly (readonly string[])[] = [["businesses"], ["business"], ["business", "edit"], ["business", "prices"], ["business", "claim"], ["dashboard", "payments"], ["suggest"], ["quotes"],
  // Offers (issue 37): a listing's offers
  ["business", "offers"],
];

/**
 * The canonical form of a path that names a known route in another letter case or with trailing
 * slashes (/Businesses/ → /businesses), or null when the path is unknown or already canonical.
 */
export function canonicalPath(pathname: string): string | null {
  const canonical = matchKnownRoute(pathname);
  return canonical !== null && canonical !== pathname ? canonical : null;
}

/** The canonical path of a known route the pathname names, else null. */
export function matchKnownRoute(pathname: string): string | null {
  if (!pathname.startsWith("/")) return null;
  const trimmed = pathname.replace(/\/+$/, "") || "/";
  // Empty segments (//x) never name a route, and must never produce a protocol-relative redirect.
  if (trimmed !== "/" && trimmed.slice(1).split("/").some((s) => s === "")) return null;
  const lower = trimmed.toLowerCase();
  const known = KNOWN_STATIC_PATHS.find((p) => p === lower);
  if (known) return known;
  const segments = trimmed.slice(1).split("/");
  for (const fixed of ID_PATTERNS) {
    if (segments.length !== fixed.length + 1) continue;
    if (fixed.every((s, i) => segments[i].toLowerCase() === s)) {
      return `/${[...fixed, segments[fixed.length]].join("/")}`;
    }
  }
  return null;
}

const LANDING_PATTERNS: readonly [RegExp, string][] = [
  [/^\/categories\/?$/i, "/categories"],
  [/^\/categories\/[^/]+\/?$/i, "/categories/:id"],
  [/^\/states\/[^/]+\/?$/i, "/states/:id"],
  [/^\/states\/[^/]+\/[^/]+\/?$/i, "/states/:id/:id"],
];

/**
 * The route pattern of a known path, for metrics labels: '/businesses', '/business/:id', '/business/edit/:id'
 * (React Router's data requests, '<path>.data', count as their page); null when unknown.
 */
export function knownRoutePattern(pathname: string): string | null {
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  // The landing pages (issue 17) canonicalise their own slugs (301 to lower case), so they are labelled here only.
  const landing = LANDING_PATTERNS.find(([pattern]) => pattern.test(page));
  if (landing) return landing[1];
  const canonical = matchKnownRoute(page);
  if (canonical === null) return null;
  if ((KNOWN_STATIC_PATHS as readonly string[]).includes(canonical)) return canonical;
  const segments = canonical.slice(1).split("/");
  return `/${[...segments.slice(0, -1), ":id"].join("/")}`;
}

export type PageSuggestion = { href: string; label: string };

const SUGGESTIONS: readonly { words: readonly string[]; page: PageSuggestion }[] = [
  { words: ["business"], page: { href: "/businesses", label: "Businesses" } },
  { words: ["login", "signin"], page: { href: "/login", label: "Login" } },
  { words: ["register", "signup"], page: { href: "/register", label: "Register" } },
  { words: ["dashboard"], page: { href: "/dashboard", label: "Dashboard" } },
  { words: ["profile"], page: { href: "/profile", label: "Profile" } },
];

/** A related page for an unknown path by keyword (spec 02, Not-found page), or null. */
export function suggestPage(pathname: string): PageSuggestion | null {
  let path = pathname.toLowerCase();
  try {
    path = decodeURIComponent(path);
  } catch {
    // Keep the raw path when it is not valid percent-encoding.
  }
  // 'sign-in', 'sign_up' and 'sign in' count as signin/signup.
  const squashed = path.replace(/[-_\s]/g, "");
  return SUGGESTIONS.find((s) => s.words.some((w) => squashed.includes(w)))?.page ?? null;
}
