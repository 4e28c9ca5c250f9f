import { renewalReminders } from "../../db/schema";
import { getDb } from "./db.server";
import { enqueueEmail, type OutgoingEmail } from "./email.server";
import { getEnv } from "./env.server";
import { RENEWAL_REMINDER_DAYS, type RENEWAL_REMINDER_KINDS } from "./reference";

/** Reminders of one kind sent per run at most; the rest wait for the next run (they stay due until the end). */
export const REMINDER_BATCH = 200;
const DAY_MS = 86_400_000;

export type Reminder = {
  kind: (typeof RENEWAL_REMINDER_KINDS)[number];
  /** The account (a plan) or the listing (a placement). */
  subjectId: string;
  endsAt: Date;
  daysBefore: (typeof RENEWAL_REMINDER_DAYS)[number];
  userId: string;
};

/**
 * Which reminder is due for something ending at `endsAt`: the 1-day one within a day of the end, the 7-day one
 * within 7 days (and more than one), none otherwise. The same rule as reminderDaysSql, for rows already read.
 */
export function reminderDays(endsAt: Date, now: Date): Reminder["daysBefore"] | null {
  const left = endsAt.getTime() - now.getTime();
  if (left <= 0) return null;
  if (left <= RENEWAL_REMINDER_DAYS[1] * DAY_MS) return RENEWAL_REMINDER_DAYS[1];
  if (left <= RENEWAL_REMINDER_DAYS[0] * DAY_MS) return RENEWAL_REMINDER_DAYS[0];
  return null;
}

/**
 * Sends one reminder at most once, across processes and retries: the (kind, thing, end, days) row is claimed
 * (INSERT … ON CONFLICT DO NOTHING: only one claim goes in) and the e-mail enqueued in the same transaction (ADR 34):
 * the claimer's e-mail exists if and only if its claim does, and the queue sends it, retried while SMTP fails.
 * Answers whether this call enqueued it.
 */
export async function sendReminderOnce(reminder: Reminder, email: OutgoingEmail): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const claimed = await tx
      .insert(renewalReminders)
      .values({ kind: reminder.kind, subjectId: reminder.subjectId, endsAt: reminder.endsAt, daysBefore: reminder.daysBefore, userId: reminder.userId })
      .onConflictDoNothing()
      .returning({ kind: renewalReminders.kind });
    if (claimed.length === 0) return false;
    await enqueueEmail(tx, email);
    return true;
  });
}

/** A link on this site (PUBLIC_URL). What is sent to a person links to the page in their language: sentUrl (issue 36). */
export function siteLink(path: string): string {
  return new URL(path, getEnv().PUBLIC_URL).toString();
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/** Plain text paragraphs as an e-mail's text and (escaped) HTML, with the renewal link last. */
export function reminderEmail(to: string, subject: string, paragraphs: string[], link: { label: string; href: string }): OutgoingEmail {
  return {
    to,
    subject,
    text: `${paragraphs.join("\n\n")}\n\n${link.label}: ${link.href}\n`,
    html: `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
  };
}
