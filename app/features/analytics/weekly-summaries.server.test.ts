import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailPreferences, user, weeklySummaries } from "../../../db/schema";
import { createBusiness, createOwner, createVisitor, type CreatedUser } from "../../../db/seed/factories";
import { createScheduler, defaultJobs } from "../../../server/scheduler";
import { BASE_URL, hrefs, renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { pageApp } from "../../../tests/support/route-build";
import { smtpSink } from "../../../tests/support/smtp-sink";
import { getDb, queryRows } from "../../lib/db.server";
import { runDueJobs } from "../../lib/jobs.server";
import { JOB_HANDLERS } from "../../../server/jobs";
import { deliveredMail } from "../../../tests/support/outbox";
import { listOutbox } from "../../lib/email.server";
import { getEnv, setEnv } from "../../lib/env.server";
import { setSingleton } from "../../lib/singleton.server";
import * as profileRoute from "../../routes/account/profile";
import * as unsubscribeRoute from "../../routes/account/unsubscribe";
import { sendWeeklySummaries } from "./send-weekly-summaries.server";
import { setWeeklySummary } from "./set-weekly-summary.server";
import { unsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token.server";
import { weeklySummaryWanted } from "./weekly-summary-preference.server";
import { summaryWeekDue, weekRangeText } from "./weekly-summary";

type Figures = Partial<Record<"views" | "impressions" | "calls" | "whatsapp" | "website" | "directions" | "conversations" | "messages", number>>;

async function stats(businessId: string, day: string, figures: Figures) {
  const f = { views: 0, impressions: 0, calls: 0, whatsapp: 0, website: 0, directions: 0, conversations: 0, messages: 0, ...figures };
  await getDb().execute(sql`insert into listing_daily_stats (business_id, day, views, impressions, calls, whatsapp, website, directions, conversations, messages)
    values (${businessId}, ${day}, ${f.views}, ${f.impressions}, ${f.calls}, ${f.whatsapp}, ${f.website}, ${f.directions}, ${f.conversations}, ${f.messages})`);
}

async function mailTo(email: string) {
  return (await deliveredMail(10_000)).filter((m) => m.to === email);
}

/** An owner with one listing and some activity on `day`. */
async function activeOwner(day: string, figures: Figures = { views: 1 }, name?: string): Promise<CreatedUser & { listingId: string }> {
  const owner = await createOwner(getDb());
  const listing = await createBusiness(getDb(), { userId: owner.id, ...(name ? { name } : {}) });
  await stats(listing.id, day, figures);
  return { ...owner, listingId: listing.id };
}

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

/** Monday 08:00 WAT (07:00 UTC) of the week after the one starting `weekStart`. */
function sendTime(weekStart: string): Date {
  return new Date(Date.parse(`${weekStart}T07:00:00Z`) + 7 * 86_400_000);
}

describe("summaryWeekDue", () => {
  it("is the week that just ended from Monday 08:00 WAT, the one before until then", () => {
    expect(summaryWeekDue(new Date("2031-03-10T06:59:59Z"))).toBe("2031-02-24");
    expect(summaryWeekDue(new Date("2031-03-10T07:00:00Z"))).toBe("2031-03-03");
    // Sunday 23:30 WAT is still the week of 3 March; Tuesday and later the week just ended is due.
    expect(summaryWeekDue(new Date("2031-03-09T22:30:00Z"))).toBe("2031-02-24");
    expect(summaryWeekDue(new Date("2031-03-11T12:00:00Z"))).toBe("2031-03-03");
    expect(summaryWeekDue(new Date("2031-03-16T22:59:00Z"))).toBe("2031-03-03");
  });
});

describe("the weekly summary e-mail", () => {
  it("goes to owners with activity that week only: not to an owner without, one unsubscribed, deleted or suspended, nor a visitor", async () => {
    const week = "2031-03-03";
    const owner = await createOwner(getDb(), { firstName: "Ngozi" });
    const hostile = `<img src=x onerror=alert(1)> Mama "Put" & Sons'`;
    const shop = await createBusiness(getDb(), { userId: owner.id, name: hostile });
    const quiet = await createBusiness(getDb(), { userId: owner.id, name: "Quiet Corner" });
    // The week before (24 Feb – 2 Mar) and the week itself, on both sides of a WAT midnight.
    await stats(shop.id, "2031-02-26", { views: 9, impressions: 40, calls: 1, conversations: 2 });
    await stats(shop.id, "2031-03-03", { views: 5, impressions: 30, calls: 2, whatsapp: 1 });
    await stats(shop.id, "2031-03-09", { views: 7, impressions: 12, website: 1, directions: 1, conversations: 2, messages: 3 });
    await stats(quiet.id, "2031-02-25", { views: 4 });

    const none = await createOwner(getDb());
    const noneListing = await createBusiness(getDb(), { userId: none.id });
    await stats(noneListing.id, "2031-02-28", { views: 3 }); // the week before only
    await stats(noneListing.id, "2031-03-10", { views: 3 }); // the week after only
    await stats(noneListing.id, "2031-03-05", {}); // a row of zeros
    const unsubscribed = await activeOwner("2031-03-04");
    await getDb().insert(emailPreferences).values({ userId: unsubscribed.id, weeklySummary: false });
    const deleted = await activeOwner("2031-03-04");
    await getDb().update(user).set({ deletedAt: new Date() }).where(eq(user.id, deleted.id));
    const suspended = await activeOwner("2031-03-04");
    await getDb().update(user).set({ banned: true }).where(eq(user.id, suspended.id));
    const visitor = await createVisitor(getDb());
    const chosenYes = await activeOwner("2031-03-08", { messages: 1 });
    await getDb().insert(emailPreferences).values({ userId: chosenYes.id, weeklySummary: true });

    const run = await sendWeeklySummaries(sendTime(week));
    expect(run).toMatchObject({ week, failed: 0, finished: true });
    expect(run.sent).toBeGreaterThanOrEqual(2);

    const [mail, ...more] = await mailTo(owner.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your week on Naija Directory: ${weekRangeText(week)}`);
    expect(weekRangeText(week)).toBe("3 Mar – 9 Mar 2031");
    expect(mail!.text).toContain("Hello Ngozi");
    expect(mail!.text).toContain(hostile);
    expect(mail!.text).toContain("Page views: 12 (up 3 on the week before)");
    expect(mail!.text).toContain("Search appearances: 42 (up 2 on the week before)");
    expect(mail!.text).toContain("Contact actions (call, WhatsApp, website, directions): 5 (up 4 on the week before)");
    expect(mail!.text).toContain("Conversations started: 2 (same as the week before)");
    expect(mail!.text).toContain("Messages received: 3 (up 3 on the week before)");
    // A listing quiet all week is left out; the busy one is there.
    expect(mail!.text).not.toContain("Quiet Corner");
    expect(mail!.text).toContain(`${getEnv().PUBLIC_URL.replace(/\/$/, "")}/dashboard/analytics`);
    expect(mail!.text).toMatch(/Unsubscribe from weekly summaries: https?:\/\/\S+\/unsubscribe\?token=[\w-]+\.[\w-]+/);
    // The HTML escapes the owner-typed name: no tag, no attribute from it.
    expect(mail!.html).toContain("&lt;img src=x onerror=alert(1)&gt; Mama &quot;Put&quot; &amp; Sons&#39;");
    expect(mail!.html).not.toContain("<img");
    expect(hrefs(mail!.html)).toEqual([expect.stringMatching(/\/dashboard\/analytics$/), expect.stringMatching(/\/unsubscribe\?token=/)]);
    expect(mail!.html).toMatch(/<a href="[^"]+\/unsubscribe\?token=[^"]+">Unsubscribe<\/a>/);

    expect(await mailTo(chosenYes.email)).toHaveLength(1);
    for (const nobody of [none, unsubscribed, deleted, suspended, visitor]) expect(await mailTo(nobody.email), nobody.email).toEqual([]);

    // Run again (or later that week): nothing more.
    await sendWeeklySummaries(sendTime(week));
    await sendWeeklySummaries(new Date(sendTime(week).getTime() + 3 * 86_400_000));
    expect(await mailTo(owner.email)).toHaveLength(1);
    const claims = await getDb().select().from(weeklySummaries).where(eq(weeklySummaries.userId, owner.id));
    expect(claims).toEqual([expect.objectContaining({ weekStart: week })]);
  });

  it("is not sent before Monday 08:00 WAT, and then once", async () => {
    const week = "2031-03-17";
    const owner = await activeOwner("2031-03-23", { impressions: 4 });
    const before = await sendWeeklySummaries(new Date(sendTime(week).getTime() - 60_000));
    expect(before.week).toBe("2031-03-10");
    expect(await mailTo(owner.email)).toEqual([]);
    const at = await sendWeeklySummaries(sendTime(week));
    expect(at.week).toBe(week);
    const mail = await mailTo(owner.email);
    expect(mail.map((m) => m.subject)).toEqual([`Your week on Naija Directory: ${weekRangeText(week)}`]);
    expect(mail[0]!.text).toContain("Search appearances: 4 (up 4 on the week before)");
    expect(mail[0]!.text).toContain("Page views: 0 (same as the week before)");
  });

  it("is sent once when several callers run at once, and when two schedulers run the job at once", async () => {
    const week = "2031-04-07";
    const owners = await Promise.all([1, 2, 3].map((n) => activeOwner("2031-04-09", { views: n })));
    const at = sendTime(week);
    const runs = await Promise.all([sendWeeklySummaries(at), sendWeeklySummaries(at), sendWeeklySummaries(at)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBeGreaterThanOrEqual(3);
    for (const owner of owners) expect(await mailTo(owner.email)).toHaveLength(1);

    const job = defaultJobs().filter((j) => j.name === "weekly-summaries");
    expect(job).toHaveLength(1);
    const a = createScheduler({ jobs: job, intervalMs: 1000, ranBy: "1@a" });
    const b = createScheduler({ jobs: job, intervalMs: 1000, ranBy: "2@b" });
    const outcomes = (await Promise.all([a.tick(at), b.tick(at)])).flat();
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    for (const owner of owners) expect(await mailTo(owner.email)).toHaveLength(1);
  });

  it("goes out in bounded batches, walking on from where the last run stopped until the week is done", async () => {
    const week = "2031-06-02";
    const owners = await Promise.all([1, 2, 3].map((n) => activeOwner("2031-06-04", { views: n })));
    const at = sendTime(week);
    const runs = [];
    for (let i = 0; i < 10; i++) {
      const run = await sendWeeklySummaries(at, { batch: 1, scan: 1000, chunk: 7 });
      runs.push(run);
      if (run.finished) break;
    }
    // One e-mail a run: three runs send, and the one that reaches the last owner marks the week done.
    expect(runs.slice(0, 3).map((r) => r.sent)).toEqual([1, 1, 1]);
    expect(runs.length).toBeLessThanOrEqual(4);
    expect(runs.at(-1)!.finished).toBe(true);
    for (const owner of owners) expect(await mailTo(owner.email)).toHaveLength(1);
    // A finished week costs one lookup: nothing is walked again.
    expect(await sendWeeklySummaries(at)).toMatchObject({ sent: 0, scanned: 0, finished: true });
  });

  it("the mail server down: the summary waits on the queue and goes once it is back; one it refuses for good is given up at once", async () => {
    const week = "2031-06-16";
    const owner = await activeOwner("2031-06-18", { directions: 1 });
    const refused = await activeOwner("2031-06-18", { views: 3 });
    const previous = getEnv();
    setEnv({ ...previous, SMTP_URL: "smtp://127.0.0.1:9" });
    setSingleton("smtp", undefined);
    try {
      // Claimed and enqueued in one transaction: the run is done with the week, the e-mails wait on the queue.
      expect(await sendWeeklySummaries(sendTime(week))).toMatchObject({ sent: 2, failed: 0, finished: true });
      await runDueJobs(JOB_HANDLERS);
    } finally {
      setEnv(previous);
      setSingleton("smtp", undefined);
    }
    expect(await listOutbox(10_000)).not.toContainEqual(expect.objectContaining({ to: owner.email }));
    const jobFor = async (email: string) =>
      (await queryRows<{ state: string; output: { message?: string } | null }>(getDb(), sql`select state, output from pgboss.job where name = 'email' and data->>'to' = ${email}`))[0];
    expect(await jobFor(owner.email)).toMatchObject({ state: "retry" });
    // A second run claims nothing more: one e-mail per owner and week.
    expect(await sendWeeklySummaries(sendTime(week))).toMatchObject({ sent: 0 });

    // The second owner's address is refused for good (550) by a real SMTP server: no retries.
    const sink = await smtpSink({ refuse: (to) => to === refused.email });
    setEnv({ ...previous, SMTP_URL: sink.url });
    setSingleton("smtp", undefined);
    try {
      await getDb().execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'email' and state = 'retry'`);
      await runDueJobs(JOB_HANDLERS);
    } finally {
      setEnv(previous);
      setSingleton("smtp", undefined);
      await sink.close();
    }
    expect(sink.messages.filter((m) => m.to.includes(owner.email))).toHaveLength(1);
    expect(await jobFor(owner.email)).toMatchObject({ state: "completed" });
    expect(await jobFor(refused.email)).toMatchObject({ state: "failed", output: { message: expect.stringMatching(/^refused by the mail server \(550\)|550/) } });
  });

  it("carries List-Unsubscribe and List-Unsubscribe-Post (one-click) headers over real SMTP, with the owner's token", async () => {
    const week = "2031-05-12";
    const owner = await activeOwner("2031-05-14", { calls: 2 });
    const sink = await smtpSink();
    const previous = getEnv();
    setEnv({ ...previous, SMTP_URL: sink.url });
    setSingleton("smtp", undefined);
    try {
      await sendWeeklySummaries(sendTime(week));
      await runDueJobs(JOB_HANDLERS);
    } finally {
      setEnv(previous);
      setSingleton("smtp", undefined);
      await sink.close();
    }
    const message = sink.messages.find((m) => m.to.includes(owner.email));
    expect(message).toBeDefined();
    const headers = message!.data.split("\r\n\r\n")[0]!.replace(/\r\n(?=[ \t])/g, "");
    const listUnsubscribe = /^List-Unsubscribe: <([^>]+)>$/im.exec(headers);
    expect(listUnsubscribe).not.toBeNull();
    const url = new URL(listUnsubscribe![1]!);
    expect(url.pathname).toBe("/unsubscribe");
    expect(verifyUnsubscribeToken(url.searchParams.get("token"))).toBe(owner.id);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
  });
});

describe("the unsubscribe token", () => {
  it("names its own account only: a tampered token, another account's id with this MAC, or junk is refused", async () => {
    const a = await createOwner(getDb());
    const b = await createOwner(getDb());
    const token = unsubscribeToken(a.id);
    expect(verifyUnsubscribeToken(token)).toBe(a.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const [id, mac] = token.split(".") as [string, string];
    const flipped = mac.slice(0, -2) + (mac.at(-2) === "A" ? "B" : "A") + mac.at(-1);
    expect(verifyUnsubscribeToken(`${id}.${flipped}`)).toBeNull();
    expect(verifyUnsubscribeToken(`${Buffer.from(b.id).toString("base64url")}.${mac}`)).toBeNull();
    expect(verifyUnsubscribeToken(`${id}.${mac.slice(0, 20)}`)).toBeNull();
    expect(verifyUnsubscribeToken(`${id}=.${mac}`)).toBeNull();
    for (const junk of ["", "x", ".", `${id}.`, `.${mac}`, "a.b.c", null, undefined]) expect(verifyUnsubscribeToken(junk)).toBeNull();
    expect(unsubscribeToken(b.id)).not.toBe(token);
  });
});

describe("/unsubscribe", () => {
  it("a GET only asks; the one-click POST unsubscribes without a session; the next week's run sends nothing", async () => {
    const owner = await activeOwner("2031-04-22", { views: 2 });
    await sendWeeklySummaries(sendTime("2031-04-21"));
    const [mail] = await mailTo(owner.email);
    const link = new URL(/https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail!.text)![0]);
    const path = `${link.pathname}${link.search}`;

    const asked = page(await renderRoute(unsubscribeRoute, path));
    expect(asked.status).toBe(200);
    expect(asked.text).toContain("Stop weekly summaries?");
    expect(asked.html).toMatch(/<form[^>]*method="post"/);
    expect(asked.html).toContain(`value="${link.searchParams.get("token")}"`);
    expect(await weeklySummaryWanted(owner.id)).toBe(true);

    const done = page(await renderRoute(unsubscribeRoute, path, { form: { "List-Unsubscribe": "One-Click" } }));
    expect(done.status).toBe(200);
    expect(done.text).toContain("You will no longer receive weekly summaries");
    expect(await weeklySummaryWanted(owner.id)).toBe(false);
    // Twice is harmless.
    page(await renderRoute(unsubscribeRoute, path, { form: { "List-Unsubscribe": "One-Click" } }));
    expect(await weeklySummaryWanted(owner.id)).toBe(false);

    // Activity the next week: no summary.
    const listing = await createBusiness(getDb(), { userId: owner.id });
    await stats(listing.id, "2031-04-29", { views: 50 });
    await sendWeeklySummaries(sendTime("2031-04-28"));
    expect(await mailTo(owner.email)).toHaveLength(1);
  });

  it("the page's button works signed in, and then offers the profile to subscribe again", async () => {
    const owner = await createOwner(getDb());
    const cookie = await sessionCookie(owner.email);
    const token = unsubscribeToken(owner.id);
    // The page's form posts to its own address (the token in it) with the token as a field too.
    const asked = page(await renderRoute(unsubscribeRoute, `/unsubscribe?token=${token}`, { cookie }));
    expect(asked.html).toContain(`action="/unsubscribe?token=${token}"`);
    const done = page(await renderRoute(unsubscribeRoute, `/unsubscribe?token=${token}`, { cookie, form: { token } }));
    expect(done.status).toBe(200);
    expect(done.text).toContain("You will no longer receive weekly summaries");
    expect(hrefs(done.html)).toContain("/profile");
    expect(await weeklySummaryWanted(owner.id)).toBe(false);
  });

  it("a bad token gets a clear 400, on the page and on the POST, and changes nothing", async () => {
    const owner = await createOwner(getDb());
    const bad = `${unsubscribeToken(owner.id)}x`;
    const asked = page(await renderRoute(unsubscribeRoute, `/unsubscribe?token=${bad}`));
    expect(asked.status).toBe(400);
    expect(asked.text).toContain("This unsubscribe link is not valid");
    expect(asked.html).not.toMatch(/<form/);
    const refused = page(await renderRoute(unsubscribeRoute, `/unsubscribe?token=${bad}`, { form: { "List-Unsubscribe": "One-Click" } }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("This unsubscribe link is not valid");
    const none = page(await renderRoute(unsubscribeRoute, "/unsubscribe"));
    expect(none.status).toBe(400);
    expect(await weeklySummaryWanted(owner.id)).toBe(true);
  });

  describe("through the whole server", () => {
    // Made once the file's database and settings exist (tests/setup/database.ts), so the file also runs alone.
    let app: ReturnType<typeof pageApp>;
    beforeAll(() => {
      app = pageApp();
    });

    it("accepts a mail client's one-click POST from another site without cookies, and only on /unsubscribe", async () => {
      const owner = await createOwner(getDb());
      const url = `${BASE_URL}/unsubscribe?token=${unsubscribeToken(owner.id)}`;
      const crossSite = { origin: "https://mail.example.com", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" };
      const answer = await app.request(url, { method: "POST", headers: crossSite, body: "List-Unsubscribe=One-Click" });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain("You will no longer receive weekly summaries");
      expect(await weeklySummaryWanted(owner.id)).toBe(false);
      // A mail server's POST: no Origin, multipart body.
      const other = await createOwner(getDb());
      const body = new FormData();
      body.set("List-Unsubscribe", "One-Click");
      const plain = await app.request(`${BASE_URL}/unsubscribe?token=${unsubscribeToken(other.id)}`, { method: "POST", body });
      expect(plain.status).toBe(200);
      expect(await weeklySummaryWanted(other.id)).toBe(false);
      // The exception is this path only.
      const elsewhere = await app.request(`${BASE_URL}/profile`, { method: "POST", headers: crossSite, body: "intent=weekly-summary" });
      expect(elsewhere.status).toBe(403);
      // A GET from a link scanner changes nothing.
      const third = await createOwner(getDb());
      const scanned = await app.request(`${BASE_URL}/unsubscribe?token=${unsubscribeToken(third.id)}`);
      expect(scanned.status).toBe(200);
      expect(await weeklySummaryWanted(third.id)).toBe(true);
    });
  });
});

describe("/profile: the weekly summary setting", () => {
  it("an owner turns it off and on again; a visitor has no such setting and is refused", async () => {
    const owner = await createOwner(getDb());
    const cookie = await sessionCookie(owner.email);
    const shown = page(await renderRoute(profileRoute, "/profile", { cookie }));
    expect(shown.text).toContain("Weekly summary e-mail");
    expect(shown.html).toMatch(/<input[^>]*type="checkbox"[^>]*name="weeklySummary"[^>]*checked/);

    const off = page(await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "weekly-summary" } }));
    expect(off.text).toContain("Weekly summaries are off.");
    expect(off.text).not.toContain("Profile updated");
    expect(await weeklySummaryWanted(owner.id)).toBe(false);
    expect(off.html).not.toMatch(/name="weeklySummary"[^>]*checked/);

    const on = page(await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "weekly-summary", weeklySummary: "on" } }));
    expect(on.text).toContain("Weekly summaries are on.");
    expect(await weeklySummaryWanted(owner.id)).toBe(true);

    const visitor = await createVisitor(getDb());
    const visitorCookie = await sessionCookie(visitor.email);
    const visitorPage = page(await renderRoute(profileRoute, "/profile", { cookie: visitorCookie }));
    expect(visitorPage.text).not.toContain("Weekly summary e-mail");
    const refused = page(await renderRoute(profileRoute, "/profile", { cookie: visitorCookie, form: { intent: "weekly-summary" } }));
    expect(refused.status).toBe(403);
    await expect(setWeeklySummary(null, false)).rejects.toMatchObject({ code: "unauthenticated" });
    const [row] = await getDb().select().from(emailPreferences).where(eq(emailPreferences.userId, visitor.id));
    expect(row).toBeUndefined();
  });
});
