import { desc, eq } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";

/** The actor's own listings, newest first (filtered by user_id: an owner never sees another's). */
export async function listOwnListings(actor: SessionUser) {
  return getDb()
    .select({
      id: businesses.id,
      name: businesses.name,
      category: businesses.category,
      state: businesses.state,
      products: businesses.products,
      approvalStatus: businesses.approvalStatus,
      rejectionReason: businesses.rejectionReason,
      featured: businesses.featured,
      createdAt: businesses.createdAt,
    })
    .from(businesses)
    .where(eq(businesses.userId, actor.id))
    .orderBy(desc(businesses.createdAt));
}
