import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { BLOCK_TEXTS } from "../../features/messaging/message.schemas";
import { SAFETY_TEXTS } from "../../features/messaging/safety-tips";
import { sendMessage } from "../../features/messaging/send-message.server";
import { getDb } from "../../lib/db.server";
import * as messagesRoute from "./messages";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

async function scene() {
  const owner = await createOwner(getDb());
  const business = await createBusiness(getDb(), { userId: owner.id, name: `Suya Spot ${randomUUID().slice(0, 6)}` });
  const visitor = await createVisitor(getDb());
  await sendMessage(await actorFor(visitor), { businessId: business.id, message: "How much for 10 sticks?", idempotencyKey: randomUUID() });
  const [ownerCookie, visitorCookie] = await Promise.all([sessionCookie(owner.email), sessionCookie(visitor.email)]);
  return {
    owner, business, visitor, ownerCookie, visitorCookie,
    visitorChat: `/messages?businessId=${business.id}`,
    ownerChat: `/messages?businessId=${business.id}&visitorId=${visitor.id}`,
  };
}

describe("/messages: safety tips beside risky messages", () => {
  it("shows the recipient a note beside a pay-first message with an account number, and never the sender", async () => {
    const { owner, business, visitor, ownerCookie, visitorCookie, visitorChat, ownerChat } = await scene();
    await sendMessage(await actorFor(owner), {
      businessId: business.id, visitorId: visitor.id, message: "Pay first into GTB 0123456789 then I send", idempotencyKey: randomUUID(),
    });
    const recipient = page(await renderRoute(messagesRoute, visitorChat, { cookie: visitorCookie }));
    expect(recipient.text).toContain("Pay first into GTB 0123456789 then I send");
    expect(recipient.html.match(/data-testid="safety-note"/g)).toHaveLength(1);
    expect(recipient.text).toContain(SAFETY_TEXTS["pay-first"]);
    // Without the script there is nothing to dismiss with: the note stays.
    expect(recipient.text).not.toContain(SAFETY_TEXTS.dismiss);

    const sender = page(await renderRoute(messagesRoute, ownerChat, { cookie: ownerCookie }));
    expect(sender.text).toContain("Pay first into GTB 0123456789 then I send");
    expect(sender.html).not.toContain('data-testid="safety-note"');
  });

  it("shows no note beside an ordinary message", async () => {
    const { ownerCookie, ownerChat } = await scene();
    const shown = page(await renderRoute(messagesRoute, ownerChat, { cookie: ownerCookie }));
    expect(shown.text).toContain("How much for 10 sticks?");
    expect(shown.html).not.toContain('data-testid="safety-note"');
  });
});

describe("/messages: blocking through the forms (without JavaScript)", () => {
  it("the owner blocks from the chat, the visitor's form post is refused and keeps the draft, the owner unblocks from the list", async () => {
    const { business, visitor, ownerCookie, visitorCookie, visitorChat, ownerChat } = await scene();
    const before = page(await renderRoute(messagesRoute, ownerChat, { cookie: ownerCookie }));
    expect(before.html).toMatch(/name="intent" value="block"/);

    const blocked = await renderRoute(messagesRoute, ownerChat, { cookie: ownerCookie, form: { intent: "block", businessId: business.id, visitorId: visitor.id } });
    expect(blocked).toMatchObject({ kind: "redirect", status: 303 });
    if (blocked.kind !== "redirect") throw new Error("expected a redirect");
    expect(blocked.location).toContain("done=blocked");
    const ownerAfter = page(await renderRoute(messagesRoute, blocked.location, { cookie: ownerCookie }));
    expect(ownerAfter.text).toContain(BLOCK_TEXTS.blocked);
    expect(ownerAfter.text).toContain(BLOCK_TEXTS.youBlocked);
    expect(ownerAfter.text).toContain("How much for 10 sticks?");

    const draft = `Are you there? ${randomUUID()}`;
    const refused = page(
      await renderRoute(messagesRoute, visitorChat, { cookie: visitorCookie, form: { businessId: business.id, message: draft, idempotencyKey: randomUUID() } }),
    );
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(BLOCK_TEXTS.visitorBlocked);
    expect(refused.html).toContain(draft);
    // The visitor's chat does not say who blocked whom before they write.
    const visitorView = page(await renderRoute(messagesRoute, visitorChat, { cookie: visitorCookie }));
    expect(visitorView.text).not.toContain(BLOCK_TEXTS.youBlocked);

    const list = page(await renderRoute(messagesRoute, `/messages?businessId=${business.id}`, { cookie: ownerCookie }));
    expect(list.html).toMatch(/name="intent" value="unblock"/);
    const unblocked = await renderRoute(messagesRoute, `/messages?businessId=${business.id}`, {
      cookie: ownerCookie, form: { intent: "unblock", businessId: business.id, visitorId: visitor.id },
    });
    expect(unblocked).toMatchObject({ kind: "redirect", status: 303 });
    const sent = await renderRoute(messagesRoute, visitorChat, { cookie: visitorCookie, form: { businessId: business.id, message: draft, idempotencyKey: randomUUID() } });
    expect(sent).toMatchObject({ kind: "redirect", location: expect.stringContaining("sent=1") });
  });

  it("refuses an intent it does not know", async () => {
    const { visitorCookie, visitorChat } = await scene();
    const shown = page(await renderRoute(messagesRoute, visitorChat, { cookie: visitorCookie, form: { intent: "no-such-intent" } }));
    expect(shown.status).toBe(400);
  });
});
