import { and, eq, sql } from "drizzle-orm";
import { businesses, businessMessages, conversationStates, profiles, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows, type Db, type Tx } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { hitRateLimit } from "../../lib/rate-limit.server";
import { publishEvents, REALTIME_TYPES } from "../../lib/realtime.server";
import { LIMITS } from "../../lib/reference";
import { effectiveRole } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { recordMessageActivity } from "../analytics/record-listing-events.server";
import { unreadCountSql } from "../notifications/count-unread.server";
import { emailOwnerAboutMessage, OWNER_EMAIL_QUIET_MINUTES } from "./internal/email-owner.server";
import { blockSides } from "./internal/blocks.server";
import {
  BLOCK_TEXTS, MESSAGE_TEXTS, messageProblem, sanitizeMessage, SendMessageSchema, type MessageCreatedPayload, type MessageView, type SenderType,
} from "./message.schemas";
import { displayName, messageColumns, toMessageView } from "./internal/message-view.server";

export type SendMessageResult = { message: MessageView; duplicate: boolean };

async function findByKey(db: Db | Tx, senderId: string, key: string): Promise<MessageView | null> {
  const [row] = await db
    .select(messageColumns)
    .from(businessMessages)
    .leftJoin(businesses, eq(businesses.id, businessMessages.businessId))
    .where(and(eq(businessMessages.senderId, senderId), eq(businessMessages.idempotencyKey, key)))
    .limit(1);
  return row ? toMessageView(row) : null;
}

async function conversationExists(businessId: string, visitorId: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: businessMessages.id })
    .from(businessMessages)
    .where(and(eq(businessMessages.businessId, businessId), eq(businessMessages.visitorId, visitorId)))
    .limit(1);
  return Boolean(row);
}

/** A visitor who deleted their account (app/features/privacy) receives nothing more. */
async function accountDeleted(userId: string): Promise<boolean> {
  const [row] = await getDb().select({ deletedAt: user.deletedAt }).from(user).where(eq(user.id, userId)).limit(1);
  return !row || Boolean(row.deletedAt);
}

/**
 * Sends a message in a conversation (a business and one visitor). A visitor's or admin's message goes to the
 * business owner; the owner's reply goes to the conversation's visitor. The text is stored sanitised; at most
 * 5 per user per 60 s (shared by every process); a retried send with the same key stores one message.
 * Throws AppError with the spec's text.
 */
