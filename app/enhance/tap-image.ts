/**
 * Data saver's images on tap (ADR 32): the frame TapImage renders (app/components/tap-image.tsx) holds a hidden
 * <img> whose address waits in data-src/data-srcset. A tap on 'Show image' (or, for a gallery thumbnail, the
 * first tap on the link around it) sets them: that image, and no other, is downloaded. Without JavaScript 'Show
 * image' is a link to the image.
 */
export function enhanceTapImage(frame: HTMLElement): () => void {
  const img = frame.querySelector("img");
  const control = frame.querySelector<HTMLElement>("[data-tap]");
  const placeholder = frame.querySelector<HTMLElement>("[data-tap-placeholder]");
  if (!img || !control || !placeholder) return () => {};
  // In a link already (a gallery thumbnail): that link's first activation shows the image instead of leaving.
  const trigger = control instanceof HTMLAnchorElement ? control : (frame.closest("a") ?? control);
  const show = (event: Event) => {
    event.preventDefault();
    trigger.removeEventListener("click", show);
    img.addEventListener("error", () => (img.style.visibility = "hidden"), { once: true });
    if (img.dataset.srcset) img.srcset = img.dataset.srcset;
    img.src = img.dataset.src ?? "";
    img.hidden = false;
    placeholder.hidden = true;
    // Keyboard users stay where they were: on the link around it, or on the image that replaced the control.
    if (trigger === control) img.tabIndex = -1;
    (trigger === control ? img : trigger).focus({ preventScroll: true });
  };
  trigger.addEventListener("click", show);
  return () => trigger.removeEventListener("click", show);
}
