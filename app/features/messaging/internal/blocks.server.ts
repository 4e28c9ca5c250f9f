import { and, eq } from "drizzle-orm";
import { conversationBlocks } from "../../../../db/schema";
import type { Db, Tx } from "../../../lib/db.server";

export type BlockSide = "visitor" | "business";

/** Which sides of a conversation (business + visitor) have blocked the other. */
export async function blockSides(db: Db | Tx, businessId: string, visitorId: string): Promise<Set<BlockSide>> {
  const rows = await db
    .select({ blockedBy: conversationBlocks.blockedBy })
    .from(conversationBlocks)
    .where(and(eq(conversationBlocks.businessId, businessId), eq(conversationBlocks.visitorId, visitorId)));
  return new Set(rows.map((r) => r.blockedBy));
}
