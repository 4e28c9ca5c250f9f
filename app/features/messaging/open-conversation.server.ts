import { and, desc, eq, sql } from "drizzle-orm";
import { businesses, businessMessages, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { t } from "../../lib/i18n/i18n";
import { LIMITS } from "../../lib/reference";
import { hasAdminAccess } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { markConversationRead } from "./mark-conversation-read.server";
import { ConversationRefSchema, MESSAGE_TEXTS, type ConversationView } from "./message.schemas";
import { blockSides } from "./internal/blocks.server";
import { displayNames, messageColumns, toMessageView } from "./internal/message-view.server";

/** How many of a conversation's latest messages the chat shows. */
export const THREAD_LIMIT = LIMITS.messageListLimitBusiness;

/**
 * Opens a conversation for reading (spec 01 §6: a visitor reads only their own conversations; an owner those of
 * their businesses; an admin any) and marks the messages sent to the viewer as read.
 * Throws AppError not-found (with the spec's text) for anything the viewer may not read.
 */
export async function openConversation(actor: SessionUser | null, input: unknown): Promise<ConversationView> {
  if (!actor) throw new AppError("unauthenticated", MESSAGE_TEXTS.loginRequired);
  const parsed = ConversationRefSchema.safeParse(input);
  if (!parsed.success) throw new AppError("not-found", MESSAGE_TEXTS.businessNotFound);
  const { businessId } = parsed.data;
  const visitorId = parsed.data.visitorId ?? actor.id;
  const db = getDb();
  const [business] = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      userId: businesses.userId,
      isPublic: sql<boolean>`(${businesses.approved} and ${businesses.approvalStatus} = 'approved' and not ${businesses.ownerSuspended} and ${businesses.userId} is not null)`,
      unclaimed: sql<boolean>`(${businesses.approved} and ${businesses.approvalStatus} = 'approved' and ${businesses.userId} is null and ${businesses.source} is not null)`,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  if (!business) throw new AppError("not-found", MESSAGE_TEXTS.businessNotFound);

  const isOwner = business.userId === actor.id;
  const isVisitor = visitorId === actor.id;
  if (isOwner && isVisitor) return { kind: "own-business", business: { id: business.id, name: business.name } };
  // Another visitor's conversation: only the business's owner and admins (with two-factor on) may read it. Not found, not forbidden:
  // the answer must not reveal whether that conversation exists.
  if (!isVisitor && !isOwner && !hasAdminAccess(actor)) throw new AppError("not-found", MESSAGE_TEXTS.businessNotFound);

  const rows = await db
    .select(messageColumns)
    .from(businessMessages)
    .leftJoin(businesses, eq(businesses.id, businessMessages.businessId))
    .where(and(eq(businessMessages.businessId, businessId), eq(businessMessages.visitorId, visitorId)))
    .orderBy(desc(businessMessages.createdAt), desc(businessMessages.id))
    .limit(THREAD_LIMIT + 1);
  const truncated = rows.length > THREAD_LIMIT;
  const messages = rows.slice(0, THREAD_LIMIT).reverse().map(toMessageView);
  // A public listing nobody owns yet (imported, issue 34): say so instead of opening a chat nobody would read.
  if (messages.length === 0 && isVisitor && business.unclaimed) return { kind: "unclaimed", business: { id: business.id, name: business.name } };
  // Nothing to show and nobody to write to: a listing that is not public, or someone else's empty conversation.
  if (messages.length === 0 && !(isVisitor && business.isPublic)) throw new AppError("not-found", MESSAGE_TEXTS.businessNotFound);

  const viewerRole = isVisitor ? "visitor" : isOwner ? "owner" : "admin";
  // Opening it marks what was sent to the viewer as read and records that they have seen it.
  if (viewerRole !== "admin") await markConversationRead(actor, { businessId, visitorId });
  const names = await displayNames(db, [visitorId]);
  // A visitor who deleted their account (app/features/privacy) can still be read, no longer written to.
  const [visitorAccount] = await db.select({ deletedAt: user.deletedAt }).from(user).where(eq(user.id, visitorId)).limit(1);
  const visitorGone = !visitorAccount || Boolean(visitorAccount.deletedAt);
  const blocks = await blockSides(db, businessId, visitorId);
  return {
    kind: "chat",
    business: { id: business.id, name: business.name },
    visitor: { id: visitorId, name: names.get(visitorId) ?? t("Visitor") },
    viewerRole,
    messages,
    truncated,
    // Admins read other people's conversations; they write only in their own.
    canReply: viewerRole !== "admin" && Boolean(business.userId) && !visitorGone,
    blockedByMe: viewerRole === "admin" ? false : blocks.has(viewerRole === "owner" ? "business" : "visitor"),
  };
}
