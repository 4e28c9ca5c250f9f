import type { Tx } from "../../../lib/db.server";
import { enqueueEmail } from "../../../lib/email.server";
import { getEnv } from "../../../lib/env.server";
import { formatNaira } from "../../../lib/format";

export type RejectionNotice = { title: string; body: string };

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/** What the owner of a rejected featured request is told (notification and e-mail), in plain words. */
export function rejectionNotice(input: { businessName: string; reason: string; refund: { amountKobo: number; reference: string } | null }): RejectionNotice {
  const business = oneLine(input.businessName);
  const why = input.reason ? ` Reason: ${oneLine(input.reason)}` : "";
  const refund = input.refund
    ? ` Your payment of ${formatNaira(input.refund.amountKobo)} (reference ${input.refund.reference}) will be refunded to you. Your dashboard shows when the refund is done.`
    : "";
  return { title: "Featured request rejected", body: `Your request to feature ${business} was rejected.${why}${refund}` };
}

/** The same notice by e-mail, with a link to the dashboard, enqueued in the rejection's transaction (ADR 34). */
export async function emailRejection(tx: Tx, to: string, notice: RejectionNotice, requestId: string): Promise<void> {
  const link = new URL("/dashboard", getEnv().PUBLIC_URL).toString();
  await enqueueEmail(tx, {
    to,
    subject: notice.title,
    text: `${notice.body}\n\nYour dashboard: ${link}\n`,
    html: `<p>${escapeHtml(notice.body)}</p><p><a href="${escapeHtml(link)}">Open your dashboard</a></p>`,
  }, { key: `featured-rejected:${requestId}` });
}
