/**
 * The only JavaScript of a reader page (ADR 29): anonymous visitors on public pages get server-rendered HTML and
 * this bundle, never the React app. Each behaviour binds to the markup named by `data-enhance` (space-separated
 * names); the same functions run in the hydrated app, called by the React components that render that markup.
 * Nothing here may import React, React Router or server code (eslint enforces it).
 */
import { enhanceCarousel } from "./carousel";
import { enhanceFilters } from "./filters";
import { enhanceLoginRequired } from "./login-required";
import { enhanceNearMe } from "./near-me";
import { enhanceOpenStatus } from "./open-status";
import { initPrefetch } from "./prefetch";
import { enhanceSave, enhanceSavedList } from "./save";
import { enhanceSearch } from "./search";
import { initServiceWorker } from "./service-worker";
import { enhanceShare } from "./share";
import { enhanceSidebar } from "./sidebar";
import { enhanceTapImage } from "./tap-image";

const behaviours: Record<string, (element: HTMLElement) => unknown> = {
  carousel: enhanceCarousel,
  filters: enhanceFilters,
  "login-required": enhanceLoginRequired,
  "near-me": enhanceNearMe,
  "open-status": enhanceOpenStatus,
  save: enhanceSave,
  "saved-list": enhanceSavedList,
  search: enhanceSearch,
  share: enhanceShare,
  sidebar: enhanceSidebar,
  "tap-image": enhanceTapImage,
};

for (const element of document.querySelectorAll<HTMLElement>("[data-enhance]")) {
  for (const name of element.dataset.enhance!.split(" ")) {
    try {
      behaviours[name]?.(element);
    } catch (error) {
      // One behaviour failing leaves the others, and the page without it still works (links and forms).
      console.error(`enhance ${name}`, error);
    }
  }
}
initPrefetch();
initServiceWorker();
document.documentElement.dataset.enhanced = "true";
