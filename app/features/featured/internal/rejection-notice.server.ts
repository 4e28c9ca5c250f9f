import type { Tx } from "../../../lib/db.server";
import { enqueueEmail } from "../../../lib/email.server";
import { formatNaira } from "../../../lib/format";
import { t } from "../../../lib/i18n/i18n";
import { DEFAULT_LOCALE, type Locale } from "../../../lib/i18n/locales";
import { renderIn, sentUrl } from "../../../lib/i18n/sent-language.server";

export type RejectionNotice = { title: string; body: string };

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/**
 * What the owner of a rejected featured request is told (notification and e-mail), in plain words, in the language of
 * the moment: the caller writes it in the owner's (renderIn, issue 36).
 */
export function rejectionNotice(input: { businessName: string; reason: string; refund: { amountKobo: number; reference: string } | null }): RejectionNotice {
  const business = oneLine(input.businessName);
  const parts = [t("Your request to feature {{business}} was rejected.", { business })];
  if (input.reason) parts.push(t("Reason: {{reason}}", { reason: oneLine(input.reason) }));
  if (input.refund) {
    parts.push(
      t("Your payment of {{amount}} (reference {{reference}}) will be refunded to you.", { amount: formatNaira(input.refund.amountKobo), reference: input.refund.reference }),
      t("Your dashboard shows when the refund is done."),
    );
  }
  return { title: t("Featured request rejected"), body: parts.join(" ") };
}

/**
 * The same notice by e-mail, with a link to the dashboard in the owner's language, enqueued in the rejection's
 * transaction (ADR 34).
 */
export async function emailRejection(tx: Tx, to: string, notice: RejectionNotice, requestId: string, language: Locale = DEFAULT_LOCALE): Promise<void> {
  const link = sentUrl("/dashboard", language);
  const email = renderIn(language, (t) => ({
    to,
    subject: notice.title,
    text: `${notice.body}\n\n${t("Your dashboard: {{link}}", { link })}\n`,
    html: `<p>${escapeHtml(notice.body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t("Open your dashboard"))}</a></p>`,
  }));
  await enqueueEmail(tx, email, { key: `featured-rejected:${requestId}` });
}
