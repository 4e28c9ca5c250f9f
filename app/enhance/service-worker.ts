/**
 * Registers the service worker (/sw.js, scope '/') once the page has loaded, so it never competes with the page for
 * the connection (ADR 30). Production builds only: in development Vite serves unhashed modules that a worker
 * would keep stale. Reader pages call it from app/enhance/index.ts, the hydrated app from the root, once.
 */
export function initServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
