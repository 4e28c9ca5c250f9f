import { authorize } from "../../lib/authorize";
import type { SessionUser } from "../accounts/session-user";
import { setWeeklySummaryPreference } from "./internal/email-preferences.server";
import { WEEKLY_SUMMARY_TEXTS } from "./weekly-summary-texts";

/** The profile's 'Weekly summary e-mail' setting: a signed-in business owner turns their own summaries on or off. */
export async function setWeeklySummary(actor: SessionUser | null, subscribed: boolean): Promise<void> {
  authorize(actor, actor?.role === "business", WEEKLY_SUMMARY_TEXTS.ownersOnly);
  await setWeeklySummaryPreference(actor.id, subscribed);
}
