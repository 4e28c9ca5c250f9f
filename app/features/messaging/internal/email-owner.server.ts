import { eq } from "drizzle-orm";
import { user } from "../../../../db/schema";
import { getDb } from "../../../lib/db.server";
import { sendEmail } from "../../../lib/email.server";
import { getEnv } from "../../../lib/env.server";
import { chatHref } from "../message.schemas";

/** An owner who has not seen a conversation for this long is e-mailed, at most once per this long. */
export const OWNER_EMAIL_QUIET_MINUTES = 15;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/** Tells a business owner that a visitor wrote (the caller decides when: see sendMessage). */
export async function emailOwnerAboutMessage(input: {
  ownerId: string;
  businessId: string;
  businessName: string;
  visitorId: string;
  visitorName: string;
  text: string;
}): Promise<void> {
  const [owner] = await getDb().select({ email: user.email }).from(user).where(eq(user.id, input.ownerId)).limit(1);
  if (!owner) return;
  const link = new URL(
    chatHref({ businessId: input.businessId, businessName: input.businessName, visitorId: input.visitorId, viewerId: input.ownerId }),
    getEnv().PUBLIC_URL,
  ).toString();
  const business = oneLine(input.businessName);
  const from = oneLine(input.visitorName);
  const excerpt = input.text.length > 500 ? `${input.text.slice(0, 500)}…` : input.text;
  await sendEmail({
    to: owner.email,
    subject: `New message for ${business}`,
    text: `${from} sent a message to ${business}:\n\n${excerpt}\n\nReply: ${link}\n`,
    html:
      `<p>${escapeHtml(from)} sent a message to <b>${escapeHtml(business)}</b>:</p>` +
      `<blockquote style="white-space:pre-wrap">${escapeHtml(excerpt)}</blockquote>` +
      `<p><a href="${escapeHtml(link)}">Reply in Naija Directory</a></p>`,
  });
}
