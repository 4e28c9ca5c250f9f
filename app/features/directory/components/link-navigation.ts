import { useNavigate } from "react-router";
import { currentLocale } from "~/lib/i18n/i18n";
import { splitLocalePath } from "~/lib/i18n/locales";

/**
 * One click handler for a region full of plain `<a href>` links (the results page's filter sidebar and cards: about
 * 140 links), instead of a React Router `<Link>` each: server rendering a `<Link>` costs hooks and a resolved
 * path per link (ADR 27), a plain anchor nothing. A plain left click on a link to a page of this site navigates
 * inside the app, as `<Link>` does; a modified click, another window, another site or a '#' link are left to the
 * browser. Without JavaScript the links are links. Give the anchors `data-discover="true"` (as `<Link>` renders
 * them) so the router still learns their routes ahead of the click. The anchors carry the page's language prefix
 * (`localizePath`); the router is given the address without it (its basename adds it back). A link to another
 * language is left to the browser (another basename: a page load).
 */
export function useLinkNavigation(): (event: React.MouseEvent) => void {
  const navigate = useNavigate();
  return (event) => {
    const a = (event.target as Element).closest("a");
    if (!a || event.defaultPrevented || event.button || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (a.target || a.origin !== location.origin || a.getAttribute("href")!.startsWith("#")) return;
    const { locale, path } = splitLocalePath(a.pathname);
    if (locale !== currentLocale() && a.pathname !== path) return;
    event.preventDefault();
    navigate(path + a.search + a.hash);
  };
}
