import { aliasedTable, and, desc, eq, ilike, type SQL } from "drizzle-orm";
import { businesses, profiles, user } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged } from "../../lib/pagination";
import { likePattern } from "../../lib/sql.server";
import { requireAdmin } from "../accounts/access";

const manager = aliasedTable(user, "manager");

/**
 * Featured Management: approved businesses (featured first, then newest) with who manages the flag and
 * since when, and when the placement ends. Optionally searched by name (trigram index on name).
 */
export async function listApprovedBusinesses(actor: SessionUser | null, input: { page: number; search?: string }) {
  requireAdmin(actor);
  const { limit, offset } = pageWindow(input.page, ADMIN_PAGE_SIZE);
  const search = input.search?.trim();
  const conditions: SQL[] = [eq(businesses.approved, true)];
  if (search) conditions.push(ilike(businesses.name, likePattern(search)));
  const rows = await getDb()
    .select({
      id: businesses.id,
      name: businesses.name,
      category: businesses.category,
      state: businesses.state,
      featured: businesses.featured,
      featuredUntil: businesses.featuredUntil,
      featuredManagedAt: businesses.featuredManagedAt,
      featuredManagedBy: businesses.featuredManagedBy,
      managerEmail: manager.email,
      ownerId: businesses.userId,
      // An imported listing nobody claimed has no owner: admins read where it came from (issue 34).
      source: businesses.source,
      sourceId: businesses.sourceId,
      ownerSuspended: businesses.ownerSuspended,
      ownerFirstName: profiles.firstName,
      ownerLastName: profiles.lastName,
      ownerEmail: user.email,
      approvalStatus: businesses.approvalStatus,
      createdAt: businesses.createdAt,
    })
    .from(businesses)
    .leftJoin(user, eq(user.id, businesses.userId))
    .leftJoin(profiles, eq(profiles.id, businesses.userId))
    .leftJoin(manager, eq(manager.id, businesses.featuredManagedBy))
    .where(and(...conditions))
    .orderBy(desc(businesses.featured), desc(businesses.createdAt), desc(businesses.id))
    .limit(limit)
    .offset(offset);
  return toPaged(rows, input.page, ADMIN_PAGE_SIZE);
}

export type AdminApprovedBusiness = Awaited<ReturnType<typeof listApprovedBusinesses>>["rows"][number];
