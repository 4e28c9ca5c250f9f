/**
 * The home page's 'Login Required' dialog (spec 01 §2): for a visitor who is not signed in, a card's View Details
 * or Contact (`a[data-to]`, whose href already goes through the login page, so it works without JavaScript) opens
 * the dialog named by `data-dialog`; its Sign In link (`[data-sign-in]`) leads to the login page and back to the
 * card's target. The native <dialog> makes the page inert, closes on Escape and gives focus back; Tab stays inside
 * (keepTabInside, ADR 31); a click on the backdrop closes it too.
 */
import { keepTabInside } from "../lib/focus-trap";

export function enhanceLoginRequired(area: HTMLElement): () => void {
  const dialog = document.getElementById(area.dataset.dialog ?? "") as HTMLDialogElement | null;
  const signIn = dialog?.querySelector<HTMLAnchorElement>("[data-sign-in]");
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-to]");
    if (!link || !dialog || !signIn || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    signIn.href = link.href;
    dialog.showModal();
  };
  const onBackdrop = (event: Event) => event.target === dialog && dialog?.close();
  const onKey = (event: KeyboardEvent) => dialog && keepTabInside(dialog, event);
  area.addEventListener("click", onClick);
  dialog?.addEventListener("click", onBackdrop);
  dialog?.addEventListener("keydown", onKey);
  return () => {
    area.removeEventListener("click", onClick);
    dialog?.removeEventListener("click", onBackdrop);
    dialog?.removeEventListener("keydown", onKey);
  };
}
