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
import type { Translate } from "../../lib/i18n/i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../lib/i18n/locales";
import { languageOf, renderIn, sentUrl } from "../../lib/i18n/sent-language.server";
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

/** A notice's words, in the language of the person told. */
export type NoticeTexts = {
  /** One line for a text: 'New 5-star review of Mama Cass Kitchen from Ada O.' */
  line: string;
  /** The e-mail's paragraph (plain text), and the e-mail's subject when this notice leaves alone. */
  detail: string;
  subject: string;
};

export type PersonNotice = {
  /** Who is told. */
  userId: string;
  /** Where to act on it, a path of ours ('/dashboard'), opened in the person's language. */
  path: string;
  /** Told by text only: an e-mail of its own already goes (a payment's receipt). */
  textOnly?: boolean;
} & (
  /**
   * The words, written when the notice is enqueued in the language of the person told (issue 36: their choice, else
   * English): `texts` runs in it (app/lib/i18n/sent-language.server.ts' renderIn), t() inside answering in it.
   */
  | { texts: (t: Translate) => NoticeTexts }
  /** Words that need no translating. */
  | NoticeTexts
);

type NoticeJob = NoticeTexts & { userId: string; path: string; textOnly?: boolean; noticeId: string; at: string };

/**
 * Enqueues a notice in the caller's transaction: it exists only if the change that causes it commits. Its words are
 * written now, in the person's language (looked up in the same transaction); the job carries them as they are.
 */
export async function enqueueNotice(tx: Tx, notice: PersonNotice): Promise<void> {
  const words: NoticeTexts =
    "texts" in notice ? renderIn(await languageOf(tx, notice.userId), notice.texts) : { line: notice.line, detail: notice.detail, subject: notice.subject };
  const job: NoticeJob = {
    userId: notice.userId,
    ...words,
    path: notice.path,
    ...(notice.textOnly ? { textOnly: true } : {}),
    noticeId: crypto.randomUUID(),
    at: new Date().toISOString(),
  };
  await enqueue(tx, NOTICE_QUEUE, job, { startAfter: new Date(Date.now() + NOTICE_BATCH_SECONDS * 1000) });
}

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/**
 * The text, in the person's language (links to their language's pages): one notice as it is, several counted and
 * joined, within about two SMS pages; who it is from and how to stop.
 */
export function noticeText(notices: readonly Pick<NoticeTexts & { path: string }, "line" | "path">[], language: Locale = DEFAULT_LOCALE): string {
  return renderIn(language, (t) => {
    const url = (path: string) => sentUrl(path, language);
    const stop = t("Stop these texts: {{link}}", { link: url("/profile") });
    const capped = (line: string) => (oneLine(line).length > 160 ? `${oneLine(line).slice(0, 157)}...` : oneLine(line));
    if (notices.length === 1) return `Naija Directory: ${capped(notices[0]!.line)} ${url(notices[0]!.path)} ${stop}`;
    // Only GSM characters ('; ', '...'): one outside the GSM alphabet makes the whole SMS cost more than twice as much.
    let lines = notices.map((n) => oneLine(n.line)).join("; ");
    if (lines.length > 200) lines = `${lines.slice(0, 197)}...`;
    return `Naija Directory: ${t("{{total}} updates: {{lines}} See: {{link}}", { total: notices.length, lines, link: url("/dashboard") })} ${stop}`;
  });
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
  const [person] = await queryRows<{ email: string; phone: string | null; deleted: boolean; language: string | null }>(
    getDb(),
    sql`select u.email, p.phone, (u.deleted_at is not null) as deleted, p.language from ${user} u left join ${profiles} p on p.id = u.id where u.id = ${job.userId}`,
  );
  if (!person || person.deleted) return { told: 0 };
  // The person's language now (issue 36): the words each notice brought were written in it when it was enqueued.
  const language: Locale = isLocale(person.language) ? person.language : DEFAULT_LOCALE;
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
    const text = noticeText(all, language);
    if (route.text && person.phone) {
      await enqueueTextNotice(tx, {
        userId: job.userId, channel: route.text, phone: person.phone, text, prefs, now, key: textKey,
        // The template's own words are only the site's name: its one parameter carries the text in the person's language.
        template: { name: ACCOUNT_UPDATE_TEMPLATE, params: [text.replace(/^Naija Directory: /, "")] },
      });
    }
    const mailed = all.filter((n) => !n.textOnly);
    if (route.email && mailed.length > 0) {
      const email = renderIn(language, (t) => {
        const url = (path: string) => sentUrl(path, language);
        return {
          to: person.email,
          subject: mailed.length === 1 ? mailed[0]!.subject : t("{{total}} updates on Naija Directory", { total: mailed.length }),
          text: `${mailed.map((n) => `${n.detail}\n${url(n.path)}`).join("\n\n")}\n`,
          html: mailed.map((n) => `<p>${escapeHtml(n.detail)}<br><a href="${escapeHtml(url(n.path))}">${escapeHtml(t("Open in Naija Directory"))}</a></p>`).join(""),
        };
      });
      await enqueueEmail(tx, email, { key: emailKey });
    }
    return { told: all.length };
  });
}