export async function sendMessage(actor: SessionUser | null, input: unknown): Promise<SendMessageResult> {
  if (!actor) throw new AppError("unauthenticated", MESSAGE_TEXTS.loginRequired);
  const parsed = SendMessageSchema.safeParse(input);
  if (!parsed.success) {
    const onlyText = parsed.error.issues.every((issue) => issue.path[0] === "message");
    throw new AppError("invalid", onlyText ? MESSAGE_TEXTS.length : MESSAGE_TEXTS.failed);
  }
  const { businessId, idempotencyKey } = parsed.data;
  const problem = messageProblem(parsed.data.message);
  if (problem) throw new AppError("invalid", problem);
  const text = sanitizeMessage(parsed.data.message);
  const db = getDb();

  // The business, and whether this key was already stored (a retry), in one round trip.
  const [target] = await queryRows<{ id: string | null; name: string | null; user_id: string | null; is_public: boolean | null; existing: string | null }>(
    db,
    sql`select b.id, b.name, b.user_id,
          (b.approved and b.approval_status = 'approved' and not b.owner_suspended) as is_public,
          (select m.id from ${businessMessages} m where m.sender_id = ${actor.id} and m.idempotency_key = ${idempotencyKey}) as existing
        from (select 1) as one left join ${businesses} b on b.id = ${businessId}`,
  );
  // A retry of a send that was stored: the same message back, not counted against the limit again.
  if (target?.existing) {
    const stored = await findByKey(db, actor.id, idempotencyKey);
    if (stored) return { message: stored, duplicate: true };
  }
  // A listing without an owner has nobody to deliver to.
  if (!target?.id || !target.user_id) throw new AppError("not-found", MESSAGE_TEXTS.failed);
  const business = { id: target.id, name: target.name ?? MESSAGE_TEXTS.unknownBusiness, isPublic: Boolean(target.is_public) };
  const ownerId = target.user_id;

  let visitorId: string;
  let recipientId: string;
  let senderType: SenderType;
  if (ownerId === actor.id) {
    // The owner replies inside an existing conversation; its visitor receives it (decisions page).
    const wanted = parsed.data.visitorId;
    if (!wanted || wanted === actor.id || !(await conversationExists(businessId, wanted)) || (await accountDeleted(wanted))) {
      throw new AppError("not-found", MESSAGE_TEXTS.failed);
    }
    visitorId = wanted;
    recipientId = wanted;
    senderType = "business";
  } else {
    // Everyone else writes in their own conversation with the business; nobody writes in another's.
    if (parsed.data.visitorId && parsed.data.visitorId !== actor.id) throw new AppError("forbidden", MESSAGE_TEXTS.failed);
    visitorId = actor.id;
    recipientId = ownerId;
    senderType = effectiveRole(actor);
    // A new conversation needs a public listing; an existing one may go on.
    if (!business.isPublic && !(await conversationExists(businessId, visitorId))) throw new AppError("not-found", MESSAGE_TEXTS.failed);
  }

  // A blocked conversation takes nothing, either way (ADR 0020): nothing stored, delivered or e-mailed.
  const blocks = await blockSides(db, businessId, visitorId);
  if (blocks.size > 0) {
    // The side, not the sender type: an owner writing to another business as a customer is its visitor.
    const mySide = ownerId === actor.id ? "business" : "visitor";
    if (blocks.has(mySide)) throw new AppError("forbidden", BLOCK_TEXTS.youBlocked);
    throw new AppError("forbidden", mySide === "visitor" ? BLOCK_TEXTS.visitorBlocked : BLOCK_TEXTS.businessBlocked);
  }

  const limit = await hitRateLimit(`msg:${actor.id}`, LIMITS.messageRateLimit, LIMITS.messageRateWindowSeconds);
  if (!limit.allowed) throw new AppError("rate-limited", MESSAGE_TEXTS.rateLimited);

  const emailsOwner = recipientId === ownerId;
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(businessMessages)
      .values({ businessId, senderId: actor.id, recipientId, visitorId, message: text, senderType, readStatus: false, idempotencyKey })
      .onConflictDoNothing({ target: [businessMessages.senderId, businessMessages.idempotencyKey] })
      .returning({ id: businessMessages.id, createdAt: businessMessages.createdAt });
    // The same key sent twice at once: the other request stored it.
    if (!row) return null;
    const message = toMessageView({
      id: row.id, businessId, businessName: business.name, visitorId, senderId: actor.id, senderType, message: text,
      readStatus: false, createdAt: row.createdAt,
    });

    // The recipient's counts and the visitor's name, in one statement (one connection per transaction).
    // And, for the owner's analytics (issue 18), when the conversation began and whether the business had answered.
    const [counts] = await queryRows<{
      conversation_unread: number; unread: number; first_name: string | null; last_name: string | null; first_at: string | Date | null; answered: boolean;
    }>(
      tx,
      sql`select
            (select min(${businessMessages.createdAt}) from ${businessMessages}
              where ${businessMessages.businessId} = ${businessId} and ${businessMessages.visitorId} = ${visitorId} and ${businessMessages.id} <> ${row.id}) as first_at,
            exists (select 1 from ${businessMessages}
              where ${businessMessages.businessId} = ${businessId} and ${businessMessages.visitorId} = ${visitorId}
                and ${businessMessages.senderType} = 'business' and ${businessMessages.senderId} = ${ownerId} and ${businessMessages.id} <> ${row.id}) as answered,
            (select count(*) from ${businessMessages}
              where ${businessMessages.recipientId} = ${recipientId} and not ${businessMessages.readStatus}
                and ${businessMessages.businessId} = ${businessId} and ${businessMessages.visitorId} = ${visitorId})::int as conversation_unread,
            ${unreadCountSql(recipientId)} as unread,
            p.first_name, p.last_name
          from (select 1) as one left join ${profiles} p on p.id = ${visitorId}`,
    );
    const visitorName = displayName({ firstName: counts?.first_name ?? null, lastName: counts?.last_name ?? null });
    const forRecipient: MessageCreatedPayload = {
      message, visitorName, unreadCount: Number(counts?.unread ?? 0), conversationUnread: Number(counts?.conversation_unread ?? 0),
    };
    const forSender: MessageCreatedPayload = { message, visitorName };
    await publishEvents(tx, [
      { userId: recipientId, type: REALTIME_TYPES.messageCreated, payload: forRecipient },
      { userId: actor.id, type: REALTIME_TYPES.messageCreated, payload: forSender },
    ]);

    // Writing in a conversation means having seen it. And the owner gets at most one e-mail per conversation per
    // 15 minutes, none while they have it open: the claim is atomic, so several processes cannot both send one.
    const quiet = sql`make_interval(mins => ${OWNER_EMAIL_QUIET_MINUTES})`;
    const [states] = await queryRows<{ claimed: number }>(
      tx,
      sql`with seen as (
            insert into ${conversationStates} (business_id, visitor_id, user_id, last_seen_at)
            values (${businessId}, ${visitorId}, ${actor.id}, now())
            on conflict (business_id, visitor_id, user_id) do update set last_seen_at = now()
            returning 1
          ), claimed as (
            insert into ${conversationStates} (business_id, visitor_id, user_id, last_emailed_at)
            select ${businessId}, ${visitorId}, ${ownerId}, now() where ${emailsOwner}
            on conflict (business_id, visitor_id, user_id) do update set last_emailed_at = now()
            where (${conversationStates.lastSeenAt} is null or ${conversationStates.lastSeenAt} < now() - ${quiet})
              and (${conversationStates.lastEmailedAt} is null or ${conversationStates.lastEmailedAt} < now() - ${quiet})
            returning 1
          )
          select (select count(*) from seen)::int as seen, (select count(*) from claimed)::int as claimed`,
    );
    const activity = {
      // The business is its owner answering: another owner writing to it as a customer is a visitor (sender type 'business' too).
      businessId, at: row.createdAt, fromBusiness: ownerId === actor.id,
      firstMessageAt: counts?.first_at ? new Date(counts.first_at) : null, businessAnsweredBefore: Boolean(counts?.answered),
    };
    return { message, visitorName, activity, emailOwner: emailsOwner && Number(states?.claimed ?? 0) > 0 };
  });

  if (!outcome) {
    const stored = await findByKey(db, actor.id, idempotencyKey);
    if (stored) return { message: stored, duplicate: true };
    throw new AppError("conflict", MESSAGE_TEXTS.failed);
  }
  recordMessageActivity(outcome.activity);
  if (outcome.emailOwner) {
    // After the commit and off the sender's path: a slow mail server must not slow the chat.
    void emailOwnerAboutMessage({
      ownerId, businessId, businessName: business.name, visitorId, visitorName: outcome.visitorName, text,
    }).catch((error) => logger.error({ err: error }, "could not e-mail the owner about a new message"));
  }
  return { message: outcome.message, duplicate: false };
}
