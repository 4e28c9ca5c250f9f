/**
 * The home page's 'Login Required' dialog (spec 01 §2): for a visitor who is not signed in, a card's View Details
 * or Contact (`a[data-to]`, whose href already goes through the login page, so it works without JavaScript) opens
 * the dialog named by `data-dialog`; its Sign In link (`[data-sign-in]`) leads to the login page and back to the
 * card's target. The native <dialog> traps focus, closes on Escape and gives focus back; a click on the backdrop
 * closes it too.
 */
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
  area.addEventListener("click", onClick);
  dialog?.addEventListener("click", onBackdrop);
  return () => {
    area.removeEventListener("click", onClick);
    dialog?.removeEventListener("click", onBackdrop);
  };
}
