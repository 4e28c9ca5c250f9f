import { Hono, type Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { listOutbox } from "../app/lib/email.server";
import type { Env } from "../app/lib/env.server";

const FORWARDING_HEADERS = ["x-forwarded-for", "x-real-ip", "forwarded", "x-forwarded-host", "cf-connecting-ip", "true-client-ip"];

/** True only for a direct loopback connection: no proxy in between. */
export function isDirectLoopback(c: Context): boolean {
  if (FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined)) return false;
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return false;
  }
  if (!address) return false;
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

const CHANNEL_LABELS: Record<string, string> = { email: "E-mail", sms: "SMS", whatsapp: "WhatsApp" };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/**
 * The development outbox (e-mail, SMS and WhatsApp messages, each with its `channel` and `to`): only for a local trial (env.devTools: loopback PUBLIC_URL, not production, no
 * SMTP_URL), and then only to direct loopback clients. Anywhere else every path answers 404.
 */
export function mailboxRoutes(env: Env) {
  const routes = new Hono();
  routes.use("/mailbox*", async (c, next) => {
    if (!env.devTools || !isDirectLoopback(c)) return c.notFound();
    c.header("Cache-Control", "no-store");
    await next();
  });
  routes.get("/mailbox.json", async (c) => {
    const mails = await listOutbox();
    return c.json(mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })));
  });
  routes.get("/mailbox", async (c) => {
    const mails = await listOutbox();
    const items = mails
      .map(
        (m) => `<article><h2>${escapeHtml(m.channel === "email" ? m.subject : `${CHANNEL_LABELS[m.channel] ?? m.channel} message`)}</h2><p><b>${escapeHtml(CHANNEL_LABELS[m.channel] ?? m.channel)} to:</b> ${escapeHtml(m.to)} · ${escapeHtml(
          m.createdAt.toISOString(),
        )}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join("\n");
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title>` +
        `<style>body{font-family:system-ui;margin:2rem;max-width:60rem}article{border-bottom:1px solid #ddd;padding:1rem 0}pre{white-space:pre-wrap}</style>` +
        `</head><body><h1>Development mailbox</h1><p>${mails.length} message(s), newest first. SMTP_URL is not set, so no e-mail leaves this machine; without SMS_PROVIDER no text does either.</p>${items || "<p>No message yet.</p>"}</body></html>`,
    );
  });
  return routes;
}
