/**
 * Notices to a person about their account (issue 33): a new review of their listing, a listing approved or rejected.
 * Each is a job on the `notice` queue, enqueued in the transaction of the change that causes it (`enqueueNotice`), and
 * waits NOTICE_BATCH_SECONDS: the first to run takes every other notice still waiting for the same person (deleting
 * their jobs in the same transaction that enqueues what replaces them, so none is lost or told twice) and tells them
 * all at once — one text ('3 updates: …') on their chosen channel and one e-mail (deliver-notice.server.ts).
 */
import { sql } from "drizzle-orm";
import { profiles, user } from "../../../db/schema";
import { getDb, queryRows, type Tx } from "../../lib/db.server";
import { EMAIL_QUEUE, enqueueEmail } from "../../lib/email.server";
import { getEnv } from "../../lib/env.server";
import { enqueue, jobExists } from "../../lib/jobs.server";
import { SMS_QUEUE } from "../../lib/sms.server";
import { WHATSAPP_QUEUE } from "../../lib/whatsapp.server";
import { enqueueTextNotice, noticeRoute } from "./deliver-notice.server";
import { getNoticePreferences } from "./notice-preferences.server";

/** The queue (db/migrations/0039_person_notices.sql). */
export const NOTICE_QUEUE = "notice";
/** How long a notice waits for others to the same person, to leave with them as one text and one e-mail. */
export const NOTICE_BATCH_SECONDS = 120;
/** The approved WhatsApp template of these notices (WhatsApp Manager): Naija Directory: {{1}} */
export const ACCOUNT_UPDATE_TEMPLATE = "account_update";

export type PersonNotice = {
  /** Who is told. */
  userId: string;
  /** One line for a text: 'New 5-star review of Mama Cass Kitchen from Ada O.' */
  line: string;
  /** The e-mail's paragraph (plain text), and the e-mail's subject when this notice leaves alone. */
  detail: string;
  subject: string;
  /** Where to act on it, a path of ours ('/dashboard'). */
  path: string;
  /** Told by text only: an e-mail of its own already goes (a payment's receipt). */
  textOnly?: boolean;
};

type NoticeJob = PersonNotice & { noticeId: string; at: string };

/** Enqueues a notice in the caller's transaction: it exists only if the change that causes it commits. */
export async function enqueueNotice(tx: Tx, notice: PersonNotice): Promise<void> {
  const job: NoticeJob = { ...notice, noticeId: crypto.randomUUID(), at: new Date().toISOString() };
  await enqueue(tx, NOTICE_QUEUE, job, { startAfter: new Date(Date.now() + NOTICE_BATCH_SECONDS * 1000) });
}

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
const url = (path: string) => new URL(path, getEnv().PUBLIC_URL).toString();

/** The text: one notice as it is, several counted and joined, within about two SMS pages; who it is from and how to stop. */
export function noticeText(notices: readonly Pick<PersonNotice, "line" | "path">[]): string {
  const stop = `Stop these texts: ${url("/profile")}`;
  const capped = (line: string) => (oneLine(line).length > 160 ? `${oneLine(line).slice(0, 157)}...` : oneLine(line));
  if (notices.length === 1) return `Naija Directory: ${capped(notices[0]!.line)} ${url(notices[0]!.path)} ${stop}`;
  // Only GSM characters ('; ', '...'): one outside the GSM alphabet makes the whole SMS cost more than twice as much.
  let lines = notices.map((n) => oneLine(n.line)).join("; ");
  if (lines.length > 200) lines = `${lines.slice(0, 197)}...`;
  return `Naija Directory: ${notices.length} updates: ${lines} See: ${url("/dashboard")} ${stop}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/**
 * The `notice` queue's job: tells the person this notice and every other still waiting for them, in one transaction
 * that deletes the others' jobs and enqueues the text and the e-mail (keyed by this notice: a retry adds nothing).
 * Nothing is sent to a deleted account.
 */
export async function sendPersonNotices(job: NoticeJob, now: Date = new Date()): Promise<{ told: number }> {
  const [person] = await queryRows<{ email: string; phone: string | null; deleted: boolean }>(
    getDb(),
    sql`select u.email, p.phone, (u.deleted_at is not null) as deleted from ${user} u left join ${profiles} p on p.id = u.id where u.id = ${job.userId}`,
  );
  if (!person || person.deleted) return { told: 0 };
  const prefs = await getNoticePreferences(job.userId);
  const route = noticeRoute(prefs, { phone: person.phone, email: person.email });
  return getDb().transaction(async (tx) => {
    // Already told by an earlier try of this job (it committed, then its process died before completing it): the
    // notices waiting now are for a later job, not for this one to take and drop.
    const textKey = `notice-text:${job.noticeId}`;
    const emailKey = `notice-email:${job.noticeId}`;
    if ((await jobExists(tx, SMS_QUEUE, textKey)) || (await jobExists(tx, WHATSAPP_QUEUE, textKey)) || (await jobExists(tx, EMAIL_QUEUE, emailKey))) {
      return { told: 0 };
    }
    const others = await queryRows<{ data: NoticeJob }>(
      tx,
      sql`delete from pgboss.job where name = ${NOTICE_QUEUE} and state in ('created', 'retry')
            and data->>'userId' = ${job.userId} and data->>'noticeId' <> ${job.noticeId}
          returning data`,
    );
    const all = [job, ...others.map((o) => o.data)].sort((a, b) => a.at.localeCompare(b.at));
    const text = noticeText(all);
    if (route.text && person.phone) {
      await enqueueTextNotice(tx, {
        userId: job.userId, channel: route.text, phone: person.phone, text, prefs, now, key: textKey,
        template: { name: ACCOUNT_UPDATE_TEMPLATE, params: [text.replace(/^Naija Directory: /, "")] },
      });
    }
    const mailed = all.filter((n) => !n.textOnly);
    if (route.email && mailed.length > 0) {
      const subject = mailed.length === 1 ? mailed[0]!.subject : `${mailed.length} updates on Naija Directory`;
      await enqueueEmail(
        tx,
        {
          to: person.email,
          subject,
          text: `${mailed.map((n) => `${n.detail}\n${url(n.path)}`).join("\n\n")}\n`,
          html: mailed.map((n) => `<p>${escapeHtml(n.detail)}<br><a href="${escapeHtml(url(n.path))}">Open in Naija Directory</a></p>`).join(""),
        },
        { key: emailKey },
      );
    }
    return { told: all.length };
  });
}
