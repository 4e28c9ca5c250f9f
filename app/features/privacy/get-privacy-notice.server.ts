import { SESSION_EXPIRES_IN_SECONDS } from "../../lib/auth.server";
import { getEnv } from "../../lib/env.server";
import { EVENT_RETENTION_HOURS } from "../../lib/realtime.server";
import { LIMITS } from "../../lib/reference";

/** What the /privacy page states, read from the configuration and the constants the code itself uses. */
export type PrivacyNotice = {
  supportEmail: string;
  kycRetentionDays: number;
  sessionDays: number;
  documentLinkMinutes: number;
  resetLinkMinutes: number;
  liveEventHours: number;
};

/** The figures of the privacy notice, so the page never says something the code does not do. Public. */
export function getPrivacyNotice(): PrivacyNotice {
  const env = getEnv();
  return {
    supportEmail: env.SUPPORT_EMAIL,
    kycRetentionDays: env.KYC_RETENTION_DAYS,
    sessionDays: Math.round(SESSION_EXPIRES_IN_SECONDS / 86_400),
    documentLinkMinutes: Math.round(LIMITS.signedDocumentUrlSeconds / 60),
    resetLinkMinutes: Math.round(LIMITS.resetLinkSeconds / 60),
    liveEventHours: EVENT_RETENTION_HOURS,
  };
}
