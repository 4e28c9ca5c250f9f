import type { UIMatch } from "react-router";

/**
 * A public page that anonymous visitors read without the React app (ADR 29): export it as the route's `handle`.
 * Such a page is server-rendered HTML plus the small bundle of app/enhance; signed-in users get the full app.
 */
export const READER_PAGE = { reader: true } as const;

/** True when every route of the page is a reader page and nobody is signed in: no hydration, no router. */
export function isReaderRequest(matches: UIMatch[], signedIn: boolean): boolean {
  if (signedIn) return false;
  const pages = matches.filter((match) => match.id !== "root");
  return pages.length > 0 && pages.every((match) => (match.handle as { reader?: boolean } | undefined)?.reader === true);
}
