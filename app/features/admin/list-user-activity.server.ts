import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { ACTIVITY_LIMIT } from "./admin.schemas";
import { requireAdmin } from "../accounts/access";

export type ActivityEntry = {
  id: number;
  /** 'by': the user did it; 'on': someone did it to the user's account. */
  relation: "by" | "on";
  action: string;
  targetType: string;
  targetId: string | null;
  actorEmail: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: Date;
};

/**
 * View Activity (decisions page): the user's recent actions from the audit log, plus what admins did to
 * their account, newest first. Two indexed look-ups (audit_log_actor_idx, audit_log_target_idx).
 */
export async function listUserActivity(
  actor: SessionUser | null,
  userId: string,
): Promise<{ user: { id: string; email: string | null; firstName: string | null; lastName: string | null } | null; entries: ActivityEntry[] }> {
  requireAdmin(actor);
  const db = getDb();
  const [person] = await queryRows<{ id: string; email: string | null; first_name: string | null; last_name: string | null }>(
    db,
    sql`select u.id, u.email, p.first_name, p.last_name from "user" u left join profiles p on p.id = u.id where u.id = ${userId} limit 1`,
  );
  if (!person) return { user: null, entries: [] };
  const rows = await queryRows<{
    id: number | string; relation: "by" | "on"; action: string; target_type: string; target_id: string | null;
    actor_email: string | null; before: unknown; after: unknown; created_at: Date | string;
  }>(
    db,
    sql`select * from (
          (select id, 'by' as relation, action, target_type, target_id, actor_email, before, after, created_at
             from audit_log where actor_id = ${userId} order by created_at desc nulls last limit ${ACTIVITY_LIMIT})
          union all
          (select id, 'on' as relation, action, target_type, target_id, actor_email, before, after, created_at
             from audit_log where target_type = 'user' and target_id = ${userId} and actor_id is distinct from ${userId}
             order by created_at desc nulls last limit ${ACTIVITY_LIMIT})
        ) entries
        order by created_at desc, id desc
        limit ${ACTIVITY_LIMIT}`,
  );
  return {
    user: { id: person.id, email: person.email, firstName: person.first_name, lastName: person.last_name },
    entries: rows.map((r) => ({
      id: Number(r.id),
      relation: r.relation,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      actorEmail: r.actor_email,
      before: (r.before as Record<string, unknown> | null) ?? null,
      after: (r.after as Record<string, unknown> | null) ?? null,
      createdAt: new Date(r.created_at),
    })),
  };
}
