import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { requireAdmin } from "../accounts/access";
import { DELIVERY_QUEUES } from "./admin.schemas";

export type PendingWork = { businesses: number; kyc: number; featuredRequests: number; feedback: number; reports: number; deliveries: number; claims: number; suggestions: number };

/**
 * What waits for an admin, shown as badges on the tabs (Reports: reported items and reviews held for approval; Claims: claims of listings sent for review; Suggestions: visitors' suggestions waiting). Each count reads a small partial index (or a small
 * table: Business Approvals counts pending listings and the changes to approved ones that wait). Deliveries counts the
 * failed jobs of the three delivery queues' partitions of `pgboss.job` (no index on state: a partition holds the jobs
 * still to send, those sent in the last 12 hours and those failed in the last 30 days, ADR 34).
 */
export async function countPendingWork(actor: SessionUser | null): Promise<PendingWork> {
  requireAdmin(actor);
  const [row] = await queryRows<{ businesses: number; kyc: number; featured_requests: number; feedback: number; reports: number; deliveries: number; claims: number; suggestions: number }>(
    getDb(),
    sql`select
          (select count(*)::int from businesses where approval_status = 'pending')
            + (select count(*)::int from business_revisions r join businesses b on b.id = r.business_id
               where b.approval_status = 'approved') as businesses,
          (select count(*)::int from kyc_submissions where status = 'pending') as kyc,
          (select count(*)::int from featured_requests where status = 'pending') as featured_requests,
          (select count(*)::int from feedback where status = 'new') as feedback,
          (select count(distinct (item_kind, item_id))::int from reports where status = 'open')
            + (select count(*)::int from reviews where status = 'held') as reports,
          (select count(*)::int from pgboss.job
            where name in (${sql.join(DELIVERY_QUEUES.map((queue) => sql`${queue}`), sql`, `)}) and state = 'failed') as deliveries,
          (select count(*)::int from listing_claims where status = 'pending') as claims,
          (select count(*)::int from listing_suggestions where status = 'pending') as suggestions`,
  );
  return {
    businesses: Number(row?.businesses ?? 0),
    kyc: Number(row?.kyc ?? 0),
    featuredRequests: Number(row?.featured_requests ?? 0),
    feedback: Number(row?.feedback ?? 0),
    reports: Number(row?.reports ?? 0),
    deliveries: Number(row?.deliveries ?? 0),
    claims: Number(row?.claims ?? 0),
    suggestions: Number(row?.suggestions ?? 0),
  };
}
