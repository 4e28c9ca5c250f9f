/**
 * Adding or changing the e-mail address of a signed-in account, verified by a link (issue 33): an account made with a
 * phone number has none, and anyone may move to a new address. The link goes to the new address, enqueued with
 * nothing else to commit (ADR 34); it carries a token signed with AUTH_SECRET naming the account, the new address and
 * the address it had when asked and a stamp of the account row then, valid 24 hours. Opening the link only asks;
 * confirming changes the address — once: any change of the account row since (this one, or a change back) makes the
 * link useless. An address already on another account gets the same answer, and its
 * owner an e-mail saying so (nothing tells the asker who is registered). The old address, if real, is told afterwards.
 * Admins keep theirs (the admin list and their two-factor set-up go by it).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { profiles, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows, type Db, type Tx } from "../../lib/db.server";
import { isUniqueViolation } from "../../lib/db-errors.server";
import { enqueueEmail, undeliverable } from "../../lib/email.server";
import { getEnv } from "../../lib/env.server";
import { currentLocale, t } from "../../lib/i18n/i18n";
import { languageOf, renderFor, renderIn, sentUrl } from "../../lib/i18n/sent-language.server";
import { addressKey, hitRateLimit } from "../../lib/rate-limit.server";
import { enqueueSms } from "../../lib/sms.server";
import { z } from "../../lib/zod";
import { PHONE_TEXTS } from "./phone.schemas";
import { supportUrl } from "./verify-phone.server";
import { EMAIL_CHANGE_TEXTS } from "./account.schemas";
import type { SessionUser } from "./session-user";
import { requireIdentityProof } from "./internal/identity-proof.server";

export { EMAIL_CHANGE_TEXTS };


const PURPOSE = "change-email";
const VALID_HOURS = 24;
const LIMITS = { perAccount: 5, perAddress: 50, windowSeconds: 3600 } as const;

/** The account, the new address, the address then, the expiry, and a stamp of the account row then (`s`). */
type Claim = { u: string; e: string; o: string; x: number; s: string };

/** A stamp of the account row's address and last change: any later change of the row makes older links useless. */
const rowStamp = sql`md5(${user.email} || '|' || ${user.updatedAt}::text)`;

function sign(payload: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`${PURPOSE}\0${payload}`).digest("base64url");
}

/** The token of a change: the claim in base64url JSON, then its HMAC. */
function emailChangeToken(claim: Claim): string {
  const payload = Buffer.from(JSON.stringify(claim)).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The claim of a token that is ours and not expired, or null. */
export function readEmailChangeToken(token: string | null | undefined): Claim | null {
  if (!token || token.length > 2000) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match) return null;
  const given = Buffer.from(match[2]!, "base64url");
  const expected = Buffer.from(sign(match[1]!), "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claim = JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")) as Claim;
    if (typeof claim.u !== "string" || typeof claim.e !== "string" || typeof claim.o !== "string" || typeof claim.x !== "number" || typeof claim.s !== "string") return null;
    return claim.x > Date.now() ? claim : null;
  } catch {
    return null;
  }
}

