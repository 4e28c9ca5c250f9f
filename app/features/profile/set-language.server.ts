import { eq } from "drizzle-orm";
import { profiles } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { msg } from "../../lib/i18n/i18n";
import { isLocale, type Locale } from "../../lib/i18n/locales";
import type { SessionUser } from "../accounts/session-user";

export const LANGUAGE_TEXTS = {
  unknown: msg("Choose one of the languages shown."),
} as const;

/**
 * A signed-in person remembers the language they chose with the switch (issue 36): their pages after sign-in
 * and what is sent to them (e-mail, SMS, WhatsApp) are in it. Only their own profile; a visitor's choice lives
 * in the address alone. Returns the language.
 */
export async function setLanguage(actor: SessionUser, language: unknown): Promise<Locale> {
  if (!isLocale(language)) throw new AppError("invalid", LANGUAGE_TEXTS.unknown);
  if (actor.language === language) return language;
  await getDb().transaction(async (tx) => {
    const [updated] = await tx.update(profiles).set({ language, updatedAt: new Date() }).where(eq(profiles.id, actor.id)).returning({ id: profiles.id });
    // An account made before profiles existed gets one now, with the role it already has.
    if (!updated) await tx.insert(profiles).values({ id: actor.id, role: actor.role, kycStatus: actor.kycStatus, language });
  });
  return language;
}
