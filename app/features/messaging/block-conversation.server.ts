import { and, eq } from "drizzle-orm";
import { businesses, businessMessages, conversationBlocks } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { ConversationRefSchema, MESSAGE_TEXTS } from "./message.schemas";
import type { BlockSide } from "./internal/blocks.server";

export type BlockResult = { businessId: string; visitorId: string; side: BlockSide; blocked: boolean };

/**
 * The viewer's side of an existing conversation: 'visitor' in their own conversation with a business, 'business'
 * as the owner of the conversation's business. Anybody else (strangers, other owners, admins reading someone's
 * conversation) gets not-found: the answer must not reveal whether that conversation exists.
 */
async function participantSide(actor: SessionUser | null, input: unknown): Promise<{ businessId: string; visitorId: string; side: BlockSide }> {
  if (!actor) throw new AppError("unauthenticated", MESSAGE_TEXTS.loginRequired);
  const parsed = ConversationRefSchema.safeParse(input);
  if (!parsed.success) throw new AppError("not-found", MESSAGE_TEXTS.businessNotFound);
  const { businessId } = parsed.data;
  const visitorId = parsed.data.visitorId ?? actor.id;
  const db = getDb();
  const [business] = await db.select({ userId: businesses.userId }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
  if (!business) throw new AppError("not-found", MESSAGE_TEXTS.businessNotFound);
  const isOwner = business.userId === actor.id;
  const isVisitor = visitorId === actor.id;
  // The owner has no conversation with their own business; nobody but the two sides may block in one.
  if (isOwner === isVisitor) throw new AppError("not-found", MESSAGE_TEXTS.businessNotFound);
  const [message] = await db
    .select({ id: businessMessages.id })
    .from(businessMessages)
    .where(and(eq(businessMessages.businessId, businessId), eq(businessMessages.visitorId, visitorId)))
    .limit(1);
  if (!message) throw new AppError("not-found", MESSAGE_TEXTS.businessNotFound);
  return { businessId, visitorId, side: isOwner ? "business" : "visitor" };
}

/**
 * Blocks the other side of a conversation: the visitor blocks the business, or the business's owner blocks the
 * visitor. Nothing more is sent in it either way until the blocker unblocks; its history stays. Blocking twice
 * is the same as once.
 */
export async function blockConversation(actor: SessionUser | null, input: unknown): Promise<BlockResult> {
  const { businessId, visitorId, side } = await participantSide(actor, input);
  await getDb()
    .insert(conversationBlocks)
    .values({ businessId, visitorId, blockedBy: side, blockerId: actor!.id })
    .onConflictDoNothing({ target: [conversationBlocks.businessId, conversationBlocks.visitorId, conversationBlocks.blockedBy] });
  return { businessId, visitorId, side, blocked: true };
}

/** Lifts the viewer's own side's block (never the other side's). Unblocking what is not blocked changes nothing. */
export async function unblockConversation(actor: SessionUser | null, input: unknown): Promise<BlockResult> {
  const { businessId, visitorId, side } = await participantSide(actor, input);
  await getDb()
    .delete(conversationBlocks)
    .where(and(eq(conversationBlocks.businessId, businessId), eq(conversationBlocks.visitorId, visitorId), eq(conversationBlocks.blockedBy, side)));
  return { businessId, visitorId, side, blocked: false };
}
