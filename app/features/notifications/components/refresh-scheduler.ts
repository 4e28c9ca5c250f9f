/**
 * When the live stream says a page's data changed, the page refreshes a moment later: once however many events come
 * meanwhile, and never while a navigation is in flight. React Router re-runs a navigation's loaders when a refresh
 * interrupts it: a business page counted two views, and a phone on slow data fetched the page twice. The refresh
 * waits until the navigation is done.
 */
export function refreshScheduler(isNavigating: () => boolean, revalidate: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const soon = (delayMs: number): void => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (isNavigating()) soon(300);
      else revalidate();
    }, delayMs);
  };
  return { soon, cancel: () => clearTimeout(timer) };
}
