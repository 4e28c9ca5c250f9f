import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessMessages, conversationBlocks, realtimeEvents } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createVisitor, type CreatedUser } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { listen, testApp, type Listening } from "../../../tests/support/server";
import { openEventStream } from "../../../tests/support/sse-client";
import { statusOf } from "../../lib/error-responses.server";
import { getDb } from "../../lib/db.server";
import { deliveredMail } from "../../../tests/support/outbox";
import { getRealtimeHub, REALTIME_TYPES } from "../../lib/realtime.server";
import { signIn } from "../accounts/sign-in.server";
import type { SessionUser } from "../accounts/session-user";
import { blockConversation, unblockConversation } from "./block-conversation.server";
import { listConversations } from "./list-conversations.server";
import { BLOCK_TEXTS, MESSAGE_TEXTS } from "./message.schemas";
import { openConversation } from "./open-conversation.server";
import { sendMessage } from "./send-message.server";

const db = () => getDb();

function send(actor: SessionUser, input: { businessId: string; message: string; visitorId?: string }) {
  return sendMessage(actor, { idempotencyKey: randomUUID(), ...input });
}

async function countMessages(text: string): Promise<number> {
  const [row] = await db().select({ n: count() }).from(businessMessages).where(eq(businessMessages.message, text));
  return Number(row?.n ?? 0);
}

/** An owner's listing and a visitor who already wrote to it. */
async function conversation() {
  const owner = await createOwner(db());
  const business = await createBusiness(db(), { userId: owner.id, name: `Buka ${randomUUID().slice(0, 6)}` });
  const visitor = await createVisitor(db());
  const ownerActor = await actorFor(owner);
  const visitorActor = await actorFor(visitor);
  await send(visitorActor, { businessId: business.id, message: "Good afternoon, is the jollof ready?" });
  return { owner, business, visitor, ownerActor, visitorActor };
}

