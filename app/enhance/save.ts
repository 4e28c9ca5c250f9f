/**
 * Save (issue 20, ADR 30), bound to the Save forms the business page and the cards render (`data-enhance="save"`)
 * and to /saved's device list (`data-enhance="saved-list"`).
 * - Anonymous visitors: the form is hidden until this runs (saving on the device needs JavaScript); Save keeps
 *   the business in this device's list (localStorage: id, name, category, place, link, image, when) and asks the
 *   service worker to keep its public page and thumbnail for offline reading.
 * - Signed-in users: the same form posts to the account (`/saved`, intent save/unsave) without leaving the page;
 *   without JavaScript it posts and comes back.
 * - After sign-in, `joinDeviceSaves()` posts what the device saved to the account once, then empties the device list.
 * Text goes in with textContent only. The texts are the markup's (data-text-… on the form and on the list, rendered
 * in the page's language: app/components/enhance-texts.ts), else this file's English ones.
 */
import { SAVED_LIMITS, SAVED_TEXTS } from "../lib/saved-businesses";

export type DeviceSave = { id: string; name: string; category: string; place: string; link: string; image: string; when: string };

const KEY = "nd-saved-v1";
const SAVED_CACHE = "nd-saved";
const DEVICE_FULL = `This device keeps at most ${SAVED_LIMITS.max} saved businesses. Remove some from Saved to add more.`;
const FAILED = "Could not save right now. Check your connection and try again.";

/** A text the markup carries in the page's language (data-text-…, read as dataset.text…), else the English one. */
function carried(element: HTMLElement, name: string, english: string): string {
  return element.dataset[name] || english;
}

/** Fills a text's {{placeholders}} ('Remove {{name}} from saved'); a text without any stays as it is. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

const ACCOUNT_FULL = fill(SAVED_TEXTS.full.text, { max: String(SAVED_LIMITS.max) });

export function deviceSaves(): DeviceSave[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(list) ? (list as DeviceSave[]).filter((item) => item && typeof item.id === "string") : [];
  } catch {
    return [];
  }
}

function storeDeviceSaves(list: DeviceSave[]): void {
  if (list.length === 0) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, JSON.stringify(list));
}

/** Tells the service worker (when there is one) to keep or forget a saved page. */
function tellWorker(message: Record<string, unknown>): void {
  void navigator.serviceWorker?.ready.then((registration) => registration.active?.postMessage(message)).catch(() => undefined);
}

function showState(form: HTMLElement, saved: boolean, note = ""): void {
  const button = form.querySelector("button");
  if (button) {
    button.textContent = saved ? carried(form, "textSaved", "Saved") : carried(form, "textSave", "Save");
    button.setAttribute("aria-pressed", String(saved));
  }
  const intent = form.querySelector<HTMLInputElement>("input[name=intent]");
  if (intent) intent.value = saved ? "unsave" : "save";
  let status = form.querySelector<HTMLElement>("[data-save-status]");
  if (!status) {
    status = document.createElement("span");
    status.dataset.saveStatus = "";
    status.setAttribute("role", "status");
    status.className = "block text-sm text-gray-700";
    form.append(status);
  }
  status.textContent = note;
}

/** A Save form: on the device for anonymous visitors, in the account for signed-in users. Returns its clean-up. */
export function enhanceSave(form: HTMLElement): () => void {
  if (!(form instanceof HTMLFormElement) || form.dataset.saveReady) return () => undefined;
  form.dataset.saveReady = "true";
  const bound = new AbortController();
  const data = form.dataset;
  const item: DeviceSave = {
    id: data.id ?? "",
    name: data.name ?? "",
    category: data.category ?? "",
    place: data.place ?? "",
    link: data.link ?? "",
    image: data.image ?? "",
    when: "",
  };
  const signedIn = data.signedIn === "true";
  const keep = (kept: boolean, ifMissing = false) =>
    tellWorker(kept ? { type: "keep", url: item.link, name: item.name, image: item.image || null, for: signedIn ? "account" : "device", ifMissing } : { type: "forget", url: item.link, image: item.image || null });
  // A business page the account saved: kept for offline reading again if this device lost its copy (a session that
  // ended elsewhere drops them; another phone never had it). Only on the business page, not for every card.
  if (signedIn && data.keepSaved === "true" && form.querySelector<HTMLInputElement>("input[name=intent]")?.value === "unsave") keep(true, true);
  if (!signedIn) {
    form.hidden = false;
    showState(form, deviceSaves().some((saved) => saved.id === item.id));
  }
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const saving = form.querySelector<HTMLInputElement>("input[name=intent]")?.value !== "unsave";
    if (!signedIn) {
      const list = deviceSaves().filter((saved) => saved.id !== item.id);
      if (saving && list.length >= SAVED_LIMITS.max) return showState(form, false, carried(form, "textDeviceFull", DEVICE_FULL));
      storeDeviceSaves(saving ? [...list, { ...item, when: new Date().toISOString() }] : list);
      keep(saving);
      return showState(form, saving, saving ? carried(form, "textSavedDevice", "Saved on this device: readable offline.") : carried(form, "textRemoved", "Removed from saved."));
    }
    // The same form the page posts without JavaScript; its redirect back is the success.
    fetch(form.action, { method: "POST", body: new FormData(form), redirect: "manual", credentials: "same-origin" })
      .then((response) => {
        if (response.type !== "opaqueredirect") return showState(form, !saving, response.status === 409 ? carried(form, "textAccountFull", ACCOUNT_FULL) : carried(form, "textFailed", FAILED));
        keep(saving);
        showState(form, saving, saving ? carried(form, "textSavedAccount", "Saved to your account.") : carried(form, "textRemoved", "Removed from saved."));
      })
      .catch(() => showState(form, !saving, carried(form, "textFailed", FAILED)));
  };
  form.addEventListener("submit", onSubmit, { signal: bound.signal });
  return () => {
    bound.abort();
    delete form.dataset.saveReady;
  };
}

