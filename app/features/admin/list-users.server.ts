import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { type UserFilterValue } from "./admin.schemas";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged, type Paged } from "../../lib/pagination";
import { likePattern } from "../../lib/sql.server";
import { requireAdmin } from "../accounts/access";
import { nigerianMobile } from "../accounts/phone.schemas";

export type UserFilter = UserFilterValue;

export type AdminUserRow = {
  id: string;
  email: string | null;
  /** The verified mobile number (an account made by phone has no e-mail address: this is how it is known). */
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  role: string;
  country: string | null;
  state: string | null;
  kycStatus: string;
  createdAt: Date;
  isSuspended: boolean;
  banReason: string | null;
  hasTwoFactor: boolean;
  isListedAdmin: boolean;
};

/**
 * The Users tab: profiles newest first with their e-mail, one page at a time, optionally searched by
 * name, e-mail or mobile number. One query per page (no per-user look-ups); the search runs as a union of two
 * trigram-indexable ILIKEs (and, for a typed mobile number in any form, the unique index on the verified number) so
 * it stays fast with 100,000 users.
 */
export async function listUsers(
  actor: SessionUser | null,
  input: { page: number; search?: string; filter?: UserFilter },
): Promise<Paged<AdminUserRow>> {
  requireAdmin(actor);
  const { limit, offset } = pageWindow(input.page, ADMIN_PAGE_SIZE);
  const search = input.search?.trim();
  const pattern = search ? likePattern(search) : null;
  const mobile = search ? nigerianMobile(search) : null;
  // Written exactly like the trigram indexes user_email_trgm_idx and profiles_full_name_trgm_idx
  // (gin_trgm_ops on email and on this name expression) so the planner can use them.
  const conditions = [];
  if (pattern) {
    conditions.push(sql`p.id in (
        select u2.id from "user" u2 where u2.email ilike ${pattern}
        union
        select p2.id from profiles p2 where (coalesce(p2.first_name, '') || ' ' || coalesce(p2.last_name, '')) ilike ${pattern}
        ${mobile ? sql`union select p3.id from profiles p3 where p3.phone = ${mobile}` : sql``}
      )`);
  }
  if (input.filter === "visitor") conditions.push(sql`p.role in ('visitor', 'user')`);
  if (input.filter === "business") conditions.push(sql`p.role = 'business'`);
  if (input.filter === "admin") conditions.push(sql`(p.role = 'admin' or exists (select 1 from admins a2 where a2.email = lower(u.email)))`);
  if (input.filter === "suspended") conditions.push(sql`coalesce(u.banned, false)`);
  const filter = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await queryRows<{
    id: string; email: string | null; phone: string | null; first_name: string | null; last_name: string | null; role: string;
    country: string | null; state: string | null; kyc_status: string; created_at: Date | string;
    banned: boolean | null; ban_reason: string | null; two_factor_enabled: boolean | null; listed_admin: boolean;
  }>(
    getDb(),
    sql`select p.id, u.email, p.phone, p.first_name, p.last_name, p.role, p.country, p.state, p.kyc_status, p.created_at,
          u.banned, u.ban_reason, u.two_factor_enabled,
          exists (select 1 from admins a where a.email = lower(u.email)) as listed_admin
        from profiles p
        join "user" u on u.id = p.id
        ${filter}
        order by p.created_at desc nulls last, p.id
        limit ${limit} offset ${offset}`,
  );
  return toPaged(
    rows.map((r) => ({
      id: r.id,
      email: r.email,
      phone: r.phone,
      firstName: r.first_name,
      lastName: r.last_name,
      role: r.role,
      country: r.country,
      state: r.state,
      kycStatus: r.kyc_status,
      createdAt: new Date(r.created_at),
      isSuspended: Boolean(r.banned),
      banReason: r.ban_reason,
      hasTwoFactor: Boolean(r.two_factor_enabled),
      isListedAdmin: Boolean(r.listed_admin),
    })),
    input.page,
    ADMIN_PAGE_SIZE,
  );
}
