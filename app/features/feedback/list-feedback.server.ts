import { asc, eq } from "drizzle-orm";
import { feedback, profiles, user } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged } from "../../lib/pagination";
import { newestFirst } from "../../lib/sql.server";
import { requireAdmin } from "../accounts/access";

/** The Feedback tab: entries newest first with who sent them. */
export async function listFeedback(actor: SessionUser | null, input: { page: number }) {
  requireAdmin(actor);
  const { limit, offset } = pageWindow(input.page, ADMIN_PAGE_SIZE);
  const rows = await getDb()
    .select({
      id: feedback.id,
      message: feedback.message,
      status: feedback.status,
      createdAt: feedback.createdAt,
      updatedAt: feedback.updatedAt,
      userId: feedback.userId,
      email: user.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      role: profiles.role,
    })
    .from(feedback)
    .leftJoin(user, eq(user.id, feedback.userId))
    .leftJoin(profiles, eq(profiles.id, feedback.userId))
    .orderBy(newestFirst(feedback.createdAt), asc(feedback.id))
    .limit(limit)
    .offset(offset);
  return toPaged(rows, input.page, ADMIN_PAGE_SIZE);
}

export type AdminFeedback = Awaited<ReturnType<typeof listFeedback>>["rows"][number];
