import { eq, sql } from "drizzle-orm";
import { noticePreferences, profiles } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { isPhoneOnlyEmail } from "../accounts/phone.schemas";
import type { SessionUser } from "../accounts/session-user";
import { DAILY_TEXT_CAP_MAX, DEFAULT_NOTICE_PREFERENCES, NOTICE_CHANNELS, NOTICE_TEXTS, type NoticeChannel, type NoticePreferences } from "./notice-preferences";

/** A person's choices, or the defaults when they made none. */
export async function getNoticePreferences(userId: string): Promise<NoticePreferences> {
  const [row] = await getDb()
    .select({ channels: noticePreferences.channels, quietFrom: noticePreferences.quietFrom, quietUntil: noticePreferences.quietUntil, dailyTextCap: noticePreferences.dailyTextCap })
    .from(noticePreferences)
    .where(eq(noticePreferences.userId, userId))
    .limit(1);
  return row ? { ...row, channels: row.channels as NoticeChannel[] } : DEFAULT_NOTICE_PREFERENCES;
}

const hour = (value: unknown): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 23 && String(value).trim() !== "" ? n : null;
};

/**
 * Saves the signed-in person's choices. Texts (SMS, WhatsApp) need a verified phone number. Throws AppError
 * 'invalid' with a message per field; nothing is saved then.
 */
export async function setNoticePreferences(
  actor: SessionUser | null,
  input: { channels: string[]; quietFrom: string; quietUntil: string; dailyTextCap: string },
): Promise<NoticePreferences> {
  if (!actor) throw new AppError("unauthenticated", NOTICE_TEXTS.noChannel);
  const known = new Set<string>(NOTICE_CHANNELS.map((c) => c.id));
  const channels = NOTICE_CHANNELS.map((c) => c.id).filter((id) => input.channels.includes(id) && known.has(id));
  const fields: Record<string, string> = {};
  if (channels.length === 0) fields.channels = NOTICE_TEXTS.noChannel;
  const quietFrom = hour(input.quietFrom);
  const quietUntil = hour(input.quietUntil);
  if (quietFrom === null) fields.quietFrom = NOTICE_TEXTS.badHour;
  if (quietUntil === null) fields.quietUntil = NOTICE_TEXTS.badHour;
  const cap = Number(input.dailyTextCap);
  if (!Number.isInteger(cap) || cap < 1 || cap > DAILY_TEXT_CAP_MAX) fields.dailyTextCap = NOTICE_TEXTS.badCap;
  if (channels.some((c) => c !== "email")) {
    const [row] = await getDb().select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, actor.id)).limit(1);
    if (!row?.phone) fields.channels = NOTICE_TEXTS.needsPhone;
  } else if (channels.length > 0 && isPhoneOnlyEmail(actor.email)) {
    fields.channels = NOTICE_TEXTS.needsEmail;
  }
  if (Object.keys(fields).length > 0) throw new AppError("invalid", Object.values(fields)[0]!, { fields });
  const prefs: NoticePreferences = { channels, quietFrom: quietFrom!, quietUntil: quietUntil!, dailyTextCap: cap };
  await getDb()
    .insert(noticePreferences)
    .values({ userId: actor.id, ...prefs })
    .onConflictDoUpdate({ target: noticePreferences.userId, set: { ...prefs, updatedAt: sql`now()` } });
  return prefs;
}
