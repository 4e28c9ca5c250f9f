/**
 * How a person wants to hear of what concerns them (issue 33): the channels they chose, quiet hours in Nigerian time
 * (WAT, UTC+1, no daylight saving) and the most texts a day. Client-safe: the profile's form and its texts.
 */
import { msg, t } from "../../lib/i18n/i18n";

export const NOTICE_CHANNELS = [
  { id: "whatsapp", label: msg("WhatsApp") },
  { id: "sms", label: msg("SMS") },
  { id: "email", label: msg("E-mail") },
] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number]["id"];

export type NoticePreferences = { channels: NoticeChannel[]; quietFrom: number; quietUntil: number; dailyTextCap: number };

/** No choice made yet: e-mail only, quiet 21:00–07:00, at most 10 texts a day. */
export const DEFAULT_NOTICE_PREFERENCES: NoticePreferences = { channels: ["email"], quietFrom: 21, quietUntil: 7, dailyTextCap: 10 };
export const DAILY_TEXT_CAP_MAX = 50;

/** Shown with t(); a refusal's field messages translated where it is answered (issue 36). */
export const NOTICE_TEXTS = {
  title: msg("Notifications"),
  intro: msg("How we tell you about new messages. Texts go by WhatsApp when you choose it, otherwise by SMS."),
  channelsLabel: msg("Tell me by"),
  quietLabel: msg("Quiet hours (Nigerian time): no texts from"),
  quietUntilLabel: msg("until"),
  capLabel: msg("At most this many texts a day"),
  save: msg("Save notifications"),
  saved: msg("Your notification choices are saved."),
  needsPhone: msg("Add and verify your phone number first to get texts."),
  needsEmail: msg("Your account has no e-mail address: choose SMS or WhatsApp."),
  noChannel: msg("Choose at least one way to be told."),
  badHour: msg("Choose an hour from 00:00 to 23:00."),
  // With its number: read when the refusal is made, in the language of the moment.
  get badCap() {
    return t("Choose a number from 1 to {{max}}.", { max: DAILY_TEXT_CAP_MAX });
  },
} as const;

const WAT_OFFSET_MS = 3_600_000;

/** Whether `at` falls in the quiet hours (from → until, across midnight when from > until; none when equal). */
export function inQuietHours(prefs: Pick<NoticePreferences, "quietFrom" | "quietUntil">, at: Date): boolean {
  const hour = new Date(at.getTime() + WAT_OFFSET_MS).getUTCHours();
  const { quietFrom: from, quietUntil: until } = prefs;
  if (from === until) return false;
  return from < until ? hour >= from && hour < until : hour >= from || hour < until;
}

/** When the quiet hours around `at` end (the next `quietUntil`:00 WAT), or null when `at` is not in them. */
export function quietHoursEnd(prefs: Pick<NoticePreferences, "quietFrom" | "quietUntil">, at: Date): Date | null {
  if (!inQuietHours(prefs, at)) return null;
  const wat = new Date(at.getTime() + WAT_OFFSET_MS);
  const end = Date.UTC(wat.getUTCFullYear(), wat.getUTCMonth(), wat.getUTCDate(), prefs.quietUntil);
  const next = end > wat.getTime() ? end : end + 86_400_000;
  return new Date(next - WAT_OFFSET_MS);
}

/** 'HH:00' for an hour of the day. */
export const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
