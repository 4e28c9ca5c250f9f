/**
 * What is sent to a person — an e-mail, an SMS, a WhatsApp message, a notice in their bell — is written in THEIR
 * language (issue 36), not in the language of whoever caused it (an admin deciding, a visitor writing) nor of the job
 * that sends it:
 *
 * - the person's language is the one they chose (`profiles.language`, set by the language switch); none chosen is
 *   English. `languageOf(db, userId)`; a person acting on a page for themselves (a code they asked for, a reset link)
 *   gets, without a choice, the page's language: `languageOf(db, userId, currentLocale())`, or simply `t()` there;
 * - `renderIn(language, render)` runs `render` as if a page in that language were being shown: `t()` (and the `t`
 *   it is given), dates, times and naira (app/lib/format.ts) are in that language, whichever request or job runs it;
 * - `sentUrl(path, language)`: the absolute address of one of our pages in that language, for links in what is sent.
 *
 * Jobs render outside any request: this module loads the catalogs (ensureCatalogs is idempotent).
 */
import { eq, inArray } from "drizzle-orm";
import { profiles } from "../../../db/schema";
import type { Db, Tx } from "../db.server";
import { getEnv } from "../env.server";
import { requestStorage } from "../request-context.server";
import { ensureCatalogs } from "./catalogs.server";
import { tFor, type Translate } from "./i18n";
import { DEFAULT_LOCALE, isLocale, localizePath, type Locale } from "./locales";

/** The language a person chose, else `fallback` (English unless the caller knows better). */
export async function languageOf(db: Db | Tx, userId: string | null | undefined, fallback: Locale = DEFAULT_LOCALE): Promise<Locale> {
  if (!userId) return fallback;
  const [row] = await db.select({ language: profiles.language }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  return isLocale(row?.language) ? row.language : fallback;
}

/** The languages of several people at once (English for those who chose none). */
export async function languagesOf(db: Db | Tx, userIds: readonly string[]): Promise<Map<string, Locale>> {
  const languages = new Map<string, Locale>(userIds.map((id) => [id, DEFAULT_LOCALE]));
  if (userIds.length === 0) return languages;
  const rows = await db.select({ id: profiles.id, language: profiles.language }).from(profiles).where(inArray(profiles.id, [...new Set(userIds)]));
  for (const row of rows) if (isLocale(row.language)) languages.set(row.id, row.language);
  return languages;
}

/**
 * Renders what is sent in `language`: `render` runs with t(), the `t` it is given and the formatters answering in it.
 * Synchronous: rendering reads no database (look the language up first).
 */
export function renderIn<T>(language: Locale, render: (t: Translate) => T): T {
  ensureCatalogs();
  const store = requestStorage.getStore();
  return requestStorage.run({ ...(store ?? { requestId: "" }), locale: language }, () => render(tFor(language)));
}

/** `renderIn` the language of a person (`languageOf`). */
export async function renderFor<T>(db: Db | Tx, userId: string, render: (t: Translate) => T): Promise<T> {
  return renderIn(await languageOf(db, userId), render);
}

/** The absolute address of one of our pages ('/dashboard', '/messages?…') in `language`, for a link in what is sent. */
export function sentUrl(path: string, language: Locale): string {
  return new URL(localizePath(language, path), getEnv().PUBLIC_URL).toString();
}
