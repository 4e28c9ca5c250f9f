import { sql } from "drizzle-orm";
import { reports, user } from "../../../db/schema";
import { getDb, queryRows } from "../../lib/db.server";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged, type Paged } from "../../lib/pagination";
import { REPORT_KINDS } from "../../lib/reference";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { describeItems, type ReportedItem } from "./internal/reported-items.server";
import type { ReportKind, ReportReason } from "./report.schemas";

/** How many of an item's reports the tab shows in full (the count and the reasons cover all of them). */
export const REPORTS_SHOWN_PER_ITEM = 5;

export type ReportGroup = {
  kind: ReportKind;
  itemId: string;
  /** null when the item no longer exists (the reports can still be dismissed). */
  item: ReportedItem | null;
  count: number;
  latestAt: Date;
  /** Every reason given, with how many reports gave it, most given first. */
  reasons: { reason: ReportReason; count: number }[];
  /** The newest few reports: who, why, what they wrote. */
  reports: { id: string; reporterName: string | null; reason: ReportReason; details: string | null; createdAt: Date }[];
};

/**
 * The admin's Reports tab (issue 16): open reports grouped by item, the item most recently reported first,
 * with the report count and reasons, paged on the server. The page's items are read in one query per kind.
 */
export async function listReports(actor: SessionUser | null, { page }: { page: number }): Promise<Paged<ReportGroup>> {
  requireAdmin(actor);
  const db = getDb();
  const { limit, offset } = pageWindow(page, ADMIN_PAGE_SIZE);
  const groups = await queryRows<{ item_kind: ReportKind; item_id: string; count: number; latest_at: Date | string }>(
    db,
    sql`select item_kind, item_id, count(*)::int as count, max(created_at) as latest_at
        from ${reports} where status = 'open'
        group by item_kind, item_id
        order by latest_at desc, item_kind, item_id
        limit ${limit} offset ${offset}`,
  );
  const paged = toPaged(groups, page, ADMIN_PAGE_SIZE);
  if (paged.rows.length === 0) return { ...paged, rows: [] };
  const pairs = sql.join(paged.rows.map((g) => sql`(${g.item_kind}, ${g.item_id}::uuid)`), sql`, `);
  const [reasonRows, recent, ...described] = await Promise.all([
    queryRows<{ item_kind: string; item_id: string; reason: ReportReason; count: number }>(
      db,
      sql`select item_kind, item_id, reason, count(*)::int as count from ${reports}
          where status = 'open' and (item_kind, item_id) in (${pairs})
          group by item_kind, item_id, reason`,
    ),
    queryRows<{ id: string; item_kind: string; item_id: string; reporter_name: string | null; reason: ReportReason; details: string | null; created_at: Date | string }>(
      db,
      sql`select r.id, r.item_kind, r.item_id, u.name as reporter_name, r.reason, r.details, r.created_at
          from (values ${pairs}) as g(kind, id)
          cross join lateral (
            select * from ${reports} x where x.status = 'open' and x.item_kind = g.kind and x.item_id = g.id
            order by x.created_at desc limit ${REPORTS_SHOWN_PER_ITEM}
          ) r
          left join ${user} u on u.id = r.reporter_id
          order by r.created_at desc`,
    ),
    ...REPORT_KINDS.map((kind) => describeItems(db, kind, paged.rows.filter((g) => g.item_kind === kind).map((g) => g.item_id))),
  ]);
  const key = (kind: string, id: string) => `${kind}:${id}`;
  const items = new Map(described.flat().map((item) => [key(item.kind, item.id), item]));
  return {
    ...paged,
    rows: paged.rows.map((g) => ({
      kind: g.item_kind,
      itemId: g.item_id,
      item: items.get(key(g.item_kind, g.item_id)) ?? null,
      count: g.count,
      latestAt: new Date(g.latest_at),
      reasons: reasonRows
        .filter((r) => r.item_kind === g.item_kind && r.item_id === g.item_id)
        .map((r) => ({ reason: r.reason, count: r.count }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      reports: recent
        .filter((r) => r.item_kind === g.item_kind && r.item_id === g.item_id)
        .map((r) => ({ id: r.id, reporterName: r.reporter_name, reason: r.reason, details: r.details, createdAt: new Date(r.created_at) })),
    })),
  };
}

