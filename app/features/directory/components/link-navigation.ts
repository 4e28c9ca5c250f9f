import { useLocation, useNavigate } from "react-router";

/**
 * One click handler for a region full of plain `<a href>` links (the results page's filter sidebar and cards: about
 * 140 links), instead of a React Router `<Link>` each: server rendering a `<Link>` costs hooks and a resolved
 * path per link (ADR 27), a plain anchor nothing. A plain left click on a link to a page of this site navigates
 * inside the app, as `<Link>` does (replacing the history entry when the address is the current one); a modified
 * click, another window, a download, another site or a '#' link are left to the browser. Without JavaScript the
 * links are links. Give the anchors `data-discover="true"` (as `<Link>` renders them) so the router still learns
 * their routes ahead of the click.
 */
export function useLinkNavigation(): (event: React.MouseEvent) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const anchor = (event.target as Element).closest?.("a");
    const href = anchor?.getAttribute("href");
    if (!anchor || !href || href.startsWith("#") || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
    if (anchor.origin !== window.location.origin) return;
    event.preventDefault();
    const to = `${anchor.pathname}${anchor.search}${anchor.hash}`;
    navigate(to, { replace: to === `${location.pathname}${location.search}${location.hash}` });
  };
}
