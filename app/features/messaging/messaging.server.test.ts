import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessMessages, conversationStates, notificationBroadcasts, notifications, rateLimits, realtimeEvents } from "../../../db/schema";
import { createAdmin, createBusiness, createMessage, createOwner, createVisitor, type CreatedUser } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { listen, testApp, type Listening } from "../../../tests/support/server";
import { AppError } from "../../lib/app-error";
import { statusOf } from "../../lib/error-responses.server";
import { getDb, queryRows } from "../../lib/db.server";
import { runDueJobs } from "../../lib/jobs.server";
import { JOB_HANDLERS } from "../../../server/jobs";
import { listOutbox } from "../../lib/email.server";
import { getRealtimeHub, publishEvent, realtimeCursor, REALTIME_TYPES } from "../../lib/realtime.server";
import { signIn } from "../accounts/sign-in.server";
import type { SessionUser } from "../accounts/session-user";
import { countUnread } from "../notifications/count-unread.server";
import { listNotifications } from "../notifications/list-notifications.server";
import { markNotificationRead } from "../notifications/mark-notification-read.server";
import { NOTIFICATION_TEXTS } from "../notifications/notification.schemas";
import { listConversations } from "./list-conversations.server";
import { listMessageNotifications } from "./list-message-notifications.server";
import { markConversationRead } from "./mark-conversation-read.server";
import { markMessageRead } from "./mark-message-read.server";
import { MESSAGE_TEXTS } from "./message.schemas";
import { openConversation } from "./open-conversation.server";
import { sendMessage } from "./send-message.server";
import { MESSAGE_NOTICE_QUEUE } from "./send-message-notice.server";
import { openEventStream, type ReceivedEvent } from "../../../tests/support/sse-client";

const db = () => getDb();

async function send(actor: SessionUser | null, input: { businessId: string; message: string; visitorId?: string; idempotencyKey?: string }) {
  return sendMessage(actor, { idempotencyKey: randomUUID(), ...input });
}

async function messageCount(where = sql`true`): Promise<number> {
  const [row] = await db().select({ n: count() }).from(businessMessages).where(where);
  return Number(row?.n ?? 0);
}

/** A business owner with one approved listing, a visitor, and their SessionUsers. */
async function scene() {
  const owner = await createOwner(db());
  const business = await createBusiness(db(), { userId: owner.id, name: `Mama Put ${randomUUID().slice(0, 6)}` });
  const visitor = await createVisitor(db());
  return { owner, business, visitor, ownerActor: await actorFor(owner), visitorActor: await actorFor(visitor) };
}