let addressCounter = 0;
async function cookieFor(user: CreatedUser): Promise<string> {
  addressCounter += 1;
  const result = await signIn(
    { email: user.email, password: user.password! },
    { request: new Request("http://localhost/login"), clientAddress: `10.16.0.${addressCounter}` },
  );
  if (result.status !== "signed-in") throw new Error(`sign-in did not complete: ${result.status}`);
  return result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("blocking in a conversation (issue 16)", () => {
  it("the owner blocks the visitor: the visitor's messages are refused with a plain text, nothing stored or delivered, history kept", async () => {
    const { business, visitor, ownerActor, visitorActor } = await conversation();
    const eventsBefore = await db().select({ n: count() }).from(realtimeEvents);
    const result = await blockConversation(ownerActor, { businessId: business.id, visitorId: visitor.id });
    expect(result).toMatchObject({ side: "business", blocked: true });

    const text = `After the block ${randomUUID()}`;
    const error = await refusal(send(visitorActor, { businessId: business.id, message: text }));
    expect(error.message).toBe(BLOCK_TEXTS.visitorBlocked);
    expect(statusOf(error)).toBe(403);
    expect(await countMessages(text)).toBe(0);
    expect(await db().select({ n: count() }).from(realtimeEvents)).toEqual(eventsBefore);

    // The owner who blocked cannot write either until they unblock.
    const own = await refusal(send(ownerActor, { businessId: business.id, visitorId: visitor.id, message: "Hello?" }));
    expect(own.message).toBe(BLOCK_TEXTS.youBlocked);

    // History stays on both sides; the owner's chat says it is blocked by them, the visitor's does not.
    const ownerView = await openConversation(ownerActor, { businessId: business.id, visitorId: visitor.id });
    const visitorView = await openConversation(visitorActor, { businessId: business.id });
    if (ownerView.kind !== "chat" || visitorView.kind !== "chat") throw new Error("expected chats");
    expect(ownerView.messages.map((m) => m.text)).toEqual(["Good afternoon, is the jollof ready?"]);
    expect(visitorView.messages).toHaveLength(1);
    expect([ownerView.blockedByMe, visitorView.blockedByMe]).toEqual([true, false]);
    const ownerList = await listConversations(ownerActor, { businessId: business.id });
    expect(ownerList.map((c) => c.blockedByMe)).toEqual([true]);
    expect((await listConversations(visitorActor)).find((c) => c.businessId === business.id)?.blockedByMe).toBe(false);

    // Unblocking restores messaging both ways.
    await unblockConversation(ownerActor, { businessId: business.id, visitorId: visitor.id });
    await send(visitorActor, { businessId: business.id, message: text });
    expect(await countMessages(text)).toBe(1);
    await send(ownerActor, { businessId: business.id, visitorId: visitor.id, message: "Yes, come by 2pm" });
  });

  it("the visitor blocks the business: the owner's replies are refused, no e-mail, and only the visitor can unblock", async () => {
    const { owner, business, visitor, ownerActor, visitorActor } = await conversation();
    await blockConversation(visitorActor, { businessId: business.id });
    await blockConversation(visitorActor, { businessId: business.id }); // twice is once
    const rows = await db().select().from(conversationBlocks).where(and(eq(conversationBlocks.businessId, business.id), eq(conversationBlocks.visitorId, visitor.id)));
    expect(rows.map((r) => [r.blockedBy, r.blockerId])).toEqual([["visitor", visitor.id]]);

    const reply = await refusal(send(ownerActor, { businessId: business.id, visitorId: visitor.id, message: "Pay first abeg" }));
    expect(reply.message).toBe(BLOCK_TEXTS.businessBlocked);
    const outboxBefore = (await deliveredMail()).filter((m) => m.to === owner.email).length;
    const mine = await refusal(send(visitorActor, { businessId: business.id, message: "One more thing" }));
    expect(mine.message).toBe(BLOCK_TEXTS.youBlocked);
    expect((await deliveredMail()).filter((m) => m.to === owner.email)).toHaveLength(outboxBefore);

    // The owner unblocking lifts only their own side (none): the visitor's block stays.
    await unblockConversation(ownerActor, { businessId: business.id, visitorId: visitor.id });
    expect((await refusal(send(ownerActor, { businessId: business.id, visitorId: visitor.id, message: "Hello" }))).message).toBe(BLOCK_TEXTS.businessBlocked);
    await unblockConversation(visitorActor, { businessId: business.id });
    await send(ownerActor, { businessId: business.id, visitorId: visitor.id, message: "Hello again" });
  });

  it("only the two sides may block or unblock: strangers, other owners and admins are answered not found", async () => {
    const { business, visitor, visitorActor } = await conversation();
    const stranger = await actorFor(await createVisitor(db()));
    const otherOwner = await actorFor(await createOwner(db()));
    const admin = await actorFor(await createAdmin(db()));
    for (const actor of [stranger, otherOwner, admin]) {
      for (const act of [blockConversation, unblockConversation]) {
        const error = await refusal(act(actor, { businessId: business.id, visitorId: visitor.id }));
        expect([error.code, error.message]).toEqual(["not-found", MESSAGE_TEXTS.businessNotFound]);
      }
      // Their own (empty) conversation with the business is not one to block in.
      expect((await refusal(blockConversation(actor, { businessId: business.id }))).code).toBe("not-found");
    }
    expect((await refusal(blockConversation(null, { businessId: business.id }))).code).toBe("unauthenticated");
    expect((await refusal(blockConversation(visitorActor, { businessId: "not-a-uuid" }))).code).toBe("not-found");
    const [rows] = await db().select({ n: count() }).from(conversationBlocks).where(eq(conversationBlocks.businessId, business.id));
    expect(Number(rows?.n)).toBe(0);
  });

  it("an admin who is the visitor of their own conversation can block like any visitor", async () => {
    const owner = await createOwner(db());
    const business = await createBusiness(db(), { userId: owner.id });
    const admin = await actorFor(await createAdmin(db()));
    await send(admin, { businessId: business.id, message: "Admin asking as a customer" });
    await blockConversation(admin, { businessId: business.id });
    const error = await refusal(send(await actorFor(owner), { businessId: business.id, visitorId: admin.id, message: "Hi" }));
    expect(error.message).toBe(BLOCK_TEXTS.businessBlocked);
  });
});

describe("blocking: the side, not the account type", () => {
  it("an owner writing to another business as a customer is that conversation's visitor", async () => {
    const owner = await createOwner(db());
    const business = await createBusiness(db(), { userId: owner.id });
    const customer = await createOwner(db());
    const customerActor = await actorFor(customer);
    await send(customerActor, { businessId: business.id, message: "Do you cater for weddings?" });
    await blockConversation(await actorFor(owner), { businessId: business.id, visitorId: customer.id });
    const error = await refusal(send(customerActor, { businessId: business.id, message: "Hello?" }));
    expect(error.message).toBe(BLOCK_TEXTS.visitorBlocked);
    // And as the visitor they may block the business.
    expect((await blockConversation(customerActor, { businessId: business.id })).side).toBe("visitor");
  });
});

describe("blocking over HTTP: /api/messages and the live stream", () => {
  let server: Listening;
  beforeAll(async () => {
    server = await listen(testApp());
  });
  afterAll(async () => {
    await getRealtimeHub().stop();
    await server?.close();
  });

  it("refuses a blocked visitor's message with 403 and the text, and the owner's stream receives nothing", async () => {
    const { owner, business, visitor, ownerActor } = await conversation();
    await blockConversation(ownerActor, { businessId: business.id, visitorId: visitor.id });
    const [ownerCookie, visitorCookie] = await Promise.all([cookieFor(owner), cookieFor(visitor)]);
    const ownerStream = await openEventStream(`${server.url}/events`, { cookie: ownerCookie });
    expect(ownerStream.status).toBe(200);

    const text = `Blocked over HTTP ${randomUUID()}`;
    const post = () =>
      fetch(`${server.url}/api/messages`, {
        method: "POST",
        headers: { cookie: visitorCookie, "content-type": "application/json" },
        body: JSON.stringify({ businessId: business.id, message: text, idempotencyKey: randomUUID() }),
      });
    const refused = await post();
    expect([refused.status, await refused.json()]).toEqual([403, { error: BLOCK_TEXTS.visitorBlocked, code: "forbidden" }]);
    expect(await countMessages(text)).toBe(0);
    expect((await ownerStream.collectFor(400)).filter((e) => e.type === REALTIME_TYPES.messageCreated)).toEqual([]);

    await unblockConversation(ownerActor, { businessId: business.id, visitorId: visitor.id });
    const accepted = await post();
    expect(accepted.status).toBe(201);
    await ownerStream.waitFor((e) => e.type === REALTIME_TYPES.messageCreated && (e.payload.message as { text?: string }).text === text);
    ownerStream.close();
  });
});
