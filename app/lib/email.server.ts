import { desc } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { emailOutbox } from "../../db/schema";
import { getDb } from "./db.server";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { singleton } from "./singleton.server";

export type OutgoingEmail = { to: string; subject: string; text: string; html: string };

function transport(): Transporter | null {
  const { SMTP_URL } = getEnv();
  if (!SMTP_URL) return null;
  return singleton("smtp", () => nodemailer.createTransport(SMTP_URL));
}

/**
 * Sends an e-mail over SMTP_URL; without it, keeps it in the outbox (/dev/mailbox) and logs it.
 */
export async function sendEmail(email: OutgoingEmail): Promise<void> {
  const smtp = transport();
  if (smtp) {
    const from = `Naija Directory <no-reply@${new URL(getEnv().PUBLIC_URL).hostname}>`;
    await smtp.sendMail({ from, ...email });
    logger.info({ to: email.to, subject: email.subject }, "email sent");
    return;
  }
  await getDb().insert(emailOutbox).values(email);
  logger.info({ to: email.to, subject: email.subject, text: email.text }, "email kept in the outbox (no SMTP_URL)");
}

/** The outbox, newest first. */
export async function listOutbox(limit = 200) {
  return getDb()
    .select({
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
