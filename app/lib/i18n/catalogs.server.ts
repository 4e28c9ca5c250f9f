/**
 * The server's side of app/lib/i18n/i18n.ts: every catalog (app/locales/<language>/<area>.json) read once per
 * process, the request's language taken from the request's context (set from the address by server/app.ts), and
 * a missing translation logged (the catalogs test keeps that from happening; the log shows it if it does).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { logger } from "../logger.server";
import { projectRoot } from "../project-root.server";
import { requestStorage } from "../request-context.server";
import { singleton } from "../singleton.server";
import { addCatalog, configureI18n, type Catalog } from "./i18n";
import { LOCALES } from "./locales";

/** The folder of the catalogs. */
export function catalogsDirectory(): string {
  return path.join(projectRoot(), "app", "locales");
}

/** Every area's catalog of one language, by file name. */
export function readCatalogFiles(locale: string): Record<string, Catalog> {
  const dir = path.join(catalogsDirectory(), locale);
  const files: Record<string, Catalog> = {};
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".json")).sort()) {
    files[name] = JSON.parse(readFileSync(path.join(dir, name), "utf8")) as Catalog;
  }
  return files;
}

/** Loads the catalogs and hooks the request's language in, once per process. */
export function ensureCatalogs(): void {
  singleton("i18n-catalogs", () => {
    for (const locale of LOCALES) {
      for (const catalog of Object.values(readCatalogFiles(locale))) addCatalog(locale, catalog);
    }
    configureI18n({
      requestLocale: () => requestStorage.getStore()?.locale,
      onMissing: (locale, key) => logger.warn({ locale, key }, "text without a translation (shown in English)"),
    });
    return true;
  });
}

ensureCatalogs();
