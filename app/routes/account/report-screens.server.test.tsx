import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reports, user } from "../../../db/schema";
import { createBusiness, createMessage, createOwner, createVisitor } from "../../../db/seed/factories";
import { REPORT_TEXTS } from "../../features/reports/report.schemas";
import { getDb } from "../../lib/db.server";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import * as reportRoute from "./report";
import * as messagesRoute from "../messages/messages";
import { hrefs } from "../../../tests/support/screen-harness";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

async function listing(name = "Mama Put Kitchen") {
  const owner = await createOwner(getDb());
  return { owner, business: await createBusiness(getDb(), { userId: owner.id, name }) };
}

describe("/report", () => {
  it("sends anonymous visitors to log in and back", async () => {
    const { business } = await listing();
    const path = `/report?kind=listing&id=${business.id}`;
    const shown = await renderRoute(reportRoute, path);
    expect(shown).toMatchObject({ kind: "redirect", location: `/login?redirectTo=${encodeURIComponent(path)}` });
    const posted = await renderRoute(reportRoute, path, { form: { reason: "scam" } });
    expect(posted.kind).toBe("redirect");
  });

  it("shows the listing's name and the five reasons; a report is received, and the page says so", async () => {
    const { business } = await listing("<b>Bold</b> Kitchen");
    const visitor = await createVisitor(getDb());
    const cookie = await sessionCookie(visitor.email);
    const path = `/report?kind=listing&id=${business.id}`;
    const shown = page(await renderRoute(reportRoute, path, { cookie }));
    expect(shown.text).toContain("Report listing");
    expect(shown.html).toContain("&lt;b&gt;Bold&lt;/b&gt; Kitchen");
    for (const label of ["Scam or fraud", "Fake or misleading", "Offensive", "Wrong information", "Other"]) expect(shown.text).toContain(label);
    const sent = page(await renderRoute(reportRoute, path, { cookie, form: { reason: "fake", details: "Not a real shop" } }));
    expect(sent.text).toContain(REPORT_TEXTS.received.title);
    const rows = await getDb().select().from(reports).where(eq(reports.itemId, business.id));
    expect(rows).toMatchObject([{ reporterId: visitor.id, reason: "fake", details: "Not a real shop" }]);
  });

  it("a missing reason keeps what was typed; a second report is refused with a clear text", async () => {
    const { business } = await listing();
    const visitor = await createVisitor(getDb());
    const cookie = await sessionCookie(visitor.email);
    const path = `/report?kind=listing&id=${business.id}`;
    const missing = page(await renderRoute(reportRoute, path, { cookie, form: { reason: "", details: "They never delivered" } }));
    expect(missing.status).toBe(400);
    expect(missing.text).toContain(REPORT_TEXTS.reasonRequired);
    expect(missing.text).toContain("They never delivered");
    await renderRoute(reportRoute, path, { cookie, form: { reason: "scam" } });
    const again = page(await renderRoute(reportRoute, path, { cookie, form: { reason: "scam" } }));
    expect(again.status).toBe(409);
    expect(again.text).toContain(REPORT_TEXTS.alreadyReported);
  });

  it("an owner is told they cannot report their own listing; a stranger cannot report someone else's message", async () => {
    const { owner, business } = await listing();
    const ownPage = page(await renderRoute(reportRoute, `/report?kind=listing&id=${business.id}`, { cookie: await sessionCookie(owner.email) }));
    expect(ownPage.status).toBe(403);
    expect(ownPage.text).toContain(REPORT_TEXTS.ownListing);
    expect(ownPage.html).not.toContain('name="reason"');
    const writer = await createVisitor(getDb());
    const message = await createMessage(getDb(), { businessId: business.id, senderId: writer.id, message: "Hello" });
    const stranger = await createVisitor(getDb());
    const path = `/report?kind=message&id=${message.id}`;
    const refused = page(await renderRoute(reportRoute, path, { cookie: await sessionCookie(stranger.email) }));
    expect(refused.status).toBe(404);
    expect(refused.text).toContain(REPORT_TEXTS.notParticipant);
    const posted = page(await renderRoute(reportRoute, path, { cookie: await sessionCookie(stranger.email), form: { reason: "scam" } }));
    expect(posted.status).toBe(404);
    expect(await getDb().select().from(reports).where(eq(reports.itemId, message.id))).toHaveLength(0);
    // The business's owner is a participant: they may report it.
    const ownerReport = page(await renderRoute(reportRoute, path, { cookie: await sessionCookie(owner.email), form: { reason: "offensive" } }));
    expect(ownerReport.text).toContain(REPORT_TEXTS.received.title);
  });

  it("a suspended user is signed out and cannot report", async () => {
    const { business } = await listing();
    const visitor = await createVisitor(getDb());
    const cookie = await sessionCookie(visitor.email);
    await getDb().update(user).set({ banned: true }).where(eq(user.id, visitor.id));
    const posted = await renderRoute(reportRoute, `/report?kind=listing&id=${business.id}`, { cookie, form: { reason: "scam" } });
    expect(posted.kind).toBe("redirect");
    expect(await getDb().select().from(reports).where(eq(reports.itemId, business.id))).toHaveLength(0);
  });

  it("the conversation view links 'Report' beside the other side's messages only", async () => {
    const { owner, business } = await listing();
    const visitor = await createVisitor(getDb());
    const theirs = await createMessage(getDb(), { businessId: business.id, senderId: visitor.id, message: "Pay first please" });
    const mine = await createMessage(getDb(), { businessId: business.id, senderId: owner.id, visitorId: visitor.id, senderType: "business", message: "No" });
    const shown = page(await renderRoute(messagesRoute, `/messages?businessId=${business.id}&visitorId=${visitor.id}`, { cookie: await sessionCookie(owner.email) }));
    const links = hrefs(shown.html);
    expect(links).toContain(`/report?kind=message&id=${theirs.id}`);
    expect(links).not.toContain(`/report?kind=message&id=${mine.id}`);
  });
});