let addressCounter = 0;
async function cookieFor(user: CreatedUser): Promise<string> {
  addressCounter += 1;
  const result = await signIn(
    { email: user.email, password: user.password! },
    { request: new Request("http://localhost/login"), clientAddress: `10.9.0.${addressCounter}` },
  );
  if (result.status !== "signed-in") throw new Error(`sign-in did not complete: ${result.status}`);
  return result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("sending: texts and sanitising (spec 01 §5, §8)", () => {
  it("stores the text with script blocks and every HTML tag removed, trimmed", async () => {
    const { business, visitorActor } = await scene();
    const { message } = await send(visitorActor, {
      businessId: business.id,
      message: '  <script type="text/javascript">alert("x")</script><b>Hello</b> <i>there</i>, <a href="javascript:x">open</a>?<br/>  ',
    });
    expect(message.text).toBe("Hello there, open?");
    const [row] = await db().select({ message: businessMessages.message }).from(businessMessages).where(eq(businessMessages.id, message.id));
    expect(row?.message).toBe("Hello there, open?");
  });

  it("refuses an empty message with 'Please enter a message' and stores nothing", async () => {
    const { business, visitorActor } = await scene();
    for (const text of ["", "   ", "\n\t"]) {
      const error = await refusal(send(visitorActor, { businessId: business.id, message: text }));
      expect(error.message).toBe(MESSAGE_TEXTS.empty);
      expect(statusOf(error)).toBe(400);
    }
    expect(await messageCount(eq(businessMessages.businessId, business.id))).toBe(0);
  });

  it("refuses 0 or more than 1000 characters after sanitising with 'Message must be between 1 and 1000 characters'", async () => {
    const { business, visitorActor } = await scene();
    for (const text of ["<b></b>", "<script>only a script</script>", "x".repeat(1001), "é".repeat(1001)]) {
      const error = await refusal(send(visitorActor, { businessId: business.id, message: text }));
      expect(error.message).toBe(MESSAGE_TEXTS.length);
    }
    // 1000 characters count as PostgreSQL counts them (code points), tags around them do not count.
    const emoji = "😀".repeat(1000);
    expect((await send(visitorActor, { businessId: business.id, message: `<p>${emoji}</p>` })).message.text).toBe(emoji);
  });

  it("refuses an anonymous sender with 'You must be logged in to send messages'", async () => {
    const { business } = await scene();
    const error = await refusal(send(null, { businessId: business.id, message: "Hello" }));
    expect(error.message).toBe(MESSAGE_TEXTS.loginRequired);
    expect(statusOf(error)).toBe(401);
  });

  it("refuses a business that does not exist or is not public for a new conversation", async () => {
    const { visitorActor, owner } = await scene();
    const pending = await createBusiness(db(), { userId: owner.id, status: "pending" });
    const orphan = await createBusiness(db(), { userId: null });
    for (const businessId of [randomUUID(), pending.id, orphan.id]) {
      const error = await refusal(send(visitorActor, { businessId, message: "Hello" }));
      expect(error.message).toBe(MESSAGE_TEXTS.failed);
    }
    const bad = await refusal(sendMessage(visitorActor, { businessId: "not-a-uuid", message: "Hello", idempotencyKey: randomUUID() }));
    expect(bad.message).toBe(MESSAGE_TEXTS.failed);
  });
});

describe("rate limit: 5 messages per user per 60 seconds", () => {
  it("refuses the sixth with the spec's text and does not store it", async () => {
    const { business, visitorActor, visitor } = await scene();
    for (let i = 1; i <= 5; i++) await send(visitorActor, { businessId: business.id, message: `Message ${i}` });
    const error = await refusal(send(visitorActor, { businessId: business.id, message: "Message 6" }));
    expect(error.message).toBe(MESSAGE_TEXTS.rateLimited);
    expect(statusOf(error)).toBe(429);
    expect(await messageCount(eq(businessMessages.senderId, visitor.id))).toBe(5);
    // The counter lives in PostgreSQL (rate_limits), which every server process shares.
    const [row] = await db().select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, `msg:${visitor.id}`));
    expect(row?.count).toBe(6);
  });

  it("counts per user: another user may still send", async () => {
    const { business, visitorActor } = await scene();
    for (let i = 1; i <= 5; i++) await send(visitorActor, { businessId: business.id, message: `Message ${i}` });
    const other = await actorFor(await createVisitor(db()));
    await expect(send(other, { businessId: business.id, message: "Hello" })).resolves.toBeTruthy();
  });

  it("opens again once the 60 seconds have passed", async () => {
    const { business, visitorActor, visitor } = await scene();
    for (let i = 1; i <= 5; i++) await send(visitorActor, { businessId: business.id, message: `Message ${i}` });
    await db()
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '61 seconds'` })
      .where(eq(rateLimits.key, `msg:${visitor.id}`));
    await expect(send(visitorActor, { businessId: business.id, message: "After a minute" })).resolves.toBeTruthy();
  });
});

describe("idempotent sending", () => {
  it("stores one message for a retried send with the same key, and does not count the retry", async () => {
    const { business, visitorActor, visitor } = await scene();
    const idempotencyKey = randomUUID();
    const first = await send(visitorActor, { businessId: business.id, message: "Only once", idempotencyKey });
    const again = await send(visitorActor, { businessId: business.id, message: "Only once", idempotencyKey });
    expect(first.duplicate).toBe(false);
    expect(again.duplicate).toBe(true);
    expect(again.message.id).toBe(first.message.id);
    expect(await messageCount(eq(businessMessages.senderId, visitor.id))).toBe(1);
    const [row] = await db().select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, `msg:${visitor.id}`));
    expect(row?.count).toBe(1);
  });

  it("stores one message when the same key arrives twice at once", async () => {
    const { business, visitorActor, visitor } = await scene();
    const idempotencyKey = randomUUID();
    const results = await Promise.all([1, 2, 3].map(() => send(visitorActor, { businessId: business.id, message: "Race", idempotencyKey })));
    expect(new Set(results.map((r) => r.message.id)).size).toBe(1);
    expect(await messageCount(eq(businessMessages.senderId, visitor.id))).toBe(1);
  });
});

describe("sender type and recipient (spec 01 §6, decisions page)", () => {
  it("a visitor's and an admin's message go to the owner; the owner's reply goes to that conversation's visitor", async () => {
    const { owner, business, visitor, visitorActor, ownerActor } = await scene();
    const admin = await createAdmin(db());
    const adminActor = await actorFor(admin);
    const other = await createVisitor(db());
    const fromVisitor = await send(visitorActor, { businessId: business.id, message: "From the visitor" });
    const fromAdmin = await send(adminActor, { businessId: business.id, message: "From the admin" });
    // The latest other sender is the admin; the reply still goes to the visitor of the conversation.
    await send(await actorFor(other), { businessId: business.id, message: "From someone else" });
    const reply = await send(ownerActor, { businessId: business.id, visitorId: visitor.id, message: "Reply to the visitor" });

    const rows = await db()
      .select({ id: businessMessages.id, senderType: businessMessages.senderType, recipientId: businessMessages.recipientId, visitorId: businessMessages.visitorId })
      .from(businessMessages)
      .where(eq(businessMessages.businessId, business.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(fromVisitor.message.id)).toMatchObject({ senderType: "visitor", recipientId: owner.id, visitorId: visitor.id });
    expect(byId.get(fromAdmin.message.id)).toMatchObject({ senderType: "admin", recipientId: owner.id, visitorId: admin.id });
    expect(byId.get(reply.message.id)).toMatchObject({ senderType: "business", recipientId: visitor.id, visitorId: visitor.id });
    const [stored] = await db().select({ readStatus: businessMessages.readStatus }).from(businessMessages).where(eq(businessMessages.id, reply.message.id));
    expect(stored?.readStatus).toBe(false);
  });

  it("a business user messaging another business writes as that conversation's visitor, sender_type business", async () => {
    const { business } = await scene();
    const otherOwner = await createOwner(db());
    const { message } = await send(await actorFor(otherOwner), { businessId: business.id, message: "Supplier enquiry" });
    expect(message).toMatchObject({ senderType: "business", visitorId: otherOwner.id, senderId: otherOwner.id });
  });

  it("an owner cannot start a conversation: a reply needs an existing one", async () => {
    const { business, ownerActor } = await scene();
    const stranger = await createVisitor(db());
    const error = await refusal(send(ownerActor, { businessId: business.id, visitorId: stranger.id, message: "Cold message" }));
    expect(error.message).toBe(MESSAGE_TEXTS.failed);
    expect(await refusal(send(ownerActor, { businessId: business.id, message: "To myself" }))).toBeInstanceOf(AppError);
  });
});

describe("who reads and writes what: every read and write as the wrong user", () => {
  it("refuses each one", async () => {
    const { owner, business, visitor, visitorActor, ownerActor } = await scene();
    await send(visitorActor, { businessId: business.id, message: "Private question" });
    const reply = await send(ownerActor, { businessId: business.id, visitorId: visitor.id, message: "Private answer" });

    const otherVisitor = await actorFor(await createVisitor(db()));
    const otherOwnerUser = await createOwner(db());
    await createBusiness(db(), { userId: otherOwnerUser.id });
    const otherOwner = await actorFor(otherOwnerUser);
    const admin = await actorFor(await createAdmin(db()));
    const conversation = { businessId: business.id, visitorId: visitor.id };

    // Reading someone else's conversation.
    for (const actor of [otherVisitor, otherOwner]) {
      const error = await refusal(openConversation(actor, conversation));
      expect(error.code).toBe("not-found");
      const listed = await listConversations(actor);
      expect(listed.some((c) => c.visitorId === visitor.id)).toBe(false);
    }
    // Their own conversation with the same business is theirs only (empty, not the visitor's).
    const own = await openConversation(otherVisitor, { businessId: business.id });
    expect(own.kind === "chat" && own.messages).toEqual([]);

    // Writing into someone else's conversation.
    for (const actor of [otherVisitor, otherOwner, admin]) {
      const error = await refusal(send(actor, { ...conversation, message: "Let me in" }));
      expect(error.message).toBe(MESSAGE_TEXTS.failed);
    }
    // The visitor cannot pose as the business.
    expect((await refusal(send(visitorActor, { businessId: business.id, visitorId: owner.id, message: "As the owner" }))).code).toBe("forbidden");

    // Marking someone else's messages read.
    for (const actor of [otherVisitor, otherOwner, admin]) {
      expect((await refusal(markConversationRead(actor, conversation))).code).toBe("not-found");
    }
    const [replyRow] = await db().select({ readStatus: businessMessages.readStatus }).from(businessMessages).where(eq(businessMessages.id, reply.message.id));
    expect(replyRow?.readStatus).toBe(false);

    // Mark Read on /notifications: only the owner of the business, never for the owner's own messages.
    const [visitorMessage] = await db()
      .select({ id: businessMessages.id })
      .from(businessMessages)
      .where(and(eq(businessMessages.businessId, business.id), eq(businessMessages.senderId, visitor.id)));
    for (const actor of [otherVisitor, otherOwner, visitorActor, admin]) {
      const error = await refusal(markMessageRead(actor, visitorMessage!.id));
      expect(error.message).toBe(NOTIFICATION_TEXTS.markReadFailed);
    }
    expect((await refusal(markMessageRead(ownerActor, reply.message.id))).message).toBe(NOTIFICATION_TEXTS.markReadFailed);
    const markedRead = await db()
      .select({ id: businessMessages.id })
      .from(businessMessages)
      .where(and(eq(businessMessages.businessId, business.id), eq(businessMessages.readStatus, true)));
    expect(markedRead).toEqual([]);

    // Nothing reached anyone else's live stream: events only for the visitor and the owner.
    const recipients = await db().selectDistinct({ userId: realtimeEvents.userId }).from(realtimeEvents).where(sql`${realtimeEvents.payload} -> 'message' ->> 'businessId' = ${business.id}`);
    expect(recipients.map((r) => r.userId).sort()).toEqual([owner.id, visitor.id].sort());

    // Admins read every conversation, read-only.
    const seen = await openConversation(admin, conversation);
    expect(seen.kind === "chat" && seen.messages.map((m) => m.text)).toEqual(["Private question", "Private answer"]);
    expect(seen.kind === "chat" && seen.canReply).toBe(false);
  });

  it("a visitor reads only their own conversations: their messages and the business's replies to them", async () => {
    const { business, visitor, visitorActor, ownerActor } = await scene();
    const other = await createVisitor(db());
    await send(visitorActor, { businessId: business.id, message: "Mine" });
    await send(await actorFor(other), { businessId: business.id, message: "Theirs" });
    await send(ownerActor, { businessId: business.id, visitorId: other.id, message: "Reply to them" });
    await send(ownerActor, { businessId: business.id, visitorId: visitor.id, message: "Reply to me" });
    const chat = await openConversation(visitorActor, { businessId: business.id });
    expect(chat.kind === "chat" && chat.messages.map((m) => m.text)).toEqual(["Mine", "Reply to me"]);
    const list = await listConversations(visitorActor);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ businessName: business.name, lastMessage: "Reply to me", unreadCount: 0, isOwnConversation: true });
  });
});

describe("conversation list (spec 01 §3 Conversation)", () => {
  it("one per business and visitor, newest activity first, with last message, time and unread count", async () => {
    const { owner, business, visitor, visitorActor, ownerActor } = await scene();
    const second = await createBusiness(db(), { userId: owner.id, name: "Second Shop" });
    const other = await createVisitor(db(), { firstName: "Ada", lastName: "Obi" });
    const t = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await createMessage(db(), { businessId: business.id, senderId: visitor.id, message: "Old one", createdAt: t(30) });
    await createMessage(db(), { businessId: business.id, senderId: visitor.id, message: "Newer one", createdAt: t(20) });
    await createMessage(db(), { businessId: second.id, senderId: other.id, message: "Hi second shop", createdAt: t(10) });
    const welcomeAt = t(5);
    await createMessage(db(), { businessId: second.id, senderId: owner.id, senderType: "business", visitorId: other.id, message: "Welcome", readStatus: false, createdAt: welcomeAt });

    const list = await listConversations(ownerActor);
    expect(list.map((c) => [c.businessName, c.visitorName, c.lastMessage, c.unreadCount])).toEqual([
      ["Second Shop", "Ada Obi", "Welcome", 1],
      [business.name, "Visitor User", "Newer one", 2],
    ]);
    expect(list[0]!.lastMessageTime).toBe(welcomeAt.toISOString());
    expect(list[0]!.href).toBe(`/messages?businessId=${second.id}&visitorId=${other.id}&businessName=Second+Shop`);
    // Ada's side: one conversation, the business's reply unread.
    const ada = await listConversations(await actorFor(other));
    expect(ada.map((c) => [c.businessName, c.unreadCount, c.href])).toEqual([["Second Shop", 1, `/messages?businessId=${second.id}&businessName=Second+Shop`]]);
    expect((await listConversations(visitorActor))[0]).toMatchObject({ lastMessage: "Newer one", unreadCount: 0 });
  });

  it("names a deleted listing 'Unknown Business'", async () => {
    const { owner, visitor, visitorActor } = await scene();
    const gone = await createBusiness(db(), { userId: owner.id });
    await createMessage(db(), { businessId: gone.id, senderId: visitor.id, message: "Are you there?" });
    await db().execute(sql`delete from businesses where id = ${gone.id}`);
    const [conversation] = await listConversations(visitorActor);
    expect(conversation).toMatchObject({ businessName: MESSAGE_TEXTS.unknownBusiness, businessId: null, href: null });
  });

  it("an owner's list comes from the latest 200 messages of their businesses", async () => {
    const { owner, business, visitor, ownerActor } = await scene();
    const chatty = await createVisitor(db());
    await createMessage(db(), { businessId: business.id, senderId: visitor.id, message: "Long ago", createdAt: new Date(Date.now() - 86_400_000) });
    await db().execute(sql`
      insert into business_messages (business_id, sender_id, recipient_id, visitor_id, message, sender_type, created_at)
      select ${business.id}, ${chatty.id}, ${owner.id}, ${chatty.id}, 'message ' || n, 'visitor', now() - make_interval(secs => n)
      from generate_series(1, 200) as n`);
    const list = await listConversations(ownerActor);
    expect(list.map((c) => c.visitorId)).toEqual([chatty.id]);
    // An admin's list comes from the latest 500: both conversations.
    const adminList = await listConversations(await actorFor(await createAdmin(db())), { businessId: business.id });
    expect(adminList.map((c) => c.visitorId).sort()).toEqual([chatty.id, visitor.id].sort());
  });
});

describe("opening a conversation marks the messages sent to the viewer as read", () => {
  it("marks only what was sent to the viewer and updates the bell count", async () => {
    const { owner, business, visitor, visitorActor, ownerActor } = await scene();
    await send(visitorActor, { businessId: business.id, message: "One" });
    await send(visitorActor, { businessId: business.id, message: "Two" });
    expect(await countUnread(db(), owner.id)).toBe(2);

    const chat = await openConversation(ownerActor, { businessId: business.id, visitorId: visitor.id });
    expect(chat.kind === "chat" && chat.messages.map((m) => m.text)).toEqual(["One", "Two"]);
    expect(await countUnread(db(), owner.id)).toBe(0);

    await send(ownerActor, { businessId: business.id, visitorId: visitor.id, message: "Three" });
    // The owner's reply is unread for the visitor until they open it; their own messages stay as they were.
    expect(await countUnread(db(), visitor.id)).toBe(1);
    await openConversation(visitorActor, { businessId: business.id });
    expect(await countUnread(db(), visitor.id)).toBe(0);
    const states = await db().select({ userId: conversationStates.userId }).from(conversationStates).where(eq(conversationStates.businessId, business.id));
    expect(states.map((s) => s.userId).sort()).toEqual([owner.id, visitor.id].sort());
  });

  it("an owner opening their own listing without a visitor gets its conversations instead", async () => {
    const { business, ownerActor } = await scene();
    expect(await openConversation(ownerActor, { businessId: business.id })).toEqual({ kind: "own-business", business: { id: business.id, name: business.name } });
  });

  it("an admin reading a conversation marks nothing read", async () => {
    const { owner, business, visitor, visitorActor } = await scene();
    await send(visitorActor, { businessId: business.id, message: "Hello" });
    await openConversation(await actorFor(await createAdmin(db())), { businessId: business.id, visitorId: visitor.id });
    expect(await countUnread(db(), owner.id)).toBe(1);
  });
});

describe("e-mailing the owner", () => {
  /** The states of the business's notice jobs, oldest first. */
  async function noticeStates(businessId: string): Promise<string[]> {
    const rows = await queryRows<{ state: string }>(
      db(),
      sql`select j.state::text as state from pgboss.job j join ${businessMessages} m on m.id::text = j.data->>'messageId'
          where j.name = ${MESSAGE_NOTICE_QUEUE} and m.business_id = ${businessId} order by j.created_on, m.created_at`,
    );
    return rows.map((row) => row.state);
  }
  const noticeJobs = async (businessId: string) => (await noticeStates(businessId)).length;

  /** The e-mails to an address once the due jobs ran (what the server's workers do within a second). */
  async function emailsTo(address: string) {
    await runDueJobs(JOB_HANDLERS);
    return (await listOutbox()).filter((e) => e.to === address);
  }

  it("e-mails once per conversation per 15 minutes, and not while the owner has seen it recently", async () => {
    const { owner, business, visitor, visitorActor, ownerActor } = await scene();
    await send(visitorActor, { businessId: business.id, message: "First <b>question</b>" });
    await expect.poll(() => emailsTo(owner.email)).toHaveLength(1);
    const [mail] = await emailsTo(owner.email);
    expect(mail!.subject).toBe(`New message for ${business.name}`);
    expect(mail!.text).toContain("First question");
    expect(mail!.text).toContain(`/messages?businessId=${business.id}&visitorId=${visitor.id}`);

    await send(visitorActor, { businessId: business.id, message: "Second question" });
    // 15 minutes later (owner still away): one more.
    await db()
      .update(conversationStates)
      .set({ lastEmailedAt: sql`now() - interval '16 minutes'` })
      .where(and(eq(conversationStates.businessId, business.id), eq(conversationStates.userId, owner.id)));
    await send(visitorActor, { businessId: business.id, message: "Third question" });
    await expect.poll(() => emailsTo(owner.email)).toHaveLength(2);

    // The owner opens the conversation; even after the e-mail window, no e-mail while they have seen it.
    await openConversation(ownerActor, { businessId: business.id, visitorId: visitor.id });
    await db()
      .update(conversationStates)
      .set({ lastEmailedAt: sql`now() - interval '16 minutes'` })
      .where(and(eq(conversationStates.businessId, business.id), eq(conversationStates.userId, owner.id)));
    await send(visitorActor, { businessId: business.id, message: "Fourth question" });
    expect(await emailsTo(owner.email)).toHaveLength(2);
    expect(await noticeJobs(business.id)).toBe(2);

    // A reply does not e-mail the visitor.
    await send(ownerActor, { businessId: business.id, visitorId: visitor.id, message: "Answer" });
    expect(await emailsTo(visitor.email)).toHaveLength(0);
    expect(await noticeJobs(business.id)).toBe(2);
  });

  it("a notice whose message the owner read before it went is not sent; one the mail server refused is tried again", async () => {
    const { owner, business, visitor, visitorActor, ownerActor } = await scene();
    await send(visitorActor, { businessId: business.id, message: "Are you open on Sunday?" });
    // Read in the app before the worker's turn: nothing to tell.
    await openConversation(ownerActor, { businessId: business.id, visitorId: visitor.id });
    expect(await emailsTo(owner.email)).toHaveLength(0);
    expect(await noticeStates(business.id)).toEqual(["completed"]);

    // A second visitor; the mail server is down for the first try (the outbox refuses the insert, a stand-in for
    // an SMTP server that is down), the retry delivers it once.
    const other = await createVisitor(db());
    await getDb().execute(sql.raw("alter table email_outbox add constraint notice_test_refuse check (position('Yaba' in text) = 0)"));
    try {
      await send(await actorFor(other), { businessId: business.id, message: "Do you deliver to Yaba?" });
      expect(await emailsTo(owner.email)).toHaveLength(0);
    } finally {
      await getDb().execute(sql.raw("alter table email_outbox drop constraint notice_test_refuse"));
    }
    expect(await noticeStates(business.id)).toEqual(["completed", "retry"]);
    await getDb().execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'message-notice' and state = 'retry'`);
    const mails = await emailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(await noticeStates(business.id)).toEqual(["completed", "completed"]);
    expect(mails[0]!.text).toContain("Do you deliver to Yaba?");
    expect(mails[0]!.text).toContain(`visitorId=${other.id}`);
  });
});