/** A path on this site, or null (the device list is only ever written by this module, but it is read defensively). */
function sitePath(value: string | undefined): string | null {
  return value && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : null;
}

function savedItem(container: HTMLElement, entry: { name: string; link: string; details: string; image?: string }, onRemove?: () => void): HTMLLIElement {
  const li = document.createElement("li");
  li.className = "flex items-start gap-3 p-4";
  const image = sitePath(entry.image) ?? (entry.image?.startsWith("https://") ? entry.image : null);
  if (image) {
    const img = document.createElement("img");
    img.src = image;
    img.alt = "";
    img.width = 64;
    img.height = 48;
    img.loading = "lazy";
    img.className = "h-12 w-16 shrink-0 rounded object-cover";
    li.append(img);
  }
  const text = document.createElement("div");
  text.className = "min-w-0 flex-1";
  const link = document.createElement("a");
  link.href = sitePath(entry.link) ?? "/saved";
  link.className = "link break-words";
  link.textContent = entry.name;
  const details = document.createElement("p");
  details.className = "text-sm text-gray-600";
  details.textContent = entry.details;
  text.append(link, details);
  li.append(text);
  if (onRemove) {
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "btn btn-outline";
    remove.textContent = carried(container, "textRemove", "Remove");
    remove.setAttribute("aria-label", fill(carried(container, "textRemoveLabel", "Remove {{name}} from saved"), { name: entry.name }));
    remove.addEventListener("click", onRemove);
    li.append(remove);
  }
  return li;
}

/** /saved for anonymous visitors: the device's list; offline, also the pages kept for the signed-in account. */
export function enhanceSavedList(container: HTMLElement): () => void {
  if (container.dataset.savedReady) return () => undefined;
  container.dataset.savedReady = "true";
  // 'Saved 3/10/2026' in the page's language (the markup's data-date-locale: an Intl tag; en-NG for English).
  const savedOn = (when: string) => fill(carried(container, "textSavedOn", "Saved {{date}}"), { date: new Date(when).toLocaleDateString(container.dataset.dateLocale || "en-NG") });
  const render = async () => {
    const list = deviceSaves().reverse();
    const heading = container.ownerDocument.createElement("p");
    const ul = document.createElement("ul");
    ul.className = "card divide-y divide-gray-100";
    for (const saved of list) {
      const details = [saved.category, saved.place].filter(Boolean).join(" · ");
      ul.append(
        savedItem(container, { name: saved.name, link: saved.link, details: `${details}${details ? " · " : ""}${savedOn(saved.when)}`, image: saved.image }, () => {
          storeDeviceSaves(deviceSaves().filter((other) => other.id !== saved.id));
          tellWorker({ type: "forget", url: saved.link, image: saved.image || null });
          void render();
        }),
      );
    }
    // Pages kept for an account: shown only offline (a signed-in user reading without a connection). Online, this
    // page is anonymous, and the worker drops them at the first anonymous page it fetches.
    if (!navigator.onLine)
      for (const kept of await accountPages()) ul.append(savedItem(container, { name: kept.name, link: kept.link, details: carried(container, "textKeptForAccount", "Saved to your account, kept on this device") }));
    heading.className = "text-sm text-gray-600";
    heading.textContent =
      ul.children.length === 0
        ? (container.dataset.empty ?? "")
        : fill(carried(container, "textCount", "{{saved}} of {{max}} saved on this device."), { saved: String(list.length), max: String(SAVED_LIMITS.max) });
    container.replaceChildren(heading, ...(ul.children.length ? [ul] : []));
  };
  void render();
  return () => {
    delete container.dataset.savedReady;
  };
}

async function accountPages(): Promise<{ name: string; link: string }[]> {
  if (!("caches" in window) || !(await caches.has(SAVED_CACHE))) return [];
  const cache = await caches.open(SAVED_CACHE);
  const pages: { name: string; link: string }[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response?.headers.get("x-nd-kept-for") !== "account") continue;
    const url = new URL(request.url);
    pages.push({ name: decodeURIComponent(response.headers.get("x-nd-name") ?? "") || url.pathname, link: url.pathname });
  }
  return pages;
}

/**
 * On a signed-in page (the hydrated app, once): what this device saved joins the account (the use case ignores ids
 * that are not public listings and keeps the account's limit), then the device list is emptied and its kept
 * pages become the account's (dropped at sign-out).
 */
export function joinDeviceSaves(): void {
  const list = deviceSaves();
  if (list.length === 0) return;
  const body = new FormData();
  body.set("intent", "join");
  for (const saved of list) body.append("businessId", saved.id);
  fetch("/saved", { method: "POST", body, credentials: "same-origin" })
    .then((response) => {
      // Sent to /saved when everything joined; to /saved?join=full when the account had no room for some: then the
      // device keeps its list (and its kept pages stay the device's).
      if (!response.ok || !response.redirected || new URL(response.url).search !== "") return;
      storeDeviceSaves(deviceSaves().filter((saved) => !list.some((joined) => joined.id === saved.id)));
      tellWorker({ type: "adopt" });
    })
    .catch(() => undefined);
}
