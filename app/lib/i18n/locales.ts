/**
 * The languages of the site (issue 36, ADR 40): English at the spec's addresses, the others under a prefix
 * (/pcm, /ha, /yo, /ig). Client-safe.
 */
export const LOCALES = ["en", "pcm", "ha", "yo", "ig"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** The languages under a prefix: every one but English. */
export const PREFIXED_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE) as Exclude<Locale, "en">[];

/** Each language's name in itself: what the language switch shows (people look for their own language's name). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  pcm: "Naijá",
  ha: "Hausa",
  yo: "Yorùbá",
  ig: "Igbo",
};

/**
 * Each language's BCP 47 tag with Nigeria, for sorting names (localeCompare). Not for dates or numbers: phones'
 * browsers carry no Hausa, Yoruba, Igbo or Pidgin formats (app/lib/format-dates.ts writes those from the catalogs).
 */
export const INTL_TAGS: Record<Locale, { dates: string }> = {
  en: { dates: "en-GB" },
  pcm: { dates: "pcm-NG" },
  ha: { dates: "ha-NG" },
  yo: { dates: "yo-NG" },
  ig: { dates: "ig-NG" },
};

/** Open Graph's locale of each language (og:locale). */
export const OG_LOCALES: Record<Locale, string> = { en: "en_NG", pcm: "pcm_NG", ha: "ha_NG", yo: "yo_NG", ig: "ig_NG" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The address prefix of a language: '' for English, '/ha' for Hausa. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}

/** React Router's basename for a language: '/' for English, '/ha' for Hausa. */
export function localeBasename(locale: Locale): string {
  return localePrefix(locale) || "/";
}

/**
 * The language a path is in and the path without its prefix: '/ha/businesses' → ha, '/businesses'; '/ha' and
 * '/ha/' → ha, '/'. Only the exact lower-case prefix counts ('/HA/…' is an English address, unknown).
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  // '/ha.data' is the data of the Hausa home page (React Router's client asks for it so): Hausa too.
  const match = /^\/(pcm|ha|yo|ig)(?=\/|$|\.data$)/.exec(pathname);
  if (!match) return { locale: DEFAULT_LOCALE, path: pathname };
  const rest = pathname.slice(match[0].length);
  return { locale: match[1] as Locale, path: rest.startsWith("/") ? rest : "/" };
}

/** A path (with its query) in a language: ('/businesses?q=x', 'ha') → '/ha/businesses?q=x'; ('/', 'ha') → '/ha'. */
export function localizePath(locale: Locale, path: string): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  if (path === "/" || path.startsWith("/?") || path.startsWith("/#")) return `${prefix}${path.slice(1)}`;
  return `${prefix}${path}`;
}

/**
 * The path a route sees of a request's address: without the language prefix (React Router's basename). Loaders and
 * actions compare and redirect with it (a redirect gets the prefix back from React Router).
 */
export function routePath(url: URL): string {
  return splitLocalePath(url.pathname).path;
}
