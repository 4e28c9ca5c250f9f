import { eq } from "drizzle-orm";
import { emailPreferences } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { setWeeklySummaryPreference } from "./internal/email-preferences.server";
import { verifyUnsubscribeToken } from "./unsubscribe-token.server";
import { WEEKLY_SUMMARY_TEXTS } from "./weekly-summary-texts";

/** Whether an account gets the weekly summary (no row: yes). */
export async function weeklySummaryWanted(userId: string): Promise<boolean> {
  const [row] = await getDb().select({ on: emailPreferences.weeklySummary }).from(emailPreferences).where(eq(emailPreferences.userId, userId)).limit(1);
  return row?.on ?? true;
}

/** Whether an unsubscribe link's token is one we made (the page says so before anything is changed). */
export function isUnsubscribeTokenValid(token: string | null | undefined): boolean {
  return verifyUnsubscribeToken(token) !== null;
}

/**
 * One-click unsubscribe (RFC 8058) and the unsubscribe page's button: the token alone says whose summaries
 * stop (no sign-in needed; it is an HMAC only we can make). A token that is not ours is refused.
 */
export async function unsubscribeFromWeeklySummary(token: string | null | undefined): Promise<void> {
  const userId = verifyUnsubscribeToken(token);
  if (!userId) throw new AppError("invalid", { title: WEEKLY_SUMMARY_TEXTS.invalidTitle, text: WEEKLY_SUMMARY_TEXTS.invalidText });
  await setWeeklySummaryPreference(userId, false);
}