/** The token for changing the account's address to `email`, made from the account row as it is now. */
export async function issueEmailChangeToken(db: Db | Tx, userId: string, email: string): Promise<string> {
  const [row] = await queryRows<{ email: string; stamp: string }>(db, sql`select ${user.email} as email, ${rowStamp} as stamp from ${user} where ${user.id} = ${userId}`);
  return emailChangeToken({ u: userId, e: email, o: row?.email ?? "", x: Date.now() + VALID_HOURS * 3_600_000, s: row?.stamp ?? "" });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/**
 * Sends the confirmation link to the new address, once the person confirmed it is them (`proof` from confirmIdentity:
 * the address is a way to sign in and to reset the password). Throws AppError 'invalid' (with the field; or no live
 * proof, reason 'reauth'), 'forbidden' (admins), 'rate-limited'. The answer is the same whether or not the address is
 * on another account.
 */
export async function requestEmailChange(
  actor: SessionUser | null,
  input: { email: string; proof: string | null | undefined },
  context: { clientAddress?: string | null },
): Promise<{ email: string }> {
  if (!actor) throw new AppError("unauthenticated");
  if (actor.isAdmin) throw new AppError("forbidden", EMAIL_CHANGE_TEXTS.admins);
  const parsed = z.string().trim().toLowerCase().max(254).pipe(z.email()).safeParse(String(input.email ?? ""));
  if (!parsed.success || undeliverable(parsed.data)) throw new AppError("invalid", EMAIL_CHANGE_TEXTS.invalid, { fields: { email: EMAIL_CHANGE_TEXTS.invalid } });
  const email = parsed.data;
  if (email === actor.email.toLowerCase()) throw new AppError("invalid", EMAIL_CHANGE_TEXTS.same, { fields: { email: EMAIL_CHANGE_TEXTS.same } });
  requireIdentityProof(actor, input.proof);
  const perAccount = await hitRateLimit(`email-change:${actor.id}`, LIMITS.perAccount, LIMITS.windowSeconds);
  const perAddress = await hitRateLimit(`email-change-addr:${addressKey(context.clientAddress)}`, LIMITS.perAddress, LIMITS.windowSeconds);
  if (!perAccount.allowed || !perAddress.allowed) throw new AppError("rate-limited", EMAIL_CHANGE_TEXTS.tooMany);

  await getDb().transaction(async (tx) => {
    const [taken] = await queryRows<{ id: string }>(tx, sql`select id from ${user} where lower(email) = ${email} limit 1`);
    if (taken) {
      // To the account that has the address, in its language (issue 36).
      const told = await renderFor(tx, taken.id, (t) => {
        const asked = t("Someone asked to add this e-mail address to a Naija Directory account, but it is already on yours. Nothing changed.");
        const ifYou = t("If it was you, sign in with this address instead.");
        return { to: email, subject: t("Someone tried to use your e-mail address"), text: `${asked} ${ifYou}`, html: `<p>${escapeHtml(asked)}</p><p>${escapeHtml(ifYou)}</p>` };
      });
      await enqueueEmail(tx, told);
      return;
    }
    const token = await issueEmailChangeToken(tx, actor.id, email);
    // To the person asking, in the language of the page they asked from (t(): the request's), the link to it too.
    const link = sentUrl(`/confirm-email?token=${token}`, currentLocale());
    const open = t("Open this link within 24 hours to make this the e-mail address of your Naija Directory account:");
    const ignore = t("If you did not ask for this, you can ignore this e-mail.");
    await enqueueEmail(tx, {
      to: email,
      subject: t("Confirm your e-mail address"),
      text: `${open}\n\n${link}\n\n${ignore}`,
      html: `<p>${escapeHtml(open)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t("Confirm my e-mail address"))}</a></p><p>${escapeHtml(ignore)}</p>`,
    });
  });
  return { email };
}

/**
 * Confirms a change from its link: the account's address becomes the new one, verified. Throws AppError 'invalid'
 * (a link that is not ours, expired, already used, or for an account that changed its address since) or 'conflict'
 * (the address went to another account meanwhile).
 */
export async function confirmEmailChange(token: string | null | undefined): Promise<{ email: string }> {
  const claim = readEmailChangeToken(token);
  if (!claim) throw new AppError("invalid", EMAIL_CHANGE_TEXTS.badLink);
  try {
    await getDb().transaction(async (tx) => {
      const changed = await tx
        .update(user)
        .set({ email: claim.e, emailVerified: true, updatedAt: new Date() })
        .where(sql`${user.id} = ${claim.u} and ${user.email} = ${claim.o} and ${rowStamp} = ${claim.s} and ${user.deletedAt} is null`)
        .returning({ id: user.id });
      if (changed.length === 0) throw new AppError("invalid", EMAIL_CHANGE_TEXTS.badLink);
      // The account's verified number is told too (an account made by phone had no address to tell).
      // Both in the account's language (issue 36), else the page's the link was opened from.
      const language = await languageOf(tx, claim.u, currentLocale());
      const [holder] = await tx.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, claim.u));
      if (holder?.phone) await enqueueSms(tx, { to: holder.phone, text: renderIn(language, () => PHONE_TEXTS.emailChanged(claim.e, supportUrl())) });
      if (!undeliverable(claim.o)) {
        const told = renderIn(language, (t) => {
          const now = (address: string) => t("The e-mail address of your Naija Directory account is now {{email}}.", { email: address });
          const notYou = t("If you did not do this, reply to this e-mail or contact support at once.");
          return {
            to: claim.o,
            subject: t("Your e-mail address was changed"),
            text: `${now(claim.e)} ${notYou}`,
            html: `<p>${now(escapeHtml(claim.e))}</p><p>${escapeHtml(notYou)}</p>`,
          };
        });
        await enqueueEmail(tx, told);
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", EMAIL_CHANGE_TEXTS.taken);
    throw error;
  }
  return { email: claim.e };
}

/**
 * What a link's token stands for now (the page's GET only asks): 'pending' (a confirmation would change the address),
 * 'done' (the address is already the new one: opened again after confirming), or null (not ours, expired, or the
 * account changed its address another way since).
 */
export async function emailChangeFor(token: string | null | undefined): Promise<{ email: string; state: "pending" | "done" } | null> {
  const claim = readEmailChangeToken(token);
  if (!claim) return null;
  const [row] = await queryRows<{ email: string; deleted: boolean; stamp: string }>(
    getDb(),
    sql`select ${user.email} as email, ${user.deletedAt} is not null as deleted, ${rowStamp} as stamp from ${user} where ${user.id} = ${claim.u}`,
  );
  if (!row || row.deleted) return null;
  if (row.email === claim.o && row.stamp === claim.s) return { email: claim.e, state: "pending" };
  return row.email === claim.e ? { email: claim.e, state: "done" } : null;
}
