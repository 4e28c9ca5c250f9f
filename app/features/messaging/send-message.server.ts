import { and, eq, sql } from "drizzle-orm";
import { businesses, businessMessages, conversationBlocks, conversationStates, profiles, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows, type Db, type Tx } from "../../lib/db.server";
import { t } from "../../lib/i18n/i18n";
import { enqueueSql } from "../../lib/jobs.server";
import { rateLimitHitSql } from "../../lib/rate-limit.server";
import { publishedEventsCtes, REALTIME_TYPES } from "../../lib/realtime.server";
import { LIMITS } from "../../lib/reference";
import { effectiveRole } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { recordMessageActivity } from "../analytics/record-listing-events.server";
import { unreadCountSql } from "../notifications/count-unread.server";
import {
  BLOCK_TEXTS, MESSAGE_TEXTS, messageProblem, sanitizeMessage, SendMessageSchema, type MessageView, type SenderType,
} from "./message.schemas";
import { displayName, messageColumns, toMessageView } from "./internal/message-view.server";
import { MESSAGE_NOTICE_QUEUE, OWNER_EMAIL_QUIET_MINUTES } from "./send-message-notice.server";

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

  // The business, whether this key was already stored (a retry), and which sides blocked the conversation, in one
  // round trip. The conversation's visitor is the sender, or (the owner replying) the visitor they answer.
  // And the visitor's name, for the events.
  const [target] = await queryRows<{
    id: string | null; name: string | null; user_id: string | null; is_public: boolean | null; existing: string | null; blocks: string | null;
    first_name: string | null; last_name: string | null;
  }>(
    db,
    sql`select b.id, b.name, b.user_id,
          (b.approved and b.approval_status = 'approved' and not b.owner_suspended) as is_public,
          (select m.id from ${businessMessages} m where m.sender_id = ${actor.id} and m.idempotency_key = ${idempotencyKey}) as existing,
          (select string_agg(cb.blocked_by, ',') from ${conversationBlocks} cb where cb.business_id = b.id and cb.visitor_id = v.id) as blocks,
          vp.first_name, vp.last_name
        from (select 1) as one left join ${businesses} b on b.id = ${businessId}
          left join lateral (select case when b.user_id = ${actor.id} then ${parsed.data.visitorId ?? null}::text else ${actor.id}::text end as id) v on true
          left join ${profiles} vp on vp.id = v.id`,
  );
  // A retry of a send that was stored: the same message back, not counted against the limit again.
  if (target?.existing) {
    const stored = await findByKey(db, actor.id, idempotencyKey);
    if (stored) return { message: stored, duplicate: true };
  }
  // A listing without an owner has nobody to deliver to.
  if (!target?.id || !target.user_id) throw new AppError("not-found", MESSAGE_TEXTS.failed);
  const business = { id: target.id, name: target.name ?? t(MESSAGE_TEXTS.unknownBusiness), isPublic: Boolean(target.is_public) };
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
  const blocks = new Set((target.blocks ?? "").split(",").filter(Boolean));
  if (blocks.size > 0) {
    // The side, not the sender type: an owner writing to another business as a customer is its visitor.
    const mySide = ownerId === actor.id ? "business" : "visitor";
    if (blocks.has(mySide)) throw new AppError("forbidden", BLOCK_TEXTS.youBlocked);
    throw new AppError("forbidden", mySide === "visitor" ? BLOCK_TEXTS.visitorBlocked : BLOCK_TEXTS.businessBlocked);
  }

  const visitorName = displayName({ firstName: target.first_name, lastName: target.last_name });
  const quiet = sql`make_interval(mins => ${OWNER_EMAIL_QUIET_MINUTES})`;
  // The message as its readers see it; the statement adds its id and time.
  const view = toMessageView({
    id: "", businessId, businessName: business.name, visitorId, senderId: actor.id, senderType, message: text, readStatus: false, createdAt: new Date(0),
  });
  const messageJson = sql`(${JSON.stringify(view)}::jsonb || jsonb_build_object('id', c.id, 'createdAt', c.created_iso))`;
  // ONE statement, so one round trip and no BEGIN/COMMIT (ADR 26); it commits or fails as a whole:
  // - the rate limit (5 per user per 60 s, shared by every process), counted whatever follows, as before;
  // - if allowed, the message (nothing more when the same key was stored meanwhile: sent twice at once);
  // - writing in a conversation means having seen it; and the recipient (the owner, or the visitor the business
  //   answers) gets at most one notice per conversation per 15 minutes, none while they have it open: the claim is atomic, so several processes cannot both send one, and
  //   the notice's job is enqueued by this statement (ADR 34): it exists if and only if the message does;
  // - the recipient's counts and, for the owner's analytics (issue 18), when the conversation began and whether
  //   the business had answered. The statement's parts do not see the row it inserts (one snapshot), so the
  //   counts add it (it is unread and addressed to the recipient) and the earlier-message checks need not skip it;
  // - the two events (the recipient's with the counts, the sender's echo), stored and announced with NOTIFY.
  const [row] = await queryRows<{
    allowed: boolean; age: number; id: string | null; created_iso: string | null; first_at: string | Date | null; answered: boolean | null;
  }>(
    db,
    sql`with rl as (${rateLimitHitSql(`msg:${actor.id}`, LIMITS.messageRateWindowSeconds)}),
        ok as (select count <= ${LIMITS.messageRateLimit} as allowed, age from rl),
        ins as (
          insert into ${businessMessages} (business_id, sender_id, recipient_id, visitor_id, message, sender_type, read_status, idempotency_key)
          select ${businessId}, ${actor.id}, ${recipientId}, ${visitorId}, ${text}, ${senderType}, false, ${idempotencyKey} where (select allowed from ok)
          on conflict (sender_id, idempotency_key) do nothing
          returning id, created_at
        ),
        seen as (
          insert into ${conversationStates} (business_id, visitor_id, user_id, last_seen_at)
          select ${businessId}, ${visitorId}, ${actor.id}, now() where exists (select 1 from ins)
          on conflict (business_id, visitor_id, user_id) do update set last_seen_at = now()
          returning 1
        ),
        claimed as (
          insert into ${conversationStates} (business_id, visitor_id, user_id, last_emailed_at)
          select ${businessId}, ${visitorId}, ${recipientId}, now() where exists (select 1 from ins)
          on conflict (business_id, visitor_id, user_id) do update set last_emailed_at = now()
          where (${conversationStates.lastSeenAt} is null or ${conversationStates.lastSeenAt} < now() - ${quiet})
            and (${conversationStates.lastEmailedAt} is null or ${conversationStates.lastEmailedAt} < now() - ${quiet})
          returning 1
        ),
        notice as (${enqueueSql(MESSAGE_NOTICE_QUEUE, sql`select jsonb_build_object('messageId', ins.id) as data from ins where exists (select 1 from claimed)`)}),
        c as (
          select ins.id, to_char(ins.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_iso,
            (select min(${businessMessages.createdAt}) from ${businessMessages}
              where ${businessMessages.businessId} = ${businessId} and ${businessMessages.visitorId} = ${visitorId}) as first_at,
            exists (select 1 from ${businessMessages}
              where ${businessMessages.businessId} = ${businessId} and ${businessMessages.visitorId} = ${visitorId}
                and ${businessMessages.senderType} = 'business' and ${businessMessages.senderId} = ${ownerId}) as answered,
            ((select count(*) from ${businessMessages}
              where ${businessMessages.recipientId} = ${recipientId} and not ${businessMessages.readStatus}
                and ${businessMessages.businessId} = ${businessId} and ${businessMessages.visitorId} = ${visitorId}) + 1)::int as conversation_unread,
            (${unreadCountSql(recipientId)} + 1) as unread
          from ins
        ),
        events (user_id, type, payload, ord) as (
          select ${recipientId}::text, ${REALTIME_TYPES.messageCreated}::text, jsonb_build_object('message', ${messageJson},
            'visitorName', ${visitorName}::text, 'unreadCount', c.unread, 'conversationUnread', c.conversation_unread), 0 from c
          union all
          select ${actor.id}::text, ${REALTIME_TYPES.messageCreated}::text, jsonb_build_object('message', ${messageJson}, 'visitorName', ${visitorName}::text), 1 from c
        ),
        ${publishedEventsCtes(sql`events`)}
        select ok.allowed, ok.age, c.id, c.created_iso, c.first_at, c.answered, (select notified from notified) as notified
        from ok left join c on true`,
  );
  if (!row?.allowed) throw new AppError("rate-limited", MESSAGE_TEXTS.rateLimited);
  // The same key sent twice at once: the other request stored it.
  const outcome = row.id
    ? (() => {
        const createdAt = new Date(row.created_iso!);
        const message: MessageView = { ...view, id: row.id, createdAt: createdAt.toISOString() };
        const activity = {
          // The business is its owner answering: another owner writing to it as a customer is a visitor (sender type 'business' too).
          businessId, at: createdAt, fromBusiness: ownerId === actor.id,
          firstMessageAt: row.first_at ? new Date(row.first_at) : null, businessAnsweredBefore: Boolean(row.answered),
        };
        return { message, activity };
      })()
    : null;

  if (!outcome) {
    const stored = await findByKey(db, actor.id, idempotencyKey);
    if (stored) return { message: stored, duplicate: true };
    throw new AppError("conflict", MESSAGE_TEXTS.failed);
  }
  recordMessageActivity(outcome.activity);
  return { message: outcome.message, duplicate: false };
}
