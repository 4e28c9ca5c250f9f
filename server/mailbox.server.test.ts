import { randomUUID } from "node:crypto";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendEmail } from "../app/lib/email.server";
import { sendSms } from "../app/lib/sms.server";
import { getEnv, parseEnv } from "../app/lib/env.server";
import { listen, testApp, type Listening } from "../tests/support/server";

type MailJson = { channel: string; to: string; subject: string; text: string; html: string; createdAt: string };

const tag = randomUUID().slice(0, 8);
const first = { to: `first-${tag}@example.com`, subject: `First ${tag}`, text: "one", html: "<p>one</p>" };
const second = { to: `second-${tag}@example.com`, subject: `Second <b>${tag}</b>`, text: "two & more", html: "<p>two</p>" };
// No SMS_PROVIDER on a local trial: the text is kept beside the e-mails (issue 33).
const sms = { to: `+23480${String(Date.now()).slice(-8)}`, text: `Naija Directory: <code> ${tag} & more` };

let server: Listening;

beforeAll(async () => {
  await sendEmail(first);
  await new Promise((resolve) => setTimeout(resolve, 5)); // distinct created_at
  await sendEmail(second);
  await sendSms(sms);
  server = await listen(testApp());
});
afterAll(async () => {
  await server?.close();
});

describe("/dev/mailbox.json on a direct loopback connection", () => {
  it("lists the e-mails sent with sendEmail, newest first, with channel, to, subject, text, html, createdAt", async () => {
    const response = await fetch(`${server.url}/dev/mailbox.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const mails = ((await response.json()) as MailJson[]).filter((m) => m.subject.includes(tag));
    expect(mails.map((m) => m.to)).toEqual([second.to, first.to]);
    expect(Object.keys(mails[0]).sort()).toEqual(["channel", "createdAt", "html", "subject", "text", "to"]);
    expect(mails[0]).toMatchObject({ ...second, channel: "email" });
    expect(mails[1]).toMatchObject({ ...first, channel: "email" });
    expect(Date.parse(mails[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(mails[1].createdAt));
    expect(new Date(mails[0].createdAt).toISOString()).toBe(mails[0].createdAt);
  });
});

const hasIpv6Loopback = Object.values(networkInterfaces())
  .flat()
  .some((i) => i?.internal && i.family === "IPv6" && i.address === "::1");
it.skipIf(!hasIpv6Loopback)("answers on the IPv6 loopback (::1) too", async () => {
  const v6 = await listen(testApp(), "::1");
  try {
    const response = await fetch(`${v6.url}/dev/mailbox.json`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as MailJson[]).some((m) => m.to === first.to)).toBe(true);
  } finally {
    await v6.close();
  }
});

describe("/dev/mailbox.json: text messages", () => {
  it("gives an SMS kept without a provider its channel 'sms' and the number it is for", async () => {
    const entries = (await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as MailJson[];
    expect(entries.filter((m) => m.to === sms.to)).toEqual([
      expect.objectContaining({ channel: "sms", to: sms.to, subject: "", text: sms.text, html: `<p>Naija Directory: &lt;code&gt; ${tag} &amp; more</p>` }),
    ]);
    const page = await (await fetch(`${server.url}/dev/mailbox`)).text();
    expect(page).toContain(`<b>SMS to:</b> ${sms.to}`);
    expect(page).toContain(`Naija Directory: &lt;code&gt; ${tag} &amp; more`);
    expect(page).not.toContain("<code>");
  });
});

describe("/dev/mailbox (HTML) on a direct loopback connection", () => {
  it("shows the e-mails, escaped, newest first, with a CSP", async () => {
    const response = await fetch(`${server.url}/dev/mailbox`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html).toContain("Development mailbox");
    expect(html).toContain(`Second &lt;b&gt;${tag}&lt;/b&gt;`);
    expect(html).not.toContain(`<b>${tag}</b>`);
    expect(html).toContain("two &amp; more");
    expect(html.indexOf(second.to)).toBeLessThan(html.indexOf(first.to));
  });
});

describe("the mailbox is hidden (404) from anyone else", () => {
  it.each(["x-forwarded-for", "x-real-ip", "forwarded", "cf-connecting-ip"])("behind a proxy (%s present)", async (header) => {
    for (const path of ["/dev/mailbox", "/dev/mailbox.json"]) {
      const response = await fetch(`${server.url}${path}`, { headers: { [header]: "127.0.0.1" } });
      expect(response.status, `${path} with ${header}`).toBe(404);
      expect(await response.text()).not.toContain(tag);
    }
  });

  it("when SMTP_URL is set, even on loopback", async () => {
    const withSmtp = await listen(testApp(parseEnv({ DATA_DIR: getEnv().DATA_DIR, AUTH_SECRET: "s".repeat(32), SMTP_URL: "smtp://mail.example.com:587" })));
    try {
      for (const path of ["/dev/mailbox", "/dev/mailbox.json"]) {
        const response = await fetch(`${withSmtp.url}${path}`);
        expect(response.status, path).toBe(404);
      }
    } finally {
      await withSmtp.close();
    }
  });

  // Security finding 7: a same-host proxy sends no forwarding headers, so the peer check alone is not enough.
  it.each([
    [
      "in production",
      {
        NODE_ENV: "production", PUBLIC_URL: "https://naija.example", SMTP_URL: "smtp://mail.example:587", PAYMENT_PROVIDER: "demo",
        SMS_PROVIDER: "termii", TERMII_API_KEY: "TLtestkey0123456789abcdef", TERMII_SENDER_ID: "NaijaDir",
      },
    ],
    ["on a public PUBLIC_URL without NODE_ENV", { PUBLIC_URL: "https://naija.example" }],
  ])("%s, even to a direct loopback client", async (_label, settings) => {
    const env = parseEnv({ DATA_DIR: getEnv().DATA_DIR, AUTH_SECRET: "s".repeat(32), ...settings });
    const deployed = await listen(testApp(env));
    try {
      for (const path of ["/dev/mailbox", "/dev/mailbox.json"]) {
        const response = await fetch(`${deployed.url}${path}`);
        expect(response.status, path).toBe(404);
        expect(await response.text()).not.toContain(tag);
      }
    } finally {
      await deployed.close();
    }
  });

  it("without a socket to check (no peer address)", async () => {
    const response = await testApp().request("/dev/mailbox.json");
    expect(response.status).toBe(404);
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;
  it.skipIf(!external)(`to a client on a non-loopback address (${external ?? "none on this machine"})`, async () => {
    const open = await listen(testApp(), "0.0.0.0");
    try {
      const port = new URL(open.url).port;
      const response = await fetch(`http://${external}:${port}/dev/mailbox.json`);
      expect(response.status).toBe(404);
      // The same server still answers loopback.
      expect((await fetch(`http://127.0.0.1:${port}/dev/mailbox.json`)).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