describe("notifications (/notifications)", () => {
  it("lists, for business users, messages to their businesses not sent by themselves, last 7 days, newest first, at most 20", async () => {
    const { owner, business, visitor, ownerActor, visitorActor } = await scene();
    const second = await createBusiness(db(), { userId: owner.id });
    const elsewhere = await createBusiness(db(), { userId: (await createOwner(db())).id });
    const minutes = (m: number) => new Date(Date.now() - m * 60_000);
    for (let i = 0; i < 22; i++) {
      await createMessage(db(), { businessId: i % 2 ? business.id : second.id, senderId: visitor.id, message: `n${i}`, createdAt: minutes(i + 1) });
    }
    await createMessage(db(), { businessId: business.id, senderId: visitor.id, message: "too old", createdAt: minutes(8 * 24 * 60) });
    await createMessage(db(), { businessId: business.id, senderId: owner.id, senderType: "business", visitorId: visitor.id, message: "own reply", createdAt: minutes(0) });
    await createMessage(db(), { businessId: elsewhere.id, senderId: visitor.id, message: "other owner's" });

    const page = await listMessageNotifications(ownerActor);
    const texts = page.items.map((i) => i.text);
    expect(texts).toEqual(Array.from({ length: 20 }, (_, i) => `n${i}`));
    expect(page.items.every((i) => i.kind === "message")).toBe(true);
    expect(page.unreadMessages).toBe(23);
    // Visitors receive no message notifications (spec 01 §6: business only).
    expect((await listMessageNotifications(visitorActor)).items).toEqual([]);
  });

  it("Mark Read marks one message read and lowers the bell count", async () => {
    const { owner, business, visitorActor, ownerActor } = await scene();
    const { message } = await send(visitorActor, { businessId: business.id, message: "Please call me" });
    await send(visitorActor, { businessId: business.id, message: "Still there?" });
    const result = await markMessageRead(ownerActor, message.id);
    expect(result.unreadCount).toBe(1);
    expect(await countUnread(db(), owner.id)).toBe(1);
    // Again: still fine (already read).
    expect((await markMessageRead(ownerActor, message.id)).unreadCount).toBe(1);
  });

  it("lists notifications admins sent, counts unread ones in the bell, and marks them read for their recipient only", async () => {
    const { visitor, visitorActor } = await scene();
    const other = await actorFor(await createVisitor(db()));
    const [broadcast] = await db()
      .insert(notificationBroadcasts)
      .values({ title: "Welcome week", message: "Free featured listings", targetAudience: "all", priority: "high", recipientCount: 2 })
      .returning({ id: notificationBroadcasts.id });
    const [delivered] = await db()
      .insert(notifications)
      .values({ userId: visitor.id, kind: "broadcast", broadcastId: broadcast!.id, title: "Welcome week", body: "Free featured listings", priority: "high" })
      .returning({ id: notifications.id });
    expect(await countUnread(db(), visitor.id)).toBe(1);
    const page = await listNotifications(visitorActor);
    expect(page).toEqual([
      expect.objectContaining({ kind: "broadcast", id: delivered!.id, title: "Welcome week", body: "Free featured listings", priority: "high", isRead: false }),
    ]);
    expect((await refusal(markNotificationRead(other, delivered!.id))).message).toBe(NOTIFICATION_TEXTS.markReadFailed);
    expect((await markNotificationRead(visitorActor, delivered!.id)).unreadCount).toBe(0);
    expect((await listNotifications(visitorActor))[0]).toMatchObject({ isRead: true });
  });
});

