import { keepTabInside } from "../lib/focus-trap";

const CLOSED = "max-md:hidden";

/**
 * The results page's filters below 768px: an overlay opened by the Filters link (`[aria-controls=<id>]`; before
 * JavaScript the link opens it through :target). With JavaScript: focus moves into the panel and Tab stays in it
 * (ADR 31), Escape, the backdrop or any link inside closes it, and focus goes back to the Filters link.
 */
export function enhanceFilters(aside: HTMLElement): () => void {
  const opener = document.querySelector<HTMLElement>(`[aria-controls="${aside.id}"]`);
  const panel = aside.firstElementChild as HTMLElement | null;
  const setOpen = (open: boolean) => {
    aside.classList.toggle(CLOSED, !open);
    opener?.setAttribute("aria-expanded", String(open));
    if (open) panel?.focus();
  };
  const close = () => {
    if (aside.classList.contains(CLOSED)) return;
    setOpen(false);
    // Without this, a page opened at #filters would keep the overlay open through :target.
    if (location.hash === `#${aside.id}`) history.replaceState(history.state, "", location.pathname + location.search);
    opener?.focus();
  };
  const onOpen = (event: Event) => {
    event.preventDefault();
    setOpen(true);
  };
  const onClick = (event: Event) => {
    const link = (event.target as Element).closest("a");
    if (event.target === aside || link) {
      // The Close link points at the results: stay where the list is.
      if (link?.getAttribute("href")?.startsWith("#")) event.preventDefault();
      close();
    }
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") close();
    // Only the phone's overlay is modal; from 768px up the filters are a column of the page.
    else if (panel && !aside.classList.contains(CLOSED) && innerWidth < 768) keepTabInside(panel, event);
  };
  opener?.addEventListener("click", onOpen);
  aside.addEventListener("click", onClick);
  aside.addEventListener("keydown", onKey);
  return () => {
    opener?.removeEventListener("click", onOpen);
    aside.removeEventListener("click", onClick);
    aside.removeEventListener("keydown", onKey);
  };
}
