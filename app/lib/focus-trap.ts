/**
 * Keeps Tab inside a modal (WCAG 2.4.3, ADR 31): from its last control Tab goes to the first, from the first
 * Shift+Tab goes to the last, instead of out to the browser's own controls (what a native modal <dialog>
 * does). Call it from the dialog's keydown handler; React's and the DOM's keyboard events both fit.
 */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

export function keepTabInside(container: HTMLElement, event: { key: string; shiftKey: boolean; preventDefault(): void }): void {
  if (event.key !== "Tab") return;
  const controls = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = container.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