describe("live delivery over /events", () => {
  let server: Listening;
  beforeAll(async () => {
    server = await listen(testApp());
  });
  afterAll(async () => {
    await getRealtimeHub().stop();
    await server?.close();
  });

  const isMessage = (text: string) => (event: ReceivedEvent) =>
    event.type === REALTIME_TYPES.messageCreated && (event.payload.message as { text?: string } | undefined)?.text === text;

  it("needs a signed-in user", async () => {
    const stream = await openEventStream(`${server.url}/events`);
    expect(stream.status).toBe(401);
  });

  it("delivers a new message to the recipient and the sender, nothing to anyone else, and resumes with Last-Event-ID", async () => {
    const { owner, business, visitor, visitorActor } = await scene();
    const outsider = await createVisitor(db());
    const [ownerCookie, visitorCookie, outsiderCookie] = await Promise.all([cookieFor(owner), cookieFor(visitor), cookieFor(outsider)]);
    const ownerStream = await openEventStream(`${server.url}/events`, { cookie: ownerCookie });
    const visitorStream = await openEventStream(`${server.url}/events`, { cookie: visitorCookie });
    const outsiderStream = await openEventStream(`${server.url}/events`, { cookie: outsiderCookie });
    expect([ownerStream.status, visitorStream.status, outsiderStream.status]).toEqual([200, 200, 200]);

    // Through the HTTP endpoint, as the browser sends it.
    const response = await fetch(`${server.url}/api/messages`, {
      method: "POST",
      headers: { cookie: visitorCookie, "content-type": "application/json" },
      body: JSON.stringify({ businessId: business.id, message: "Live <b>hello</b>", idempotencyKey: randomUUID() }),
    });
    expect(response.status).toBe(201);
    const received = await ownerStream.waitFor(isMessage("Live hello"));
    expect(received.payload).toMatchObject({ unreadCount: 1, conversationUnread: 1, visitorName: "Visitor User" });
    expect(received.payload.message).toMatchObject({ businessId: business.id, businessName: business.name, senderId: visitor.id, senderType: "visitor" });
    const echoed = await visitorStream.waitFor(isMessage("Live hello"));
    expect(echoed.payload.unreadCount).toBeUndefined();
    expect(await outsiderStream.collectFor(300)).toEqual([]);

    // The owner drops off; two more messages are sent meanwhile; the stream resumes from its Last-Event-ID.
    const lastSeen = ownerStream.lastEventId();
    ownerStream.close();
    await send(visitorActor, { businessId: business.id, message: "While you were away 1" });
    await send(visitorActor, { businessId: business.id, message: "While you were away 2" });
    const resumed = await openEventStream(`${server.url}/events`, { cookie: ownerCookie, lastEventId: lastSeen });
    await resumed.waitFor(isMessage("While you were away 1"));
    const second = await resumed.waitFor(isMessage("While you were away 2"));
    expect(second.payload.unreadCount).toBe(3);
    const ids = resumed.events.map((e) => e.id!);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    // Reading the conversation elsewhere updates the bell of the owner's open pages.
    const owner2 = await actorFor(owner);
    await openConversation(owner2, { businessId: business.id, visitorId: visitor.id });
    const unread = await resumed.waitFor((e) => e.type === REALTIME_TYPES.unreadChanged);
    expect(unread.payload).toMatchObject({ unreadCount: 0, businessId: business.id, visitorId: visitor.id, conversationUnread: 0 });
    for (const stream of [resumed, visitorStream, outsiderStream]) stream.close();
  });

  it("starts after the page's cursor (?since=) so nothing between page load and connect is lost", async () => {
    const { owner, business, visitorActor } = await scene();
    const cookie = await cookieFor(owner);
    const cursor = await realtimeCursor();
    await send(visitorActor, { businessId: business.id, message: "Sent before the stream opened" });
    const stream = await openEventStream(`${server.url}/events?since=${cursor}`, { cookie });
    await stream.waitFor(isMessage("Sent before the stream opened"));
    stream.close();
  });

  it("sends public directory events to every signed-in stream", async () => {
    const { owner, visitor, business } = await scene();
    const [a, b] = await Promise.all([cookieFor(owner), cookieFor(visitor)]);
    const streams = await Promise.all([openEventStream(`${server.url}/events`, { cookie: a }), openEventStream(`${server.url}/events`, { cookie: b })]);
    await db().transaction((tx) => publishEvent(tx, { userId: null, type: REALTIME_TYPES.directoryChanged, payload: { businessId: business.id } }));
    for (const stream of streams) {
      const event = await stream.waitFor((e) => e.type === REALTIME_TYPES.directoryChanged);
      expect(event.payload).toEqual({ businessId: business.id });
      stream.close();
    }
  });

  it("delivers an event too large for a NOTIFY payload (fetched by id) in order with the others", async () => {
    const { owner } = await scene();
    const stream = await openEventStream(`${server.url}/events`, { cookie: await cookieFor(owner) });
    const big = "x".repeat(20_000);
    await db().transaction(async (tx) => {
      await publishEvent(tx, { userId: owner.id, type: "test.small", payload: { n: 1 } });
      await publishEvent(tx, { userId: owner.id, type: "test.big", payload: { big } });
      await publishEvent(tx, { userId: owner.id, type: "test.small", payload: { n: 3 } });
    });
    const last = await stream.waitFor((e) => e.type === "test.small" && e.payload.n === 3);
    const received = stream.events.filter((e) => e.type.startsWith("test."));
    expect(received.map((e) => e.type)).toEqual(["test.small", "test.big", "test.small"]);
    expect(received[1]!.payload.big).toBe(big);
    expect(received[0]!.id! < received[1]!.id! && received[1]!.id! < last.id!).toBe(true);
    stream.close();
  });

  it("publishes nothing when the transaction rolls back", async () => {
    const { owner } = await scene();
    const stream = await openEventStream(`${server.url}/events`, { cookie: await cookieFor(owner) });
    await db()
      .transaction(async (tx) => {
        await publishEvent(tx, { userId: owner.id, type: "test.rolled-back", payload: {} });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await stream.collectFor(300)).toEqual([]);
    stream.close();
  });

  it("tells a stream resuming from before the kept events to reload (resync)", async () => {
    const { owner } = await scene();
    const cookie = await cookieFor(owner);
    // A stream saw events up to `missedFrom - 1`, then stayed away past the retention: what it missed is gone.
    const [old] = await db().insert(realtimeEvents).values({ userId: owner.id, type: "test.old", payload: {} }).returning({ id: realtimeEvents.id });
    const missedFrom = old!.id;
    await db().execute(sql`update realtime_events set created_at = now() - interval '2 days' where id <= ${missedFrom}`);
    expect(await getRealtimeHub().prune()).toBeGreaterThanOrEqual(1);
    await db().insert(realtimeEvents).values({ userId: owner.id, type: "test.new", payload: {} });
    const stream = await openEventStream(`${server.url}/events`, { cookie, lastEventId: missedFrom - 1 });
    await stream.waitFor((e) => e.type === "resync");
    stream.close();
  });
});

describe("HTTP endpoint /api/messages", () => {
  let server: Listening;
  beforeAll(async () => {
    server = await listen(testApp());
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers with the spec's texts and statuses", async () => {
    const { visitor, business } = await scene();
    const cookie = await cookieFor(visitor);
    const post = (body: unknown, headers: Record<string, string> = { cookie }) =>
      fetch(`${server.url}/api/messages`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
    const anonymous = await post({ businessId: business.id, message: "Hi", idempotencyKey: randomUUID() }, {});
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { error: MESSAGE_TEXTS.loginRequired, code: "unauthenticated" }]);
    const empty = await post({ businessId: business.id, message: " ", idempotencyKey: randomUUID() });
    expect([empty.status, await empty.json()]).toEqual([400, { error: MESSAGE_TEXTS.empty, code: "invalid" }]);
    const key = randomUUID();
    const first = await post({ businessId: business.id, message: "Hi", idempotencyKey: key });
    const retry = await post({ businessId: business.id, message: "Hi", idempotencyKey: key });
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect((await retry.json()).duplicate).toBe(true);
    for (let i = 0; i < 4; i++) expect((await post({ businessId: business.id, message: `m${i}`, idempotencyKey: randomUUID() })).status).toBe(201);
    const sixth = await post({ businessId: business.id, message: "sixth", idempotencyKey: randomUUID() });
    expect([sixth.status, await sixth.json()]).toEqual([429, { error: MESSAGE_TEXTS.rateLimited, code: "rate-limited" }]);
    const crossSite = await fetch(`${server.url}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: "https://evil.example" },
      body: JSON.stringify({ businessId: business.id, message: "csrf", idempotencyKey: randomUUID() }),
    });
    expect(crossSite.status).toBe(403);
  });
});
