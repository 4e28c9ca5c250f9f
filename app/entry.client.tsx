import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { addCatalog, setDocumentLocale, type Catalog } from "./lib/i18n/i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./lib/i18n/locales";

// Each area's catalog is its own chunk: only the page's language is downloaded, once (hashed, cached a year).
const catalogs = import.meta.glob<Catalog>("./locales/*/*.json", { import: "default" });

/** The document's language (<html lang>, from its address) and its catalogs, before React renders a word. */
async function loadLanguage(): Promise<void> {
  const lang = document.documentElement.lang;
  const locale: Locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  setDocumentLocale(locale);
  const files = Object.entries(catalogs).filter(([file]) => file.startsWith(`./locales/${locale}/`));
  for (const catalog of await Promise.all(files.map(([, load]) => load()))) addCatalog(locale, catalog);
}

void loadLanguage().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
