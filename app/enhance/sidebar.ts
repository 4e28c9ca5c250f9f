import { sidebarCookie } from "../lib/sidebar-state";

/**
 * The header's sidebar toggle from 768px up (and Ctrl+B / Meta+B): shows or hides the sidebar it controls and
 * remembers the choice in a cookie for 7 days (spec 01 §2, §9).
 */
export function enhanceSidebar(button: HTMLElement): () => void {
  const sidebar = document.getElementById(button.getAttribute("aria-controls") ?? "");
  const toggle = () => {
    const open = button.getAttribute("aria-expanded") !== "true";
    button.setAttribute("aria-expanded", String(open));
    sidebar?.classList.toggle("md:block", open);
    document.cookie = sidebarCookie(open);
  };
  const onKey = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "b") {
      event.preventDefault();
      toggle();
    }
  };
  button.addEventListener("click", toggle);
  window.addEventListener("keydown", onKey);
  return () => {
    button.removeEventListener("click", toggle);
    window.removeEventListener("keydown", onKey);
  };
}
