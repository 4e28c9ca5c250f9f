import { createHash } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { emailOutbox } from "../../db/schema";
import { getDb, type Tx } from "./db.server";
import { getEnv } from "./env.server";
import { enqueue, PermanentJobFailure } from "./jobs.server";
import { logger } from "./logger.server";
import { singleton } from "./singleton.server";

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header lines (e.g. List-Unsubscribe and List-Unsubscribe-Post for the weekly summary, RFC 2369 and
   * RFC 8058), passed to SMTP as they are. The dev outbox keeps only the parts above.
   */
  headers?: Record<string, string>;
};

function transport(): Transporter | null {
  const { SMTP_URL } = getEnv();
  if (!SMTP_URL) return null;
  return singleton("smtp", () => nodemailer.createTransport(SMTP_URL));
}

/**
 * An address as log lines show it: a short hash, so one recipient's mails can be followed in the log without
 * the log holding e-mail addresses (no personal data at info level).
 */
export function recipientRef(address: string): string {
  return createHash("sha256").update(address.trim().toLowerCase()).digest("hex").slice(0, 12);
}

/**
 * An address under `.invalid` can never receive mail (RFC 2606): the stand-in address of an account made with a phone
 * number and no e-mail (app/features/accounts/phone.schemas.ts). Nothing is sent or enqueued to it.
 */
export function undeliverable(address: string): boolean {
  return /\.invalid$/i.test(address.trim());
}

/**
 * Sends an e-mail over SMTP_URL; without it, keeps it in the outbox (/dev/mailbox) and logs it. What the e-mail jobs
 * run (ADR 34): a mail server's permanent refusal (a 5xx reply: no such mailbox, refused content) throws
 * PermanentJobFailure, so the job fails for good at once; anything else (down, timed out, a 4xx 'try later') is an
 * ordinary error, tried again.
 */
export async function sendEmail(email: OutgoingEmail): Promise<void> {
  if (undeliverable(email.to)) {
    logger.info({ recipient: recipientRef(email.to), subject: email.subject }, "email not sent: the account has no e-mail address");
    return;
  }
  const smtp = transport();
  if (smtp) {
    const from = `Naija Directory <no-reply@${new URL(getEnv().PUBLIC_URL).hostname}>`;
    try {
      await smtp.sendMail({ from, ...email });
    } catch (error) {
      const code = (error as { responseCode?: unknown } | null)?.responseCode;
      if (typeof code === "number" && code >= 500 && code < 600) throw new PermanentJobFailure(`refused by the mail server (${code})`, { cause: error });
      throw error;
    }
    logger.info({ recipient: recipientRef(email.to), subject: email.subject }, "email sent");
    return;
  }
  const { to, subject, text, html } = email;
  await getDb().insert(emailOutbox).values({ to, subject, text, html });
  logger.info({ recipient: recipientRef(email.to), subject: email.subject }, "email kept in the outbox (no SMTP_URL): see /dev/mailbox");
}

/** The queue of e-mails written when they were caused (db/migrations/0032_email_queue.sql, ADR 34). */
export const EMAIL_QUEUE = "email";

/**
 * Enqueues an e-mail, written now, in the caller's transaction (ADR 34): it exists only if the change that causes it
 * commits, and a worker sends it (`sendEmail`), retried when SMTP fails, visible to admins when it fails for good.
 * For e-mails whose words are fixed when they are caused (a link, a decision); one written from data that may change
 * before it goes (a receipt, a new-message notice) has a queue of its own that carries an id. With a `key`, the same
 * key twice is one e-mail.
 */
export async function enqueueEmail(tx: Tx, email: OutgoingEmail, options: { key?: string } = {}): Promise<void> {
  if (undeliverable(email.to)) return;
  await enqueue(tx, EMAIL_QUEUE, email, options);
}

/**
 * `enqueueEmail` for a caller without a transaction of its own: the change that causes the e-mail is already
 * committed (better-auth's sign-up and reset tokens). Enqueued before the caller answers, so once the request has
 * an answer the e-mail is in the database.
 */
export async function enqueueEmailNow(email: OutgoingEmail): Promise<void> {
  await getDb().transaction((tx) => enqueueEmail(tx, email));
}

/**
 * Forgets the e-mails to an address (a deleted account, the privacy page): the development outbox's, and the `email`
 * queue's jobs in any state, waiting, sent (until pg-boss deletes them) or failed, so none goes out after the
 * account is gone and no copy of them is kept. The receipt and notice queues carry ids, not addresses: their jobs
 * send nothing for a deleted account.
 */
export async function forgetEmailsTo(tx: Tx, address: string): Promise<void> {
  await tx.delete(emailOutbox).where(eq(emailOutbox.to, address));
  await tx.execute(sql`delete from pgboss.job where name = ${EMAIL_QUEUE} and data->>'to' = ${address}`);
  await tx.execute(sql`delete from pgboss.archive where name = ${EMAIL_QUEUE} and data->>'to' = ${address}`);
}

/** The outbox, newest first. */
export async function listOutbox(limit = 200) {
  return getDb()
    .select({
      channel: emailOutbox.channel,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      html: emailOutbox.html,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}
